// Every text of the inbox itself, in English and Canadian French, read with useInboxText(). The
// order's own words (statuses, decoration methods, views, deadlines, options) come from the
// shared presentation in src/shared/order-presentation.ts, which the emails use too; only the
// inbox's frame is here, and the quote editor's texts are in quote-messages.ts.
// `fr` is typed by `en`: a key missing or added in one language fails the type check.
import { dateInWords } from '../../../shared/dates.js';
import { englishCount } from '../../../shared/plurals.js';
import { shortHash, type HistoryEvent } from '../../../shared/history-events.js';
import { VIEW_LABELS } from '../../../shared/order-presentation.js';
import type { ViewName } from '../../../shared/constants.js';
import { formatCents } from '../../../shared/money.js';
import { PAYMENT_METHODS } from '../../../shared/invoices/payment-methods.js';
import { ApiError } from '../../shared/api-error.js';
import { catalogues, textHook, type Language } from '../../shared/language.js';
import { deName, frenchCount } from '../../../shared/french.js';

const methodLabel = (method: string, language: Language): string =>
  method in PAYMENT_METHODS ? PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS].label[language] : method;

/** What the inbox knows about a refusal, to word it in the staff member's language. */
interface ErrorFacts {
  /** The server's English sentence: the fallback for a code the inbox does not know. */
  server: string;
  /** The server's French sentence, when it sends one. */
  serverFr?: string;
  /** Seconds from Retry-After, when the server sent it. */
  retryAfter?: number;
}

/** Every refusal worded from the same facts, whatever the code. */
const errorTexts = <K extends string>(texts: Record<K, (e: ErrorFacts) => string>) => texts;

const minutesOf = (seconds = 60) => Math.max(1, Math.ceil(seconds / 60));

export const en = {
  title: 'Order inbox',
  loading: 'Loading…',
  signOut: 'Sign out',
  /** The switch to the other language, written in that language. */
  switchTo: 'Français',
  switchToLang: 'fr' as Language,
  languageNotSaved: 'Your language choice could not be saved on the server; it applies in this browser only.',
  orderDeleted: (reference: string) => `Order ${reference} was deleted, with its files and emails.`,

  signIn: {
    form: 'Sign in',
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
  },

  list: {
    heading: 'Orders',
    editedByCustomer: 'Changed by the customer',
    exportCsv: 'Export CSV',
    search: 'Search by reference, name, email or company',
    filter: 'Filter by status',
    allStatuses: 'All statuses',
    submitSearch: 'Search',
    count: (n: number, formatted: string) => (n === 1 ? '1 order' : `${formatted} orders`),
    none: 'No orders yet. New orders appear here as soon as customers submit them.',
    noMatch: 'No order matches this search or filter.',
    reference: 'Reference',
    received: 'Received',
    customer: 'Customer',
    deadline: 'Deadline',
    status: 'Status',
    files: 'Files',
    email: 'Email',
    rush: (date: string) => `Rush ${dateInWords(date, 'en')}`.trim(),
    test: 'Test',
    reorderOf: (reference: string) => `Reorder of ${reference}`,
    mailSent: 'Sent',
    mailFailed: 'Failed',
    mailWaiting: 'Waiting',
    unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
    pages: 'Pages',
    previous: 'Previous',
    next: 'Next',
    pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
    needs: 'Needs attention',
    anything: 'All orders',
    flagFilter: {
      change_requested: 'Change requested',
      unread_message: 'Unread message',
      edited_by_customer: 'Changed by the customer',
      quote_waiting: 'Quote waiting too long',
    },
    changeRequested: 'Change requested',
    quoteWaiting: (days: number) => (days === 1 ? 'Quote waiting 1 day' : `Quote waiting ${days} days`),
    pieces: 'Pieces',
    amountDue: 'Amount due',
    notKnown: 'Not known',
    nothingInvoiced: 'Not invoiced',
  },

  order: {
    estimateHeading: 'Estimate the customer saw',
    estimateSeen: (total: string, version: number) =>
      `The customer saw an estimate of ${total} with taxes (prices v${version}).`,
    estimateLeft: 'Left for the quote:',
    editOrder: 'Edit order',
    editSaved: (version: number) => `The order was saved as version ${version}.`,
    allOrders: '← All orders',
    heading: (reference: string) => `Order ${reference}`,
    received: (date: string) => `Received ${dateInWords(date, 'en')}`,
    testOrder:
      'Test order: its customer gets no mail, and it takes no invoice, credit note or receipt number. Delete it when you are done.',
    status: 'Status',
    downloadAll: 'Download all files (ZIP)',
    print: 'Print work order',
    jobTicket: 'Print the job ticket (PDF)',
    billing: 'Billing',
    shipping: 'Shipping',
    deadline: 'Deadline',
    rush: (date: string) => `Rush: ${date ? dateInWords(date, 'en') : 'date not given'}`,
    options: 'Options',
    jobNotes: 'Job notes',
    files: (count: string) => `Files (${count})`,
    fileLayout: (n: number) => `Layout ${n}`,
    history: 'History',
    receivedAs: (date: string, status: string) => `${dateInWords(date, 'en')}: received (${status})`,
    statusChange: (date: string, from: string, to: string, by: string) =>
      `${dateInWords(date, 'en')}: ${from} → ${to} by ${by === 'customer' ? 'the customer' : by}`,
    layoutNotLoaded: 'This order is very large: this layout is read when you open it.',
    showLayout: (n: number) => `Show layout ${n}`,
    /** Something recorded without a move (a payment, an invoice): who and when, then what. */
    eventBy: (date: string, by: string) => `${dateInWords(date, 'en')}, by ${by === 'customer' ? 'the customer' : by}`,
    /** What the history records beyond a move (src/shared/history-events.ts), in words. */
    historyEvent: (event: HistoryEvent): string => {
      switch (event.kind) {
        case 'quote_sent':
          return `Quote v${event.version} sent (${shortHash(event.hash)}…)`;
        case 'quote_approved':
          return `Quote v${event.version} approved online by “${event.fullName}” (${shortHash(event.hash)}…)`;
        case 'changes_requested':
          return `Changes requested to quote v${event.version}: ${event.comment}`;
        case 'invoice_issued':
          return `Invoice ${event.number} issued: ${formatCents(event.totalCents, 'en')}, deposit ${formatCents(event.depositCents, 'en')}`;
        case 'credit_note_issued':
          return `Credit note ${event.number} issued against invoice ${event.invoiceNumber}: ${formatCents(event.totalCents, 'en')} (${event.reason})`;
        case 'payment_recorded':
          return event.amountCents < 0
            ? `Refund of ${formatCents(-event.amountCents, 'en')} recorded (${methodLabel(event.method, 'en')}, receipt ${event.receiptNumber}): ${event.reason}`
            : `Payment of ${formatCents(event.amountCents, 'en')} recorded (${methodLabel(event.method, 'en')}${event.reference ? ` ${event.reference}` : ''}, receipt ${event.receiptNumber})`;
        case 'payment_voided':
          return `Receipt ${event.receiptNumber} (${formatCents(event.amountCents, 'en')}) voided: ${event.reason}`;
        case 'balance_written_off':
          return `${formatCents(event.totalCents, 'en')} of invoice ${event.invoiceNumber} written off as a bad debt (${event.number}, tax relief ${formatCents(event.taxCents, 'en')}): ${event.reason}`;
        case 'started_without_deposit':
          return `Started without the deposit: ${event.reason}`;
        case 'gate_overridden':
          return `Moved on without ${[
            event.withoutApprovedQuote ? 'an approved quote' : '',
            event.depositDueCents > 0 ? `the deposit (${formatCents(event.depositDueCents, 'en')} due)` : '',
          ]
            .filter(Boolean)
            .join(' or ')}: ${event.reason}`;
        case 'cancelled_and_credited':
          return `Cancelled; what was unpaid credited by ${event.creditNotes.join(', ')} (${formatCents(event.totalCents, 'en')})`;
        case 'imprint_moved':
          return `Layout ${event.layout}, ${event.location}: ${event.from.en} → ${event.to.en}`;
        case 'po_made':
          return `Blanks on purchase order ${event.number} to ${event.supplier} (${englishCount(event.pieces, 'piece')} for this order)`;
        case 'po_sent':
          return `Purchase order ${event.number} sent to ${event.supplier}`;
        case 'blanks_received':
          return `Blanks received on ${event.number}: ${englishCount(event.received, 'piece')}, ${event.damaged} damaged; ${event.shortPieces === 0 ? 'nothing short for this order' : `${event.shortPieces} still short for this order`}`;
        case 'team_sizes_closed':
          return event.applied
            ? `Team entries “${event.title}” closed: layout ${event.layout}, garment ${event.variation + 1} now has the sizes of ${englishCount(event.entries, 'entry', 'entries')} (${event.sizes}) and their names list`
            : `Team entries “${event.title}” closed after the quote: the order was not changed (${englishCount(event.entries, 'entry', 'entries')}: ${event.sizes})`;
        case 'order_edited':
          return `Order changed: version ${event.version}. Why: ${event.reason}${
            event.withdrew === 'approval'
              ? '. The customer’s approval is withdrawn: send a new quote to approve'
              : event.withdrew === 'quote'
                ? '. The quote sent before is withdrawn: send a new one'
                : ''
          }`;
      }
    },
    emails: 'Emails',
    mailKind: (kind: string) =>
      kind === 'shop'
        ? 'Shop notification'
        : kind === 'customer'
          ? 'Customer confirmation'
          : kind === 'customer_update'
            ? 'Customer update (with the order link)'
            : kind,
    mailTo: (kind: string, recipient: string) => `${kind} to ${recipient}`,
    mailSent: (date: string) => `sent ${dateInWords(date, 'en')}`.trim(),
    mailFailed: (attempts: number, error: string) => `failed after ${attempts} tries (${error})`,
    mailWaiting: (attempts: number, error: string) =>
      attempts ? `waiting, ${attempts} tries so far (${error})` : 'waiting',
    messagesHeading: 'Messages with the customer',
    messagesHint:
      'The customer is emailed a link to My orders (at most one mail every 10 minutes while unread); your answer is signed with your name.',
    yourName: 'Your name on messages',
    yourNameHint: 'The customer reads “Marie, <shop>”. Left empty, your email stands in.',
    saveName: 'Save the name',
    nameSaved: 'Name saved.',
    customerData: 'Customer data',
    customerDataWhy: "For a customer's request to see or erase what the shop keeps about this order.",
    deleteOwnerOnly: 'Only an owner can delete an order.',
    exportData: "Export this order's data",
    // The layout's own words.
    vectorFiles: 'Vector files',
    noGraphic: 'No graphic',
    noPreview: 'No preview yet',
    tooComplex: 'Too complex to preview',
    previewOf: (name: string) => `Preview of ${name}`,
    noDimensions: 'no dimensions',
    noMethod: 'no method',
    garments: 'Garments',
    pickedHere: 'picked here',
    po: 'PO',
    variation: 'Variation',
    garmentType: 'Garment type or SKU',
    color: 'Color',
    sizes: 'Sizes',
    customerSupplies: 'Customer supplies',
    itemPo: (po: string) => ` (PO ${po})`,
    teamNames: (count: number) => (count === 1 ? 'Names and numbers: 1 person' : `Names and numbers: ${count} people`),
    memberName: 'Name',
    memberSize: 'Size',
    printName: 'Name to print',
    printNumber: 'Number',
  },

  deletion: {
    open: 'Delete this order',
    heading: (reference: string) => `Delete order ${reference}?`,
    what: (reference: string) =>
      `This removes the order, its files, its status history and its emails for good. Only a line saying that order ${reference} was deleted, by you, is kept. It cannot be undone.`,
    confirm: (reference: string) => `Type ${reference} to confirm`,
    mismatch: (reference: string) => `Type ${reference} exactly to confirm.`,
    submit: 'Delete for good',
    cancel: 'Cancel',
  },

  /** The inbox API's refusals by code; a code not listed shows the server's own sentence. */
  errors: errorTexts({
    unreachable: () => 'The server cannot be reached. Try again.',
    unauthenticated: () => 'Please sign in.',
    invalid_sign_in: () => 'Enter your email and password.',
    wrong_credentials: () => 'That email and password do not match an account.',
    too_many_attempts: (e: ErrorFacts) => {
      const minutes = minutesOf(e.retryAfter);
      return `Too many wrong passwords from this address. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`;
    },
    sign_in_busy: (e: ErrorFacts) => `Too many sign-ins at this moment. Try again in ${e.retryAfter ?? 2} seconds.`,
    not_found: () => 'No such order.',
    reference_mismatch: (e: ErrorFacts) => e.server,
    cross_site: () => 'This request came from another site and was refused.',
    bad_request: () => 'The request is not valid.',
    unavailable: (e: ErrorFacts) => e.server,
    insufficient_storage: (e: ErrorFacts) => e.server,
    internal: () => 'Something went wrong on our side. Nothing was saved; please try again.',
    proof_sent: (e: ErrorFacts) => e.server,
  }),
  /** A refusal the inbox has no words of its own for: the server's sentence, in French where it sent one. */
  serverSaid: (e: ErrorFacts) => e.server,
};

export type InboxMessages = typeof en;
type InboxErrorCode = keyof InboxMessages['errors'];

export const fr: InboxMessages = {
  title: 'Boîte de réception des commandes',
  loading: 'Chargement…',
  signOut: 'Se déconnecter',
  switchTo: 'English',
  switchToLang: 'en',
  languageNotSaved:
    'Votre choix de langue n’a pas pu être enregistré sur le serveur\u202f; il ne s’applique que dans ce navigateur.',
  orderDeleted: (reference) => `La commande ${reference} a été supprimée, avec ses fichiers et ses courriels.`,

  signIn: {
    form: 'Connexion',
    email: 'Courriel',
    password: 'Mot de passe',
    submit: 'Se connecter',
  },

  list: {
    heading: 'Commandes',
    editedByCustomer: 'Modifiée par le client',
    exportCsv: 'Exporter en CSV',
    search: 'Rechercher par référence, nom, courriel ou entreprise',
    filter: 'Filtrer par statut',
    allStatuses: 'Tous les statuts',
    submitSearch: 'Rechercher',
    // French puts 0 and 1 in the singular.
    count: (n, formatted) => (n < 2 ? `${formatted} commande` : `${formatted} commandes`),
    none: 'Aucune commande pour l’instant. Les nouvelles commandes paraissent ici dès que les clients les envoient.',
    noMatch: 'Aucune commande ne correspond à cette recherche ou à ce filtre.',
    reference: 'Référence',
    received: 'Reçue',
    customer: 'Client',
    deadline: 'Échéance',
    status: 'Statut',
    files: 'Fichiers',
    email: 'Courriel',
    rush: (date) => `Urgent ${dateInWords(date, 'fr')}`.trim(),
    test: 'Test',
    reorderOf: (reference) => `Reprise de la commande ${reference}`,
    mailSent: 'Envoyé',
    mailFailed: 'Échec',
    mailWaiting: 'En attente',
    unread: (n) => (n < 2 ? `${n} message non lu` : `${n} messages non lus`),
    pages: 'Pages',
    previous: 'Précédente',
    next: 'Suivante',
    pageOf: (page, pages) => `Page ${page} sur ${pages}`,
    needs: 'À traiter',
    anything: 'Toutes les commandes',
    flagFilter: {
      change_requested: 'Changements demandés',
      unread_message: 'Message non lu',
      edited_by_customer: 'Modifiée par le client',
      quote_waiting: 'Soumission en attente trop longtemps',
    },
    changeRequested: 'Changements demandés',
    // French puts 1 in the singular.
    quoteWaiting: (days) =>
      days < 2 ? `Soumission en attente depuis ${days}\u00a0jour` : `Soumission en attente depuis ${days}\u00a0jours`,
    pieces: 'Pièces',
    amountDue: 'Montant dû',
    notKnown: 'Inconnu',
    nothingInvoiced: 'Non facturée',
  },

  order: {
    estimateHeading: 'Estimation vue par le client',
    estimateSeen: (total, version) => `Le client a vu une estimation de ${total} taxes comprises (prix v${version}).`,
    estimateLeft: 'Laissé à la soumission\u00a0:',
    editOrder: 'Modifier la commande',
    editSaved: (version) => `La commande a été enregistrée comme version ${version}.`,
    allOrders: '← Toutes les commandes',
    heading: (reference) => `Commande ${reference}`,
    received: (date) => `Reçue le ${dateInWords(date, 'fr')}`,
    testOrder:
      'Commande test\u00a0: son client ne reçoit aucun courriel, et elle ne prend aucun numéro de facture, de note de crédit ni de reçu. Supprimez-la quand vous aurez terminé.',
    status: 'Statut',
    downloadAll: 'Télécharger tous les fichiers (ZIP)',
    print: 'Imprimer le bon de travail',
    jobTicket: 'Imprimer la fiche de travail (PDF)',
    billing: 'Facturation',
    shipping: 'Livraison',
    deadline: 'Échéance',
    rush: (date) => `Urgent\u00a0: ${date ? dateInWords(date, 'fr') : 'date non précisée'}`,
    options: 'Options',
    jobNotes: 'Notes sur le travail',
    files: (count) => `Fichiers (${count})`,
    fileLayout: (n) => `Design ${n}`,
    history: 'Historique',
    receivedAs: (date, status) => `${dateInWords(date, 'fr')}\u00a0: reçue (${status})`,
    statusChange: (date, from, to, by) =>
      `${dateInWords(date, 'fr')}\u00a0: ${from} → ${to} par ${by === 'customer' ? 'le client' : by}`,
    eventBy: (date, by) => `${dateInWords(date, 'fr')}, par ${by === 'customer' ? 'le client' : by}`,
    layoutNotLoaded: 'Cette commande est très volumineuse\u00a0: ce design se lit quand vous l’ouvrez.',
    showLayout: (n) => `Afficher le design ${n}`,
    historyEvent: (event) => {
      switch (event.kind) {
        case 'quote_sent':
          return `Soumission v${event.version} envoyée (${shortHash(event.hash)}…)`;
        case 'quote_approved':
          return `Soumission v${event.version} approuvée en ligne par «\u00a0${event.fullName}\u00a0» (${shortHash(event.hash)}…)`;
        case 'changes_requested':
          return `Modifications demandées à la soumission v${event.version}\u00a0: ${event.comment}`;
        case 'invoice_issued':
          return `Facture ${event.number} émise\u00a0: ${formatCents(event.totalCents, 'fr')}, acompte ${formatCents(event.depositCents, 'fr')}`;
        case 'credit_note_issued':
          return `Note de crédit ${event.number} émise sur la facture ${event.invoiceNumber}\u00a0: ${formatCents(event.totalCents, 'fr')} (${event.reason})`;
        case 'payment_recorded':
          return event.amountCents < 0
            ? `Remboursement de ${formatCents(-event.amountCents, 'fr')} inscrit (${methodLabel(event.method, 'fr')}, reçu ${event.receiptNumber})\u00a0: ${event.reason}`
            : `Paiement de ${formatCents(event.amountCents, 'fr')} inscrit (${methodLabel(event.method, 'fr')}${event.reference ? ` ${event.reference}` : ''}, reçu ${event.receiptNumber})`;
        case 'payment_voided':
          return `Reçu ${event.receiptNumber} (${formatCents(event.amountCents, 'fr')}) annulé\u00a0: ${event.reason}`;
        case 'balance_written_off':
          return `${formatCents(event.totalCents, 'fr')} de la facture ${event.invoiceNumber} radiés comme créance irrécouvrable (${event.number}, allègement de taxes ${formatCents(event.taxCents, 'fr')})\u00a0: ${event.reason}`;
        case 'started_without_deposit':
          return `Production commencée sans l’acompte\u00a0: ${event.reason}`;
        case 'gate_overridden':
          return `Poursuivie sans ${[
            event.withoutApprovedQuote ? 'soumission approuvée' : '',
            event.depositDueCents > 0 ? `l’acompte (${formatCents(event.depositDueCents, 'fr')} dû)` : '',
          ]
            .filter(Boolean)
            .join(' ni ')}\u00a0: ${event.reason}`;
        case 'cancelled_and_credited':
          return `Annulée\u00a0; l’impayé est crédité par ${event.creditNotes.join(', ')} (${formatCents(event.totalCents, 'fr')})`;
        case 'imprint_moved':
          return `Design ${event.layout}, ${VIEW_LABELS.fr[event.location as ViewName] ?? event.location}\u00a0: ${event.from.fr} → ${event.to.fr}`;
        case 'po_made':
          return `Vêtements sur le bon de commande ${event.number} à ${event.supplier} (${event.pieces} pièces pour cette commande)`;
        case 'po_sent':
          return `Bon de commande ${event.number} envoyé à ${event.supplier}`;
        case 'blanks_received':
          return `Vêtements reçus sur ${event.number}\u00a0: ${event.received} pièces, ${event.damaged} endommagées\u00a0; ${event.shortPieces === 0 ? 'rien ne manque pour cette commande' : `il en manque encore ${event.shortPieces} pour cette commande`}`;
        case 'team_sizes_closed':
          return event.applied
            ? `Inscriptions de l’équipe «\u00a0${event.title}\u00a0» closes\u00a0: le design ${event.layout}, vêtement ${event.variation + 1}, a maintenant les tailles de ${frenchCount(event.entries, 'inscription', 'inscriptions')} (${event.sizes}) et leur liste de noms`
            : `Inscriptions de l’équipe «\u00a0${event.title}\u00a0» closes après la soumission\u00a0: la commande n’a pas changé (${frenchCount(event.entries, 'inscription', 'inscriptions')}\u00a0: ${event.sizes})`;
        case 'order_edited':
          return `Commande modifiée\u00a0: version ${event.version}. Pourquoi\u00a0: ${event.reason}${
            event.withdrew === 'approval'
              ? '. L’approbation du client est retirée\u00a0: envoyez une nouvelle soumission à approuver'
              : event.withdrew === 'quote'
                ? '. La soumission envoyée avant est retirée\u00a0: envoyez-en une nouvelle'
                : ''
          }`;
      }
    },
    emails: 'Courriels',
    mailKind: (kind) =>
      kind === 'shop'
        ? 'Avis à la boutique'
        : kind === 'customer'
          ? 'Confirmation au client'
          : kind === 'customer_update'
            ? 'Mise à jour au client (avec le lien de la commande)'
            : kind,
    mailTo: (kind, recipient) => `${kind} à ${recipient}`,
    mailSent: (date) => `envoyé le ${dateInWords(date, 'fr')}`.trim(),
    mailFailed: (attempts, error) => `échec après ${attempts} tentatives (${error})`,
    mailWaiting: (attempts, error) =>
      attempts ? `en attente, ${attempts} tentatives jusqu’ici (${error})` : 'en attente',
    messagesHeading: 'Messages avec le client',
    messagesHint:
      'Le client reçoit par courriel un lien vers Mes commandes (au plus un courriel toutes les 10\u00a0minutes tant qu’il n’a pas lu)\u202f; votre réponse est signée de votre nom.',
    yourName: 'Votre nom dans les messages',
    yourNameHint: 'Le client lit «\u00a0Marie, <boutique>\u00a0». Laissé vide, votre courriel le remplace.',
    saveName: 'Enregistrer le nom',
    nameSaved: 'Nom enregistré.',
    customerData: 'Données du client',
    customerDataWhy:
      'Pour la demande d’un client qui veut consulter ou effacer ce que la boutique conserve sur cette commande.',
    deleteOwnerOnly: 'Seul un propriétaire peut supprimer une commande.',
    exportData: 'Exporter les données de cette commande',
    vectorFiles: 'Fichiers vectoriels',
    noGraphic: 'Aucun graphique',
    noPreview: 'Pas encore d’aperçu',
    tooComplex: 'Trop complexe pour un aperçu',
    previewOf: (name) => `Aperçu ${deName(name)}`,
    noDimensions: 'aucune dimension',
    noMethod: 'aucune méthode',
    garments: 'Vêtements',
    pickedHere: 'choisis ici',
    po: 'Bon de commande',
    variation: 'Variante',
    garmentType: 'Type de vêtement ou code SKU',
    color: 'Couleur',
    sizes: 'Tailles',
    customerSupplies: 'Fournis par le client',
    itemPo: (po) => ` (bon de commande ${po})`,
    teamNames: (count) => `Noms et numéros\u00a0: ${frenchCount(count, 'personne')}`,
    memberName: 'Nom',
    memberSize: 'Taille',
    printName: 'Nom à imprimer',
    printNumber: 'Numéro',
  },

  deletion: {
    open: 'Supprimer cette commande',
    heading: (reference) => `Supprimer la commande ${reference}\u202f?`,
    what: (reference) =>
      `Cela supprime pour de bon la commande, ses fichiers, son historique de statuts et ses courriels. Seule une ligne indiquant que la commande ${reference} a été supprimée, par vous, est conservée. C’est irréversible.`,
    confirm: (reference) => `Tapez ${reference} pour confirmer`,
    mismatch: (reference) => `Tapez exactement ${reference} pour confirmer.`,
    submit: 'Supprimer pour de bon',
    cancel: 'Annuler',
  },

  errors: {
    unreachable: () => 'Le serveur est injoignable. Réessayez.',
    unauthenticated: () => 'Veuillez vous connecter.',
    invalid_sign_in: () => 'Entrez votre courriel et votre mot de passe.',
    wrong_credentials: () => 'Ce courriel et ce mot de passe ne correspondent à aucun compte.',
    too_many_attempts: (e) => {
      const minutes = minutesOf(e.retryAfter);
      return `Trop de mots de passe erronés depuis cette adresse. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`;
    },
    sign_in_busy: (e) => `Trop de connexions en ce moment. Réessayez dans ${e.retryAfter ?? 2} secondes.`,
    not_found: () => 'Cette commande n’existe pas.',
    reference_mismatch: () => 'Tapez la référence de la commande, telle qu’elle est affichée, pour confirmer.',
    cross_site: () => 'Cette demande venait d’un autre site et a été refusée.',
    bad_request: () => 'La demande n’est pas valide.',
    unavailable: () =>
      'Le service de commande ne peut pas joindre sa base de données ou ses fichiers en ce moment. Rien n’a été enregistré\u202f; réessayez dans quelques minutes.',
    insufficient_storage: (e) =>
      e.serverFr ??
      'Le service de commande manque d’espace disque en ce moment. Rien n’a été enregistré. Réessayez dans quelques minutes.',
    internal: () => 'Un problème est survenu de notre côté. Rien n’a été enregistré\u202f; veuillez réessayer.',
    proof_sent: () =>
      'Cette épreuve a été envoyée au client avec une version de la soumission\u00a0: elle est conservée. Téléversez l’épreuve corrigée et envoyez une nouvelle version.',
  },
  serverSaid: (e) => e.serverFr ?? e.server,
};

export const INBOX_MESSAGES = catalogues(en, fr);

/** The inbox's texts in the staff member's language. */
export const useInboxText = textHook(INBOX_MESSAGES);

/**
 * A refusal of the inbox API in the staff member's language: the API answers stable codes, the
 * inbox words them; a code it does not know keeps the server's English sentence.
 */
export function errorText(err: unknown, t: InboxMessages): string {
  if (!(err instanceof ApiError)) return t.errors.unreachable({ server: '' });
  const facts: ErrorFacts = { server: err.message, serverFr: err.messageFr, retryAfter: err.retryAfter };
  return isErrorCode(t.errors, err.code) ? t.errors[err.code](facts) : t.serverSaid(facts);
}

function isErrorCode(errors: InboxMessages['errors'], code: string): code is InboxErrorCode {
  return Object.hasOwn(errors, code);
}

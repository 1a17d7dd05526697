// Every text of My orders (/my-orders), in English and Canadian French, read with
// usePortalText(). Its own module, loaded with the portal's chunk, never with the form.
import { dateInWords } from '../../../shared/dates.js';
import { deName, frenchCount } from '../../../shared/french.js';
import { catalogues, textHook, type Language } from '../../shared/language.js';

const en = {
  switchTo: 'Français',
  switchToLang: 'fr' as Language,
  switchLabel: 'Language',
  title: 'My orders',
  loading: 'Loading your orders…',
  signInIntro:
    'Type the email you used on your orders. We will send you a link that opens them here, with no password.',
  email: 'Email',
  sendLink: 'Email me a link',
  sent: (email: string) =>
    `If ${email} is on orders with us, a link is on its way. It works once, for 15 minutes. Check your spam folder if it does not arrive.`,
  signingIn: 'Signing you in…',
  signedInAs: (email: string) => `Signed in as ${email}`,
  signOut: 'Sign out',
  noOrders: 'There are no orders with this email any more.',
  orderHeading: (reference: string) => `Order ${reference}`,
  payOrder: (amount: string, reference: string) => `Pay ${amount} by card for order ${reference}`,
  received: (date: string) => `Received ${dateInWords(date, 'en')}`,
  status: (label: string) => `Status: ${label}`,
  quote: (version: number, total: string) => `Quote v${version}: ${total}`,
  estimate: (total: string) => `Estimate on the form: ${total} (the shop's quote will follow)`,
  noQuote: 'The shop is preparing your quote.',
  estimateOnly: (total: string) => `Estimate on the form: ${total}`,
  noQuoteSent: 'No quote was sent for this order.',
  orderChanged: (version: number, by: 'customer' | 'shop') =>
    by === 'customer'
      ? `You changed your order (version ${version}): what you see below is the order as it now stands. The shop will send a new quote for you to approve.`
      : `The shop changed your order (version ${version}): what you see below is the order as it now stands. A new quote follows for you to approve.`,
  proofs: (count: number) =>
    count === 1 ? '1 proof to see on the order’s page' : `${count} proofs to see on the order’s page`,
  invoiceLink: (number: string) => `Invoice ${number} (PDF)`,
  creditNoteLink: (number: string) => `Credit note ${number} (PDF)`,
  receiptLink: (number: string) => `Receipt ${number} (PDF)`,
  howToPay: 'How to pay',
  openOrder: (reference: string) => `Open the page of order ${reference}`,
  orderAgain: 'Order again',
  orderAgainLabel: (reference: string) => `Order again: ${reference}`,
  orderAgainHint: 'Opens the order form filled from this order, with its files already stored.',
  keepSizes: 'Keep the sizes and quantities as before',
  failed: 'That did not work. Please try again in a moment.',
  messagesTitle: 'Messages with the shop',
  messageHint: (max: number) =>
    `The shop is told by email and answers here. At most ${max.toLocaleString('en-CA')} characters.`,
  /** Sizes from a team for an order already sent (docs/portal.md, Sizes from a team). */
  team: {
    heading: 'Sizes from a team',
    start: 'Collect sizes from a team',
    loading: 'Loading…',
    intro:
      'Each member opens a link on their phone and picks a size and, if you like, a name and number to print. When entries close, this order’s sizes and its names list are updated, unless the shop has sent its quote by then.',
    garment: 'Garment',
    choice: (layout: string, garment: string, color: string, sizes: string) =>
      `Layout ${layout}: ${garment}, ${color} (now ${sizes || 'no sizes'})`,
    title: 'Team or group name',
    closesOn: 'Closing date (entries stop at the end of that day)',
    create: 'Create the link',
    creating: 'Creating the link…',
    cancel: 'Cancel',
    collectionHeading: (title: string, garment: string) => `${title}: ${garment}`,
    linkLabel: 'Link for your team',
    copy: 'Copy the link',
    copied: 'Link copied.',
    noLink: 'This browser does not have the members’ link: it is kept only in the browser that made it.',
    newLink: 'Make a new link',
    newLinkHint: 'A new link replaces the old one: the old link stops working, so share the new one with the team.',
    openUntil: (date: string) =>
      `Entries are open until the end of ${dateInWords(date, 'en')}. This list refreshes by itself.`,
    closed: 'Entries are closed.',
    closeNow: 'Close entries now',
    closing: 'Closing the entries…',
    entries: (count: number) => (count === 1 ? '1 entry' : `${count} entries`),
    noEntries: 'No entries yet.',
    removeColumn: 'Remove',
    remove: 'Remove',
    removeLabel: (name: string) => `Remove the entry of ${name}`,
    removeConfirm: (name: string) => `Remove the entry of ${name}? They can enter again from the link.`,
    removed: (name: string) => `The entry of ${name} was removed.`,
    bySize: (sizes: string) => `By size: ${sizes}`,
    name: 'Name',
    size: 'Size',
    printName: 'Name to print',
    printNumber: 'Number',
    applied: (count: number, sizes: string) =>
      `The order’s sizes were updated from ${count === 1 ? '1 entry' : `${count} entries`}: ${sizes}.`,
    quotedFirst:
      'The shop sent its quote before entries closed, so the order was not changed. Write to the shop below if the sizes should change.',
    closedEmpty: 'Entries closed with no entry: the order was not changed.',
    failed: 'The collection could not be reached. It will be tried again.',
  },
  statement: {
    heading: 'Your statement',
    intro: 'Every invoice, credit note, payment and refund of your orders in a period, with the balance after each.',
    from: 'From',
    to: 'To',
    download: 'Download the statement (PDF)',
  },
};

export const PORTAL_MESSAGES = catalogues<typeof en>(en, {
  switchTo: 'English',
  switchToLang: 'en',
  switchLabel: 'Langue',
  title: 'Mes commandes',
  loading: 'Chargement de vos commandes…',
  signInIntro:
    'Tapez l’adresse courriel utilisée sur vos commandes. Nous vous enverrons un lien qui les ouvre ici, sans mot de passe.',
  email: 'Courriel',
  sendLink: 'M’envoyer un lien',
  sent: (email) =>
    `Si ${email} figure sur des commandes chez nous, un lien est en route. Il fonctionne une seule fois, pendant 15\u00a0minutes. Vérifiez vos courriels indésirables s’il n’arrive pas.`,
  signingIn: 'Connexion en cours…',
  signedInAs: (email) => `Connecté avec ${email}`,
  signOut: 'Se déconnecter',
  noOrders: 'Il n’y a plus de commande avec cette adresse.',
  orderHeading: (reference) => `Commande ${reference}`,
  payOrder: (amount, reference) => `Payer ${amount} par carte pour la commande ${reference}`,
  received: (date) => `Reçue le ${dateInWords(date, 'fr')}`,
  status: (label) => `État\u00a0: ${label}`,
  quote: (version, total) => `Soumission v${version}\u00a0: ${total}`,
  estimate: (total) => `Estimation du formulaire\u00a0: ${total} (la soumission de la boutique suivra)`,
  noQuote: 'La boutique prépare votre soumission.',
  estimateOnly: (total) => `Estimation du formulaire\u00a0: ${total}`,
  noQuoteSent: 'Aucune soumission n’a été envoyée pour cette commande.',
  orderChanged: (version, by) =>
    by === 'customer'
      ? `Vous avez modifié votre commande (version ${version})\u00a0: ce que vous voyez ci-dessous est la commande telle qu’elle est maintenant. La boutique vous enverra une nouvelle soumission à approuver.`
      : `La boutique a modifié votre commande (version ${version})\u00a0: ce que vous voyez ci-dessous est la commande telle qu’elle est maintenant. Une nouvelle soumission suivra pour que vous l’approuviez.`,
  proofs: (count) =>
    count === 1
      ? '1\u00a0épreuve à voir sur la page de la commande'
      : `${count}\u00a0épreuves à voir sur la page de la commande`,
  invoiceLink: (number) => `Facture ${number} (PDF)`,
  creditNoteLink: (number) => `Note de crédit ${number} (PDF)`,
  receiptLink: (number) => `Reçu ${number} (PDF)`,
  howToPay: 'Comment payer',
  openOrder: (reference) => `Ouvrir la page de la commande ${reference}`,
  orderAgain: 'Commander de nouveau',
  orderAgainLabel: (reference) => `Commander de nouveau\u00a0: ${reference}`,
  orderAgainHint:
    'Ouvre le formulaire de commande rempli à partir de cette commande, avec ses fichiers déjà enregistrés.',
  keepSizes: 'Garder les tailles et quantités de la dernière fois',
  failed: 'Cela n’a pas fonctionné. Veuillez réessayer dans un moment.',
  messagesTitle: 'Messages avec la boutique',
  messageHint: (max) =>
    `La boutique est avisée par courriel et répond ici. Au plus ${max.toLocaleString('fr-CA')}\u00a0caractères.`,
  team: {
    heading: 'Tailles d’une équipe',
    start: 'Recueillir les tailles d’une équipe',
    loading: 'Chargement…',
    intro:
      'Chaque membre ouvre un lien sur son téléphone et choisit une taille et, au besoin, un nom et un numéro à imprimer. À la clôture, les tailles de cette commande et sa liste de noms sont mises à jour, sauf si la boutique a envoyé sa soumission entre-temps.',
    garment: 'Vêtement',
    choice: (layout, garment, color, sizes) =>
      `Design ${layout}\u00a0: ${garment}, ${color} (actuellement ${sizes || 'aucune taille'})`,
    title: 'Nom de l’équipe ou du groupe',
    closesOn: 'Date de clôture (les inscriptions s’arrêtent à la fin de ce jour)',
    create: 'Créer le lien',
    creating: 'Création du lien…',
    cancel: 'Annuler',
    collectionHeading: (title, garment) => `${title}\u00a0: ${garment}`,
    linkLabel: 'Lien pour votre équipe',
    copy: 'Copier le lien',
    copied: 'Lien copié.',
    noLink: 'Ce navigateur n’a pas le lien des membres\u00a0: il est gardé seulement dans le navigateur qui l’a créé.',
    newLink: 'Créer un nouveau lien',
    newLinkHint:
      'Un nouveau lien remplace l’ancien\u00a0: l’ancien lien cesse de fonctionner, alors partagez le nouveau avec l’équipe.',
    openUntil: (date) =>
      `Les inscriptions sont ouvertes jusqu’à la fin du ${dateInWords(date, 'fr')}. Cette liste se met à jour d’elle-même.`,
    closed: 'Les inscriptions sont closes.',
    closeNow: 'Fermer les inscriptions',
    closing: 'Fermeture des inscriptions…',
    entries: (count) => frenchCount(count, 'inscription', 'inscriptions'),
    noEntries: 'Aucune inscription pour l’instant.',
    removeColumn: 'Retirer',
    remove: 'Retirer',
    removeLabel: (name: string) => `Retirer l’inscription ${deName(name)}`,
    removeConfirm: (name: string) =>
      `Retirer l’inscription ${deName(name)}\u202f? La personne pourra s’inscrire de nouveau avec le lien.`,
    removed: (name: string) => `L’inscription ${deName(name)} a été retirée.`,
    bySize: (sizes) => `Par taille\u00a0: ${sizes}`,
    name: 'Nom',
    size: 'Taille',
    printName: 'Nom à imprimer',
    printNumber: 'Numéro',
    applied: (count, sizes) =>
      `Les tailles de la commande ont été mises à jour à partir de ${frenchCount(count, 'inscription', 'inscriptions')}\u00a0: ${sizes}.`,
    quotedFirst:
      'La boutique a envoyé sa soumission avant la clôture des inscriptions, alors la commande n’a pas changé. Écrivez à la boutique ci-dessous si les tailles doivent changer.',
    closedEmpty: 'Inscriptions closes sans aucune inscription\u00a0: la commande n’a pas changé.',
    failed: 'La collecte est injoignable. Nouvel essai sous peu.',
  },
  statement: {
    heading: 'Votre relevé de compte',
    intro:
      'Chaque facture, note de crédit, paiement et remboursement de vos commandes durant une période, avec le solde après chacun.',
    from: 'Du',
    to: 'Au',
    download: 'Télécharger le relevé (PDF)',
  },
});

export const usePortalText = textHook(PORTAL_MESSAGES);

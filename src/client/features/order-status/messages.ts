// Every text of the customer's order page (/o/<token>), in English and Canadian French, read
// with useOrderStatusText(). Its own module, loaded with the page's chunk, never with the form.
import { dateInWords } from '../../../shared/dates.js';
import type { NameField } from '../../shared/names-list.js';
import { catalogues, textHook, type Language } from '../../shared/language.js';
import type { DecorationMethod } from '../../../shared/constants.js';
import type { FloorDecoration } from '../../../shared/quote-api.js';

/** What each method's decoration is doing, as its customer reads it (docs/production.md). */
const FLOOR_WORDS: Record<Language, Record<DecorationMethod, Record<FloorDecoration['phase'], string>>> = {
  en: {
    'screen-printing': { waiting: 'waiting for printing', underway: 'printing', done: 'printing done' },
    embroidery: { waiting: 'waiting for embroidery', underway: 'embroidery', done: 'embroidery done' },
    dtf: { waiting: 'waiting for printing', underway: 'printing', done: 'printing done' },
    sewing: { waiting: 'waiting for sewing', underway: 'sewing', done: 'sewing done' },
  },
  fr: {
    'screen-printing': { waiting: 'en attente d’impression', underway: 'impression', done: 'impression terminée' },
    embroidery: { waiting: 'en attente de broderie', underway: 'broderie', done: 'broderie terminée' },
    dtf: { waiting: 'en attente d’impression', underway: 'impression', done: 'impression terminée' },
    sewing: { waiting: 'en attente de couture', underway: 'couture', done: 'couture terminée' },
  },
};

const en = {
  switchTo: 'Français',
  switchToLang: 'fr' as Language,
  switchLabel: 'Language',
  loading: 'Loading your order…',
  notFoundHeading: '404',
  notFoundText: 'Oops! Page not found',
  home: 'Return to Home',
  messagesHeading: 'Messages with the shop',
  messagesHint: (max: number) =>
    `The shop is told by email and answers here; we email you when it does. At most ${max.toLocaleString('en-CA')} characters.`,
  title: (reference: string) => `Order ${reference}`,
  orderChanged: (version: number, by: 'customer' | 'shop') =>
    by === 'customer'
      ? `You changed your order (version ${version}): what you see below is the order as it now stands. The shop will send a new quote for you to approve.`
      : `The shop changed your order (version ${version}): what you see below is the order as it now stands. A new quote follows for you to approve.`,
  received: (date: string) => `Received ${dateInWords(date, 'en')}`,
  progress: 'Where your order stands',
  steps: {
    new: 'Received',
    quoted: 'Quoted',
    approved: 'Approved',
    in_production: 'In production',
    ready: 'Ready',
    completed: 'Completed',
  },
  current: 'current step',
  done: 'done',
  cancelled: 'This order was cancelled. Contact the shop if this is a surprise.',
  readyPickup: 'Your order is ready. It is waiting for you at the shop for pickup.',
  readyShipping: 'Your order is ready. It will be shipped to the address you gave.',
  floorHeading: 'On the floor',
  /** A decoration's stage in words: "Front: printing", "Left chest: embroidery done". */
  floorLine: (place: string, method: DecorationMethod, phase: FloorDecoration['phase']) =>
    `${place}: ${FLOOR_WORDS.en[method][phase]}`,
  quoteTitle: 'Quote',
  quoteHeading: (version: number) => `Quote v${version}`,
  noQuote: 'The shop is preparing your quote. You will receive an email when it is ready.',
  quoteDate: (date: string) => `Dated ${dateInWords(date, 'en')}, in Canadian dollars.`,
  description: 'Description',
  quantity: 'Quantity',
  /** What the narrowest phones show in the column heading; the full word stays its name. */
  quantityShort: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  notTaxable: '(not taxable)',
  lineTaxes: (names: string) => `Taxes: ${names}`,
  noTaxOnLine: 'No tax',
  subtotal: 'Subtotal',
  total: 'Total',
  gstHstNumber: 'GST/HST registration number',
  qstNumber: 'QST registration number',
  proofsHeading: 'Proofs',
  proofsIntro: 'The shop’s proofs, beside the artwork you sent.',
  noProofs: 'No proofs came with this quote.',
  yourArtwork: 'Your artwork',
  /** A file whose drawing took the server too long: no preview, ever (the shop has the file). */
  tooComplex: (name: string) => `${name}: too complex to preview`,
  proofAlt: (name: string) => `Proof: ${name}`,
  downloadProof: (name: string) => `Download ${name}`,
  approveHeading: 'Approve',
  approveIntro: 'Approving lets the shop start production with these proofs at this price.',
  approveIntroNoProofs: 'Approving lets the shop start production at this price.',
  fullName: 'Full name',
  agree: 'I approve these proofs and this quote',
  agreeNoProofs: 'I approve this quote',
  approve: 'Approve',
  changesHeading: 'Request changes',
  comment: 'What should change?',
  requestChanges: 'Request changes',
  fullNameRequired: 'Type your full name to approve.',
  agreeRequired: 'Check the box to approve these proofs and this quote.',
  agreeRequiredNoProofs: 'Check the box to approve this quote.',
  commentRequired: 'Say what should change.',
  approvedBy: (name: string, date: string, version: number) =>
    `Approved by ${name} on ${dateInWords(date, 'en')} (quote v${version}).`,
  changesRequested: (date: string) =>
    `You asked for changes on ${dateInWords(date, 'en')}. The shop will send a new quote.`,
  thanksApproved: 'Thank you. Your approval is recorded and the shop has been told.',
  thanksChanges: 'Thank you. The shop has your comment and will send a new quote.',
  superseded: 'This quote was replaced by a newer one while you were reading it. Here is the current quote.',
  quoteClosed: (status: string, label: string) =>
    status === 'cancelled'
      ? 'This order was cancelled, so this quote can no longer be approved or changed.'
      : // New again: the order changed after this quote; the customer may still change the order below.
        status === 'new'
        ? 'The order changed after this quote, so it can no longer be approved: the shop will send a new one. Until you approve a quote, you can still change your order below.'
        : `This order is at “${label}” now, so this quote can no longer be approved or changed here. Contact the shop if something should change.`,
  failed: 'That did not go through. Please try again in a moment.',
  orderHeading: 'Your order as we received it',
  billing: 'Billing',
  shipping: 'Shipping',
  deadline: 'Deadline',
  options: 'Options',
  notes: 'Job notes',
  paymentTitle: 'Invoice and payment',
  invoiceLink: (number: string) => `Invoice ${number} (PDF)`,
  creditNoteLink: (number: string, invoice: string) => `Credit note ${number} on invoice ${invoice} (PDF)`,
  issued: (date: string) => `issued ${dateInWords(date, 'en')}`,
  invoiced: (amount: string) => `Invoiced: ${amount}`,
  paid: (amount: string) => `Paid: ${amount}`,
  balance: (amount: string) => `Balance: ${amount}`,
  depositPaidNote: 'Your deposit is in: your order is on its way to production.',
  howToPay: 'How to pay',
  paymentsHeading: 'Payments received',
  /** One payment received: its date in words and its amount. */
  paymentReceived: (date: string, amount: string) => `${dateInWords(date, 'en')}: ${amount}`,
  receiptLink: (number: string) => `Receipt ${number} (PDF)`,
  refund: 'refund',
  // The customer's own change before approval (change-order.tsx).
  change: {
    heading: 'Change my order',
    open: 'Change my order',
    intro:
      'Until you approve a quote, you can change your garments, colours, sizes, decorations, names list and notes here. The shop is told, and any quote already sent is revised.',
    layout: (n: number) => `Layout ${n}`,
    garment: (n: number) => `Garment ${n}`,
    type: 'Garment type or SKU',
    colour: 'Colour',
    sizes: 'Sizes and quantities',
    notes: 'Notes for the shop',
    reason: 'What changes, and why',
    save: 'Save my change',
    saving: 'Saving your change…',
    cancel: 'Cancel',
    saved: (version: number) =>
      `Your change is saved as version ${version} of your order. The shop will send you a quote for it.`,
    failed: 'Your change could not be saved. Please try again.',
    decorations: 'Decorations',
    loadingDecorations: 'Loading the decorations…',
    method: 'Decoration',
    noDecoration: 'No decoration',
    location: 'Location',
    printSize: 'Print size',
    printSizeHint: 'For example 3.5" wide, or 11 × 12 in.',
    inkColours: 'Ink colours',
    inkColoursHint: 'How many ink colours the print has, from 1 to 100.',
    namesList: 'Names list',
    namesHint: 'One person a line: name, size, name to print, number. For example: Maxime Lavoie, L, LAVOIE, 12',
    namesLine: (line: number, field: NameField) =>
      `Line ${line}: ${
        {
          name: 'give the person’s name, in at most 80 characters',
          size: 'give a size',
          printName: 'the name to print has at most 30 characters',
          printNumber: 'the number to print has at most 3 digits',
        }[field]
      }.`,
    fieldErrors: {
      decoration: 'Choose a decoration method, or No decoration.',
      location: 'Choose a location on this side of the garment.',
      dimensions: 'Give the print size in at most 200 characters, for example 3.5" wide.',
      colours: 'Enter a whole number of ink colours, from 1 to 100.',
    },
  },
};

export const ORDER_STATUS_MESSAGES = catalogues(en, {
  switchTo: 'English',
  switchToLang: 'en',
  switchLabel: 'Langue',
  loading: 'Chargement de votre commande…',
  notFoundHeading: '404',
  notFoundText: 'Oups\u202f! Page introuvable',
  home: 'Retour à l’accueil',
  messagesHeading: 'Messages avec la boutique',
  messagesHint: (max) =>
    `La boutique est avisée par courriel et répond ici. Nous vous écrivons quand elle répond. Au plus ${max.toLocaleString('fr-CA')}\u00a0caractères.`,
  title: (reference) => `Commande ${reference}`,
  orderChanged: (version, by) =>
    by === 'customer'
      ? `Vous avez modifié votre commande (version ${version})\u00a0: ce que vous voyez ci-dessous est la commande telle qu’elle est maintenant. La boutique vous enverra une nouvelle soumission à approuver.`
      : `La boutique a modifié votre commande (version ${version})\u00a0: ce que vous voyez ci-dessous est la commande telle qu’elle est maintenant. Une nouvelle soumission suivra pour que vous l’approuviez.`,
  received: (date) => `Reçue le ${dateInWords(date, 'fr')}`,
  progress: 'Où en est votre commande',
  steps: {
    new: 'Reçue',
    quoted: 'Soumission envoyée',
    approved: 'Approuvée',
    in_production: 'En production',
    ready: 'Prête',
    completed: 'Terminée',
  },
  current: 'étape actuelle',
  done: 'faite',
  cancelled: 'Cette commande a été annulée. Communiquez avec la boutique si cela vous surprend.',
  readyPickup: 'Votre commande est prête. Elle vous attend à la boutique pour la cueillette.',
  readyShipping: 'Votre commande est prête. Elle sera expédiée à l’adresse que vous avez donnée.',
  floorHeading: 'En atelier',
  floorLine: (place: string, method: DecorationMethod, phase: FloorDecoration['phase']) =>
    `${place}\u00a0: ${FLOOR_WORDS.fr[method][phase]}`,
  quoteTitle: 'Soumission',
  quoteHeading: (version) => `Soumission v${version}`,
  noQuote: 'La boutique prépare votre soumission. Vous recevrez un courriel quand elle sera prête.',
  quoteDate: (date) => `Datée du ${dateInWords(date, 'fr')}, en dollars canadiens.`,
  description: 'Description',
  quantity: 'Quantité',
  quantityShort: 'Qté',
  unitPrice: 'Prix unitaire',
  amount: 'Montant',
  notTaxable: '(non taxable)',
  lineTaxes: (names) => `Taxes\u00a0: ${names}`,
  noTaxOnLine: 'Aucune taxe',
  subtotal: 'Sous-total',
  total: 'Total',
  gstHstNumber: 'Numéro d’inscription à la TPS/TVH',
  qstNumber: 'Numéro d’inscription à la TVQ',
  proofsHeading: 'Épreuves',
  proofsIntro: 'Les épreuves de la boutique, à côté des illustrations que vous avez envoyées.',
  noProofs: 'Aucune épreuve n’accompagne cette soumission.',
  yourArtwork: 'Vos illustrations',
  tooComplex: (name) => `${name}\u00a0: trop complexe pour un aperçu`,
  proofAlt: (name) => `Épreuve\u00a0: ${name}`,
  downloadProof: (name) => `Télécharger ${name}`,
  approveHeading: 'Approuver',
  approveIntro: 'Votre approbation permet à la boutique de lancer la production avec ces épreuves à ce prix.',
  approveIntroNoProofs: 'Votre approbation permet à la boutique de lancer la production à ce prix.',
  fullName: 'Nom complet',
  agree: 'J’approuve ces épreuves et cette soumission',
  agreeNoProofs: 'J’approuve cette soumission',
  approve: 'Approuver',
  changesHeading: 'Demander des modifications',
  comment: 'Que faut-il changer\u202f?',
  requestChanges: 'Demander des modifications',
  fullNameRequired: 'Tapez votre nom complet pour approuver.',
  agreeRequired: 'Cochez la case pour approuver ces épreuves et cette soumission.',
  agreeRequiredNoProofs: 'Cochez la case pour approuver cette soumission.',
  commentRequired: 'Dites ce qui doit changer.',
  approvedBy: (name, date, version) => `Approuvée par ${name} le ${dateInWords(date, 'fr')} (soumission v${version}).`,
  changesRequested: (date) =>
    `Vous avez demandé des modifications le ${dateInWords(date, 'fr')}. La boutique enverra une nouvelle soumission.`,
  thanksApproved: 'Merci. Votre approbation est enregistrée et la boutique en a été avisée.',
  thanksChanges: 'Merci. La boutique a reçu votre commentaire et enverra une nouvelle soumission.',
  superseded:
    'Cette soumission a été remplacée par une plus récente pendant que vous la lisiez. Voici la soumission actuelle.',
  quoteClosed: (status, label) =>
    status === 'cancelled'
      ? 'Cette commande a été annulée\u00a0: cette soumission ne peut plus être approuvée ni modifiée.'
      : status === 'new'
        ? 'La commande a changé après cette soumission, qui ne peut plus être approuvée\u00a0: la boutique vous en enverra une nouvelle. Tant que vous n’avez pas approuvé de soumission, vous pouvez encore modifier votre commande ci-dessous.'
        : `Cette commande est maintenant à l’étape «\u00a0${label}\u00a0»\u00a0: cette soumission ne peut plus être approuvée ni modifiée ici. Communiquez avec la boutique si quelque chose doit changer.`,
  failed: 'Cela n’a pas fonctionné. Veuillez réessayer dans un moment.',
  orderHeading: 'Votre commande telle que nous l’avons reçue',
  billing: 'Facturation',
  shipping: 'Livraison',
  deadline: 'Échéance',
  options: 'Options',
  notes: 'Notes sur le travail',
  paymentTitle: 'Facture et paiement',
  invoiceLink: (number) => `Facture ${number} (PDF)`,
  creditNoteLink: (number, invoice) => `Note de crédit ${number} sur la facture ${invoice} (PDF)`,
  issued: (date) => `émise le ${dateInWords(date, 'fr')}`,
  invoiced: (amount) => `Facturé\u00a0: ${amount}`,
  paid: (amount) => `Payé\u00a0: ${amount}`,
  balance: (amount) => `Solde\u00a0: ${amount}`,
  depositPaidNote: 'Votre acompte est arrivé\u00a0: votre commande passe en production.',
  howToPay: 'Comment payer',
  paymentsHeading: 'Paiements reçus',
  paymentReceived: (date, amount) => `${dateInWords(date, 'fr')}\u00a0: ${amount}`,
  receiptLink: (number) => `Reçu ${number} (PDF)`,
  refund: 'remboursement',
  change: {
    heading: 'Modifier ma commande',
    open: 'Modifier ma commande',
    intro:
      'Tant que vous n’avez pas approuvé de soumission, vous pouvez changer ici vos vêtements, couleurs, tailles, décorations, liste des noms et notes. La boutique en est avisée, et une soumission déjà envoyée est revue.',
    layout: (n: number) => `Design ${n}`,
    garment: (n: number) => `Vêtement ${n}`,
    type: 'Type de vêtement ou code',
    colour: 'Couleur',
    sizes: 'Tailles et quantités',
    notes: 'Notes pour la boutique',
    reason: 'Ce qui change, et pourquoi',
    save: 'Enregistrer ma modification',
    saving: 'Enregistrement de votre modification…',
    cancel: 'Annuler',
    saved: (version: number) =>
      `Votre modification est enregistrée comme version ${version} de votre commande. La boutique vous enverra une soumission.`,
    failed: 'Votre modification n’a pas pu être enregistrée. Veuillez réessayer.',
    decorations: 'Décorations',
    loadingDecorations: 'Chargement des décorations…',
    method: 'Décoration',
    noDecoration: 'Aucune décoration',
    location: 'Emplacement',
    printSize: 'Taille d’impression',
    printSizeHint: 'Par exemple 3,5 po de large, ou 11 × 12 po.',
    inkColours: 'Couleurs d’encre',
    inkColoursHint: 'Le nombre de couleurs d’encre de l’impression, de 1 à 100.',
    namesList: 'Liste des noms',
    namesHint:
      'Une personne par ligne\u00a0: nom, taille, nom à imprimer, numéro. Par exemple\u00a0: Maxime Lavoie, L, LAVOIE, 12',
    namesLine: (line, field) =>
      `Ligne ${line}\u00a0: ${
        {
          name: 'indiquez le nom de la personne, en au plus 80 caractères',
          size: 'indiquez une taille',
          printName: 'le nom à imprimer a au plus 30 caractères',
          printNumber: 'le numéro à imprimer a au plus 3 chiffres',
        }[field]
      }.`,
    fieldErrors: {
      decoration: 'Choisissez une méthode de décoration, ou Aucune décoration.',
      location: 'Choisissez un emplacement de ce côté du vêtement.',
      dimensions: 'Indiquez la taille d’impression en au plus 200 caractères, par exemple 3,5 po de large.',
      colours: 'Entrez un nombre entier de couleurs d’encre, de 1 à 100.',
    },
  },
});

/** The order page's texts in the language the customer reads it in. */
export const useOrderStatusText = textHook(ORDER_STATUS_MESSAGES);

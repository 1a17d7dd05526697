// The quote editor's texts, in English and Canadian French, read with useQuoteText() in the
// staff member's language (the inbox's). A catalogue of its own beside messages.ts: the editor
// and its proofs are the inbox's largest part, and grow with prices and invoices.
import { dateInWords } from '../../../shared/dates.js';
import { englishCount } from '../../../shared/plurals.js';
import { moneyOrNull } from '../../../shared/amounts.js';
import { catalogues, textHook, type Language } from '../../shared/language.js';
import { frenchCount } from '../../../shared/french.js';

const en = {
  heading: 'Quote',
  prepare: 'Prepare quote',
  revise: 'Prepare a new version',
  hide: 'Close the quote editor',
  loading: 'Loading the quote…',
  editorHeading: 'Quote editor',
  placeOfSupply: (province: string) => `Place of supply: ${province} (taxes of that province)`,
  noPlaceOfSupply: 'The order names no province to ship to: ask the customer before quoting.',
  roomFirstDay: (pieces: string, day: string) =>
    `First day with room on the floor for this order (${pieces}): ${dateInWords(day, 'en')}.`,
  roomNone: (pieces: string) =>
    `No day in the next six months has room for this order (${pieces}): raise the capacity or move jobs.`,
  roomNoPieces: 'The floor cannot count this order’s pieces yet: no decorated view with readable quantities.',
  roomPieces: (count: string, method: string) => `${method}, ${englishCount(count, 'piece')}`,
  suggestedNote: 'Lines suggested from the order: check every quantity and enter the prices.',
  pricedNote: (version: number) =>
    `Priced from price list v${version}: check every line. Lines marked “To price” need your price.`,
  pricedFrom: (version: number) => `priced from price list v${version}`,
  estimateSeen: (total: string, version: number) => `The customer saw an estimate of ${total} (prices v${version}).`,
  estimateDiffers: (amount: string, more: boolean) =>
    `This quote is ${amount} ${more ? 'more' : 'less'} than that estimate.`,
  estimateSame: 'This quote comes to the same total.',
  needsPrice: 'To price: the price list could not price this line. Enter a price, or remove the line.',
  needsQuantity: 'Quantity not readable from the order: enter it.',
  lineLegend: (n: number) => `Line ${n}`,
  description: 'Description',
  quantity: 'Quantity',
  unitPrice: 'Unit price ($)',
  taxable: 'Taxable',
  lineTaxesLegend: (n: number) => `Taxes on line ${n}`,
  exemptFrom: (tax: string) => `Exempt from ${tax}`,
  childrens: 'Children’s clothing',
  lineTotal: 'Line total',
  lineTaxes: (names: string) => `taxes: ${names}`,
  noTaxOnLine: 'no tax',
  lineNotCounted: 'not in the quote until the resale partner is confirmed',
  resaleConfirmed: 'Resale partner confirmed',
  resaleClaim:
    'The customer says they are a resale partner. Tick the box once the shop has confirmed it, or remove this line: until then the discount is not in the quote.',
  resaleUnconfirmed: 'Confirm the resale partner, or remove this line, before saving or sending the quote.',
  resaleNumber: (tax: string) => `Purchase for resale: ${tax} number`,
  resaleNumberHint: (tax: string) =>
    `Only when the customer buys to resell and gave their ${tax} number: the ${tax} is then not charged. Leave empty otherwise.`,
  resaleNumberInvalid: (tax: string) =>
    `Enter the customer’s ${tax} number as it appears on their registration (letters and digits).`,
  noProofsHeading: 'Send without proofs?',
  noProofsText: 'The customer will approve the quote only.',
  noProofsConfirm: 'Send without proofs',
  noProofsCancel: 'Cancel',
  removeLine: (n: number) => `Remove line ${n}`,
  addLine: 'Add a line',
  priceInvalid: 'Enter a price such as 12.00 (or -12.00 for a discount).',
  totalsHeading: 'Taxes and total, as the server computes them',
  computing: 'Computing…',
  subtotal: 'Subtotal',
  total: 'Total',
  notTaxable: 'not taxable',
  gstHstNumber: 'GST/HST registration number',
  qstNumber: 'QST registration number',
  noNumber: 'not configured',
  proofsHeading: 'Proofs',
  proofsIntro:
    'Pictures (PNG, JPEG, GIF, WebP) or PDFs, per layout. Every proof uploaded goes with the next version sent.',
  layoutTitle: (n: number) => `Design Layout ${n}`,
  uploadProof: (n: number) => `Upload a proof for Design Layout ${n}`,
  uploading: 'Uploading…',
  uploaded: (name: string) => `${name} uploaded.`,
  removeProof: (name: string) => `Remove ${name}`,
  remove: 'Remove',
  removed: (name: string) => `${name} removed.`,
  sentWith: (versions: string) => `Sent with ${versions}; kept.`,
  artwork: 'Artwork',
  noProofs: 'No proof yet.',
  saveDraft: 'Save draft',
  draftSaved: 'Draft saved.',
  send: 'Send quote',
  sent: (version: number, email: string) => `Quote v${version} sent to ${email}.`,
  versionsHeading: 'Versions',
  version: 'Version',
  sentAt: 'Sent',
  by: 'By',
  amount: 'Total',
  status: 'Status',
  answer: 'Customer’s answer',
  statuses: {
    sent: 'Waiting for the customer',
    approved: 'Approved',
    changes_requested: 'Changes requested',
    superseded: 'Superseded',
  },
  approvedBy: (name: string, date: string) => `Approved by “${name}” on ${dateInWords(date, 'en')}`,
  changesAsked: (date: string, comment: string) => `Changes asked on ${dateInWords(date, 'en')}: ${comment}`,
  from: (address: string, browser: string) => `from ${address}, ${browser}`,
  hash: (hash: string) => `version hash ${hash}`,
  none: '—',
  revisedNote: (version: number) =>
    `The order as it now stands, priced again from price list v${version}: quantity breaks and the rush follow the new quantities; your own lines and prices are kept.`,
  keptByHand: 'Your price or line from the version sent: kept as you left it.',
  changesCaption: (version: number, status: string) => `What changed from version ${version} (${status})`,
  changesLine: 'Line',
  changesQuantity: 'Quantity',
  changesUnitPrice: 'Unit price',
  changesAmount: 'Amount',
  changesWhat: 'Change',
  changeKinds: { added: 'Added', removed: 'Removed', changed: 'Changed', same: 'Unchanged' },
  beforeAfter: (before: string, after: string) => (before === after ? after : `${before} → ${after}`),
  noChanges: 'No line changed from that version.',
  descriptionFr: 'Description in French',
  descriptionFrHint:
    'The shop is in Quebec: its invoices print the French description, with the English beside it for an English-speaking customer.',
};

export const QUOTE_MESSAGES = catalogues(en, {
  heading: 'Soumission',
  prepare: 'Préparer la soumission',
  revise: 'Préparer une nouvelle version',
  hide: 'Fermer l’éditeur de soumission',
  loading: 'Chargement de la soumission…',
  editorHeading: 'Éditeur de soumission',
  placeOfSupply: (province) => `Lieu de fourniture\u00a0: ${province} (taxes de cette province)`,
  noPlaceOfSupply:
    'La commande n’indique aucune province de livraison\u00a0: demandez-la au client avant de soumissionner.',
  roomFirstDay: (pieces, day) =>
    `Premier jour où l’atelier a de la place pour cette commande (${pieces})\u00a0: ${dateInWords(day, 'fr')}.`,
  roomNone: (pieces) =>
    `Aucun jour des six prochains mois n’a de place pour cette commande (${pieces})\u00a0: augmentez la capacité ou déplacez des travaux.`,
  roomNoPieces:
    'L’atelier ne peut pas encore compter les pièces de cette commande\u00a0: aucune vue décorée aux quantités lisibles.',
  roomPieces: (count, method) => `${method}, ${frenchCount(count, 'pièce')}`,
  suggestedNote: 'Lignes suggérées d’après la commande\u00a0: vérifiez chaque quantité et entrez les prix.',
  pricedNote: (version) =>
    `Prix tirés de la liste de prix v${version}\u00a0: vérifiez chaque ligne. Les lignes marquées «\u00a0À chiffrer\u00a0» attendent votre prix.`,
  pricedFrom: (version) => `prix de la liste v${version}`,
  estimateSeen: (total, version) => `Le client a vu une estimation de ${total} (prix v${version}).`,
  estimateDiffers: (amount, more) =>
    `Cette soumission est ${more ? 'supérieure' : 'inférieure'} de ${amount} à cette estimation.`,
  estimateSame: 'Cette soumission arrive au même total.',
  needsPrice: 'À chiffrer\u00a0: la liste de prix n’a pas pu chiffrer cette ligne. Entrez un prix ou retirez la ligne.',
  needsQuantity: 'Quantité illisible dans la commande\u00a0: entrez-la.',
  lineLegend: (n) => `Ligne ${n}`,
  description: 'Description',
  quantity: 'Quantité',
  unitPrice: 'Prix unitaire ($)',
  taxable: 'Taxable',
  lineTaxesLegend: (n) => `Taxes de la ligne ${n}`,
  exemptFrom: (tax) => `Exonérée de la ${tax}`,
  childrens: 'Vêtements pour enfants',
  lineTotal: 'Total de la ligne',
  lineTaxes: (names) => `taxes\u00a0: ${names}`,
  noTaxOnLine: 'aucune taxe',
  lineNotCounted: 'hors de la soumission tant que le partenaire revendeur n’est pas confirmé',
  resaleConfirmed: 'Partenaire revendeur confirmé',
  resaleClaim:
    'Le client se dit partenaire revendeur. Cochez la case une fois que la boutique l’a confirmé, ou retirez cette ligne\u00a0: d’ici là, le rabais n’est pas dans la soumission.',
  resaleUnconfirmed:
    'Confirmez le partenaire revendeur, ou retirez cette ligne, avant d’enregistrer ou d’envoyer la soumission.',
  resaleNumber: (tax) => `Achat pour revente\u00a0: numéro de ${tax}`,
  resaleNumberHint: (tax) =>
    `Seulement si le client achète pour revendre et a donné son numéro de ${tax}\u00a0: la ${tax} n’est alors pas facturée. Sinon, laissez vide.`,
  resaleNumberInvalid: (tax) =>
    `Entrez le numéro de ${tax} du client tel qu’il figure sur son inscription (lettres et chiffres).`,
  noProofsHeading: 'Envoyer sans épreuves\u00a0?',
  noProofsText: 'Le client approuvera seulement la soumission.',
  noProofsConfirm: 'Envoyer sans épreuves',
  noProofsCancel: 'Annuler',
  removeLine: (n) => `Retirer la ligne ${n}`,
  addLine: 'Ajouter une ligne',
  priceInvalid: 'Entrez un prix comme 12,00 (ou -12,00 pour un rabais).',
  totalsHeading: 'Taxes et total, calculés par le serveur',
  computing: 'Calcul en cours…',
  subtotal: 'Sous-total',
  total: 'Total',
  notTaxable: 'non taxable',
  gstHstNumber: 'Numéro d’inscription à la TPS/TVH',
  qstNumber: 'Numéro d’inscription à la TVQ',
  noNumber: 'non configuré',
  proofsHeading: 'Épreuves',
  proofsIntro:
    'Images (PNG, JPEG, GIF, WebP) ou PDF, par design. Chaque épreuve téléversée accompagne la prochaine version envoyée.',
  layoutTitle: (n) => `Design ${n}`,
  uploadProof: (n) => `Téléverser une épreuve pour le design ${n}`,
  uploading: 'Téléversement…',
  uploaded: (name) => `${name} téléversé.`,
  removeProof: (name) => `Retirer ${name}`,
  remove: 'Retirer',
  removed: (name) => `${name} retiré.`,
  sentWith: (versions) => `Envoyée avec ${versions}\u202f; conservée.`,
  artwork: 'Illustrations',
  noProofs: 'Aucune épreuve pour l’instant.',
  saveDraft: 'Enregistrer le brouillon',
  draftSaved: 'Brouillon enregistré.',
  send: 'Envoyer la soumission',
  sent: (version, email) => `Soumission v${version} envoyée à ${email}.`,
  versionsHeading: 'Versions',
  version: 'Version',
  sentAt: 'Envoyée',
  by: 'Par',
  amount: 'Total',
  status: 'État',
  answer: 'Réponse du client',
  statuses: {
    sent: 'En attente du client',
    approved: 'Approuvée',
    changes_requested: 'Modifications demandées',
    superseded: 'Remplacée',
  },
  approvedBy: (name, date) => `Approuvée par «\u00a0${name}\u00a0» le ${dateInWords(date, 'fr')}`,
  changesAsked: (date, comment) => `Modifications demandées le ${dateInWords(date, 'fr')}\u00a0: ${comment}`,
  from: (address, browser) => `depuis ${address}, ${browser}`,
  hash: (hash) => `empreinte de la version ${hash}`,
  none: '—',
  revisedNote: (version) =>
    `La commande telle qu’elle est maintenant, tarifée de nouveau d’après la liste de prix v${version}\u00a0: les paliers de quantité et l’urgence suivent les nouvelles quantités\u202f; vos propres lignes et prix sont conservés.`,
  keptByHand: 'Votre prix ou votre ligne de la version envoyée\u00a0: conservé tel quel.',
  changesCaption: (version, status) => `Ce qui a changé depuis la version ${version} (${status})`,
  changesLine: 'Ligne',
  changesQuantity: 'Quantité',
  changesUnitPrice: 'Prix unitaire',
  changesAmount: 'Montant',
  changesWhat: 'Changement',
  changeKinds: { added: 'Ajoutée', removed: 'Retirée', changed: 'Modifiée', same: 'Inchangée' },
  beforeAfter: (before, after) => (before === after ? after : `${before} → ${after}`),
  noChanges: 'Aucune ligne n’a changé depuis cette version.',
  descriptionFr: 'Description en français',
  descriptionFrHint:
    'L’entreprise est au Québec\u00a0: ses factures impriment la description en français, avec l’anglais à côté pour un client anglophone.',
});

/** The quote editor's texts in the staff member's language. */
export const useQuoteText = textHook(QUOTE_MESSAGES);

/**
 * Dollars as a clerk types them ("12", "12.5", "12,50", "$1,200.00", "-5" for a discount) in
 * whole cents, or null; read by the one strict reader (shared/amounts.ts). The server says when a
 * price is past the quote's largest.
 */
export function parsePrice(text: string): number | null {
  return moneyOrNull(text, { allowZero: true, allowNegative: true, maxCents: Number.MAX_SAFE_INTEGER });
}

/** Whole cents as a clerk reads them in a price box: 1200 is "12.00" (or "12,00" in French). */
export function priceText(cents: number, lang: Language): string {
  const size = Math.abs(cents);
  const text = `${cents < 0 ? '-' : ''}${Math.floor(size / 100)}.${String(size % 100).padStart(2, '0')}`;
  return lang === 'fr' ? text.replace('.', ',') : text;
}

// The words of the job ticket (job-ticket.ts) in English and Canadian French: the ticket is
// printed in the language of the staff member who prints it. Decoration methods and garment
// locations come from shared/order-presentation.ts, as everywhere else.
import { dateInWords } from '../../shared/dates.js';
import { DECORATION_LABELS, imprintPlaceName, type Language } from '../../shared/order-presentation.js';
import type { DecorationMethod } from '../../shared/constants.js';

const EN = {
  title: 'JOB TICKET',
  customer: 'Customer',
  due: 'Due',
  overdue: 'OVERDUE',
  pieces: 'Pieces',
  garments: 'Garments',
  total: 'Total',
  customerGoods: 'the customer supplies them',
  asWritten: 'as the customer wrote it',
  piecesNoSizes: 'pieces, no sizes given',
  garmentsInPo: 'Garments: information provided in a PO',
  noGarments: 'No garments given.',
  jobNotes: 'Job notes',
  imprints: 'Imprints',
  noImprints: 'No decorated location: see the order.',
  imprintOf: (n: number, of: number) => `Imprint ${n} of ${of}`,
  layoutWord: 'Layout',
  printSize: 'Print size',
  inkColours: 'Ink colours',
  stitches: 'Estimated stitches',
  transfer: 'Transfer size',
  inches: (n: string) => `${n} in`,
  notGiven: 'not given',
  proof: 'Approved proof',
  noProof: 'No approved proof with a picture: check the order before starting.',
  mockup: 'Mockup',
  artwork: 'Artwork',
  elsewhere: 'Not printed here (not a PNG or JPEG picture, too large, or one mockup too many): see the order’s files:',
  continued: 'continued',
  scan: 'Scan to open the job',
  printed: (date: string) => `Printed ${dateInWords(date, 'en')}. No prices on this ticket.`,
  teamNames: (layout: number) => `Names and numbers, layout ${layout}`,
  memberName: 'Name',
  size: 'Size',
  printName: 'Name to print',
  printNumber: 'Number',
};

type Words = typeof EN;

const FR: Words = {
  title: 'FICHE DE TRAVAIL',
  customer: 'Client',
  due: 'Échéance',
  overdue: 'EN RETARD',
  pieces: 'Pièces',
  garments: 'Vêtements',
  total: 'Total',
  customerGoods: 'fournis par le client',
  asWritten: 'tel qu’écrit par le client',
  piecesNoSizes: 'pièces, sans tailles',
  garmentsInPo: 'Vêtements\u00a0: information fournie dans un bon de commande',
  noGarments: 'Aucun vêtement indiqué.',
  jobNotes: 'Notes sur le travail',
  imprints: 'Impressions',
  noImprints: 'Aucun emplacement décoré\u00a0: voir la commande.',
  imprintOf: (n, of) => `Impression ${n} de ${of}`,
  layoutWord: 'Design',
  printSize: 'Taille d’impression',
  inkColours: 'Couleurs d’encre',
  stitches: 'Points estimés',
  transfer: 'Taille du transfert',
  inches: (n) => `${n}\u00a0po`,
  notGiven: 'non précisé',
  proof: 'Épreuve approuvée',
  noProof: 'Aucune épreuve approuvée en image\u00a0: vérifiez la commande avant de commencer.',
  mockup: 'Maquette',
  artwork: 'Illustration',
  elsewhere:
    'Non imprimés ici (pas une image PNG ou JPEG, trop volumineux, ou une maquette de trop)\u00a0: voir les fichiers de la commande\u00a0:',
  continued: 'suite',
  scan: 'Balayez pour ouvrir le travail',
  printed: (date) => `Imprimée le ${dateInWords(date, 'fr')}. Aucun prix sur cette fiche.`,
  teamNames: (layout) => `Noms et numéros, design ${layout}`,
  memberName: 'Nom',
  size: 'Taille',
  printName: 'Nom à imprimer',
  printNumber: 'Numéro',
};

export interface TicketLabels {
  language: Language;
  words: Words;
  /** "Label: value", or "Libellé : valeur" in French. */
  field: (label: string, value: string) => string;
  method: (method: DecorationMethod) => string;
  location: (location: string) => string;
  number: (n: number) => string;
  /** A due date with its weekday: "2026-12-04 (Friday)", "2026-12-04 (vendredi)". */
  day: (date: string) => string;
}

export function ticketLabels(language: Language): TicketLabels {
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const numbers = new Intl.NumberFormat(locale);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return {
    language,
    words: language === 'fr' ? FR : EN,
    field: (label, value) => `${label}${language === 'fr' ? '\u00a0: ' : ': '}${value}`,
    method: (method) => DECORATION_LABELS[language][method],
    location: (location) => imprintPlaceName(location, language),
    number: (n) => numbers.format(n),
    day: (date) => `${dateInWords(date, language)} (${weekday.format(new Date(`${date}T12:00:00Z`))})`,
  };
}

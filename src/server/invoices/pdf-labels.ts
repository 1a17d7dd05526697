// The words of the invoice and receipt PDFs, in English and Canadian French, and how a document
// says them: in its language, or French first with English beside it when it is bilingual (a
// Quebec shop's document for an English-speaking customer: the Charter of the French language,
// s. 57; issue-document.ts, documentLanguage). Amounts of a bilingual document are written the
// French way.
import { dateInWords } from '../../shared/dates.js';
import { formatCents } from '../../shared/money.js';

export interface Pair {
  en: string;
  fr: string;
}

export const WORDS = {
  invoice: { en: 'INVOICE', fr: 'FACTURE' },
  creditNote: { en: 'CREDIT NOTE', fr: 'NOTE DE CRÉDIT' },
  writeOff: { en: 'BAD DEBT WRITTEN OFF', fr: 'CRÉANCE IRRÉCOUVRABLE RADIÉE' },
  receipt: { en: 'RECEIPT', fr: 'REÇU' },
  refund: { en: 'REFUND', fr: 'REMBOURSEMENT' },
  void: { en: 'VOID', fr: 'ANNULÉ' },
  voided: { en: 'Voided', fr: 'Annulé' },
  number: { en: 'Number', fr: 'Numéro' },
  date: { en: 'Date', fr: 'Date' },
  order: { en: 'Order', fr: 'Commande' },
  quote: { en: 'Quote', fr: 'Soumission' },
  billTo: { en: 'Bill to', fr: 'Facturer à' },
  shipTo: { en: 'Ship to', fr: 'Expédier à' },
  pickup: { en: 'Pickup at the shop', fr: 'Cueillette à la boutique' },
  placeOfSupply: { en: 'Place of supply', fr: 'Lieu de fourniture' },
  receivedFrom: { en: 'Received from', fr: 'Reçu de' },
  paidTo: { en: 'Refunded to', fr: 'Remboursé à' },
  description: { en: 'Description', fr: 'Description' },
  quantity: { en: 'Qty', fr: 'Qté' },
  unitPrice: { en: 'Unit price', fr: 'Prix unitaire' },
  taxes: { en: 'Taxes', fr: 'Taxes' },
  amount: { en: 'Amount', fr: 'Montant' },
  subtotal: { en: 'Subtotal', fr: 'Sous-total' },
  total: { en: 'Total', fr: 'Total' },
  on: { en: 'on', fr: 'sur' },
  gstHst: { en: 'GST/HST registration number', fr: 'Numéro d’inscription TPS/TVH' },
  qst: { en: 'QST registration number', fr: 'Numéro d’inscription TVQ' },
  howToPay: { en: 'How to pay', fr: 'Comment payer' },
  reason: { en: 'Reason', fr: 'Motif' },
  taxesCredited: { en: 'Taxes credited', fr: 'Taxes créditées' },
  method: { en: 'Method', fr: 'Mode de paiement' },
  reference: { en: 'Reference', fr: 'Référence' },
  invoices: { en: 'Invoices', fr: 'Factures' },
  paidToDate: { en: 'Paid to date', fr: 'Payé à ce jour' },
  balanceAfter: { en: 'Balance after this payment', fr: 'Solde après ce paiement' },
  account: { en: 'Account', fr: 'Compte' },
  dueNow: { en: 'Due now', fr: 'Dû maintenant' },
  keep: { en: 'Keep this document for your records.', fr: 'Conservez ce document pour vos dossiers.' },
  cardSurcharge: { en: 'Card surcharge', fr: 'Frais de carte' },
  chargedToCard: { en: 'Charged to the card', fr: 'Débité sur la carte' },
  refundedToCard: { en: 'Refunded to the card', fr: 'Remboursé sur la carte' },
  surchargeApart: {
    en: 'The card surcharge is not applied to the invoices: they are settled by the amount above.',
    fr: 'Les frais de carte ne s’appliquent pas aux factures : elles sont réglées par le montant ci-dessus.',
  },
} as const satisfies Record<string, Pair>;

export const deposit = (percent: number): Pair => ({
  en: `Deposit due (${percent}%)`,
  fr: `Acompte dû (${percent}\u00a0%)`,
});

/** The invoice's deposit as a term, beside what the account asks now (which may be less). */
export const depositTerm = (percent: number): Pair => ({
  en: `Deposit of this invoice (${percent}%)`,
  fr: `Acompte de cette facture (${percent}\u00a0%)`,
});

/** What a credit note is and what it adjusts (Credit Note Information (GST/HST) Regulations, SOR/91-44). */
export const creditStatement = (number: string, date: string): Pair => ({
  en: `This credit note reduces invoice ${number} of ${dateInWords(date, 'en')}: the amounts and the taxes below are credited to the customer.`,
  fr: `Cette note de crédit réduit la facture ${number} du ${dateInWords(date, 'fr')}\u00a0: les montants et les taxes ci-dessous sont crédités au client.`,
});

/**
 * The customer's approval the invoice was issued on: who, when, which version. The day and time
 * are the shop's (its time zone, named by its abbreviation: "EST"), as every date of the document
 * is; an invoice issued before the zone was kept prints UTC, as it always did.
 */
export const approvedBy = (fullName: string, at: string, version: number, sha256: string, timeZone = 'UTC'): Pair => {
  const { day, time, zone } = localTime(at, timeZone);
  const sha = `SHA-256 ${sha256.slice(0, 12)}…`;
  return {
    en: `Approved online by ${fullName} on ${dateInWords(day, 'en')} at ${time} ${zone}, quote v${version} (${sha})`,
    fr: `Approuvée en ligne par ${fullName} le ${dateInWords(day, 'fr')} à ${time.replace(':', '\u00a0h\u00a0')} ${zone}, soumission v${version} (${sha})`,
  };
};

/** An instant's day (YYYY-MM-DD), time (HH:MM, 24 h) and zone abbreviation in `timeZone`. */
export function localTime(at: string, timeZone: string): { day: string; time: string; zone: string } {
  const instant = new Date(at);
  if (Number.isNaN(instant.getTime())) return { day: at.slice(0, 10), time: at.slice(11, 16), zone: 'UTC' };
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}`,
    zone: part('timeZoneName'),
  };
}

export interface Labels {
  /** The language amounts and rates are written in. */
  format: 'en' | 'fr';
  bilingual: boolean;
  /** A label: "Sous-total / Subtotal" when bilingual. */
  say(pair: Pair): string;
  /** A sentence or a few: French then English, each on its own line, when bilingual. */
  lines(pair: Pair | { en: readonly string[]; fr: readonly string[] }): string[];
  /** "label : value" or "label: value". */
  field(pair: Pair, value: string): string;
  money(cents: number): string;
}

export function labelsFor(language: 'en' | 'fr', bilingual: boolean): Labels {
  const format = bilingual ? 'fr' : language;
  const colon = format === 'fr' ? '\u00a0: ' : ': ';
  const say = (pair: Pair) => {
    if (!bilingual) return pair[language];
    return pair.fr === pair.en ? pair.fr : `${pair.fr} / ${pair.en}`;
  };
  return {
    format,
    bilingual,
    say,
    lines(pair) {
      const list = (v: string | readonly string[]) => (typeof v === 'string' ? [v] : [...v]);
      return bilingual ? [...list(pair.fr), ...list(pair.en)] : list(pair[language]);
    },
    field: (pair, value) => `${say(pair)}${colon}${value}`,
    money: (cents) => formatCents(cents, format),
  };
}

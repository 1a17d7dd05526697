// The words of a customer's statement PDF and of its email, in English and Canadian French
// (said through pdf-labels.ts's labelsFor: French first with English beside it when bilingual).
import { dateInWords } from '../../shared/dates.js';
import type { Pair } from './pdf-labels.js';

export const STATEMENT_WORDS = {
  title: { en: 'STATEMENT', fr: 'RELEVÉ DE COMPTE' },
  period: { en: 'Period', fr: 'Période' },
  date: { en: 'Date', fr: 'Date' },
  customer: { en: 'Customer', fr: 'Client' },
  document: { en: 'Document', fr: 'Document' },
  order: { en: 'Order', fr: 'Commande' },
  amount: { en: 'Amount', fr: 'Montant' },
  balance: { en: 'Balance', fr: 'Solde' },
  opening: { en: 'Balance brought forward', fr: 'Solde reporté' },
  closing: { en: 'Closing balance', fr: 'Solde de clôture' },
  nothing: { en: 'Nothing in this period.', fr: 'Rien durant cette période.' },
  aged: { en: 'Closing balance by age', fr: 'Solde de clôture par ancienneté' },
  total: { en: 'Total', fr: 'Total' },
  void: { en: 'VOID', fr: 'ANNULÉ' },
  credit: {
    en: 'A negative balance is a credit the shop owes you.',
    fr: 'Un solde négatif est un crédit que la boutique vous doit.',
  },
} as const satisfies Record<string, Pair>;

/** "January 1, 2026 to January 31, 2026". */
export const periodOf = (from: string, to: string): Pair => ({
  en: `${dateInWords(from, 'en')} to ${dateInWords(to, 'en')}`,
  fr: `du ${dateInWords(from, 'fr')} au ${dateInWords(to, 'fr')}`,
});

/** A voided payment's note: when and why (no effect on the balance). */
export const voidedNote = (on: string, reason: string): Pair => ({
  en: `voided on ${dateInWords(on, 'en')}: ${reason}`,
  fr: `annulé le ${dateInWords(on, 'fr')}\u00a0: ${reason}`,
});

// Closing periods (docs/accounts.md, "Closing a period"): the books are closed through a date,
// the last day of a month or of a fiscal year an owner closed; nothing dated on or before it is
// recorded, voided or credited. What the server answers and the Accounts page shows.
import { z } from 'zod';
import { addDays } from '../dates.js';

export const PERIOD_ACTIONS = ['close_month', 'close_year', 'reopen'] as const;
export type PeriodAction = (typeof PERIOD_ACTIONS)[number];

/** One close or reopening, as the history lists it. */
export interface PeriodAct {
  action: PeriodAction;
  /** YYYY-MM for a month; the fiscal year's last day (YYYY-MM-DD) for a year. */
  period: string;
  /** The last day closed once this act was done; null when nothing was left closed. */
  closedThrough: string | null;
  reason: string;
  by: string;
  at: string;
}

export interface PeriodsView {
  /** The last day of the closed books; null when no period is closed. */
  closedThrough: string | null;
  /** Today in the shop's calendar: a month closes once it has ended. */
  today: string;
  /** FISCAL_YEAR_END as MM-DD. */
  fiscalYearEnd: string;
  /** Newest first. */
  history: PeriodAct[];
}

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
export const closePeriodBodySchema = z.union([
  z.object({ month, reason: z.string().max(500).default('') }),
  z.object({ fiscalYear: z.string().regex(/^\d{4}$/), reason: z.string().max(500).default('') }),
]);
export type ClosePeriodBody = z.input<typeof closePeriodBodySchema>;
export const reopenPeriodBodySchema = z.object({ month, reason: z.string().max(500) });
export type ReopenPeriodBody = z.input<typeof reopenPeriodBodySchema>;

/** The first and last day of a month written YYYY-MM. */
export function monthBounds(yyyyMm: string): { first: string; last: string } {
  const first = `${yyyyMm}-01`;
  const [y, m] = [Number(yyyyMm.slice(0, 4)), Number(yyyyMm.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first, last: addDays(next, -1) };
}

/** "December 2026", "décembre 2026". */
export function monthName(yyyyMm: string, language: 'en' | 'fr'): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${yyyyMm}-15T12:00:00Z`));
}

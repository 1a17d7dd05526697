// The owner's Overview (docs/overview.md): the panels' shapes as the server sends them and the
// inbox draws them, the period a link carries, and the little arithmetic every panel shares
// (months of a period, medians, shares). Pure; money in integer cents.
import { z } from 'zod';
import { DECORATION_METHODS, type DecorationMethod } from '../constants.js';
import { addDays, isCalendarDate } from '../dates.js';
import type { AgeingBucket } from '../invoices/ageing.js';

const date = z.string().refine(isCalendarDate, 'A real date, written YYYY-MM-DD.');

export const OVERVIEW_PANELS = ['sales', 'owed', 'quotes', 'floor', 'margins'] as const;
export type OverviewPanel = (typeof OVERVIEW_PANELS)[number];

/** Panels only owners see: supplier costs are the owner's business (docs/overview.md). */
export const OWNER_ONLY_PANELS: readonly OverviewPanel[] = ['margins'];

export const overviewQuerySchema = z.object({
  from: date.optional(),
  to: date.optional(),
});

export const overviewCsvQuerySchema = z.object({
  from: date.optional(),
  to: date.optional(),
  panel: z.enum(OVERVIEW_PANELS),
});

/** Where an invoice's sales go when its order has imprints of several methods, or none. */
export const SALES_GROUPS = [...DECORATION_METHODS, 'several', 'none'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

export interface SalesMonth {
  /** YYYY-MM. */
  month: string;
  /** Invoices less credit notes, before taxes. */
  salesCents: number;
  /** The taxes on them, apart: never in sales. */
  taxesCents: number;
  /** Invoices and credit notes issued. */
  documents: number;
  byGroup: Record<SalesGroup, number>;
  newCents: number;
  returningCents: number;
}

export interface SalesPanel {
  months: SalesMonth[];
  totals: { salesCents: number; taxesCents: number; totalCents: number };
}

export interface OwedPanel {
  asOf: string;
  /** What customers are asked to pay now: deposits outstanding and balances come due. */
  dueNowCents: number;
  buckets: Record<AgeingBucket, number>;
  totalCents: number;
  largest: { orderId: string | null; orderReference: string; customer: string; balanceCents: number }[];
  depositsWaiting: { orders: number; cents: number };
}

export interface QuotesMonth {
  month: string;
  sent: number;
  approved: number;
  changesAsked: number;
  lapsed: number;
}

export interface QuotesPanel {
  months: QuotesMonth[];
  /** Approved over sent in the period, in whole percent; null when nothing was sent. */
  approvedPercent: number | null;
  medianDaysToApproval: number | null;
  /** A sent version nobody answered within this many days is counted lapsed. */
  lapseDays: number;
}

export interface FloorWeek {
  /** Monday of the week. */
  from: string;
  to: string;
  pieces: Record<DecorationMethod, number>;
  /** Pieces a day times the week's five business days. */
  capacity: Record<DecorationMethod, number>;
}

export interface FloorPanel {
  today: string;
  weeks: FloorWeek[];
  onTime: { month: string; ready: number; onTime: number }[];
  medianDaysApprovalToReady: number | null;
  lateNow: { orderId: string; reference: string; dueOn: string }[];
}

export interface MarginJob {
  orderId: string;
  reference: string;
  month: string;
  revenueCents: number;
  /** Null: a line of its blanks has no supplier cost, so no margin is shown. */
  blanksCents: number | null;
  marginCents: number | null;
}

export interface MarginsPanel {
  jobs: MarginJob[];
  months: { month: string; revenueCents: number; blanksCents: number; marginCents: number; jobs: number }[];
  /** Jobs with blanks ordered whose costs are not all known. */
  unknownJobs: number;
}

export interface Overview {
  from: string;
  to: string;
  today: string;
  panels: OverviewPanel[];
  sales?: SalesPanel;
  owed?: OwedPanel;
  quotes?: QuotesPanel;
  floor?: FloorPanel;
  margins?: MarginsPanel;
}

/** The months a period touches, YYYY-MM, oldest first. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** The default period: the first of the month eleven months back through today (12 months, this one so far). */
export function defaultPeriod(today: string): { from: string; to: string } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7)) - 11;
  const from = m >= 1 ? `${y}-${String(m).padStart(2, '0')}-01` : `${y - 1}-${String(m + 12).padStart(2, '0')}-01`;
  return { from, to: today };
}

/** The first and last day of a month (YYYY-MM). */
export function monthRange(month: string): { from: string; to: string } {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The middle value (the lower middle of an even count, so a median of days stays whole); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** median() of values given as [value, how many times] (a database's counts), without listing them one by one. */
export function medianOfCounts(counts: readonly (readonly [number, number])[]): number | null {
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((t, [, n]) => t + n, 0);
  if (total === 0) return null;
  let seen = 0;
  const middle = Math.floor((total - 1) / 2);
  for (const [value, n] of sorted) {
    seen += n;
    if (seen > middle) return value;
  }
  return null;
}

/** A whole percent, rounded half up; null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.floor((part * 100) / whole + 0.5);
}

const dayNumber = (d: string) => Date.UTC(+d.slice(0, 4), +d.slice(5, 7) - 1, +d.slice(8, 10)) / 86_400_000;

/** Whole days from one date to another. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** The Monday of a date's week. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

export const emptyGroups = (): Record<SalesGroup, number> =>
  Object.fromEntries(SALES_GROUPS.map((g) => [g, 0])) as Record<SalesGroup, number>;

/** The group an order's sales go to: its one method, "several", or "none" (no imprints made). */
export function salesGroupOf(methods: ReadonlySet<string>): SalesGroup {
  if (methods.size === 0) return 'none';
  if (methods.size > 1) return 'several';
  const [only] = [...methods];
  return (DECORATION_METHODS as readonly string[]).includes(only!) ? (only as DecorationMethod) : 'none';
}

/** The charts' two series colours: each at least 3:1 against white as a graphic (WCAG 1.4.11), and a hatch tells the second apart. */
export const SERIES_COLOURS = ['#1d5fa3', '#8a3b12'] as const;

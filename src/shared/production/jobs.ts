// Jobs and imprints (docs/production.md). An order whose quote is approved is a job; each
// decorated view of each layout is an imprint with its method, print size, ink colours or
// stitches or transfer size, and pieces. A job is due on the customer's critical deadline, or the
// approval's date plus the standard turnaround in business days; it is ready to start when its
// proof is approved, its deposit paid (or overridden) and its blanks in (or the customer's own).
import { DECORATION_METHODS, type DecorationMethod, type ViewName } from '../constants.js';
import { METHODS, type Measure } from '../decoration-methods.js';
import { addDays, isCalendarDate } from '../dates.js';
import { decorationsOf, imprintPlace } from '../locations.js';
import {
  DEFAULT_STITCHES_PER_SQUARE_INCH,
  decorationAspect,
  estimatedStitches,
  longestSide,
  printSizeIn,
} from '../decoration-size.js';
import type { OrderBody } from '../order.js';
import { readQuantity } from '../quantities.js';

export interface ImprintSpec {
  layout: string;
  /** Where on the garment: the view ("Front"), or the view and its named location ("Front/left-chest"). */
  location: string;
  method: DecorationMethod;
  /** As the customer wrote it ("10\" wide"). */
  printSize: string;
  /** A method measured in colours (screen printing): the ink colours the customer gave. */
  inkColours: number | null;
  /** A method measured in stitches (embroidery): stitches estimated from the print size and the density, when both are known. */
  stitches: number | null;
  /** A method measured in inches (DTF): the transfer's longest side in inches, when the size reads. */
  transferInches: number | null;
  /** The layout's pieces, or null when a quantity cannot be read (a PO, a typo). */
  pieces: number | null;
  /** The view's graphic: the attachment's name, or ''. */
  graphic: string;
}

export { DEFAULT_STITCHES_PER_SQUARE_INCH } from '../decoration-size.js';

/** The layout's pieces: every variation's quantities, or null when one cannot be read. */
export function layoutPieces(layout: OrderBody['layouts'][string]): number | null {
  if (layout.garmentOption !== 'pick' || layout.variations.length === 0) return null;
  let pieces = 0;
  for (const v of layout.variations) {
    const reading = readQuantity(v.sizes);
    if (!reading) return null;
    pieces += reading.total;
  }
  return pieces;
}

/** The order's pieces: its layouts' (layoutPieces), or null when one layout's cannot be read. */
export function orderPieces(order: Pick<OrderBody, 'layouts'>): number | null {
  let pieces = 0;
  for (const layout of Object.values(order.layouts)) {
    const count = layoutPieces(layout);
    if (count === null) return null;
    pieces += count;
  }
  return pieces;
}

/**
 * Every decorated view of every layout, layouts in order, views in the form's order; stitches with
 * the price list's density and each view's graphic proportions (layout key → view → width ÷ height),
 * as the pricing reads them.
 */
export function imprintsOf(
  order: OrderBody,
  stitchesPerSquareInch = DEFAULT_STITCHES_PER_SQUARE_INCH,
  aspects?: Readonly<Record<string, Partial<Record<ViewName, number>>>>,
): ImprintSpec[] {
  const out: ImprintSpec[] = [];
  const keys = Object.keys(order.layouts).sort((a, b) => Number(a) - Number(b));
  for (const key of keys) {
    const layout = order.layouts[key]!;
    const pieces = layoutPieces(layout);
    for (const placed of decorationsOf(layout)) {
      const datum = placed.datum;
      const method = datum.decoration;
      if (!method || !(DECORATION_METHODS as readonly string[]).includes(method)) continue;
      // The pricing's own size (decoration-size.ts): the graphic's proportions, else the location's.
      const size = printSizeIn(datum.dimensions, decorationAspect(placed, aspects?.[key]?.[placed.view]));
      out.push({
        layout: key,
        location: imprintPlace(placed),
        method,
        printSize: datum.dimensions,
        ...recorded(METHODS[method].measure, {
          colours: datum.colours ?? null,
          stitches: size ? estimatedStitches(size, stitchesPerSquareInch) : null,
          inches: size ? longestSide(size) || null : null,
        }),
        pieces,
        graphic: datum.image,
      });
    }
  }
  return out;
}

type Recorded = Pick<ImprintSpec, 'inkColours' | 'stitches' | 'transferInches'>;

/** What a job records of an imprint: its method's measure (decoration-methods.ts), the others null. */
function recorded(
  measure: Measure,
  read: { colours: number | null; stitches: number | null; inches: number | null },
): Recorded {
  const none: Recorded = { inkColours: null, stitches: null, transferInches: null };
  switch (measure) {
    case 'colours':
      return { ...none, inkColours: read.colours };
    case 'stitches':
      return { ...none, stitches: read.stitches };
    case 'inches':
      return { ...none, transferInches: read.inches };
    case 'none':
      return none;
  }
}

/** `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: string, days: number): string {
  let date = from;
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date;
}

/** The customer's critical deadline when they gave one, else the approval plus the turnaround. */
export function dueDateOf(
  approvedOn: string,
  deadline: { hasCriticalDeadline: boolean; date: string } | undefined,
  turnaroundDays: number,
): string {
  const day = deadline?.hasCriticalDeadline ? deadline.date.trim().slice(0, 10) : '';
  return isCalendarDate(day) ? day : addBusinessDays(approvedOn, turnaroundDays);
}

export type ProofFlag = 'approved' | 'none';
export type DepositFlag = 'paid' | 'overridden' | 'due' | 'none';
export type BlanksFlag = 'in' | 'customer' | 'short' | 'to_order';

export interface Readiness {
  proof: ProofFlag;
  deposit: DepositFlag;
  blanks: BlanksFlag;
}

/** Ready to start: the proof approved, the deposit paid, overridden or not asked, the blanks at hand. */
export function isReady(r: Readiness): boolean {
  return r.proof === 'approved' && r.deposit !== 'due' && (r.blanks === 'in' || r.blanks === 'customer');
}

export interface DayLoad {
  day: string;
  method: DecorationMethod;
  pieces: number;
  capacity: number;
  over: boolean;
}

/**
 * Pieces due each day by method against the shop's capacity: a day over capacity says so. A
 * job's imprints count on its due date (the shop plans backwards from it).
 */
export function loadByDay(
  jobs: readonly { dueOn: string; imprints: readonly { method: DecorationMethod; pieces: number | null }[] }[],
  capacity: Readonly<Record<DecorationMethod, number>>,
): DayLoad[] {
  const load = new Map<string, number>();
  for (const job of jobs)
    for (const imprint of job.imprints) {
      const key = `${job.dueOn}|${imprint.method}`;
      load.set(key, (load.get(key) ?? 0) + (imprint.pieces ?? 0));
    }
  return [...load]
    .map(([key, pieces]) => {
      const [day, method] = key.split('|') as [string, DecorationMethod];
      const cap = capacity[method];
      return { day, method, pieces, capacity: cap, over: cap > 0 && pieces > cap };
    })
    .sort((a, b) => a.day.localeCompare(b.day) || a.method.localeCompare(b.method));
}

/** The pieces an order's imprints put on each method (an imprint whose pieces are unknown, none). */
export function piecesByMethod(
  imprints: readonly { method: DecorationMethod; pieces: number | null }[],
): Partial<Record<DecorationMethod, number>> {
  const out: Partial<Record<DecorationMethod, number>> = {};
  for (const i of imprints) out[i.method] = (out[i.method] ?? 0) + (i.pieces ?? 0);
  return out;
}

/**
 * The first business day from `from` on which `pieces` more of each method fit the capacity, given
 * what is already due each day: what the quote editor proposes as a due date.
 */
export function firstDayWithRoom(
  from: string,
  pieces: Readonly<Partial<Record<DecorationMethod, number>>>,
  loads: readonly DayLoad[],
  capacity: Readonly<Record<DecorationMethod, number>>,
  horizonDays = 120,
): string | null {
  const used = new Map(loads.map((l) => [`${l.day}|${l.method}`, l.pieces]));
  let day = from;
  for (let i = 0; i < horizonDays; i++) {
    day = addBusinessDays(day, 1);
    const fits = Object.entries(pieces).every(([method, n]) => {
      const cap = capacity[method as DecorationMethod];
      return cap === 0 || (used.get(`${day}|${method}`) ?? 0) + (n ?? 0) <= cap;
    });
    if (fits) return day;
  }
  return null;
}

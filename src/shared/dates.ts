// Plain dates in the shop's calendar (docs/accounts.md, "Dates"): a document's date is a
// YYYY-MM-DD made in one place from an instant and the shop's time zone; timestamps stay UTC.
import type { ProvinceCode } from './constants.js';

/** Each province's time zone where most of its people live: the default of SHOP_TIMEZONE. */
export const PROVINCE_TIME_ZONES: Readonly<Record<ProvinceCode, string>> = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

/** True for a time zone this runtime knows ("America/Regina"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}

/** One formatter per time zone: making one costs far more than using it (a list of dates made one each). */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, format);
  }
  return format;
}

/** The date of an instant in a time zone, YYYY-MM-DD. */
export function dateIn(timeZone: string, instant: Date = new Date()): string {
  return dayFormatter(timeZone).format(instant);
}

const DAY = 86_400_000;

/** One formatter per time zone that reads the wall clock to the second. */
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
function offsetAt(timeZone: string, ms: number): number {
  let format = clockFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, format);
  }
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const p of format.formatToParts(ms)) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** A zone's clock changes in a UTC year, each { at, offset } (after the year's first instant, up to the next year's). */
const yearChanges = new Map<string, { at: number; offset: number }[]>();
function changesOfYear(timeZone: string, year: number): { at: number; offset: number }[] {
  const key = `${timeZone} ${year}`;
  let changes = yearChanges.get(key);
  if (changes) return changes;
  changes = [];
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  let before = offsetAt(timeZone, start);
  for (let t = start; t < end; t += DAY) {
    const after = offsetAt(timeZone, t + DAY);
    if (after !== before) {
      // The first millisecond of the new offset, between two midnights that read differently.
      let lo = t;
      let hi = t + DAY;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(timeZone, mid) === before) lo = mid;
        else hi = mid;
      }
      changes.push({ at: hi, offset: after });
      before = after;
    }
  }
  yearChanges.set(key, changes);
  return changes;
}

/** A zone's offsets from UTC over a span: `offsets[0]` from its start, `offsets[i]` from `changes[i - 1]` on (instants, ms). */
export interface ZoneOffsets {
  offsets: number[];
  changes: number[];
}

/**
 * The offsets a database adds to instants to date them as dateIn does, for every instant from
 * `fromMs` to `toMs` (the Overview's queries, docs/overview.md): the clock is read at each UTC
 * midnight (a zone changes it at most once a day) and each change found to the millisecond. A
 * zone's rules do not change while the process runs, so each year's changes are found once.
 */
export function zoneOffsets(timeZone: string, fromMs: number, toMs: number): ZoneOffsets {
  const out: ZoneOffsets = { offsets: [offsetAt(timeZone, fromMs)], changes: [] };
  for (let year = new Date(fromMs).getUTCFullYear(); year <= new Date(toMs).getUTCFullYear(); year++)
    for (const change of changesOfYear(timeZone, year))
      if (change.at > fromMs && change.at <= toMs) {
        out.changes.push(change.at);
        out.offsets.push(change.offset);
      }
  return out;
}

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30, no 2026-13-45). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `date` plus whole months, on the same day of the month or its last day (01-31 + 1 month is 02-28). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${y}-${String(m + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A fiscal year's last day as MM-DD ("12-31", "03-31"); 02-29 is refused (a year-end exists every year). */
export function isFiscalYearEnd(value: string): boolean {
  return /^\d{2}-\d{2}$/.test(value) && value !== '02-29' && isCalendarDate(`2025-${value}`);
}

/** The last day of the fiscal year a date belongs to. */
export function fiscalYearEndOf(date: string, yearEnd: string): string {
  const year = Number(date.slice(0, 4));
  const sameYear = `${year}-${yearEnd}`;
  return date <= sameYear ? sameYear : `${year + 1}-${yearEnd}`;
}

/**
 * The first day a record dated `date` may be destroyed: six years after the end of the fiscal
 * year it belongs to (the CRA's rule for GST/HST records; docs/accounts.md cites it).
 */
export function recordsKeptUntil(date: string, yearEnd: string, years = 6): string {
  const end = fiscalYearEndOf(date, yearEnd);
  return addDays(`${Number(end.slice(0, 4)) + years}${end.slice(4)}`, 1);
}

const MONTHS = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
} as const;

/**
 * A date in words, as a sentence, a page or a mail says it (docs/product.md, "What the product
 * adds"): "December 9, 2026" and "9 décembre 2026" ("1er décembre" for the first). Takes a
 * YYYY-MM-DD (or the date part of a timestamp); anything else is returned as given.
 */
export function dateInWords(date: string, language: 'en' | 'fr'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return date;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const name = MONTHS[language][month - 1];
  if (!name) return date;
  return language === 'fr' ? `${day === 1 ? '1er' : day} ${name} ${year}` : `${name} ${day}, ${year}`;
}

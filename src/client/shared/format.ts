// Dates and numbers as Canadian English or Canadian French write them, on every page.
import { localeOf, type Language } from './language.js';

/**
 * A date and time: "Jan 5, 2026, 2:30 p.m." (medium, in lists) or "January 5, 2026…" (long). What
 * a customer reads is in the shop's time zone (`timeZone`, from the view): an order placed at 20:30
 * in Vancouver on December 31 says December 31 in any browser (docs/accounts.md, "Dates").
 */
export function formatDate(
  iso: string,
  language: Language,
  dateStyle: 'medium' | 'long' = 'medium',
  timeZone?: string,
): string {
  return new Date(iso).toLocaleString(localeOf(language), {
    dateStyle,
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
}

export function formatNumber(value: number, language: Language): string {
  return value.toLocaleString(localeOf(language));
}

/** A calendar day (YYYY-MM-DD) with its weekday: "Tuesday, December 8, 2026". */
export function formatDay(day: string, language: Language): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(localeOf(language), {
    dateStyle: 'full',
    timeZone: 'UTC',
  });
}

/** The day `days` from today in this browser's calendar (YYYY-MM-DD): a closing date suggested a week ahead. */
export function daysFromToday(days: number, from: Date = new Date()): string {
  const d = new Date(from);
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

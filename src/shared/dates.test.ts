// Dates in the shop's calendar and the records' retention by fiscal year.
import { describe, expect, it } from 'vitest';
import { dateIn, datesIn, fiscalYearEndOf, isCalendarDate, recordsKeptUntil } from './dates.js';

describe('dates', () => {
  it('dates an instant in the shop’s own time zone', () => {
    const lateEvening = new Date('2026-12-01T05:30:00Z'); // 21:30 on Nov 30 in Vancouver, 00:30 Dec 1 in Toronto
    expect(dateIn('America/Vancouver', lateEvening)).toBe('2026-11-30');
    expect(dateIn('America/Toronto', lateEvening)).toBe('2026-12-01');
  });
  it('dates many instants as dateIn does, across both clock changes and a half-hour zone’s midnights', () => {
    for (const zone of ['America/St_Johns', 'America/Toronto', 'America/Regina', 'UTC']) {
      const dayOf = datesIn(zone);
      // Every 28 minutes and 53 seconds for a year: the minutes of an hour are met in turn, midnights and clock changes too.
      for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 1_733_000) {
        const instant = new Date(ms);
        expect(dayOf(instant.toISOString())).toBe(dateIn(zone, instant));
      }
    }
  });
  it('refuses dates that are not on the calendar', () => {
    expect(isCalendarDate('2026-13-45')).toBe(false);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });
  it('keeps a record six years from the end of the fiscal year it belongs to', () => {
    expect(fiscalYearEndOf('2026-11-25', '12-31')).toBe('2026-12-31');
    expect(fiscalYearEndOf('2026-11-25', '03-31')).toBe('2027-03-31');
    expect(fiscalYearEndOf('2026-03-31', '03-31')).toBe('2026-03-31');
    expect(recordsKeptUntil('2026-11-25', '12-31')).toBe('2033-01-01');
    expect(recordsKeptUntil('2026-11-25', '03-31')).toBe('2033-04-01');
  });
});

describe('dates in words', () => {
  it('writes a date as each language does in a sentence', async () => {
    const { dateInWords } = await import('./dates.js');
    expect(dateInWords('2026-12-09', 'en')).toBe('December 9, 2026');
    expect(dateInWords('2026-12-09', 'fr')).toBe('9 décembre 2026');
    expect(dateInWords('2026-12-01', 'fr')).toBe('1er décembre 2026');
    expect(dateInWords('2026-08-15T14:00:00Z', 'fr')).toBe('15 août 2026');
    expect(dateInWords('soon', 'en')).toBe('soon');
  });
});

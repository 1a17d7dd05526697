// Dates in the shop's calendar and the records' retention by fiscal year.
import { describe, expect, it } from 'vitest';
import { dateIn, fiscalYearEndOf, isCalendarDate, recordsKeptUntil, zoneOffsets } from './dates.js';

describe('dates', () => {
  it('dates an instant in the shop’s own time zone', () => {
    const lateEvening = new Date('2026-12-01T05:30:00Z'); // 21:30 on Nov 30 in Vancouver, 00:30 Dec 1 in Toronto
    expect(dateIn('America/Vancouver', lateEvening)).toBe('2026-11-30');
    expect(dateIn('America/Toronto', lateEvening)).toBe('2026-12-01');
  });
  it('gives the offsets that date instants as dateIn does, across clock changes, half-hour zones and a new year', () => {
    const from = Date.parse('2025-06-01T00:00:00Z');
    const to = Date.parse('2027-02-01T00:00:00Z');
    for (const zone of ['America/St_Johns', 'America/Toronto', 'America/Regina', 'Australia/Lord_Howe', 'UTC']) {
      const { offsets, changes } = zoneOffsets(zone, from, to);
      expect(changes.length).toBe(zone === 'America/Regina' || zone === 'UTC' ? 0 : 3);
      for (let ms = from; ms <= to; ms += 1_733_000) {
        const offset = offsets[changes.filter((c) => c <= ms).length]!;
        expect(new Date(ms + offset).toISOString().slice(0, 10)).toBe(dateIn(zone, new Date(ms)));
      }
      // Either side of each change, to the millisecond.
      for (const at of changes)
        for (const ms of [at - 1, at]) {
          const offset = offsets[changes.filter((c) => c <= ms).length]!;
          const wall = new Date(ms + offset).toISOString().slice(11, 19);
          expect(wall).toBe(
            new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', timeStyle: 'medium' }).format(ms),
          );
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

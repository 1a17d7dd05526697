// Dates in the shop's calendar and the records' retention by fiscal year.
import { describe, expect, it } from 'vitest';
import { dateIn, fiscalYearEndOf, isCalendarDate, recordsKeptUntil } from './dates.js';

describe('dates', () => {
  it('dates an instant in the shop’s own time zone', () => {
    const lateEvening = new Date('2026-12-01T05:30:00Z'); // 21:30 on Nov 30 in Vancouver, 00:30 Dec 1 in Toronto
    expect(dateIn('America/Vancouver', lateEvening)).toBe('2026-11-30');
    expect(dateIn('America/Toronto', lateEvening)).toBe('2026-12-01');
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

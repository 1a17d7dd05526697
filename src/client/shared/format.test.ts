// Times a customer reads are in the shop's time zone, whatever the browser's (docs/accounts.md, "Dates").
import { describe, expect, it } from 'vitest';
import { formatDate } from './format.js';

// 20:30 on New Year's Eve in Vancouver, 04:30 on New Year's Day in UTC: a fixed instant, no clock read.
const AT = '2027-01-01T04:30:00.000Z';

describe('formatDate in the shop’s time zone', () => {
  it('says December 31 for an order placed at 20:30 in Vancouver on New Year’s Eve', () => {
    expect(formatDate(AT, 'en', 'long', 'America/Vancouver')).toMatch(/^December 31, 2026.*8:30\sp\.m\.$/);
    expect(formatDate(AT, 'fr', 'long', 'America/Vancouver')).toMatch(/^31 décembre 2026.*20\sh\s30$/);
  });

  it('says January 1 where that instant is already the new year', () => {
    expect(formatDate(AT, 'en', 'long', 'America/Halifax')).toMatch(/^January 1, 2027/);
  });
});

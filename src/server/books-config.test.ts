// The books' settings are checked at start: a bad one stops the server naming the setting and
// the shape it wants (docs/accounts.md).
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('the books’ configuration', () => {
  it('stops at a registration number that is not one, naming the setting and the shape', () => {
    expect(() => loadConfig({ GST_HST_NUMBER: 'hello' })).toThrow(ConfigError);
    expect(() => loadConfig({ GST_HST_NUMBER: 'hello' })).toThrow(
      /GST_HST_NUMBER: must be 9 digits of a business number .* RT and 4 digits, like 123456782 RT0001; "hello" is not/,
    );
    expect(() => loadConfig({ QST_NUMBER: '12345 TQ' })).toThrow(/QST_NUMBER: must be 10 digits, TQ and 4 digits/);
    expect(loadConfig({ GST_HST_NUMBER: '123456782rt0001' }).GST_HST_NUMBER).toBe('123456782 RT0001');
  });
  it('takes the time zone from the province unless SHOP_TIMEZONE says otherwise', () => {
    expect(loadConfig({}).timeZone).toBe('America/Toronto');
    expect(loadConfig({ SHOP_PROVINCE: 'BC' }).timeZone).toBe('America/Vancouver');
    expect(loadConfig({ SHOP_PROVINCE: 'SK', SHOP_TIMEZONE: 'America/Regina' }).timeZone).toBe('America/Regina');
    expect(() => loadConfig({ SHOP_TIMEZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIMEZONE: must be a time zone/);
  });
  it('checks the fiscal year end', () => {
    expect(loadConfig({ FISCAL_YEAR_END: '03-31' }).FISCAL_YEAR_END).toBe('03-31');
    for (const bad of ['02-29', '13-01', '3-31', '2026-12-31'])
      expect(() => loadConfig({ FISCAL_YEAR_END: bad }), bad).toThrow(/FISCAL_YEAR_END/);
  });
});

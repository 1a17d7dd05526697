// The settings page's mail preview names an order as the shop's mails do: by an order reference
// of the shop's shape, never by an invoice number (docs/settings.md).
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../../shared/money.js';
import { previewIntro, SAMPLE_QUOTE } from './mail-preview-sample.js';

const ORDER_REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe('the mail preview’s sample', () => {
  it('has an order reference of the shop’s shape', () => {
    expect(SAMPLE_QUOTE.reference).toMatch(ORDER_REFERENCE);
  });

  it.each(['en', 'fr'] as const)('names the order by that reference, with no invoice number, in %s', (language) => {
    const text = previewIntro('Maple Threads', language);
    expect(text).toContain(SAMPLE_QUOTE.reference);
    expect(text).toContain(formatCents(SAMPLE_QUOTE.totalCents, language));
    // An invoice number reads "2026-0001" (invoices/invoice-store.ts): none in a quote mail.
    expect(text).not.toMatch(/\b\d{4}-\d{4}\b/);
  });
});

// The sample the Shop settings page's mail preview is made of (docs/settings.md, "Mail the shop
// writes"): a quote mail for an order whose reference has the shop's own shape (four and four
// characters of Crockford's base32, as every order gets), its total formatted as mails format it.
import { formatCents } from '../../../../shared/money.js';
import { SETTINGS_TEXT } from './settings-messages.js';

export const SAMPLE_QUOTE = { reference: '7KQ4-M2XD', version: 1, totalCents: 12_000 } as const;

/** The sample quote mail's first sentence after the greeting, in the mail's language. */
export function previewIntro(shop: string, language: 'en' | 'fr'): string {
  return SETTINGS_TEXT[language].previewBody(
    shop,
    SAMPLE_QUOTE.reference,
    SAMPLE_QUOTE.version,
    formatCents(SAMPLE_QUOTE.totalCents, language),
  );
}

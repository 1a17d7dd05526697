import type { Language } from '../../../shared/order-presentation.js';
import { statusLabel } from '../../../shared/order-presentation.js';

export { statusLabel };

/** The locale dates and numbers are written in: Canadian English or Canadian French. */
export const localeOf = (language: Language) => (language === 'fr' ? 'fr-CA' : 'en-CA');

export function formatDate(iso: string, language: Language = 'en'): string {
  return new Date(iso).toLocaleString(localeOf(language), { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatNumber(value: number, language: Language = 'en'): string {
  return value.toLocaleString(localeOf(language));
}

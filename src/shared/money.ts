// Money as the shop writes it: integer cents everywhere, one rounding rule, one way to print.
// Pure and dependency-free, so the form's estimate, the inbox and the server print the same text.

const NARROW_NO_BREAK_SPACE = '\u202f';
const NO_BREAK_SPACE = '\u00a0';

/**
 * Cents as Canadians write dollars: "$1,234.56" in English; "1 234,56 $" in French, with a narrow
 * no-break space between thousands and a no-break space before the sign, so neither splits across
 * lines. Written by hand rather than with Intl so every browser and the server print the same
 * characters (ICU builds differ in the spaces they use for fr-CA).
 */
export function formatCents(cents: number, language: 'en' | 'fr'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100));
  const fraction = String(abs % 100).padStart(2, '0');
  const group = language === 'fr' ? NARROW_NO_BREAK_SPACE : ',';
  const grouped = dollars.length > 3 ? dollars.replace(/\B(?=(\d{3})+(?!\d))/g, group) : dollars;
  return language === 'fr' ? `${sign}${grouped},${fraction}${NO_BREAK_SPACE}$` : `${sign}$${grouped}.${fraction}`;
}

/**
 * amount × rate, rate in thousandths of a percent (5% is 5000), for amount ≥ 0, rounded half-up
 * to the cent: the one rounding rule of every tax line and every percent line (a fraction of half
 * a cent or more counts as a whole cent). BigInt because the product can exceed 2^53.
 */
export function applyRate(amountCents: number, rateMilliPercent: number): number {
  return Number((BigInt(amountCents) * BigInt(rateMilliPercent) + 50_000n) / 100_000n);
}

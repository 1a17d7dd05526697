// The shop's tax registration numbers, checked before they are printed on an invoice
// (docs/accounts.md, "Registration numbers"): a mistyped number puts every customer's input tax
// credit at risk. GST/HST: the 9-digit business number (its last digit a Luhn check digit), RT,
// and a 4-digit account. QST: 10 digits, TQ, and a 4-digit file number.

export type RegistrationKind = 'gst_hst' | 'qst';

/** The Luhn check (ISO/IEC 7812-1) the CRA's business numbers end with. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const REGISTRATION_SHAPES: Readonly<Record<RegistrationKind, { en: string; fr: string }>> = {
  gst_hst: {
    en: '9 digits of a business number (the last one its check digit), RT and 4 digits, like 123456782 RT0001',
    fr: '9 chiffres d’un numéro d’entreprise (le dernier étant son chiffre de contrôle), RT et 4 chiffres, par exemple 123456782 RT0001',
  },
  qst: {
    en: '10 digits, TQ and 4 digits, like 1234567890 TQ0001',
    fr: '10 chiffres, TQ et 4 chiffres, par exemple 1234567890 TQ0001',
  },
};

/**
 * The number as invoices print it ("123456782 RT0001", "1234567890 TQ0001"), or null when it is
 * not of its kind's shape or its check digit is wrong. Spaces and hyphens are ignored.
 */
export function normaliseRegistration(kind: RegistrationKind, value: string): string | null {
  const compact = value.replace(/[\s\u00a0-]/g, '').toUpperCase();
  if (kind === 'gst_hst') {
    const m = /^(\d{9})RT(\d{4})$/.exec(compact);
    if (!m || !luhnValid(m[1]!) || /^0{9}$/.test(m[1]!)) return null;
    return `${m[1]} RT${m[2]}`;
  }
  const m = /^(\d{10})TQ(\d{4})$/.exec(compact);
  if (!m || /^0{10}$/.test(m[1]!)) return null;
  return `${m[1]} TQ${m[2]}`;
}

/**
 * An unofficial check of a QST number's tenth digit (mod 11, weights 4 3 2 7 6 5 4 3 2; the
 * `stdnum` package's ca/qst). Revenu Québec does not publish it, so a failure is a warning only
 * (docs/accounts.md, "Registration numbers").
 */
export function qstCheckDigitLooksRight(number: string): boolean {
  const digits = number.replace(/\D/g, '').slice(0, 10);
  if (digits.length !== 10) return false;
  const weights = [4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  return (11 - (sum % 11)) % 10 === Number(digits[9]);
}

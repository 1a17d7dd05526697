// Refusals of the money routes: each names its field, in English and French; several at once are one.
import { DomainError } from '../errors.js';

export const refuse = (code: string, field: string, en: string, fr: string, kind: 'invalid' | 'conflict' = 'invalid') =>
  new DomainError(kind, code, en, [field], { messageFr: fr });

export function combine(errors: DomainError[]): DomainError {
  if (errors.length === 1) return errors[0]!;
  return new DomainError(
    'invalid',
    errors[0]!.code,
    errors.map((e) => e.message).join(' '),
    errors.flatMap((e) => e.fields ?? []),
    { messageFr: errors.map((e) => e.extras.messageFr).join(' ') },
  );
}

/** Text a person can see: at least one letter or digit once spaces and invisible characters are gone. */
export function visibleText(value: string): string {
  const text = value.normalize('NFC').replace(/\p{C}/gu, '').trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : '';
}

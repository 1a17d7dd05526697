import { describe, expect, it } from 'vitest';
import { ApiError, messageOf } from '../../shared/api-error.js';
import { browserLanguage } from '../../shared/language.js';
import { en, errorText, fr, INBOX_MESSAGES, type InboxMessages } from './messages.js';

// The type checker refuses a catalogue with a key missing (npm run typecheck covers this file).
const { title: _title, ...withoutTitle } = fr;
// @ts-expect-error the French catalogue without its title is not an InboxMessages
const incomplete: InboxMessages = withoutTitle;
void incomplete;

const HASH = '8b9d641820878c23aa00ff00aa00ff00aa00ff00aa00ff00aa00ff00aa00ff00';

/** Every leaf of a catalogue by its dotted path; a function is called with sample arguments. */
function leaves(value: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(path, value);
  else if (typeof value === 'function') {
    const sample = ['shop', '2', '3', 'clerk@shop.example'];
    const args =
      value.length === 1 && path.startsWith('errors.')
        ? [{ server: 'Server sentence.', retryAfter: 120 }]
        : path === 'order.historyEvent'
          ? [{ kind: 'quote_sent', version: 2, hash: HASH }]
          : sample.slice(0, value.length);
    const text: unknown = (value as (...args: unknown[]) => unknown)(...args);
    out.set(path, typeof text === 'string' ? text : `not a string: ${String(text)}`);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      for (const [p, text] of leaves(child, path ? `${path}.${key}` : key)) out.set(p, text);
    }
  } else out.set(path, `unexpected ${typeof value}`);
  return out;
}

describe('the inbox messages', () => {
  const english = leaves(en);
  const french = leaves(fr);

  it('have the same keys in English and French', () => {
    expect([...french.keys()].sort()).toEqual([...english.keys()].sort());
    expect(english.size).toBeGreaterThan(80);
  });

  it('have no empty text in either language', () => {
    for (const [language, texts] of [
      ['en', english],
      ['fr', french],
    ] as const) {
      for (const [path, text] of texts) expect(text.trim(), `${language} ${path}`).not.toBe('');
    }
  });

  it('are translated: French differs from English except for words both languages share', () => {
    const same = [...english].filter(([path, text]) => french.get(path) === text).map(([path]) => path);
    // serverSaid: the server's own sentence, the same in both when it sent no French (tested below).
    expect(same.sort()).toEqual(['list.pages', 'list.test', 'order.options', 'serverSaid']);
  });

  it('word the history’s events in each language, from data, with the hash’s first 12 digits', () => {
    const sent = { kind: 'quote_sent', version: 2, hash: HASH } as const;
    const approved = { kind: 'quote_approved', version: 1, fullName: 'Zoë “Zed” O’Brien', hash: HASH } as const;
    const changes = { kind: 'changes_requested', version: 1, comment: 'Navy, please.\nAnd: bigger (12").' } as const;
    expect(en.order.historyEvent(sent)).toBe('Quote v2 sent (8b9d64182087…)');
    expect(fr.order.historyEvent(sent)).toBe('Soumission v2 envoyée (8b9d64182087…)');
    expect(en.order.historyEvent(approved)).toBe('Quote v1 approved online by “Zoë “Zed” O’Brien” (8b9d64182087…)');
    expect(fr.order.historyEvent(approved)).toBe(
      'Soumission v1 approuvée en ligne par «\u00a0Zoë “Zed” O’Brien\u00a0» (8b9d64182087…)',
    );
    expect(en.order.historyEvent(changes)).toBe('Changes requested to quote v1: Navy, please.\nAnd: bigger (12").');
    expect(fr.order.historyEvent(changes)).toBe(
      'Modifications demandées à la soumission v1\u00a0: Navy, please.\nAnd: bigger (12").',
    );
    expect(fr.order.statusChange('d', 'a', 'b', 'customer')).toBe('d\u00a0: a → b par le client');
    expect(en.order.statusChange('d', 'a', 'b', 'customer')).toBe('d: a → b by the customer');
    expect(fr.order.statusChange('d', 'a', 'b', 'clerk@shop.ca')).toBe('d\u00a0: a → b par clerk@shop.ca');
  });

  it('name the switch to the other language in that language', () => {
    expect([INBOX_MESSAGES.en.switchTo, INBOX_MESSAGES.en.switchToLang]).toEqual(['Français', 'fr']);
    expect([INBOX_MESSAGES.fr.switchTo, INBOX_MESSAGES.fr.switchToLang]).toEqual(['English', 'en']);
  });

  it('count orders as each language does', () => {
    expect([0, 1, 2].map((n) => en.list.count(n, String(n)))).toEqual(['0 orders', '1 order', '2 orders']);
    expect([0, 1, 2].map((n) => fr.list.count(n, String(n)))).toEqual(['0 commande', '1 commande', '2 commandes']);
  });

  it('word the sign-in throttle from Retry-After', () => {
    expect(en.errors.too_many_attempts({ server: '', retryAfter: 61 })).toBe(
      'Too many wrong passwords from this address. Try again in 2 minutes.',
    );
    expect(fr.errors.too_many_attempts({ server: '', retryAfter: 60 })).toBe(
      'Trop de mots de passe erronés depuis cette adresse. Réessayez dans 1 minute.',
    );
  });
});

describe('the inbox language before sign-in', () => {
  it('is the first of the browser languages the inbox speaks, else English', () => {
    expect(browserLanguage(['fr-CA', 'en-CA'])).toBe('fr');
    expect(browserLanguage(['de-DE', 'FR'])).toBe('fr');
    expect(browserLanguage(['en-GB', 'fr-CA'])).toBe('en');
    expect(browserLanguage(['de-DE', 'es'])).toBe('en');
    expect(browserLanguage(['frr', 'fr-CA'])).toBe('fr');
    expect(browserLanguage([])).toBe('en');
  });
});

describe('the inbox API refusals', () => {
  it('are worded from their code in the staff member’s language, the server’s English otherwise', () => {
    const wrong = new ApiError('That email and password do not match an account.', 401, 'wrong_credentials');
    expect(errorText(wrong, fr)).toBe('Ce courriel et ce mot de passe ne correspondent à aucun compte.');
    expect(errorText(wrong, en)).toBe('That email and password do not match an account.');
    const throttled = new ApiError('Too many…', 429, 'too_many_attempts', undefined, 180);
    expect(errorText(throttled, fr)).toBe(
      'Trop de mots de passe erronés depuis cette adresse. Réessayez dans 3 minutes.',
    );
    const full = new ApiError('Short of disk space.', 507, 'insufficient_storage', 'Manque d’espace.');
    expect(errorText(full, fr)).toBe('Manque d’espace.');
    expect(errorText(full, en)).toBe('Short of disk space.');
    const unknown = new ApiError('A sentence only the server knows.', 409, 'something_new');
    expect(errorText(unknown, fr)).toBe('A sentence only the server knows.');
    // A 409 or 422 the inbox has no words for reaches a French clerk in the server's French.
    const conflict = new ApiError(
      'The order was changed meanwhile.',
      409,
      'order_changed_meanwhile',
      'La commande a été modifiée entre-temps.',
    );
    expect(errorText(conflict, fr)).toBe('La commande a été modifiée entre-temps.');
    expect(errorText(conflict, en)).toBe('The order was changed meanwhile.');
    expect(messageOf(conflict, 'fr')).toBe('La commande a été modifiée entre-temps.');
    expect(messageOf(conflict)).toBe('The order was changed meanwhile.');
    expect(errorText(new ApiError('x', 400, 'toString'), fr)).toBe('x');
    expect(errorText(new TypeError('Failed to fetch'), fr)).toBe('Le serveur est injoignable. Réessayez.');
  });
});

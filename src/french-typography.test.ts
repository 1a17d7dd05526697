// French typography (docs/product.md, "What the product adds"): every French catalogue a reader sees, walked
// leaf by leaf (functions called with sample arguments), must put a no-break space before
// : ; ? ! and inside « », elide "de" before a vowel, and agree "1 pièce". The list of catalogues
// is checked against the files on disk, so a new messages.ts cannot escape the scan.
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_MESSAGES } from './client/features/order-status/messages.js';
import { fr as ORDER_FORM_FRENCH } from './client/features/order-form/french-messages.js';
import { en as ORDER_FORM_EN } from './client/features/order-form/messages.js';
import { LOCATION_MESSAGES } from './client/features/order-form/location-messages.js';
import { REORDER_MESSAGES } from './client/features/order-form/reorder-messages.js';
import { INBOX_MESSAGES } from './client/features/inbox/messages.js';
import { QUOTE_MESSAGES } from './client/features/inbox/quote-messages.js';
import { STATUS_MESSAGES } from './client/features/inbox/status-messages.js';
import { EDIT_ORDER_MESSAGES } from './client/features/inbox/edit-order-messages.js';
import { SETTINGS_TEXT } from './client/features/inbox/settings/settings-messages.js';
import { PRODUCTION_MESSAGES } from './client/features/inbox/production/production-messages.js';
import { PRICES_MESSAGES } from './client/features/inbox/prices/prices-messages.js';
import { ACCOUNTS_MESSAGES } from './client/features/inbox/payments/accounts-messages.js';
import { RECEIVABLES_MESSAGES } from './client/features/inbox/payments/receivables-messages.js';
import { PAYMENTS_MESSAGES } from './client/features/inbox/payments/payments-messages.js';
import { PERIODS_MESSAGES } from './client/features/inbox/payments/periods-messages.js';
import { PURCHASING_MESSAGES } from './client/features/inbox/purchasing/purchasing-messages.js';
import { OVERVIEW_MESSAGES } from './client/features/inbox/overview/overview-messages.js';
import { PORTAL_MESSAGES } from './client/features/portal/messages.js';
import { COLLECTION_MESSAGES } from './client/features/collections/messages.js';
import { TEAM_SIZES_MESSAGES } from './client/features/order-form/team-sizes/team-sizes-messages.js';
import { MESSAGE_THREAD_LABELS } from './client/components/message-thread-labels.js';
import { WORDS, approvedBy, creditStatement, deposit, labelsFor } from './server/invoices/pdf-labels.js';
import { ticketLabels } from './server/production/ticket-labels.js';
import { STATEMENT_WORDS, periodOf, voidedNote } from './server/invoices/statement-labels.js';
import { PAYMENT_METHODS, type PaymentContext } from './shared/invoices/payment-methods.js';
import { DECORATION_LABELS, ORDER_WORDS, VIEW_LABELS } from './shared/order-presentation.js';
import { frenchTypographyFaults, deName, frenchCount, englishCountFaults } from './shared/french.js';
import { artworkLine } from './shared/artwork-report.js';
import { provinceOptions } from './client/shared/provinces.js';

const root = dirname(fileURLToPath(import.meta.url));

/** Every catalogue module under src, by path, with its French side. */
import { CHUNK_FAILED_MESSAGES } from './client/components/chunk-failed-messages.js';
const FRENCH: Record<string, unknown> = {
  'client/features/inbox/edit-order-messages.ts': EDIT_ORDER_MESSAGES.fr,
  'client/features/order-form/messages.ts': ORDER_FORM_FRENCH,
  'client/features/order-form/french-messages.ts': ORDER_FORM_FRENCH,
  'client/features/order-form/location-messages.ts': LOCATION_MESSAGES.fr,
  'client/features/order-form/reorder-messages.ts': REORDER_MESSAGES.fr,
  'client/features/order-status/messages.ts': ORDER_STATUS_MESSAGES.fr,
  'client/features/inbox/messages.ts': INBOX_MESSAGES.fr,
  'client/features/inbox/quote-messages.ts': QUOTE_MESSAGES.fr,
  'client/features/inbox/status-messages.ts': STATUS_MESSAGES.fr,
  'client/features/inbox/settings/settings-messages.ts': SETTINGS_TEXT.fr,
  'client/features/inbox/production/production-messages.ts': PRODUCTION_MESSAGES.fr,
  'client/features/inbox/prices/prices-messages.ts': PRICES_MESSAGES.fr,
  'client/features/inbox/payments/accounts-messages.ts': ACCOUNTS_MESSAGES.fr,
  'client/features/inbox/payments/receivables-messages.ts': RECEIVABLES_MESSAGES.fr,
  'client/features/inbox/payments/periods-messages.ts': PERIODS_MESSAGES.fr,
  'client/features/inbox/payments/payments-messages.ts': PAYMENTS_MESSAGES.fr,
  'client/features/inbox/purchasing/purchasing-messages.ts': PURCHASING_MESSAGES.fr,
  'client/features/portal/messages.ts': PORTAL_MESSAGES.fr,
  'client/features/collections/messages.ts': COLLECTION_MESSAGES.fr,
  'client/features/order-form/team-sizes/team-sizes-messages.ts': TEAM_SIZES_MESSAGES.fr,
  'client/components/message-thread-labels.ts': MESSAGE_THREAD_LABELS.fr,
  'client/features/inbox/overview/overview-messages.ts': OVERVIEW_MESSAGES.fr,
  'client/components/chunk-failed-messages.ts': CHUNK_FAILED_MESSAGES.fr,
  'server/invoices/pdf-labels.ts': {
    words: Object.fromEntries(Object.entries(WORDS).map(([k, p]) => [k, p.fr])),
    deposit: deposit(25).fr,
    credit: creditStatement('F-2', '2026-01-02').fr,
    approved: approvedBy('Ada Lovelace', '2026-01-02', 2, 'ab'.repeat(32)).fr,
    labels: labelsFor('fr', false),
    bilingual: labelsFor('fr', true),
  },
  'server/production/ticket-labels.ts': { ...ticketLabels('fr'), language: 'fr' },
  'server/invoices/statement-labels.ts': {
    words: Object.fromEntries(Object.entries(STATEMENT_WORDS).map(([k, p]) => [k, p.fr])),
    period: periodOf('2026-12-01', '2026-12-31').fr,
    voided: voidedNote('2026-12-31', 'Saisi deux fois').fr,
  },
  'shared/order-presentation.ts': { words: ORDER_WORDS.fr, decorations: DECORATION_LABELS.fr, views: VIEW_LABELS.fr },
};

/** A parameter that holds a person's, a shop's or a file's name: elision is checked on those. */
const NAME_PARAM =
  /^(shop|shopName|name|fullName|by|clerk|who|author|customer|person|file|fileName|supplier|payee|legalName|company)$/;
/** A parameter that holds a date: given one (YYYY-MM-DD), a sentence must say it in words. */
const DATE_PARAM = /^(date|day|on|until|dueOn|deadline|dated|closesOn|savedAt|createdAt|when|since)$/i;

function parameterNames(f: (...a: unknown[]) => unknown): string[] {
  const source = f.toString();
  const list = /^(?:async\s*)?(?:function[^(]*)?\(([^)]*)\)/.exec(source)?.[1] ?? /^(\w+)\s*=>/.exec(source)?.[1] ?? '';
  return list
    .split(',')
    .map((p) => p.trim().split(/[\s:=]/)[0]!)
    .filter(Boolean);
}

/** Sample arguments for a message function: names get "Atelier" (to see the elision), others 1, 2 or an object. */
function samples(f: (...a: unknown[]) => unknown): unknown[][] {
  const names = parameterNames(f);
  const arity = Math.max(names.length, f.length, 1);
  const fill = (other: unknown) =>
    Array.from({ length: arity }, (_, i) =>
      NAME_PARAM.test(names[i] ?? '') ? 'Atelier' : DATE_PARAM.test(names[i] ?? '') ? '2026-12-09' : other,
    );
  return [fill('2'), fill(1), fill(2), [{ server: 'Phrase du serveur.', retryAfter: 120 }]];
}

/** Every string a catalogue can say, by its dotted path; functions are called with samples. */
function leaves(value: unknown, path: string, out: Map<string, string>, depth = 0): void {
  if (depth > 6) return;
  if (typeof value === 'string') {
    // A sample the function did not take (an object where it wanted a number) says nothing.
    if (!/undefined|\[object Object\]/.test(value)) out.set(path, value);
  } else if (typeof value === 'function') {
    const f = value as (...a: unknown[]) => unknown;
    samples(f).forEach((args, i) => {
      try {
        const said: unknown = f(...args);
        leaves(said, `${path}(${i})`, out, depth + 1);
      } catch {
        // Not a shape this function takes; another sample may be.
      }
    });
  } else if (Array.isArray(value)) value.forEach((v, i) => leaves(v, `${path}[${i}]`, out, depth + 1));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, path ? `${path}.${key}` : key, out, depth + 1);
  }
}

/** The English side of the catalogues that have one, for their counts ("1 piece"). */
const ENGLISH: Record<string, unknown> = {
  'client/features/inbox/edit-order-messages.ts': EDIT_ORDER_MESSAGES.en,
  'client/features/order-form/messages.ts': ORDER_FORM_EN,
  'client/features/order-form/location-messages.ts': LOCATION_MESSAGES.en,
  'client/features/order-form/reorder-messages.ts': REORDER_MESSAGES.en,
  'client/features/order-status/messages.ts': ORDER_STATUS_MESSAGES.en,
  'client/features/inbox/messages.ts': INBOX_MESSAGES.en,
  'client/features/inbox/quote-messages.ts': QUOTE_MESSAGES.en,
  'client/features/inbox/status-messages.ts': STATUS_MESSAGES.en,
  'client/features/inbox/settings/settings-messages.ts': SETTINGS_TEXT.en,
  'client/features/inbox/production/production-messages.ts': PRODUCTION_MESSAGES.en,
  'client/features/inbox/prices/prices-messages.ts': PRICES_MESSAGES.en,
  'client/features/inbox/payments/accounts-messages.ts': ACCOUNTS_MESSAGES.en,
  'client/features/inbox/payments/payments-messages.ts': PAYMENTS_MESSAGES.en,
  'client/features/inbox/purchasing/purchasing-messages.ts': PURCHASING_MESSAGES.en,
  'client/features/portal/messages.ts': PORTAL_MESSAGES.en,
  'client/features/collections/messages.ts': COLLECTION_MESSAGES.en,
  'client/features/order-form/team-sizes/team-sizes-messages.ts': TEAM_SIZES_MESSAGES.en,
  'client/components/message-thread-labels.ts': MESSAGE_THREAD_LABELS.en,
  'client/components/chunk-failed-messages.ts': CHUNK_FAILED_MESSAGES.en,
  'server/production/ticket-labels.ts': ticketLabels('en'),
  'shared/order-presentation.ts': { words: ORDER_WORDS.en, decorations: DECORATION_LABELS.en, views: VIEW_LABELS.en },
};

describe('English counts in every catalogue', () => {
  for (const [file, catalogue] of Object.entries(ENGLISH)) {
    it(`${file} says "1 piece", not "1 pieces", and dates in words`, () => {
      const said = new Map<string, string>();
      leaves(catalogue, '', said);
      // The reload offer (components/chunk-failed-messages.ts) has two strings; every other catalogue more.
      expect(said.size).toBeGreaterThan(file.endsWith('chunk-failed-messages.ts') ? 1 : 5);
      const faults = [...said].flatMap(([path, text]) => [
        ...englishCountFaults(text).map((f) => `${path}: ${f} in ${text}`),
        ...(/\b\d{4}-\d{2}-\d{2}\b/.test(text) ? [`${path}: date in words, not YYYY-MM-DD in ${text}`] : []),
      ]);
      expect(faults).toEqual([]);
    });
  }
});

describe('French typography in every catalogue', () => {
  it('scans every messages and labels module under src', () => {
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((f) => relative(root, join(root, f)).replaceAll('\\', '/'))
      .filter((f) => /(^|[/-])(messages|labels)\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => !(f in FRENCH))).toEqual([]);
  });

  for (const [file, catalogue] of Object.entries(FRENCH)) {
    it(`${file} has its spaces, elisions and plurals`, () => {
      const said = new Map<string, string>();
      leaves(catalogue, '', said);
      // The reload offer (components/chunk-failed-messages.ts) has two strings; every other catalogue more.
      expect(said.size).toBeGreaterThan(file.endsWith('chunk-failed-messages.ts') ? 1 : 5);
      const faults = [...said].flatMap(([path, text]) =>
        frenchTypographyFaults(text).map((f) => `${path}: ${f} in ${text}`),
      );
      expect(faults).toEqual([]);
    });
  }

  it('finds a date not in words and a missing contraction', () => {
    expect(frenchTypographyFaults('échéance critique 2026-12-09')).toEqual(['date in words, not YYYY-MM-DD']);
    expect(frenchTypographyFaults('Datée du 9 décembre 2026')).toEqual([]);
    expect(frenchTypographyFaults('à le atelier')).toEqual(['contraction (au, du, aux, des)']);
    expect(frenchTypographyFaults('cessez de les offrir')).toEqual([]);
    expect(frenchTypographyFaults('à l’ordre de Atelier Nord inc.')).toHaveLength(1);
    expect(englishCountFaults('1 pieces')).toEqual(['singular after 1']);
    expect(englishCountFaults('1 piece, 11 pieces, 21 pieces')).toEqual([]);
  });

  it('says how to pay in French with its elisions (cheque to d’Atelier Nord inc.)', () => {
    const context: PaymentContext = {
      terms: { etransferEmail: 'paiements@atelier.ca', autodeposit: true },
      reference: '2026-0042',
      legalName: 'Atelier Nord inc.',
      dueNowCents: 12_345,
    };
    const said = Object.values(PAYMENT_METHODS).flatMap((m) => m.instructions(context, 'fr'));
    expect(said.join(' ')).toContain('à l’ordre d’Atelier Nord inc.');
    expect(said.flatMap((text) => frenchTypographyFaults(text).map((f) => `${f} in ${text}`))).toEqual([]);
  });

  it('finds each fault it looks for', () => {
    expect(frenchTypographyFaults('Paiement: Acompte dû')).toHaveLength(1);
    expect(frenchTypographyFaults('Virement Interac :')).toHaveLength(1);
    expect(frenchTypographyFaults('Vraiment?')).toHaveLength(1);
    expect(frenchTypographyFaults('« Dos»')).toHaveLength(2);
    expect(frenchTypographyFaults('la boutique de Atelier')).toHaveLength(1);
    expect(frenchTypographyFaults('1 pièces')).toHaveLength(1);
    expect(frenchTypographyFaults('272 ppi')).toHaveLength(1);
    expect(
      frenchTypographyFaults(
        'Paiement\u00a0: https://x.example/a?b=1 à 14:30, «\u00a0Dos\u00a0» ; d’Atelier, 2 pièces',
      ),
    ).toEqual(['narrow or no-break space before ";"']);
    expect(frenchTypographyFaults('Paiement\u00a0: acompte\u202f; vraiment\u202f? oui\u00a0!')).toEqual([]);
  });

  it('elides de before a vowel or a mute h, and agrees a count', () => {
    expect([deName('Atelier Nord'), deName('Hélène'), deName('Maison Z'), deName('Écran')]).toEqual([
      'd’Atelier Nord',
      'd’Hélène',
      'de Maison Z',
      'd’Écran',
    ]);
    expect([
      frenchCount(0, 'pièce'),
      frenchCount(1, 'pièce'),
      frenchCount(2, 'pièce'),
      frenchCount('1\u202f234', 'pièce'),
    ]).toEqual(['0 pièce', '1 pièce', '2 pièces', '1\u202f234 pièces']);
  });

  it('says ppp in the inbox’s French line about a graphic', () => {
    const measured = {
      status: 'done',
      format: 'PNG',
      isVector: false,
      width: 2720,
      height: 1000,
      colourMode: 'rgb',
      pages: null,
      rasterInside: null,
      note: null,
    } as const;
    expect(artworkLine(measured, '10 in wide', 'fr').text).toBe('2720×1000 px · 272 ppp à 10 po de large · acceptable');
    expect(artworkLine(measured, '10 in wide', 'en').text).toBe('2720×1000 px · 272 ppi at 10 in wide · acceptable');
  });

  it('lists the provinces in French alphabetical order for a French reader', () => {
    const fr = provinceOptions('fr').map((p) => p.label);
    expect(fr.slice(0, 6)).toEqual([
      'Alberta',
      'Colombie-Britannique',
      'Île-du-Prince-Édouard',
      'Manitoba',
      'Nouveau-Brunswick',
      'Nouvelle-Écosse',
    ]);
    expect(fr).toEqual([...fr].sort((a, b) => a.localeCompare(b, 'fr-CA')));
    expect(
      provinceOptions('en')
        .map((p) => p.value)
        .slice(0, 4),
    ).toEqual(['AB', 'BC', 'MB', 'NB']);
  });
});

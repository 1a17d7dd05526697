// A staff or customer request with a field its route does not take is refused, the field named
// (http/strict-bodies.ts): one route of each family, so that a family left loose shows here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { backends, startShopApp, type TestApp } from '../../../tests/support/harness.js';
import { strictDeep } from './strict-bodies.js';

const ID = '00000000-0000-4000-8000-000000000000';

/** [family, method, url, body with one field too many (`surprise`), who sends it]. */
const ROUTES: [string, 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, Record<string, unknown>, 'owner' | 'customer'][] = [
  ['orders', 'PATCH', `/api/orders/${ID}/status`, { status: 'in_production', surprise: 1 }, 'owner'],
  ['quotes', 'POST', `/api/orders/${ID}/quote/preview`, { lines: [], surprise: 1 }, 'owner'],
  ['invoices', 'PUT', '/api/records-hold', { surprise: 1 }, 'owner'],
  ['payment terms', 'PUT', '/api/terms', { surprise: 1 }, 'owner'],
  ['tax codes', 'PUT', '/api/tax-codes', { surprise: 1 }, 'owner'],
  ['shop settings', 'PUT', '/api/settings/shop', { surprise: 1 }, 'owner'],
  ['account', 'PUT', '/api/account/language', { language: 'fr', surprise: 1 }, 'owner'],
  ['production', 'PUT', '/api/production/settings', { surprise: 1 }, 'owner'],
  ['prices', 'POST', '/api/prices/drafts', { surprise: 1 }, 'owner'],
  ['card payments', 'POST', `/api/orders/${ID}/card-payments/${ID}/refund`, { surprise: 1 }, 'owner'],
  ['privacy', 'DELETE', `/api/orders/${ID}`, { surprise: 1 }, 'owner'],
  ['purchasing', 'POST', '/api/purchasing/orders', { surprise: 1 }, 'owner'],
  ['collections', 'POST', '/api/collections', { surprise: 1 }, 'owner'],
  ['staff sign-in', 'POST', '/api/session', { email: 'a@shop.ca', password: 'x', surprise: 1 }, 'customer'],
  ['order link', 'POST', '/api/o/abcdefghijklmnopqrstuv/approve', { surprise: 1 }, 'customer'],
  ['portal', 'POST', '/api/portal/sign-in', { email: 'a@example.com', language: 'en', surprise: 1 }, 'customer'],
  ['team member', 'PUT', '/api/c/abcdefghijklmnopqrstuv/entry', { surprise: 1 }, 'customer'],
];

describe.each(backends())('request bodies on %s', (backend) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    const started = await startShopApp(backend, { staff: { owner: { email: 'owner@shop.ca', role: 'owner' } } });
    t = started.t;
    owner = started.staff.owner;
  });
  afterAll(async () => t?.close());

  it.each(ROUTES)('%s: %s %s refuses a field it does not take, naming it', async (_family, method, url, body, who) => {
    const res = await t.app.inject({
      method,
      url,
      payload: body,
      headers: who === 'owner' ? { cookie: owner } : {},
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'unknown_field',
        message: 'The request has a field this address does not take: surprise.',
        message_fr: 'La requête contient un champ que cette adresse ne prend pas\u00a0: surprise.',
        fields: ['surprise'],
      },
    });
  });

  it('names a field deep in the body by its path', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${ID}/status`,
      payload: { status: 'in_production', surprise: 1, other: 2 },
      headers: { cookie: owner },
    });
    expect(res.json().error.fields).toEqual(['surprise', 'other']);
  });
});

describe('strictDeep', () => {
  const schema = z
    .object({
      name: z.string(),
      lines: z.array(z.object({ sku: z.string() })).optional(),
      extra: z.object({ a: z.number() }).loose(),
    })
    .refine((v) => v.name !== 'no', { message: 'not no', path: ['name'] });

  it('refuses unknown keys at every depth, keeps loose objects loose and the checks', () => {
    const strict = strictDeep(schema);
    expect(strict.safeParse({ name: 'a', extra: { a: 1, b: 2 } }).success).toBe(true);
    const issues = strict.safeParse({ name: 'a', lines: [{ sku: 'x', colour: 'red' }], extra: { a: 1 }, more: 1 }).error
      ?.issues;
    expect(issues?.map((i) => [i.code, i.path.join('.')])).toEqual([
      ['unrecognized_keys', 'lines.0'],
      ['unrecognized_keys', ''],
    ]);
    expect(strict.safeParse({ name: 'no', extra: { a: 1 } }).error?.issues[0]?.message).toBe('not no');
    // The schema as written still drops what it does not name.
    expect(schema.parse({ name: 'a', extra: { a: 1 }, more: 1 })).toEqual({ name: 'a', extra: { a: 1 } });
  });
});

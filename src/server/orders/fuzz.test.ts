// Bad input, generated: thousands of malformed requests in both wire formats.
// Every answer is a 4xx with {error: {code, message}} (or a 201 when a mutation happens to be
// a valid order); never a 5xx, never a crash, and a refused request saves nothing.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, multipartBody, sampleOrder, startTestApp, type TestApp } from '../../../tests/support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp('sqlite', { MAX_JSON_BYTES: String(4 * 1024 * 1024), MAX_FILE_BYTES: String(1024 * 1024) });
});
afterAll(async () => t?.close());

const count = async () => (await t.app.db.selectFrom('orders').select('id').execute()).length;

async function expectHandled(res: { statusCode: number; body: string }, before: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  if (res.statusCode === 201) {
    expect(await count()).toBe(before + 1);
    return;
  }
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  const body = JSON.parse(res.body);
  expect(typeof body.error.code).toBe('string');
  expect(typeof body.error.message).toBe('string');
  expect(body.error.message).not.toMatch(/\n\s+at /);
  expect(await count()).toBe(before);
}

const post = (payload: string | Buffer, contentType: string, extra: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/functions/v1/submit-order',
    headers: { ...authHeaders, 'content-type': contentType, ...extra },
    payload,
  });

/** Sets `value` at a random path of a valid order. */
function mutate(order: unknown, pathChoice: number[], value: unknown): unknown {
  const copy = structuredClone(order) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (let depth = 0; depth < pathChoice.length; depth++) {
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const key = keys[pathChoice[depth]! % keys.length]!;
    const child = node[key];
    if (depth === pathChoice.length - 1 || child === null || typeof child !== 'object') {
      node[key] = value;
      return copy;
    }
    node = child as Record<string, unknown>;
  }
  return copy;
}

const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    '../../etc/passwd',
    'a\u0000b',
    '\u202Egnp.exe',
    'data:image/png;base64,@@@',
    'data:,',
    -1,
    1e308,
    NaN,
    '__proto__',
    { __proto__: { polluted: true } },
  ),
  fc.constant('x'.repeat(300_000)),
);

describe('JSON bodies', () => {
  it('handles any JSON value as the whole body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
        const before = await count();
        await expectHandled(await post(JSON.stringify(value), 'application/json'), before);
      }),
      { numRuns: 400 },
    );
  });

  it('handles a valid order with any field replaced by anything', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), nasty, async (where, value) => {
        const before = await count();
        await expectHandled(
          await post(JSON.stringify(mutate({ ...sampleOrder(), files: [] }, where, value)), 'application/json'),
          before,
        );
      }),
      { numRuns: 600 },
    );
  });

  it('handles files with any name, type and data', async () => {
    const file = fc.record({
      name: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.constantFrom('../../a.png', '..\\..\\b.pdf', 'c\u0000.txt', '\u202Efdp.exe', '...', ''),
      ),
      type: fc.oneof(fc.string({ maxLength: 100 }), fc.constant('image/png')),
      data: fc.oneof(
        fc.base64String({ maxLength: 200 }),
        fc.string({ maxLength: 200 }),
        fc.base64String({ maxLength: 200 }).map((b) => `data:image/png;base64,${b}`),
        fc.string({ maxLength: 100 }).map((s) => `data:text/plain,${s}`),
      ),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(file, { maxLength: 4 }), async (files) => {
        const before = await count();
        const res = await post(JSON.stringify({ ...sampleOrder(), files }), 'application/json');
        await expectHandled(res, before);
        if (res.statusCode === 201) {
          const rows = await t.app.db
            .selectFrom('attachments')
            .select('name')
            .where('order_id', '=', res.json().orderId)
            .execute();
          for (const { name } of rows) {
            // eslint-disable-next-line no-control-regex -- control characters are exactly what must not be in a name
            expect(name).not.toMatch(/[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/);
            expect(name.startsWith('.')).toBe(false);
            expect(name.length).toBeLessThanOrEqual(180);
          }
          expect(new Set(rows.map((r) => r.name.toLowerCase())).size).toBe(rows.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('handles deeply nested JSON', async () => {
    for (const depth of [100, 10_000, 100_000]) {
      const before = await count();
      await expectHandled(
        await post(`{"layouts":${'['.repeat(depth)}${']'.repeat(depth)}}`, 'application/json'),
        before,
      );
      await expectHandled(await post(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, 'application/json'), before);
    }
  });
});

describe('multipart bodies', () => {
  let valid: { payload: Buffer; contentType: string };
  beforeAll(async () => {
    valid = await multipartBody(sampleOrder(), [
      { name: 'a.png', type: 'image/png', data: Buffer.alloc(5_000, 3) },
      { name: 'b.pdf', type: 'application/pdf', data: Buffer.alloc(3_000, 4) },
    ]);
  });

  it('handles a valid body cut off anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 8_500 }), async (cut) => {
        const before = await count();
        await expectHandled(
          await post(valid.payload.subarray(0, Math.min(cut, valid.payload.length - 1)), valid.contentType),
          before,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('handles random bytes spliced into a valid body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 8_500 }), fc.uint8Array({ minLength: 1, maxLength: 64 }), async (at, bytes) => {
        const before = await count();
        const i = Math.min(at, valid.payload.length);
        await expectHandled(
          await post(
            Buffer.concat([valid.payload.subarray(0, i), Buffer.from(bytes), valid.payload.subarray(i)]),
            valid.contentType,
          ),
          before,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('handles wrong, missing or odd content types and boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/mixed; boundary=x',
            'application/x-www-form-urlencoded',
            'text/plain',
            'application/octet-stream',
            '',
            'application/json; charset=utf-16',
          ),
          fc.string({ maxLength: 60 }).map((b) => `multipart/form-data; boundary=${b}`),
        ),
        async (contentType) => {
          const before = await count();
          await expectHandled(await post(valid.payload, contentType), before);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('handles duplicated, missing and unexpected parts, and hostile file names', async () => {
    const part = fc.record({
      field: fc.constantFrom('order', 'files', 'orders', 'file', '__proto__', ''),
      isFile: fc.boolean(),
      name: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.constantFrom('../x.png', 'a\u0000b.pdf', '\u202Egnp.js', '.env'),
      ),
      value: fc.oneof(fc.constant(JSON.stringify(sampleOrder())), fc.string({ maxLength: 200 }), fc.constant('{')),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
        const form = new FormData();
        for (const p of parts) {
          if (p.isFile) form.append(p.field, new Blob([p.value], { type: 'application/octet-stream' }), p.name || 'x');
          else form.append(p.field, p.value);
        }
        const response = new Response(form);
        const before = await count();
        await expectHandled(
          await post(Buffer.from(await response.arrayBuffer()), response.headers.get('content-type')!),
          before,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('leaves no staging files behind', () => {
    expect(fs.readdirSync(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });
});

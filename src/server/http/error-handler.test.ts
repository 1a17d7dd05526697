// A body over its route's limit names that route's limit, not the order's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, startTestApp, type TestApp } from '../../../tests/support/harness.js';

describe('a body too large', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { MAX_JSON_BYTES: String(3 * 1024 * 1024) });
  });
  afterAll(async () => t?.close());

  it("names the route's own limit in English and French, not the JSON order's", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', language: 'en', padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'request_too_large',
      message: 'This request is larger than 1 MB, the most this address accepts.',
      message_fr: 'Cette requête dépasse 1\u00a0Mo, le maximum que cette adresse accepte.',
    });
  });

  it('still tells a JSON order over its limit how large orders are sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/submit-order',
      headers: { ...authHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(4 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('order_too_large');
    expect(res.json().error.message).toMatch(/^This JSON order is larger than 3 MB\. Send large orders as multipart/);
  });
});

// The sign-in requests' background work (docs/portal.md, "Signing in by a link"), on SQLite and
// PostgreSQL: a row whose work fails holds up no later row; a typed email does not outlive a
// link; a test order under a customer's email is never the order the link is made for.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  backends,
  pageToken,
  sampleOrder,
  startTestApp,
  submitMultipart,
  type TestApp,
} from '../../../tests/support/harness.js';
import type { ShopIdentity } from '../mail/compose.js';
import { forgetExpiredPortalRows } from './portal-store.js';
import { mailSignInLinks, recordSignInRequest } from './sign-in-requests.js';

const NOW = new Date('2026-11-28T15:00:00Z');
const MINUTE = 60 * 1000;
const SHOP: ShopIdentity = {
  name: 'Test Shop',
  contact: 'Marie',
  shopEmail: 'shop@example.com',
  publicUrl: 'https://shop.example.com',
};

describe.each(backends())('sign-in requests in the background on %s', (backend) => {
  let t: TestApp;
  const orderOf: Record<string, string> = {};

  const order = async (email: string) => {
    const o = sampleOrder();
    const first = o.layouts['1'];
    first.billing = { ...first.billing, email };
    const { orderId } = await submitMultipart(t.app, o, [], { 'x-form-token': pageToken(t) });
    return orderId;
  };
  const signInMails = async () =>
    (
      await t.app.db
        .selectFrom('mail_queue')
        .select(['order_id', 'recipient', 'subject'])
        .where('subject', 'like', '%see your orders%')
        .execute()
    ).map((m) => `${m.order_id}:${m.recipient}`);
  const waiting = async () =>
    (await t.app.db.selectFrom('portal_sign_in_requests').select('email').orderBy('created_at').execute()).map(
      (r) => r.email,
    );

  beforeAll(async () => {
    t = await startTestApp(backend);
    for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com']) orderOf[email] = await order(email);
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.app.db.deleteFrom('portal_sign_in_requests').execute();
  });

  it('reports a row whose work fails, mails the rows after it, and takes it again on the next run', async () => {
    await recordSignInRequest(t.app.db, 'ann@example.com', 'en', new Date(NOW.getTime() - 2 * MINUTE));
    await recordSignInRequest(t.app.db, 'ben@example.com', 'en', new Date(NOW.getTime() - MINUTE));
    let fail = true;
    const shop = () => {
      if (fail) {
        fail = false;
        throw new Error('the shop identity is not readable');
      }
      return SHOP;
    };
    const errors: unknown[] = [];
    expect(
      await mailSignInLinks(
        t.app.db,
        shop,
        () => NOW,
        (err) => errors.push(err),
      ),
    ).toBe(1);
    expect(errors).toHaveLength(1);
    expect(await signInMails()).toEqual([`${orderOf['ben@example.com']}:ben@example.com`]);
    // Ann's row failed inside its transaction: still there, within its 15 minutes, mailed next time.
    expect(await waiting()).toEqual(['ann@example.com']);
    expect(
      await mailSignInLinks(
        t.app.db,
        () => SHOP,
        () => NOW,
      ),
    ).toBe(1);
    expect(await signInMails()).toContain(`${orderOf['ann@example.com']}:ann@example.com`);
    expect(await waiting()).toEqual([]);
  });

  it('forgets typed emails older than a link lasts, with expired links and sessions', async () => {
    await recordSignInRequest(t.app.db, 'old@example.com', 'en', new Date(NOW.getTime() - 16 * MINUTE));
    await recordSignInRequest(t.app.db, 'new@example.com', 'en', new Date(NOW.getTime() - 14 * MINUTE));
    await forgetExpiredPortalRows(t.app.db, NOW);
    expect(await waiting()).toEqual(['new@example.com']);
  });

  it('makes the link for the newest real order, never for a test order under that email', async () => {
    const test = await order('cat@example.com');
    await t.app.db.updateTable('orders').set({ is_test: 1 }).where('id', '=', test).execute();
    await recordSignInRequest(t.app.db, 'cat@example.com', 'en', NOW);
    expect(
      await mailSignInLinks(
        t.app.db,
        () => SHOP,
        () => NOW,
      ),
    ).toBe(1);
    const mails = await signInMails();
    expect(mails).toContain(`${orderOf['cat@example.com']}:cat@example.com`);
    expect(mails.filter((m) => m.startsWith(test))).toEqual([]);
  });
});

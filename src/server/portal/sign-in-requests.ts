// The sign-in form's requests (docs/portal.md, "Signing in by a link"): the route writes one row
// for any well-formed email and answers at once, so an email with orders and one without take
// the same work and the same time; here, in the background, each row becomes a link and its
// mail (an email with orders) or nothing (one without), in one transaction that deletes the row.
// The row is in the database, so a request answered before a crash is mailed after the restart.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { startBackgroundLoop, type BackgroundLoop } from '../background-loop.js';
import type { ShopIdentity } from '../mail/compose.js';
import { enqueueMails, mailRows } from '../storage/mail-queue.js';
import type { Database } from '../storage/schema.js';
import { createSignInLink, ordersOfEmail, SIGN_IN_LINK_TTL_MS } from './portal-store.js';
import { signInMail } from './sign-in-mail.js';

type Db = Kysely<Database>;

/** Records a sign-in request: the same one write whatever the email. */
export async function recordSignInRequest(db: Db, email: string, language: 'en' | 'fr', now = new Date()) {
  await db
    .insertInto('portal_sign_in_requests')
    .values({ id: randomUUID(), email, language, created_at: now.toISOString() })
    .execute();
}

/**
 * Makes each waiting request's link and queues its mail (an email with orders), or forgets it
 * (one without, or one older than a link would last); answers how many mails were queued. A row
 * whose work fails is reported (`onRowError`) and left for the next run, or dropped once older
 * than a link would last; it never holds up the rows after it.
 */
export async function mailSignInLinks(
  db: Db,
  shop: () => ShopIdentity,
  now = () => new Date(),
  onRowError: (err: unknown) => void = () => {},
): Promise<number> {
  let queued = 0;
  const failed: string[] = [];
  for (;;) {
    let query = db.selectFrom('portal_sign_in_requests').selectAll().orderBy('created_at').limit(50);
    if (failed.length > 0) query = query.where('id', 'not in', failed);
    const waiting = await query.execute();
    if (waiting.length === 0) return queued;
    for (const request of waiting) {
      try {
        queued += await mailOne(db, request, shop, now());
      } catch (err) {
        onRowError(err);
        failed.push(request.id);
        if (Date.parse(request.created_at) < now().getTime() - SIGN_IN_LINK_TTL_MS) {
          await db.deleteFrom('portal_sign_in_requests').where('id', '=', request.id).execute().catch(onRowError);
        }
      }
    }
  }
}

/** One request, in one transaction that deletes its row: 1 when a mail was queued. */
async function mailOne(
  db: Db,
  request: { id: string; email: string; language: 'en' | 'fr'; created_at: string },
  shop: () => ShopIdentity,
  at: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Taken once, whichever process gets there first.
    const taken = await trx.deleteFrom('portal_sign_in_requests').where('id', '=', request.id).executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) return 0;
    if (Date.parse(request.created_at) < at.getTime() - SIGN_IN_LINK_TTL_MS) return 0;
    // A test order mails no customer (docs/settings.md): the link goes with a real order.
    const [newest] = await ordersOfEmail(trx, request.email, 1);
    if (!newest) return 0;
    const token = await createSignInLink(trx, request.email, at);
    await enqueueMails(
      trx,
      mailRows(newest.id, [signInMail(newest.customer_email, token, request.language, shop())], at),
    );
    return 1;
  });
}

/** How soon after a request its link is made: the requests of that moment are taken together. */
const SOON_MS = 300;

/**
 * The background loop that mails sign-in links: every 30 s, and SOON_MS after a request (once
 * for all the requests of that moment, so its work does not follow each answer into the next).
 */
export function startSignInMailer(options: {
  db: Db;
  shop: () => ShopIdentity;
  onMailQueued: () => void;
  onError: (err: unknown) => void;
}): BackgroundLoop & { soon: () => void } {
  const loop = startBackgroundLoop({
    work: async () => {
      if ((await mailSignInLinks(options.db, options.shop, undefined, options.onError)) > 0) options.onMailQueued();
    },
    intervalMs: 30_000,
    onError: options.onError,
  });
  let timer: NodeJS.Timeout | null = null;
  return {
    get stopped() {
      return loop.stopped;
    },
    kick: loop.kick,
    stop: async () => {
      if (timer) clearTimeout(timer);
      await loop.stop();
    },
    soon: () => {
      if (timer || loop.stopped) return;
      timer = setTimeout(() => {
        timer = null;
        void loop.kick();
      }, SOON_MS);
      timer.unref();
    },
  };
}

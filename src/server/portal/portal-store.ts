// The rows behind the customer's portal (docs/portal.md): sign-in links and sessions, each kept
// only as the SHA-256 of its token, so a copy of the database opens nobody's orders; and the
// orders of one email, found by their billing email whatever its case.
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, OrderRow } from '../storage/schema.js';

type Db = Kysely<Database>;

/** The customer's session cookie: apart from the staff's (`staff_session`). */
export const PORTAL_COOKIE = 'portal_session';

/** 32 random bytes (256 bits) as base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/** How long a sign-in link opens a session: 15 minutes (the promise, docs/portal.md). */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
/** How long a customer's session lasts without signing in again. */
export const PORTAL_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** The most orders My orders lists (newest first). */
const MAX_ORDERS = 100;

export const emailKey = (email: string) => email.trim().toLowerCase();

/** A new single-use sign-in link for `email`; only its hash is stored, so the caller sends it now. */
export async function createSignInLink(db: Db, email: string, now = new Date()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('portal_sign_in_links')
    .values({
      token_hash: hashToken(token),
      email: emailKey(email),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Uses a sign-in link: the email it was made for, once, while it lasts; undefined for a link
 * malformed, unknown, used or expired (one answer for all). One conditional update, so two
 * requests racing with the same link cannot both win.
 */
export async function useSignInLink(db: Db, token: string, now = new Date()): Promise<string | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .updateTable('portal_sign_in_links')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('email')
    .executeTakeFirst();
  return row?.email;
}

export async function createPortalSession(db: Db, email: string, now = new Date()) {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PORTAL_SESSION_TTL_MS);
  await db
    .insertInto('portal_sessions')
    .values({
      token_hash: hashToken(token),
      email: emailKey(email),
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** The email a session cookie stands for, or undefined (malformed, unknown, ended or expired). */
export async function emailOfSession(db: Db, token: string | undefined, now = new Date()) {
  if (!token || !TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .selectFrom('portal_sessions')
    .select('email')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.email;
}

export async function endPortalSession(db: Db, token: string | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await db.deleteFrom('portal_sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Forgets ended sessions and links (the portal's own hourly sweep). */
export async function forgetExpiredPortalRows(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('portal_sessions').where('expires_at', '<', now.toISOString()).execute();
  await db.deleteFrom('portal_sign_in_links').where('expires_at', '<', now.toISOString()).execute();
  // A typed email no link can be made for any more (sign-in-requests.ts) does not linger.
  const stale = new Date(now.getTime() - SIGN_IN_LINK_TTL_MS).toISOString();
  await db.deleteFrom('portal_sign_in_requests').where('created_at', '<', stale).execute();
}

/**
 * The orders whose billing email is `email`, newest first. A staff test order (docs/settings.md,
 * "A test order") is the shop's, not the customer's, whatever email it was typed with: it is
 * never listed, never opened, and never the order a sign-in link's mail is queued under (its
 * customer mail is dropped, so it would swallow the customer's links).
 */
export async function ordersOfEmail(db: Db, email: string, limit = MAX_ORDERS): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where(sql<string>`lower(customer_email)`, '=', emailKey(email))
    .where('is_test', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** One order of `email`, or undefined: another customer's order, or a test order, is as unknown as no order. */
export async function orderOfEmail(db: Db, email: string, orderId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where(sql<string>`lower(customer_email)`, '=', emailKey(email))
    .where('is_test', '=', 0)
    .executeTakeFirst();
}

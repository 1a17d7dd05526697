// Staff accounts and their sessions, stored in the database so every process shares them.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { DUMMY_HASH_PROMISE, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.js';

type Db = Kysely<Database>;

export const SESSION_COOKIE = 'staff_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class StaffError extends Error {}

export async function addStaff(db: Db, email: string, password: string): Promise<void> {
  const address = normaliseEmail(email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw new StaffError(`"${email}" is not an email address.`);
  if (password.length < MIN_PASSWORD_LENGTH) throw new StaffError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const existing = await db.selectFrom('staff').select('id').where('email', '=', address).executeTakeFirst();
  if (existing) throw new StaffError(`${address} already has an account.`);
  await db
    .insertInto('staff')
    .values({ id: randomUUID(), email: address, password_hash: await hashPassword(password), created_at: new Date().toISOString() })
    .execute();
}

export async function setPassword(db: Db, email: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new StaffError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  const staff = await db.selectFrom('staff').select('id').where('email', '=', normaliseEmail(email)).executeTakeFirst();
  if (!staff) throw new StaffError(`No account for ${normaliseEmail(email)}.`);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ password_hash: await hashPassword(password) }).where('id', '=', staff.id).execute();
    // A new password ends every session of the account.
    await trx.deleteFrom('sessions').where('staff_id', '=', staff.id).execute();
  });
}

export async function removeStaff(db: Db, email: string): Promise<void> {
  const result = await db.deleteFrom('staff').where('email', '=', normaliseEmail(email)).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new StaffError(`No account for ${normaliseEmail(email)}.`);
}

export async function listStaff(db: Db): Promise<{ email: string; created_at: string }[]> {
  return db.selectFrom('staff').select(['email', 'created_at']).orderBy('email').execute();
}

/** The account's id when the password is right; the same work is done when it is not. */
export async function checkCredentials(db: Db, email: string, password: string): Promise<{ id: string; email: string } | null> {
  const staff = await db.selectFrom('staff').select(['id', 'email', 'password_hash']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
  const ok = await verifyPassword(password, staff?.password_hash ?? (await DUMMY_HASH_PROMISE));
  return staff && ok ? { id: staff.id, email: staff.email } : null;
}

const tokenId = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, staffId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({ id: tokenId(token), staff_id: staffId, created_at: new Date(now).toISOString(), expires_at: expiresAt.toISOString() })
    .execute();
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string | undefined): Promise<{ staffId: string; email: string } | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('staff', 'staff.id', 'sessions.staff_id')
    .select(['staff.id as staffId', 'staff.email as email', 'sessions.expires_at as expiresAt'])
    .where('sessions.id', '=', tokenId(token))
    .executeTakeFirst();
  if (!row || row.expiresAt < new Date().toISOString()) return null;
  return { staffId: row.staffId, email: row.email };
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.deleteFrom('sessions').where('id', '=', tokenId(token)).execute();
}

/** Sign-in throttling, per account and per address, counted in the database. */
export const THROTTLE = { windowMs: 15 * 60 * 1000, perAccount: 5, perAddress: 20 };

export async function throttledFor(db: Db, email: string, address: string): Promise<number> {
  const since = new Date(Date.now() - THROTTLE.windowMs).toISOString();
  const check = async (column: 'email' | 'address', value: string, limit: number) => {
    const rows = await db
      .selectFrom('sign_in_failures')
      .select('at')
      .where(column, '=', value)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    if (rows.length < limit) return 0;
    // Locked until the oldest of the last `limit` failures leaves the window.
    return Math.max(1, Math.ceil((Date.parse(rows[limit - 1]!.at) + THROTTLE.windowMs - Date.now()) / 1000));
  };
  return Math.max(await check('email', normaliseEmail(email), THROTTLE.perAccount), await check('address', address, THROTTLE.perAddress));
}

export async function recordFailure(db: Db, email: string, address: string): Promise<void> {
  const now = new Date();
  await db.insertInto('sign_in_failures').values({ id: randomUUID(), email: normaliseEmail(email).slice(0, 254), address, at: now.toISOString() }).execute();
  await db.deleteFrom('sign_in_failures').where('at', '<', new Date(now.getTime() - THROTTLE.windowMs).toISOString()).execute();
}

export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', normaliseEmail(email)).execute();
}

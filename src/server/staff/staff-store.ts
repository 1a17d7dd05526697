// Staff accounts, their sessions and failed sign-ins: the rows behind staff-service.ts.
import { randomUUID } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { StaffLanguage, StaffRole } from '../../shared/inbox-api.js';
import type { Database } from '../storage/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function findStaff(db: Db, email: string) {
  return db
    .selectFrom('staff')
    .select(['id', 'email', 'password_hash', 'language', 'role'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertStaff(
  db: Db,
  email: string,
  passwordHash: string,
  language: StaffLanguage | null = null,
  role: StaffRole = 'staff',
  displayName: string | null = null,
): Promise<void> {
  await db
    .insertInto('staff')
    .values({
      id: randomUUID(),
      email,
      password_hash: passwordHash,
      created_at: new Date().toISOString(),
      language,
      role,
      display_name: displayName,
    })
    .execute();
}

/** Makes an account an owner or plain staff; false when there is no such account. */
export async function updateStaffRole(db: Db, email: string, role: StaffRole): Promise<boolean> {
  const result = await db.updateTable('staff').set({ role }).where('email', '=', email).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countOwners(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The inbox language a staff member chose; false when the account no longer exists. */
export async function updateStaffLanguage(db: Db, staffId: string, language: StaffLanguage): Promise<boolean> {
  const result = await db.updateTable('staff').set({ language }).where('id', '=', staffId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name a staff member signs the shop's messages with; false when the account no longer exists. */
export async function updateStaffName(db: Db, staffId: string, name: string | null): Promise<boolean> {
  const result = await db.updateTable('staff').set({ display_name: name }).where('id', '=', staffId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findStaffName(db: Db, staffId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('staff').select('display_name').where('id', '=', staffId).executeTakeFirst();
  return row ? row.display_name : undefined;
}

export async function findStaffLanguage(db: Db, staffId: string): Promise<string | null | undefined> {
  const row = await db.selectFrom('staff').select('language').where('id', '=', staffId).executeTakeFirst();
  return row?.language;
}

/** A new password ends every session of the account. */
export async function replacePassword(db: Kysely<Database>, staffId: string, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', staffId).execute();
    await trx.deleteFrom('sessions').where('staff_id', '=', staffId).execute();
  });
}

/** Deletes the account (its sessions go with it); false when there was none. */
export async function deleteStaff(db: Db, email: string): Promise<boolean> {
  const result = await db.deleteFrom('staff').where('email', '=', email).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listStaff(
  db: Db,
): Promise<
  { email: string; created_at: string; language: string | null; role: StaffRole; display_name: string | null }[]
> {
  return db
    .selectFrom('staff')
    .select(['email', 'created_at', 'language', 'role', 'display_name'])
    .orderBy('email')
    .execute();
}

export async function countStaff(db: Db): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertSession(
  db: Db,
  session: { id: string; staffId: string; createdAt: Date; expiresAt: Date },
) {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      staff_id: session.staffId,
      created_at: session.createdAt.toISOString(),
      expires_at: session.expiresAt.toISOString(),
    })
    .execute();
}

/** The staff member a session belongs to, with its expiry. */
export async function findSessionStaff(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('staff', 'staff.id', 'sessions.staff_id')
    .select([
      'staff.id as staffId',
      'staff.email as email',
      'staff.language as language',
      'staff.role as role',
      'sessions.expires_at as expiresAt',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/** Removes the sessions that expired before `now`; returns how many. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

// Sign-in attempts live in sign_in_failures: a row is written BEFORE the password is hashed
// and counts as a failure until the attempt proves otherwise (a success deletes the rows of
// its account and address). An attempt refused by the throttle writes no row.

export interface PriorAttempts {
  /** Attempts on this account from this address since the pair window began, oldest first. */
  pair: { id: string; at: string }[];
  /** Attempts from this address on any account since the address window began. */
  byAddress: { count: number; oldest: string | null };
}

/**
 * Counts the attempts before this one and, when `decide` answers 0 (no wait), records it: one
 * transaction, serialised per address (an advisory lock on PostgreSQL; SQLite runs one
 * transaction at a time), so attempts sent at once are counted one after the other.
 * Returns the new attempt's id, or the wait in ms when it was refused.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  attempt: { email: string; address: string; at: Date },
  windows: { pairSince: Date; addressSince: Date; forgetBefore: Date },
  decide: (prior: PriorAttempts) => number,
): Promise<{ id: string } | { waitMs: number }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    if (postgres) await sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${attempt.address}`}))`.execute(trx);
    const pair = await trx
      .selectFrom('sign_in_failures')
      .select(['id', 'at'])
      .where('email', '=', attempt.email)
      .where('address', '=', attempt.address)
      .where('at', '>=', windows.pairSince.toISOString())
      .orderBy('at')
      .orderBy('id')
      .execute();
    const row = await trx
      .selectFrom('sign_in_failures')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('oldest')])
      .where('address', '=', attempt.address)
      .where('at', '>=', windows.addressSince.toISOString())
      .executeTakeFirstOrThrow();
    const waitMs = decide({ pair, byAddress: { count: Number(row.n), oldest: row.oldest ?? null } });
    if (waitMs > 0) return { waitMs };
    const id = randomUUID();
    await trx
      .insertInto('sign_in_failures')
      .values({ id, email: attempt.email, address: attempt.address, at: attempt.at.toISOString() })
      .execute();
    await trx.deleteFrom('sign_in_failures').where('at', '<', windows.forgetBefore.toISOString()).execute();
    return { id };
  });
}

export async function deleteAttemptsOfPair(db: Db, email: string, address: string): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email', '=', email).where('address', '=', address).execute();
}

// Staff accounts and their sessions, stored in the database so every process shares them:
// the rules (addresses, password length, hashing, session tokens, throttling) over staff-store.ts.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { staffLanguageSchema, staffRoleSchema, type StaffLanguage, type StaffRole } from '../../shared/inbox-api.js';
import type { Database } from '../storage/schema.js';
import * as repo from './staff-store.js';
import { passwordWeakness } from './password-strength.js';
import { DUMMY_HASH_PROMISE, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword, withHashSlot } from './passwords.js';
import { plainText } from '../../shared/plain-text.js';

type Db = Kysely<Database>;

export const SESSION_COOKIE = 'staff_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class StaffError extends Error {}

/**
 * Without a language, the inbox follows the staff member's browser until they choose one.
 * Without a role, the first account is an owner and every later one plain staff. Returns the role given.
 */
export async function addStaff(
  db: Db,
  email: string,
  password: string,
  language?: string,
  role?: string,
  name?: string,
): Promise<StaffRole> {
  const address = normaliseEmail(email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) throw new StaffError(`"${email}" is not an email address.`);
  checkPassword(password, address);
  const chosen = language === undefined ? null : checkLanguage(language);
  const given = role === undefined ? null : checkRole(role);
  const signed = name === undefined ? null : checkStaffName(name);
  if (await repo.findStaff(db, address)) throw new StaffError(`${address} already has an account.`);
  const actual = given ?? ((await repo.countStaff(db)) === 0 ? 'owner' : 'staff');
  await repo.insertStaff(db, address, await hashPassword(password), chosen, actual, signed);
  return actual;
}

/** The longest name a staff member signs messages with. */
export const MAX_STAFF_NAME = 60;

/**
 * A name to sign with: trimmed, one line, at most MAX_STAFF_NAME characters, controls and bidi
 * overrides taken out (customers read it); empty is none (null).
 */
export function checkStaffName(name: string): string | null {
  const trimmed = plainText(name).replace(/\s+/g, ' ').trim();
  if (trimmed.length > MAX_STAFF_NAME) throw new StaffError(`A name is at most ${MAX_STAFF_NAME} characters.`);
  return trimmed || null;
}

/** The name the staff member signs the shop's messages with; null when none was given. */
export async function staffName(db: Db, staffId: string): Promise<string | null> {
  return (await repo.findStaffName(db, staffId)) ?? null;
}

/** Sets (or, empty, clears) the name a staff member signs with; false when the account is gone. */
export async function setStaffName(db: Db, staffId: string, name: string): Promise<boolean> {
  return repo.updateStaffName(db, staffId, checkStaffName(name));
}

function checkRole(role: string): StaffRole {
  const parsed = staffRoleSchema.safeParse(role);
  if (!parsed.success) throw new StaffError(`A role is owner or staff, not "${role}".`);
  return parsed.data;
}

/** Makes an account an owner or plain staff; the last owner cannot stop being one. */
export async function setStaffRole(db: Db, email: string, role: string): Promise<void> {
  const wanted = checkRole(role);
  const address = normaliseEmail(email);
  const staff = await repo.findStaff(db, address);
  if (!staff) throw new StaffError(`No account for ${address}.`);
  if (wanted === 'staff' && staff.role === 'owner' && (await repo.countOwners(db)) <= 1) {
    throw new StaffError(`${address} is the only owner: make another account an owner first.`);
  }
  await repo.updateStaffRole(db, address, wanted);
}

function checkLanguage(language: string): StaffLanguage {
  const parsed = staffLanguageSchema.safeParse(language);
  if (!parsed.success) throw new StaffError(`The inbox speaks en or fr, not "${language}".`);
  return parsed.data;
}

/** A stored language as the inbox reads it: anything but en or fr counts as not chosen. */
const storedLanguage = (value: string | null | undefined): StaffLanguage | null =>
  staffLanguageSchema.safeParse(value).data ?? null;

/** The staff member's inbox language; null when they have not chosen one. */
export async function staffLanguage(db: Db, staffId: string): Promise<StaffLanguage | null> {
  return storedLanguage(await repo.findStaffLanguage(db, staffId));
}

/** Remembers the staff member's inbox language, for every browser they sign in from. */
export async function setStaffLanguage(db: Db, staffId: string, language: StaffLanguage): Promise<boolean> {
  return repo.updateStaffLanguage(db, staffId, language);
}

/** At least MIN_PASSWORD_LENGTH characters, and not easy to guess (password-strength.ts). */
function checkPassword(password: string, email: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new StaffError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const address = normaliseEmail(email);
  const [local = '', domain = ''] = address.split('@');
  const weakness = passwordWeakness(password, [address, local, domain, domain.split('.')[0] ?? '']);
  if (weakness) throw new StaffError(weakness);
}

export async function setPassword(db: Db, email: string, password: string): Promise<void> {
  checkPassword(password, email);
  const staff = await repo.findStaff(db, normaliseEmail(email));
  if (!staff) throw new StaffError(`No account for ${normaliseEmail(email)}.`);
  await repo.replacePassword(db, staff.id, await hashPassword(password));
}

export async function removeStaff(db: Db, email: string): Promise<void> {
  if (!(await repo.deleteStaff(db, normaliseEmail(email))))
    throw new StaffError(`No account for ${normaliseEmail(email)}.`);
}

export const listStaff = (db: Db) => repo.listStaff(db);
export const countStaff = (db: Db) => repo.countStaff(db);

/** The account's id when the password is right; the same work is done when it is not. */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<{ id: string; email: string; language: StaffLanguage | null; role: StaffRole } | null> {
  const staff = await repo.findStaff(db, normaliseEmail(email));
  const ok = await verifyPassword(password, staff?.password_hash ?? (await DUMMY_HASH_PROMISE));
  return staff && ok
    ? { id: staff.id, email: staff.email, language: storedLanguage(staff.language), role: staff.role }
    : null;
}

/** Sessions are stored by the SHA-256 of their token: a database leak gives no usable session. */
const tokenId = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, staffId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date();
  // Each sign-in also clears sessions that ended (housekeeping does it hourly as well).
  await repo.deleteExpiredSessions(db, createdAt);
  const expiresAt = new Date(createdAt.getTime() + SESSION_TTL_MS);
  await repo.insertSession(db, { id: tokenId(token), staffId, createdAt, expiresAt });
  return { token, expiresAt };
}

export async function findSession(
  db: Db,
  token: string | undefined,
): Promise<{ staffId: string; email: string; language: StaffLanguage | null; role: StaffRole } | null> {
  if (!token || token.length > 100) return null;
  const row = await repo.findSessionStaff(db, tokenId(token));
  if (!row || row.expiresAt < new Date().toISOString()) return null;
  return { staffId: row.staffId, email: row.email, language: storedLanguage(row.language), role: row.role };
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await repo.deleteSession(db, tokenId(token));
}

/**
 * Sign-in throttling, counted in the database. Each attempt is recorded before its password is
 * hashed, then the attempts are counted: of many sent at once, only the first few recorded can
 * be within the limits, so a burst cannot get more guesses checked than a patient client.
 *
 * - Per account AND address: 5 attempts free, then each next one waits 1, 2, 4… minutes (up to
 *   an hour) after the previous one. Wrong passwords from one address never lock the staff
 *   member out from another.
 * - Per address, over every account: at most 20 attempts in 15 minutes.
 */
export const THROTTLE = {
  freeAttempts: 5,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  pairWindowMs: 24 * 60 * 60_000,
  addressWindowMs: 15 * 60_000,
  perAddress: 20,
};

export type SignInResult =
  | { kind: 'signed_in'; staff: { id: string; email: string; language: StaffLanguage | null; role: StaffRole } }
  | { kind: 'wrong' }
  | { kind: 'throttled'; waitSeconds: number }
  | { kind: 'busy'; waitSeconds: number };

/** How long an attempt must wait, in ms, given those before it; 0 when it may go on. */
function waitFor({ pair, byAddress }: repo.PriorAttempts, now: number): number {
  let wait = 0;
  if (pair.length >= THROTTLE.freeAttempts) {
    const delay = Math.min(THROTTLE.maxDelayMs, THROTTLE.firstDelayMs * 2 ** (pair.length - THROTTLE.freeAttempts));
    wait = Date.parse(pair.at(-1)!.at) + delay - now;
  }
  if (byAddress.count >= THROTTLE.perAddress && byAddress.oldest) {
    wait = Math.max(wait, Date.parse(byAddress.oldest) + THROTTLE.addressWindowMs - now);
  }
  return Math.max(0, wait);
}

/**
 * One sign-in attempt. A hash slot first (none free: refused at once, without touching the
 * database, so a burst costs next to nothing); then the attempt is counted and recorded, and
 * only an attempt within the limits has its password hashed.
 */
export async function signIn(db: Db, email: string, password: string, address: string): Promise<SignInResult> {
  const account = normaliseEmail(email).slice(0, 254);
  const attempt = await withHashSlot(async (): Promise<SignInResult> => {
    const now = Date.now();
    const recorded = await repo.recordAttempt(
      db,
      { email: account, address, at: new Date(now) },
      {
        pairSince: new Date(now - THROTTLE.pairWindowMs),
        addressSince: new Date(now - THROTTLE.addressWindowMs),
        forgetBefore: new Date(now - THROTTLE.pairWindowMs),
      },
      (prior) => waitFor(prior, now),
    );
    if ('waitMs' in recorded) {
      return { kind: 'throttled', waitSeconds: Math.max(1, Math.ceil(recorded.waitMs / 1000)) };
    }
    const staff = await checkCredentials(db, account, password);
    if (!staff) return { kind: 'wrong' };
    await repo.deleteAttemptsOfPair(db, account, address);
    return { kind: 'signed_in', staff };
  });
  return attempt.busy ? { kind: 'busy', waitSeconds: 2 } : attempt.value;
}

// Staff passwords: scrypt (memory-hard, in Node itself), with a per-password salt.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// N = 2^15, r = 8, p = 3: 32 MiB, one of OWASP's recommended scrypt settings (equivalent to
// N = 2^17, r = 8, p = 1 at a quarter of the memory).
const PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 12;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  slots.hashes++;
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not tell. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(16).toString('hex'));

/**
 * Hashes run in libuv's thread pool, which file I/O shares (4 threads by default): a burst of
 * sign-ins would otherwise fill it and stall uploads and the health check. At most
 * `max` sign-in hashes run at once in this process (SIGN_IN_MAX_CONCURRENT_HASHES); the rest
 * are refused at once.
 */
const slots = { max: 2, inFlight: 0, maxInFlight: 0, hashes: 0 };

export function setMaxConcurrentHashes(max: number): void {
  slots.max = max;
}

/** Runs `hash` (a sign-in attempt, which hashes at most once) when a slot is free; `busy` when all are taken. */
export async function withHashSlot<T>(hash: () => Promise<T>): Promise<{ busy: true } | { busy: false; value: T }> {
  if (slots.inFlight >= slots.max) return { busy: true };
  slots.inFlight++;
  slots.maxInFlight = Math.max(slots.maxInFlight, slots.inFlight);
  try {
    return { busy: false, value: await hash() };
  } finally {
    slots.inFlight--;
  }
}

/** For tests: slots in use now, the most ever in use at once, and how many passwords were verified. */
export function hashSlotStats(): { max: number; inFlight: number; maxInFlight: number; hashes: number } {
  return { ...slots };
}

export function resetHashSlotStats(): void {
  slots.maxInFlight = slots.inFlight;
  slots.hashes = 0;
}

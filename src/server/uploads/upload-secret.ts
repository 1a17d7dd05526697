// An upload belongs to the page that created it: creation answers a secret (Upload-Secret),
// which the page keeps and sends with every later request for that upload (HEAD, PATCH, DELETE)
// and names in the order that adopts it. Only its SHA-256 is stored. Without it, an upload's
// address alone (seen in a log, a proxy, a shared screen) opens nothing: the answer is the
// same 404 as for an upload that does not exist.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const UPLOAD_SECRET_HEADER = 'upload-secret';

export function newUploadSecret(): { secret: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { secret, hash: hashOf(secret) };
}

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * Whether `given` is the secret of an upload whose stored hash is `storedHash`. Uploads created
 * before secrets existed (no hash) open with their address alone, as they always did.
 */
export function secretMatches(storedHash: string | null, given: unknown): boolean {
  if (storedHash === null) return true;
  if (typeof given !== 'string' || given.length === 0 || given.length > 200) return false;
  const a = Buffer.from(hashOf(given), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

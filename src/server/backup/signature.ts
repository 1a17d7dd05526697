// A backup's manifest signed (README, Backing up; docs/decisions/019-signed-backup-manifests.md):
// an HMAC-SHA256 of manifest.json's exact bytes, keyed by a key the operator keeps apart from the
// archives (BACKUP_KEY, or the file BACKUP_KEY_FILE names). The manifest gives every entry's
// SHA-256 and restore takes nothing the manifest does not name, so the signature covers the whole
// archive: someone who changes a file and recomputes its hash in the manifest, without the key,
// makes a backup that restore refuses.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { ConfigError } from '../config.js';

/** The archive's entry holding the signature, beside manifest.json. */
export const SIGNATURE_ENTRY = 'manifest.sig';
const SCHEME = 'hmac-sha256';
/** Bound into every signature, so the key signs nothing else by accident. */
const CONTEXT = 'apparel-order-form-backup-manifest/1\n';
/** The shortest key taken: 32 characters (`openssl rand -hex 32` makes 64). */
export const MIN_KEY_CHARS = 32;

export interface ManifestSignature {
  scheme: typeof SCHEME;
  /** The first 16 hex digits of the key's SHA-256: which key signed, never the key. */
  keyId: string;
  mac: string;
}

/**
 * The backup key from the environment: BACKUP_KEY_FILE (a file holding it) or BACKUP_KEY; null
 * when neither is set. A key too short, or a file that cannot be read, stops the tool.
 */
export function backupKey(env: NodeJS.ProcessEnv = process.env): Buffer | null {
  const file = env.BACKUP_KEY_FILE?.trim();
  let key: string;
  if (file) {
    try {
      key = fs.readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new ConfigError(
        `Invalid configuration:\n  BACKUP_KEY_FILE: cannot read ${file} (${(err as Error).message})`,
      );
    }
  } else if (env.BACKUP_KEY?.trim()) key = env.BACKUP_KEY.trim();
  else return null;
  if (key.length < MIN_KEY_CHARS)
    throw new ConfigError(
      `Invalid configuration:\n  ${file ? 'BACKUP_KEY_FILE' : 'BACKUP_KEY'}: the key must be at least ${MIN_KEY_CHARS} characters (make one with: openssl rand -hex 32)`,
    );
  return Buffer.from(key, 'utf8');
}

export const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

const macOf = (key: Buffer, manifest: Buffer) =>
  createHmac('sha256', key).update(CONTEXT).update(manifest).digest('hex');

export function signManifest(key: Buffer, manifest: Buffer): ManifestSignature {
  return { scheme: SCHEME, keyId: keyIdOf(key), mac: macOf(key, manifest) };
}

/** Whether `signature` (the archive's manifest.sig, as read) is this key's over these bytes. */
export function signatureMatches(key: Buffer, manifest: Buffer, signature: unknown): boolean {
  const s = signature as Partial<ManifestSignature> | null;
  if (!s || s.scheme !== SCHEME || typeof s.mac !== 'string' || !/^[0-9a-f]{64}$/.test(s.mac)) return false;
  return timingSafeEqual(Buffer.from(s.mac, 'hex'), Buffer.from(macOf(key, manifest), 'hex'));
}

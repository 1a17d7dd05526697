// The finished resumable uploads an order names, taken into its staging: each checked (a URL of
// this server, an upload it has, with the page's secret, finished, not taken by another order),
// then, kept with its digest, linked on this disk or copied inside the bucket, never through
// this server; an upload without its digest is copied and hashed like any file.
import type { Kysely } from 'kysely';
import { UPLOAD_PATH } from '../../shared/constants.js';
import type { ValidOrderBody } from '../../shared/order-schema.js';
import { AppError, DomainError } from '../errors.js';
import type { Staging } from '../files/file-store.js';
import type { Database } from '../storage/schema.js';
import { uploadIdOfUrl } from './upload-routes.js';
import { findUploads, uploadTaken } from './upload-rows.js';
import { secretMatches } from './upload-secret.js';
import type { UploadStore } from './upload-store.js';

/**
 * Stages each finished upload the order names: kept with its digest, it is linked on this
 * disk or copied inside the bucket; otherwise copied (hashed, sized, flushed like any file).
 * 422 for a URL that is not ours, an unknown or unfinished upload, 409 for one another order took.
 */
export async function stageUploads(
  deps: { db: Kysely<Database>; store: UploadStore | undefined },
  named: ValidOrderBody['uploads'],
  staging: Staging,
  origins: readonly string[],
): Promise<string[]> {
  if (named.length === 0) return [];
  const { db, store } = deps;
  const ids = named.map((u, i) => {
    const id = uploadIdOfUrl(u.url, origins);
    if (!id) {
      throw new DomainError(
        'invalid',
        'invalid_upload_url',
        `uploads.${i}: "${u.url.slice(0, 200)}" is not the address of an upload on this server (${UPLOAD_PATH}/…).`,
        [`uploads.${i}.url`],
        {
          messageFr: `uploads.${i}\u202f: «\u00a0${u.url.slice(0, 200)}\u00a0» n’est pas l’adresse d’un téléversement de ce serveur (${UPLOAD_PATH}/…).`,
        },
      );
    }
    return id;
  });
  const repeated = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (repeated >= 0) {
    throw new DomainError(
      'invalid',
      'duplicate_upload',
      `uploads.${repeated} names the same upload twice.`,
      [`uploads.${repeated}.url`],
      { messageFr: `uploads.${repeated} nomme deux fois le même téléversement.` },
    );
  }
  if (!store)
    throw new AppError(503, 'unavailable', 'Resumable uploads are not available on this server.', undefined, {
      messageFr: 'Les téléversements avec reprise ne sont pas offerts sur ce serveur.',
    });
  const rows = await findUploads(db, ids);
  for (const [i, u] of named.entries()) {
    const id = ids[i]!;
    const row = rows.get(id);
    const described = row ? await store.describe(id) : null;
    const label = `uploads.${i} ("${(u.name || 'unnamed').slice(0, 200)}")`;
    const labelFr = `uploads.${i} («\u00a0${(u.name || 'sans nom').slice(0, 200)}\u00a0»)`;
    if (row?.orderId) throw uploadTaken([`uploads.${i}.url`]);
    // Without its secret, an upload is one this server does not have (uploads/upload-secret.ts).
    if (!row || !described || !secretMatches(row.secretHash, u.secret)) {
      throw new DomainError(
        'invalid',
        'unknown_upload',
        `${label} names an upload this server does not have (it may have expired). Please choose the file again.`,
        [`uploads.${i}.url`],
        {
          messageFr: `${labelFr} nomme un téléversement que ce serveur n’a pas (il a peut-être expiré). Veuillez choisir le fichier de nouveau.`,
        },
      );
    }
    if (described.size === undefined || described.offset !== described.size) {
      throw new DomainError(
        'invalid',
        'upload_incomplete',
        `${label} is not finished: ${described.offset} of ${described.size ?? '?'} bytes received. Send the order once it has finished.`,
        [`uploads.${i}.url`],
        {
          messageFr: `${labelFr} n’est pas terminé\u202f: ${described.offset} octets reçus sur ${described.size ?? '?'}. Envoyez la commande une fois qu’il est terminé.`,
        },
      );
    }
    const meta = described.metadata;
    const name = u.name || meta.filename || `upload-${i + 1}`;
    const type = u.type || meta.filetype || 'application/octet-stream';
    // Kept with its digest: linked on this disk, or copied inside the bucket; never through
    // this server (uploads/upload-store.ts, `finished`).
    const kept = await store.finished(id);
    if (kept?.size === described.size) {
      const taken =
        'path' in kept
          ? await staging.linkFile(kept.path, name, type, kept)
          : await staging.takeObject(kept.objectKey, name, type, kept);
      if (taken) continue;
    }
    const staged = await staging.writeStream(await store.read(id), name, type);
    if (staged.size !== described.size) {
      throw new AppError(
        503,
        'unavailable',
        `${label} could not be read whole from the upload store. Nothing was saved; please try again in a few minutes.`,
        undefined,
        {
          messageFr: `${labelFr} n’a pas pu être lu en entier dans le stockage des téléversements. Rien n’a été enregistré\u202f; veuillez réessayer dans quelques minutes.`,
        },
      );
    }
  }
  return ids;
}

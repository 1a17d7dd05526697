// Resumable uploads: the public face (other folders import this file only), and the upload
// store the configuration asks for: a folder under DATA_DIR, or the bucket of
// FILES_URL (under <prefix>/uploads/) so that any process can take the next PATCH.
import type { Config } from '../config.js';
import { LocalUploadStore } from './local-upload-store.js';
import { createS3UploadStore } from './s3-upload-store.js';
import type { UploadStore } from './upload-store.js';

export type { UploadStore } from './upload-store.js';
export { sweepUploads } from './sweep.js';
export { guardOptionsOf, UploadGuard } from './upload-guard.js';
export { uploadIdOfUrl, uploadRoutes } from './upload-routes.js';
export { adoptUploads, findUploads, markUploadRemoved, uploadTaken } from './upload-rows.js';
export { secretMatches } from './upload-secret.js';

export async function createUploadStore(config: Config): Promise<UploadStore> {
  if (config.filesLocation.kind === 's3') {
    // Expiry is the sweep's job (uploads table, UPLOAD_EXPIRY_HOURS), as on disk.
    return createS3UploadStore({ location: config.filesLocation });
  }
  return LocalUploadStore.open(config.dataDir);
}
export { stageUploads } from './stage-uploads.js';

// One file's resumable upload with tus-js-client (background-uploads.ts holds the list and the
// statuses): a chunk of its own with tus-js-client, loaded with the form's first file.
import { Upload } from 'tus-js-client';
import type { FileEntry } from './order-state.js';
import { fingerprintOf, secretKeyOf } from './upload-keys.js';

/** Growing delays between automatic retries of a dropped connection (ms). */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];

const SECRET_HEADER = 'Upload-Secret';

function storedSecret(entryId: string): string | null {
  try {
    return localStorage.getItem(secretKeyOf(entryId));
  } catch {
    return null;
  }
}

function storeSecret(entryId: string, secret: string): void {
  try {
    localStorage.setItem(secretKeyOf(entryId), secret);
  } catch {
    // Without storage the upload cannot be resumed after a reload anyway.
  }
}

interface Hooks {
  /** The upload's secret, once its creation has answered one (or a resumed upload had it). */
  secret: () => string | null;
  setSecret: (secret: string) => void;
  onProgress: (sent: number, total: number) => void;
  onSuccess: (url: string | null) => void;
  onError: () => void;
}

/** The file's upload, made ready to start: resumed from where it stopped when this browser kept its URL and secret. */
export async function prepareUpload(entry: FileEntry, endpoint: string, apiKey: string, hooks: Hooks): Promise<Upload> {
  const upload = new Upload(entry.file, {
    endpoint,
    retryDelays: RETRY_DELAYS,
    headers: { apikey: apiKey, authorization: `Bearer ${apiKey}` },
    metadata: { filename: entry.file.name, filetype: entry.file.type || 'application/octet-stream' },
    fingerprint: () => Promise.resolve(fingerprintOf(entry.id)),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: false,
    // Created empty, then sent by PATCH: the upload URL is known (and kept) before the first
    // byte, so a cut or a reload during the first request can resume instead of starting over.
    uploadDataDuringCreation: false,
    // The creation answers the upload's secret; every later request for it carries it.
    onBeforeRequest: (req) => {
      const secret = hooks.secret();
      if (req.getMethod() !== 'POST' && secret) req.setHeader(SECRET_HEADER, secret);
    },
    onAfterResponse: (req, res) => {
      const secret = req.getMethod() === 'POST' ? res.getHeader(SECRET_HEADER) : undefined;
      if (secret) {
        hooks.setSecret(secret);
        storeSecret(entry.id, secret);
      }
    },
    onProgress: hooks.onProgress,
    onSuccess: () => hooks.onSuccess(upload.url),
    onError: hooks.onError,
  });
  try {
    const previous = await upload.findPreviousUploads();
    const secret = storedSecret(entry.id);
    // An upload is resumed with the secret it was given; one without it starts anew.
    if (previous[0] && secret) {
      hooks.setSecret(secret);
      upload.resumeFromPreviousUpload(previous[0]);
    }
  } catch {
    // No stored URL: a new upload.
  }
  return upload;
}

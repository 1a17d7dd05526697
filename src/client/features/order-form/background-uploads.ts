// Each chosen file starts uploading at once, in the background, to the server's resumable
// upload endpoint (tus 1.0, docs/architecture.md), so that "Submit Order" only has to name the
// finished uploads. tus-js-client and tus-upload.ts are loaded on the first file, never with the page.
// An upload is keyed by its file's entry id, which the draft keeps: after a reload the same
// entry finds its upload URL again (tus-js-client's URL storage) and resumes it, or reuses it
// when it had finished, so no byte is sent twice. The secret the upload's creation answers
// (Upload-Secret) is kept beside that URL and sent with every later request for the upload and
// in the order that names it: the upload is this page's, not anyone's who sees its address.
import type { Upload } from 'tus-js-client';
import { UPLOAD_PATH } from '../../../shared/constants.js';
import type { FileEntry } from './order-state.js';
import { fingerprintOf, secretKeyOf } from './upload-keys.js';

type UploadPhase = 'uploading' | 'done' | 'paused' | 'failed';

interface UploadStatus {
  phase: UploadPhase;
  sent: number;
  total: number;
}

interface Tracked {
  entry: FileEntry;
  upload: Upload | null;
  status: UploadStatus;
  /** The upload URL once the upload has finished. */
  url: string | null;
  /** The secret the upload's creation answered (kept in localStorage to resume after a reload). */
  secret: string | null;
}

/** Drops the upload URL tus-js-client keeps for a file, and its secret, so that it is not resumed or reused. */
function forgetStoredUrl(entryId: string): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(`tus::${fingerprintOf(entryId)}::`)) localStorage.removeItem(key);
    }
    localStorage.removeItem(secretKeyOf(entryId));
  } catch {
    // Storage may be unavailable (private mode): nothing was kept then.
  }
}

type Listener = (entry: FileEntry, status: UploadStatus) => void;

export class BackgroundUploads {
  private readonly tracked = new Map<string, Tracked>();
  private readonly subscribers = new Set<() => void>();
  private readonly phaseListeners = new Set<Listener>();
  private tus: Promise<(typeof import('./tus-upload.js'))['prepareUpload']> | null = null;
  private readonly endpoint: string;

  constructor(
    functionsUrl: string,
    private readonly apiKey: string,
  ) {
    this.endpoint = new URL(UPLOAD_PATH, new URL(functionsUrl, window.location.href)).href;
  }

  /** Pauses with the connection and resumes when it is back; returns the way to stop listening. */
  listenToConnection(): () => void {
    const offline = () => {
      for (const t of this.tracked.values()) {
        if (t.status.phase === 'uploading' && t.upload) {
          void t.upload.abort();
          this.set(t, { ...t.status, phase: 'paused' });
        }
      }
    };
    const online = () => {
      for (const t of this.tracked.values()) {
        if (t.status.phase === 'paused' && t.upload) {
          this.set(t, { ...t.status, phase: 'uploading' });
          t.upload.start();
        }
      }
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }

  readonly subscribe = (callback: () => void) => {
    this.subscribers.add(callback);
    return () => void this.subscribers.delete(callback);
  };

  /** Called when an upload finishes, pauses or fails (the page announces it). */
  onPhase(listener: Listener): () => void {
    this.phaseListeners.add(listener);
    return () => void this.phaseListeners.delete(listener);
  }

  statusOf(entryId: string): UploadStatus | null {
    return this.tracked.get(entryId)?.status ?? null;
  }

  /** The secret of an upload (sent with the order that names it), or undefined. */
  secretOf(entryId: string): string | undefined {
    return this.tracked.get(entryId)?.secret ?? undefined;
  }

  /** The URL of a finished upload, or null. */
  finishedUrl(entryId: string): string | null {
    const t = this.tracked.get(entryId);
    return t?.status.phase === 'done' ? t.url : null;
  }

  /** Starts uploads for new files and cancels (terminates) those of files no longer in the form. */
  sync(entries: FileEntry[]): void {
    const wanted = new Map(entries.map((e) => [e.id, e]));
    for (const [id, t] of this.tracked) {
      if (!wanted.has(id) || wanted.get(id)!.file !== t.entry.file) {
        this.tracked.delete(id);
        if (t.upload) void t.upload.abort(true).catch(() => {});
        this.changed();
      }
    }
    for (const entry of entries) if (!this.tracked.has(entry.id)) void this.start(entry);
  }

  /** Tries a failed upload again, from where the server says it stopped. */
  retry(entryId: string): void {
    const t = this.tracked.get(entryId);
    if (!t || t.status.phase !== 'failed') return;
    this.set(t, { ...t.status, phase: 'uploading' });
    if (t.upload) t.upload.start();
    else {
      this.tracked.delete(entryId);
      void this.start(t.entry);
    }
  }

  /** An order adopted these uploads: stop tracking them without cancelling them on the server. */
  forget(entryIds: string[]): void {
    for (const id of entryIds) {
      const t = this.tracked.get(id);
      this.tracked.delete(id);
      forgetStoredUrl(id);
      if (t) this.changed();
    }
  }

  /**
   * The server no longer has these finished uploads (they expired while the page stayed open):
   * send the files again from the copies the form holds, as new uploads.
   */
  restart(entryIds: string[]): void {
    for (const id of entryIds) {
      const t = this.tracked.get(id);
      // Only a finished upload can have been refused; a file replaced meanwhile is uploading anew.
      if (t?.status.phase !== 'done') continue;
      this.tracked.delete(id);
      forgetStoredUrl(id);
      void this.start(t.entry);
    }
  }

  private async start(entry: FileEntry): Promise<void> {
    const t: Tracked = {
      entry,
      upload: null,
      status: { phase: 'uploading', sent: 0, total: entry.file.size },
      url: null,
      secret: null,
    };
    this.tracked.set(entry.id, t);
    this.changed();
    const current = () => this.tracked.get(entry.id) === t;
    let prepareUpload: (typeof import('./tus-upload.js'))['prepareUpload'];
    try {
      prepareUpload = await (this.tus ??= import('./tus-upload.js').then((m) => m.prepareUpload));
    } catch {
      this.tus = null;
      if (current()) this.set(t, { ...t.status, phase: 'failed' });
      return;
    }
    if (!current()) return;
    const upload = await prepareUpload(entry, this.endpoint, this.apiKey, {
      secret: () => t.secret,
      setSecret: (secret) => {
        t.secret = secret;
      },
      onProgress: (sent, total) => {
        if (current() && t.status.phase === 'uploading') this.set(t, { phase: 'uploading', sent, total });
      },
      onSuccess: (url) => {
        if (!current()) return;
        t.url = url;
        this.set(t, { phase: 'done', sent: entry.file.size, total: entry.file.size });
      },
      onError: () => {
        if (!current()) return;
        this.set(t, { ...t.status, phase: navigator.onLine ? 'failed' : 'paused' });
      },
    });
    t.upload = upload;
    if (!current()) return;
    if (!navigator.onLine) this.set(t, { ...t.status, phase: 'paused' });
    else upload.start();
  }

  private set(t: Tracked, status: UploadStatus): void {
    const phaseChanged = status.phase !== t.status.phase;
    t.status = status;
    this.changed();
    if (phaseChanged && status.phase !== 'uploading') for (const l of this.phaseListeners) l(t.entry, status);
  }

  private changed(): void {
    for (const s of [...this.subscribers]) s();
  }
}

// Where resumable (tus) uploads live until an order adopts them: a local folder by default, an
// S3 prefix when FILES_URL is s3://. The tus protocol is served by @tus/server over `datastore`;
// everything else (which upload belongs to whom, expiry, budgets) is kept in the database, so
// it is the same on both backends.
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

export interface FinishedUpload {
  /** Bytes received so far; equal to `size` when the upload is complete. */
  offset: number;
  /** The length declared at creation (Upload-Length); undefined while deferred. */
  size: number | undefined;
  /** The Upload-Metadata sent at creation (filename, filetype…), decoded. */
  metadata: Record<string, string | null>;
}

/**
 * A complete upload with the SHA-256 of its bytes, taken as they arrived: a file on this machine
 * (adopted by a hard link) or an object in the file store's bucket (adopted by a copy inside it).
 */
export type AdoptableUpload = { size: number; sha256: string } & ({ path: string } | { objectKey: string });

export interface UploadStore {
  /** Given to @tus/server: creation, PATCH, HEAD, termination. */
  readonly datastore: DataStore;
  /** An upload's state, or null when there is no such upload. */
  describe(id: string): Promise<FinishedUpload | null>;
  /** A complete upload's bytes, from the first. */
  read(id: string): Promise<Readable>;
  /**
   * A complete upload as it is kept, with its SHA-256: an order adopts it without copying a
   * byte through this server. Null when the store cannot (a local upload whose digest is not
   * there): the order copies it instead.
   */
  finished(id: string): Promise<AdoptableUpload | null>;
  /** Removes an upload and what the datastore keeps beside it; no error when it is gone. */
  remove(id: string): Promise<void>;
  /** The store can take uploads now (for the health check): throws when it cannot. */
  check(): Promise<void>;
}

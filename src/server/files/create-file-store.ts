// The file store the configuration asks for: DATA_DIR/files, or an S3 bucket when FILES_URL is
// s3://bucket/prefix (docs/architecture.md, the file store's two backends).
import type { Config } from '../config.js';
import { LocalFileStore, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';

export function createFileStore(config: Pick<Config, 'dataDir' | 'MIN_FREE_DISK_BYTES' | 'filesLocation'>): FileStore {
  const location = config.filesLocation;
  return location.kind === 's3'
    ? new S3FileStore(config.dataDir, config.MIN_FREE_DISK_BYTES, location)
    : new LocalFileStore(config.dataDir, config.MIN_FREE_DISK_BYTES);
}

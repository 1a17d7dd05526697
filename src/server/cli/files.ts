// `npm run files -- copy-to-s3`: copies DATA_DIR/files to the bucket of FILES_URL, checking
// every object's size and SHA-256 against the database; run it again to finish an interrupted
// copy (what is there already is skipped). docs/operations.md, moving existing files from disk to S3.
import { loadConfig } from '../config.js';
import { copyFilesToS3 } from '../files/copy-to-s3.js';
import { LocalFileStore } from '../files/file-store.js';
import { S3FileStore } from '../files/s3-file-store.js';
import { openDatabase } from '../storage/db.js';
import { formatBytes } from '../../shared/order-presentation.js';
import { runTool, type CliTool } from './args.js';

const FILES = {
  name: 'npm run files',
  commands: {
    'copy-to-s3': {
      help: [
        "copy every order's files from DATA_DIR/files to the bucket of FILES_URL",
        "checking each one's size and SHA-256; safe to run again",
      ],
    },
  },
  notes: ['FILES_URL=s3://bucket/prefix and the AWS_* variables name the bucket.'],
} as const satisfies CliTool;

// One command: nothing to read from its invocation.
async function main(): Promise<number> {
  const config = loadConfig();
  const location = config.filesLocation;
  if (location.kind !== 's3') {
    console.error('Set FILES_URL=s3://bucket/prefix (and the AWS_* variables) to the bucket to copy the files to.');
    return 64;
  }
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    const from = new LocalFileStore(config.dataDir);
    const to = new S3FileStore(config.dataDir, 0, location);
    console.log(`Copying ${from.filesRoot} to ${config.FILES_URL}`);
    const r = await copyFilesToS3({ db, from, to, print: (line) => console.log(line) });
    console.log(
      `Copied ${r.copied} files (${formatBytes(r.copiedBytes)}) and ${r.thumbnails} thumbnails; ${r.skipped} already in the bucket; ${r.failed} failed.`,
    );
    if (r.failed > 0) {
      console.error('Some files were not copied (see above): keep FILES_URL empty until they are.');
      return 1;
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

runTool(FILES, main);

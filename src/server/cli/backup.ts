// `npm run backup -- FILE` and `npm run restore -- FILE` (docs/operations.md, Backing up): the whole shop in one
// ZIP with a manifest of SHA-256, taken while orders arrive; and that ZIP into an empty data folder
// (and database), every entry checked. One tool; the npm scripts name its command.
import { loadConfig } from '../config.js';
import { backup, BackupRefused } from '../backup/backup.js';
import { restore, RestoreRefused } from '../backup/restore.js';
import { backupKey } from '../backup/signature.js';
import { runTool, type CliTool } from './args.js';

const BACKUP = {
  name: 'npm run backup / restore',
  commands: {
    create: {
      args: ['FILE'],
      help: [
        'write the database, the files and a manifest of their SHA-256 to FILE (a ZIP)',
        'safe while the server runs',
      ],
    },
    restore: {
      args: ['FILE'],
      options: {
        'accept-unsigned': {
          type: 'boolean',
          help: 'take an archive without a signature, or restore without BACKUP_KEY (said, never silent)',
        },
      },
      help: [
        'put the backup FILE into an empty DATA_DIR (and empty DATABASE_URL), checking every SHA-256',
        'and, with BACKUP_KEY, the manifest’s signature: a bad one is always refused',
      ],
    },
  },
  notes: [
    '`npm run backup -- FILE` runs create; `npm run restore -- FILE` runs restore.',
    'DATA_DIR, DATABASE_URL and FILES_URL name the shop, as for the server.',
    'BACKUP_KEY (or BACKUP_KEY_FILE, a file holding it): at least 32 characters, kept apart from the',
    'archives (`openssl rand -hex 32`); create signs the manifest with it, restore verifies.',
  ],
} as const satisfies CliTool;

runTool(
  BACKUP,
  async (cli) => {
    const config = loadConfig();
    const key = backupKey();
    const [file] = cli.args;
    if (cli.command === 'create') await backup(config, file, (line) => console.log(line), key);
    else
      await restore(config, file, (line) => console.log(line), {
        key,
        acceptUnsigned: cli.options['accept-unsigned'] === true,
      });
    return 0;
  },
  [RestoreRefused, BackupRefused],
);

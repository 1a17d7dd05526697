// `npm run backup -- FILE` and `npm run restore -- FILE` (docs/operations.md, Backing up): the whole shop in one
// ZIP with a manifest of SHA-256, taken while orders arrive; and that ZIP into an empty data folder
// (and database), every entry checked. One tool; the npm scripts name its command.
import { loadConfig } from '../config.js';
import { backup, BackupRefused } from '../backup/backup.js';
import { restore, RestoreRefused } from '../backup/restore.js';
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
      help: ['put the backup FILE into an empty DATA_DIR (and empty DATABASE_URL), checking every SHA-256'],
    },
  },
  notes: [
    '`npm run backup -- FILE` runs create; `npm run restore -- FILE` runs restore.',
    'DATA_DIR, DATABASE_URL and FILES_URL name the shop, as for the server.',
  ],
} as const satisfies CliTool;

runTool(
  BACKUP,
  async (cli) => {
    const config = loadConfig();
    const [file] = cli.args;
    if (cli.command === 'create') await backup(config, file, (line) => console.log(line));
    else await restore(config, file, (line) => console.log(line));
    return 0;
  },
  [RestoreRefused, BackupRefused],
);

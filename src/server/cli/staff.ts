// `npm run staff -- add EMAIL [--lang en|fr] [--role owner|staff] [--name NAME] | list | remove EMAIL |
// reset-password EMAIL | set-role EMAIL owner|staff`
// Staff accounts are made here, never by a default password. The password is prompted
// (hidden) on a terminal, or read from STAFF_PASSWORD, or from the first line of stdin.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import {
  addStaff,
  listStaff,
  removeStaff,
  setPassword,
  setStaffRole,
  StaffError,
  MIN_PASSWORD_LENGTH,
} from '../staff/index.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../storage/db.js';
import { runTool, type CliTool, type Invocation } from './args.js';

const STAFF = {
  name: 'npm run staff',
  commands: {
    add: {
      args: ['EMAIL'],
      options: {
        lang: { type: 'string', value: 'en|fr', help: "their inbox language (else their browser's)" },
        role: { type: 'string', value: 'owner|staff', help: 'owner lets them publish prices and delete orders' },
        name: { type: 'string', value: 'NAME', help: 'the name they sign messages with ("Marie"); else their email' },
      },
      help: [
        'create a staff account (password prompted, or STAFF_PASSWORD);',
        'the first account made is an owner, later ones are staff',
      ],
    },
    list: { help: 'list staff accounts' },
    remove: { args: ['EMAIL'], help: 'delete an account and its sessions' },
    'reset-password': { args: ['EMAIL'], help: "set a new password and end the account's sessions" },
    'set-role': { args: ['EMAIL', 'ROLE'], help: 'make an account an owner or staff (ROLE: owner or staff)' },
  },
  notes: ['STAFF_PASSWORD, when set, is the password; else it is asked for on a terminal, or read from stdin.'],
} as const satisfies CliTool;

async function readPassword(prompt: string): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (!process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  // On a terminal: ask twice, echo nothing.
  const ask = async (question: string) => {
    let muted = false;
    const output = new Writable({
      write(chunk: Buffer, _enc, cb) {
        if (!muted) process.stdout.write(chunk);
        cb();
      },
    });
    const rl = readline.createInterface({ input: process.stdin, output, terminal: true });
    const answer = new Promise<string>((resolve) => rl.question(question, resolve));
    muted = true;
    const value = await answer;
    rl.close();
    process.stdout.write('\n');
    return value;
  };
  const first = await ask(prompt);
  const second = await ask('Repeat the password: ');
  if (first !== second) throw new StaffError('The two passwords differ.');
  return first;
}

async function main(cli: Invocation<typeof STAFF>): Promise<number> {
  const config = loadConfig();
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    switch (cli.command) {
      case 'add': {
        const [email] = cli.args;
        const given = await addStaff(
          db,
          email,
          await readPassword(`Password for ${email} (at least ${MIN_PASSWORD_LENGTH} characters): `),
          cli.options.lang,
          cli.options.role,
          cli.options.name,
        );
        const as = given === 'owner' ? ' as an owner' : '';
        console.log(`Added ${email.trim().toLowerCase()}${as}. They can sign in at ${config.publicUrl}/inbox`);
        break;
      }
      case 'set-role': {
        const [email, role] = cli.args;
        await setStaffRole(db, email, role);
        console.log(`${email.trim().toLowerCase()} is now ${role === 'owner' ? 'an owner' : 'staff'}.`);
        break;
      }
      case 'reset-password': {
        const [email] = cli.args;
        await setPassword(db, email, await readPassword(`New password for ${email}: `));
        console.log(`Password changed for ${email.trim().toLowerCase()}; their sessions were ended.`);
        break;
      }
      case 'remove': {
        const [email] = cli.args;
        await removeStaff(db, email);
        console.log(`Removed ${email.trim().toLowerCase()}.`);
        break;
      }
      case 'list': {
        const staff = await listStaff(db);
        if (staff.length === 0) console.log('No staff accounts yet. Add one with: npm run staff -- add EMAIL');
        const inbox: Record<string, string> = { en: ', inbox in English', fr: ', inbox in French' };
        for (const s of staff) {
          const owner = s.role === 'owner' ? ', owner' : '';
          const signs = s.display_name ? `, signs as ${s.display_name}` : '';
          console.log(
            `${s.email}\t(added ${s.created_at.slice(0, 10)}${owner}${inbox[s.language ?? ''] ?? ''}${signs})`,
          );
        }
        break;
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

runTool(STAFF, main, [StaffError]);

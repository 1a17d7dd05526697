// `npm run staff -- add EMAIL [--lang en|fr] [--role owner|staff] | list | remove EMAIL |
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
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../storage/db.js';

const USAGE = `Usage: npm run staff -- <command>
  add EMAIL [--lang fr] [--role owner]
                         create a staff account (password prompted, or STAFF_PASSWORD);
                         --lang sets their inbox language (en or fr; else their browser's);
                         --role owner lets them publish prices and delete orders (the
                         first account made is an owner; later ones are staff)
  list                   list staff accounts
  remove EMAIL           delete an account and its sessions
  reset-password EMAIL   set a new password and end the account's sessions
  set-role EMAIL ROLE    make an account an owner or staff`;

/** Takes "--name value" or "--name=value" out of args; undefined when absent, '' when it has no value. */
function takeOption(args: string[], name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const inline = args[at]!.includes('=');
  const value = inline ? args[at]!.slice(name.length + 3) : (args[at + 1] ?? '');
  args.splice(at, inline ? 1 : 2);
  return value;
}

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

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // --lang fr and --role owner (or --lang=fr, --role=owner), for add only.
  const language = takeOption(args, 'lang');
  const role = takeOption(args, 'role');
  const [command, email, ...rest] = args;
  const roleToSet = command === 'set-role' ? rest.shift() : undefined;
  if (
    !command ||
    !['add', 'list', 'remove', 'reset-password', 'set-role'].includes(command) ||
    (command !== 'list' && !email) ||
    (command === 'set-role' && !roleToSet) ||
    rest.length > 0 ||
    (language !== undefined && (command !== 'add' || !language)) ||
    (role !== undefined && (command !== 'add' || !role))
  ) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    switch (command) {
      case 'add': {
        const given = await addStaff(
          db,
          email!,
          await readPassword(`Password for ${email} (at least ${MIN_PASSWORD_LENGTH} characters): `),
          language,
          role,
        );
        const as = given === 'owner' ? ' as an owner' : '';
        console.log(`Added ${email!.trim().toLowerCase()}${as}. They can sign in at ${config.publicUrl}/inbox`);
        break;
      }
      case 'set-role':
        await setStaffRole(db, email!, roleToSet!);
        console.log(`${email!.trim().toLowerCase()} is now ${roleToSet === 'owner' ? 'an owner' : 'staff'}.`);
        break;
      case 'reset-password':
        await setPassword(db, email!, await readPassword(`New password for ${email}: `));
        console.log(`Password changed for ${email!.trim().toLowerCase()}; their sessions were ended.`);
        break;
      case 'remove':
        await removeStaff(db, email!);
        console.log(`Removed ${email!.trim().toLowerCase()}.`);
        break;
      case 'list': {
        const staff = await listStaff(db);
        if (staff.length === 0) console.log('No staff accounts yet. Add one with: npm run staff -- add EMAIL');
        const inbox: Record<string, string> = { en: ', inbox in English', fr: ', inbox in French' };
        for (const s of staff) {
          const owner = s.role === 'owner' ? ', owner' : '';
          console.log(`${s.email}\t(added ${s.created_at.slice(0, 10)}${owner}${inbox[s.language ?? ''] ?? ''})`);
        }
        break;
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(
      err instanceof StaffError || err instanceof ConfigError ? err.message : `Failed: ${(err as Error).message}`,
    );
    process.exit(1);
  },
);

// `npm run staff -- add EMAIL [--lang en|fr] | list | remove EMAIL | reset-password EMAIL`
// Staff accounts are made here, never by a default password. The password is prompted
// (hidden) on a terminal, or read from STAFF_PASSWORD, or from the first line of stdin.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { addStaff, listStaff, removeStaff, setPassword, StaffError } from '../auth/staff.js';
import { MIN_PASSWORD_LENGTH } from '../auth/passwords.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../storage/db.js';

const USAGE = `Usage: npm run staff -- <command>
  add EMAIL [--lang fr]  create a staff account (password prompted, or STAFF_PASSWORD);
                         --lang sets their inbox language (en or fr; else their browser's)
  list                   list staff accounts
  remove EMAIL           delete an account and its sessions
  reset-password EMAIL   set a new password and end the account's sessions`;

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
  // --lang fr or --lang=fr, for add only.
  const langAt = args.findIndex((a) => a === '--lang' || a.startsWith('--lang='));
  const language = langAt < 0 ? undefined : args[langAt]!.includes('=') ? args[langAt]!.slice(7) : args[langAt + 1];
  if (langAt >= 0) args.splice(langAt, args[langAt]!.includes('=') ? 1 : 2);
  const [command, email, ...rest] = args;
  if (
    !command ||
    !['add', 'list', 'remove', 'reset-password'].includes(command) ||
    (command !== 'list' && !email) ||
    rest.length > 0 ||
    (langAt >= 0 && (command !== 'add' || !language))
  ) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    switch (command) {
      case 'add':
        await addStaff(
          db,
          email!,
          await readPassword(`Password for ${email} (at least ${MIN_PASSWORD_LENGTH} characters): `),
          language,
        );
        console.log(`Added ${email!.trim().toLowerCase()}. They can sign in at ${config.publicUrl}/inbox`);
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
          console.log(`${s.email}\t(added ${s.created_at.slice(0, 10)}${inbox[s.language ?? ''] ?? ''})`);
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

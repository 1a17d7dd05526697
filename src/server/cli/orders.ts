// `npm run orders -- export REFERENCE [FILE.zip] | delete REFERENCE [--yes]`
// Access and deletion requests (PIPEDA) from the command line: the same ZIP the inbox offers,
// and deletion everywhere the order lives. Deleting asks the operator to type the reference
// (on a terminal, or as the first line of stdin) unless --yes is given.
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { loadConfig } from '../config.js';
import { DomainError } from '../errors.js';
import { createFileStore } from '../files/create-file-store.js';
import { outboxDirOf } from '../mail/outbox.js';
import { deleteOrder, exportOrder, findOrderForRequest } from '../privacy/index.js';
import { openDatabase } from '../storage/db.js';
import { CliError, runTool, type CliTool, type Invocation } from './args.js';

const ORDERS = {
  name: 'npm run orders',
  commands: {
    export: {
      args: ['REFERENCE', '[FILE.zip]'],
      help: 'everything stored about an order, as one ZIP (default REFERENCE.zip)',
    },
    delete: {
      args: ['REFERENCE'],
      options: { yes: { type: 'boolean', help: 'without asking you to type the reference' } },
      help: 'delete an order, its files and its mail (asks you to type the reference)',
    },
  },
} as const satisfies CliTool;

export const CLI_ACTOR = 'cli';

async function readLine(prompt: string): Promise<string> {
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdin.isTTY ? process.stdout : undefined,
    terminal: process.stdin.isTTY === true,
  });
  try {
    if (process.stdin.isTTY) return await new Promise<string>((resolve) => rl.question(prompt, resolve));
    process.stdout.write(prompt);
    for await (const line of rl) return line;
    return '';
  } finally {
    rl.close();
  }
}

async function main(cli: Invocation<typeof ORDERS>): Promise<number> {
  const [reference] = cli.args;
  const config = loadConfig();
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  const files = createFileStore({ ...config, MIN_FREE_DISK_BYTES: 0 });
  try {
    const order = await findOrderForRequest(db, reference);
    if (cli.command === 'export') {
      const target = path.resolve(cli.args[1] ?? `${order.reference}.zip`);
      if (fs.existsSync(target)) throw new CliError(`${target} already exists; name another file.`);
      const partial = `${target}.partial`;
      try {
        const { stream } = await exportOrder(db, files, order.id);
        await pipeline(stream, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        fs.renameSync(partial, target);
      } catch (err) {
        fs.rmSync(partial, { force: true });
        throw err;
      }
      console.log(`Wrote the data of order ${order.reference} to ${target}`);
      return 0;
    }
    if (!cli.options.yes) {
      const typed = await readLine(
        `This deletes order ${order.reference}, its files and its mail, for good. Type ${order.reference} to confirm: `,
      );
      if (typed.trim().toUpperCase() !== order.reference) {
        console.error('Not deleted: the reference typed does not match.');
        return 1;
      }
    }
    const deleted = await deleteOrder(db, files, outboxDirOf(config.dataDir), order.id, CLI_ACTOR);
    console.log(deleted ? `Deleted order ${order.reference}.` : `Order ${order.reference} was already deleted.`);
    return 0;
  } finally {
    await db.destroy();
  }
}

runTool(ORDERS, main, [DomainError]);

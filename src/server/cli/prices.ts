// `npm run prices -- import FILE | export [FILE] [--version N] | list`
// The shop's price list from the command line (docs/prices.md): import checks a JSON document and
// publishes it as the next version, refused whole with every fault named; export writes the
// current version (or another) as JSON, to FILE or to the standard output.
import fs from 'node:fs/promises';
import os from 'node:os';
import { loadConfig } from '../config.js';
import { findPriceList, listPriceLists, PriceListRefused, publishPriceList } from '../prices/index.js';
import { openDatabase } from '../storage/db.js';
import { CliError, runTool, UsageError, type CliTool, type Invocation } from './args.js';

const PRICES = {
  name: 'npm run prices',
  commands: {
    import: { args: ['FILE'], help: 'check the JSON price list in FILE and publish it as the next version' },
    export: {
      args: ['[FILE]'],
      options: { version: { type: 'string', value: 'N', help: 'that version instead of the one in effect' } },
      help: 'write the current version (or version N) as JSON, to FILE or the screen',
    },
    list: { help: 'list the published versions' },
  },
} as const satisfies CliTool;

/** --version N, checked before anything is opened; undefined without it. */
function versionNumber(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const version = Number(text);
  if (!Number.isInteger(version) || version < 1)
    throw new UsageError(`--version takes a version number, not "${text}"`);
  return version;
}

async function main(cli: Invocation<typeof PRICES>): Promise<number> {
  const version = cli.command === 'export' ? versionNumber(cli.options.version) : undefined;
  const config = loadConfig();
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    switch (cli.command) {
      case 'import': {
        const [file] = cli.args;
        let document: unknown;
        try {
          document = JSON.parse(await fs.readFile(file, 'utf8'));
        } catch (err) {
          throw new CliError(`${file} is not a JSON file: ${(err as Error).message}`);
        }
        const by = `command line (${os.userInfo().username}@${os.hostname()})`;
        let published;
        try {
          published = await publishPriceList(db, document, by);
        } catch (err) {
          if (!(err instanceof PriceListRefused)) throw err;
          console.error(`The price list was not published; the current version is unchanged:`);
          for (const e of err.errors) console.error(`  ${e.message.en}`);
          return 1;
        }
        console.log(`Published ${file} as price list v${published.version}, in effect from ${published.effectiveAt}.`);
        return 0;
      }
      case 'export': {
        const [file] = cli.args;
        const versions = await listPriceLists(db);
        const wanted = version ?? versions[0]?.version;
        const found = wanted === undefined ? null : await findPriceList(db, wanted);
        if (!found) {
          throw new CliError(
            wanted === undefined ? 'No price list is published yet.' : `There is no price list v${wanted}.`,
          );
        }
        const text = `${JSON.stringify(found.priceList, null, 2)}\n`;
        if (file) {
          await fs.writeFile(file, text);
          console.log(`Wrote price list v${found.version} to ${file}.`);
        } else process.stdout.write(text);
        return 0;
      }
      case 'list': {
        const versions = await listPriceLists(db);
        if (versions.length === 0)
          console.log('No price list is published yet. Publish one with: npm run prices -- import FILE');
        for (const v of versions) console.log(`v${v.version}\t${v.effectiveAt}\t${v.publishedBy}`);
        return 0;
      }
    }
  } finally {
    await db.destroy();
  }
}

runTool(PRICES, main);

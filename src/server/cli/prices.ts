// `npm run prices -- import FILE | export [FILE] [--version N] | list`
// The shop's price list from the command line (docs/prices.md): import checks a JSON document and
// publishes it as the next version, refused whole with every fault named; export writes the
// current version (or another) as JSON, to FILE or to the standard output.
import fs from 'node:fs/promises';
import os from 'node:os';
import { ConfigError, loadConfig } from '../config.js';
import { findPriceList, listPriceLists, PriceListRefused, publishPriceList } from '../prices/index.js';
import { openDatabase } from '../storage/db.js';

const USAGE = `Usage: npm run prices -- <command>
  import FILE                  check the JSON price list in FILE and publish it as the next version
  export [FILE] [--version N]  write the current version (or version N) as JSON, to FILE or the screen
  list                         list the published versions`;

class UsageError extends Error {}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const versionAt = args.findIndex((a) => a === '--version' || a.startsWith('--version='));
  let version: number | undefined;
  if (versionAt >= 0) {
    const text = args[versionAt]!.includes('=') ? args[versionAt]!.slice(10) : args[versionAt + 1];
    args.splice(versionAt, args[versionAt]!.includes('=') ? 1 : 2);
    version = Number(text);
    if (!Number.isInteger(version) || version < 1)
      throw new UsageError(`--version takes a version number, not "${text ?? ''}".`);
  }
  const [command, file, ...rest] = args;
  if (
    !command ||
    !['import', 'export', 'list'].includes(command) ||
    (command === 'import' && !file) ||
    (command === 'list' && file) ||
    (version !== undefined && command !== 'export') ||
    rest.length > 0
  ) {
    console.error(USAGE);
    return 64;
  }
  const config = loadConfig();
  const { db } = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.DATABASE_URL });
  try {
    switch (command) {
      case 'import': {
        let document: unknown;
        try {
          document = JSON.parse(await fs.readFile(file!, 'utf8'));
        } catch (err) {
          throw new UsageError(`${file} is not a JSON file: ${(err as Error).message}`);
        }
        const by = `command line (${os.userInfo().username}@${os.hostname()})`;
        const published = await publishPriceList(db, document, by);
        console.log(`Published ${file} as price list v${published.version}, in effect from ${published.effectiveAt}.`);
        return 0;
      }
      case 'export': {
        const versions = await listPriceLists(db);
        const wanted = version ?? versions[0]?.version;
        const found = wanted === undefined ? null : await findPriceList(db, wanted);
        if (!found) {
          throw new UsageError(
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
    return 64;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof PriceListRefused) {
      console.error(`The price list was not published; the current version is unchanged:`);
      for (const e of err.errors) console.error(`  ${e.message.en}`);
    } else {
      console.error(
        err instanceof UsageError || err instanceof ConfigError ? err.message : `Failed: ${(err as Error).message}`,
      );
    }
    process.exit(1);
  },
);

// `npm run prices -- import FILE | export [FILE] | list`: publishing from the command line,
// refused whole with every fault named, and the published document written back out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { runCli } from '../../../tests/support/cli.js';

await builtServer();

const prices = (t: TestApp, args: string[]) =>
  runCli('prices', args, { env: { DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL } });

describe('npm run prices', () => {
  let t: TestApp;
  let dir = '';
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aof-prices-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports (publishing the next version), refuses a bad file whole, and exports what was published', async () => {
    const good = path.join(dir, 'prices.json');
    fs.writeFileSync(good, JSON.stringify(example));
    const none = await prices(t, ['export']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No price list is published yet.');

    const imported = await prices(t, ['import', good]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^Published .*prices\.json as price list v1, in effect from 20\d\d-/);

    const bad = path.join(dir, 'bad.json');
    const spoilt = structuredClone(example) as Record<string, any>;
    spoilt.methods.dtf.unitCents[1][3] = 10.5;
    spoilt.customerGoodsCents = -1;
    fs.writeFileSync(bad, JSON.stringify(spoilt));
    const refused = await prices(t, ['import', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The price list was not published; the current version is unchanged:');
    expect(refused.stderr).toContain('methods.dtf.unitCents[1][3]: must be a whole number of cents');
    expect(refused.stderr).toContain('customerGoodsCents: must not be negative');
    fs.writeFileSync(path.join(dir, 'not.json'), '{ nope');
    expect((await prices(t, ['import', path.join(dir, 'not.json')])).stderr).toContain('is not a JSON file');

    const out = path.join(dir, 'out.json');
    expect((await prices(t, ['export', out])).stdout).toContain('Wrote price list v1 to');
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual(example);
    const listed = await prices(t, ['list']);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
    expect(listed.stdout).toMatch(/^v1\t20\d\d-.*\tcommand line \(/);
    expect((await prices(t, ['export', '--version', '2'])).stderr).toContain('There is no price list v2.');
    expect(JSON.parse((await prices(t, ['export', '--version=1'])).stdout)).toEqual(example);
  }, 120_000);

  it('prints its help, and refuses a wrong command line saying what is wrong, then the usage, exit 2', async () => {
    const help = await prices(t, ['--help']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run prices -- <command>/);
    for (const line of [
      '  import FILE ',
      '  export [FILE] [--version N] ',
      '      --version N ',
      '  list ',
      '  -h, --help ',
    ]) {
      expect(help.stdout).toContain(line);
    }
    const wrong: [string[], string][] = [
      [['list', '--bogus'], 'unknown option --bogus'],
      [['list', '--version', '1'], 'unknown option --version for list'],
      [['import'], 'missing FILE for import'],
      [['export', '--version'], 'missing value for --version'],
      [['export', '--version', '0'], '--version takes a version number, not "0"'],
      [['export', '--version=1', '--version=2'], '--version given twice'],
      [['list', 'more'], 'unexpected argument "more" for list'],
      [['publish'], 'unknown command "publish"'],
    ];
    for (const [args, message] of wrong) {
      const r = await prices(t, args);
      expect(r, args.join(' ')).toEqual({
        code: 2,
        stdout: '',
        stderr: `npm run prices: ${message}\n\n${help.stdout}`,
      });
    }
  }, 120_000);
});

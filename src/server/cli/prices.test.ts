// `npm run prices -- import FILE | export [FILE] | list`: publishing from the command line,
// refused whole with every fault named, and the published document written back out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import example from '../../shared/prices/example-price-list.json' with { type: 'json' };
import { startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';

await builtServer();

// The built command, as `npm run prices` runs it (built first when the sources are newer).
const CLI = path.resolve(import.meta.dirname, '../../../dist/server/cli/prices.js');

function prices(t: TestApp, args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

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
    expect((await prices(t, ['import'])).code).toBe(64);
  }, 120_000);
});

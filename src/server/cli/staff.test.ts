// `npm run staff -- add EMAIL --lang fr --role owner`: the inbox language and the role set when
// the account is made, and set-role after.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';

await builtServer();

// The built command, as `npm run staff` runs it (built first when the sources are newer).
const CLI = path.resolve(import.meta.dirname, '../../../dist/server/cli/staff.js');
const PASSWORD = 'correct horse battery staple';

function staff(t: TestApp, args: string[], password = PASSWORD) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: {
        ...process.env,
        DATA_DIR: t.config.DATA_DIR,
        DATABASE_URL: t.config.DATABASE_URL,
        LOG_LEVEL: 'silent',
        STAFF_PASSWORD: password,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

// Each run starts the built CLI: about a second each on a busy machine.
describe('npm run staff -- add with --lang', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(async () => t?.close());

  const languageOf = async (email: string) => {
    const cookie = await signIn(t.app, email, PASSWORD);
    return (await t.app.inject({ url: '/api/session', headers: { cookie } })).json<{ language: unknown }>().language;
  };

  it('makes an account whose inbox is in French, or follows the browser without it', async () => {
    expect((await staff(t, ['add', 'commis@shop.ca', '--lang', 'fr'])).code).toBe(0);
    expect((await staff(t, ['add', '--lang=en', 'clerk@shop.ca'])).code).toBe(0);
    expect((await staff(t, ['add', 'other@shop.ca'])).code).toBe(0);
    expect(await languageOf('commis@shop.ca')).toBe('fr');
    expect(await languageOf('clerk@shop.ca')).toBe('en');
    expect(await languageOf('other@shop.ca')).toBeNull();
    const day = new Date().toISOString().slice(0, 10);
    expect((await staff(t, ['list'])).stdout).toBe(
      [
        `clerk@shop.ca\t(added ${day}, inbox in English)`,
        `commis@shop.ca\t(added ${day}, owner, inbox in French)`,
        `other@shop.ca\t(added ${day})`,
        '',
      ].join('\n'),
    );
  }, 120_000);

  it('refuses a language the inbox does not speak, and --lang without add', async () => {
    const es = await staff(t, ['add', 'es@shop.ca', '--lang', 'es']);
    expect(es.code).toBe(1);
    expect(es.stderr).toContain('The inbox speaks en or fr, not "es".');
    expect((await staff(t, ['add', 'none@shop.ca', '--lang'])).code).toBe(64);
    expect((await staff(t, ['list', '--lang', 'fr'])).code).toBe(64);
    expect((await staff(t, ['list'])).stdout).not.toContain('es@shop.ca');
  }, 120_000);

  it('refuses a password that is easy to guess, saying why, and makes no account', async () => {
    const repeated = await staff(t, ['add', 'weak@shop.ca'], 'aaaaaaaaaaaa');
    expect(repeated.code).toBe(1);
    expect(repeated.stderr).toContain('This password is too easy to guess: Repeated characters like "aaa"');
    const common = await staff(t, ['add', 'weak@shop.ca'], 'password1234');
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('similar to a commonly used password');
    expect((await staff(t, ['list'])).stdout).not.toContain('weak@shop.ca');
  }, 120_000);

  it('gives roles: the first account is the owner, --role owner makes another, set-role changes one', async () => {
    const roleOf = async (email: string) => {
      const cookie = await signIn(t.app, email, PASSWORD);
      return (await t.app.inject({ url: '/api/session', headers: { cookie } })).json<{ role: unknown }>().role;
    };
    // commis@ was made first (the test above): the owner; the others are staff.
    expect(await roleOf('commis@shop.ca')).toBe('owner');
    expect(await roleOf('clerk@shop.ca')).toBe('staff');
    const boss = await staff(t, ['add', 'boss@shop.ca', '--role', 'owner']);
    expect(boss.stdout).toContain('Added boss@shop.ca as an owner.');
    expect(await roleOf('boss@shop.ca')).toBe('owner');
    expect((await staff(t, ['add', 'x@shop.ca', '--role', 'admin'])).stderr).toContain(
      'A role is owner or staff, not "admin".',
    );
    expect((await staff(t, ['set-role', 'clerk@shop.ca', 'owner'])).code).toBe(0);
    expect(await roleOf('clerk@shop.ca')).toBe('owner');
    for (const email of ['boss@shop.ca', 'clerk@shop.ca']) {
      expect((await staff(t, ['set-role', email, 'staff'])).code).toBe(0);
    }
    // The last owner stays one.
    const last = await staff(t, ['set-role', 'commis@shop.ca', 'staff']);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('commis@shop.ca is the only owner: make another account an owner first.');
    expect(await roleOf('commis@shop.ca')).toBe('owner');
  }, 120_000);
});

// `npm run staff -- add EMAIL --lang fr --role owner`: the inbox language and the role set when
// the account is made, and set-role after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { builtServer } from '../../../tests/support/built-server.js';
import { runCli } from '../../../tests/support/cli.js';

await builtServer();

const PASSWORD = 'correct horse battery staple';

const staff = (t: TestApp, args: string[], password = PASSWORD) =>
  runCli('staff', args, {
    env: { DATA_DIR: t.config.DATA_DIR, DATABASE_URL: t.config.DATABASE_URL, STAFF_PASSWORD: password },
  });

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
    expect(await staff(t, ['add', 'none@shop.ca', '--lang'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^npm run staff: missing value for --lang\n/),
    });
    expect(await staff(t, ['list', '--lang', 'fr'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^npm run staff: unknown option --lang for list\n/),
    });
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

  it('gives the name the shop’s messages are signed with (--name), listed and read by the inbox', async () => {
    const added = await staff(t, ['add', 'marie@shop.ca', '--name', '  Marie  ']);
    expect(added.code, added.stderr).toBe(0);
    expect((await staff(t, ['list'])).stdout).toContain(
      `marie@shop.ca\t(added ${new Date().toISOString().slice(0, 10)}, signs as Marie)`,
    );
    const cookie = await signIn(t.app, 'marie@shop.ca', PASSWORD);
    expect((await t.app.inject({ url: '/api/account/name', headers: { cookie } })).json()).toEqual({ name: 'Marie' });
    const long = await staff(t, ['add', 'long@shop.ca', '--name', 'M'.repeat(61)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('A name is at most 60 characters.');
    expect((await staff(t, ['list'])).stdout).not.toContain('long@shop.ca');
  }, 120_000);

  it('prints its help, and refuses a wrong command line saying what is wrong, then the usage, exit 2', async () => {
    const help = await staff(t, ['-h']);
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/^Usage: npm run staff -- <command>/);
    const lines = [
      '  add EMAIL [--lang en|fr] [--role owner|staff] [--name NAME]\n',
      '      --lang en|fr ',
      '      --role owner|staff ',
      '      --name NAME ',
    ];
    lines.push('  list ', '  remove EMAIL ', '  reset-password EMAIL ', '  set-role EMAIL ROLE ', '  -h, --help ');
    for (const line of [...lines, 'STAFF_PASSWORD']) expect(help.stdout).toContain(line);

    const wrong: [string[], string][] = [
      [['add', 'new@shop.ca', '--bogus'], 'unknown option --bogus'],
      [['add', 'new@shop.ca', '--lang', '--role', 'owner'], 'missing value for --lang'],
      [['add', 'new@shop.ca', '--lang=fr', '--lang=en'], '--lang given twice'],
      [['add'], 'missing EMAIL for add'],
      [['set-role', 'commis@shop.ca'], 'missing ROLE for set-role'],
      [['remove', 'a@shop.ca', 'b@shop.ca'], 'unexpected argument "b@shop.ca" for remove'],
      [['delete', 'commis@shop.ca'], 'unknown command "delete"'],
    ];
    for (const [args, message] of wrong) {
      const r = await staff(t, args);
      expect(r, args.join(' ')).toEqual({ code: 2, stdout: '', stderr: `npm run staff: ${message}\n\n${help.stdout}` });
    }
    expect((await staff(t, ['list'])).stdout).not.toContain('new@shop.ca');
  }, 120_000);
});

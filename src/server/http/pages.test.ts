// The served page: routes, run-time settings, and no server secret in anything it downloads.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/harness.js';

const clientDir = path.resolve('dist/client');
const built = fs.existsSync(path.join(clientDir, 'index.html'));
if (!built) console.log('Client serving tests skipped: no dist/client (npm test builds it first).');

describe.skipIf(!built)('serving the client', () => {
  let t: TestApp;
  const secrets = ['SMTP-SECRET-PASSWORD-42', 'FORM-TOKEN-SECRET-SENTINEL-99'];
  beforeAll(async () => {
    t = await startTestApp(
      'sqlite',
      {
        SMTP_URL: `smtp://mailer:${secrets[0]}@127.0.0.1:1`,
        FORM_TOKEN_SECRET: secrets[1]!,
        DESIGN_STUDIO_URL: 'https://studio.example.org/start',
      },
      { clientDir },
    );
  });
  afterAll(async () => t?.close());

  const page = (url: string) => t.app.inject({ url, headers: { accept: 'text/html' } });

  it('serves the order form at / and the inbox shell at /inbox, with their settings', async () => {
    for (const url of ['/', '/inbox', '/inbox/orders/1234']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    const html = (await page('/')).body;
    const settings = JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!);
    expect(settings).toMatchObject({
      functionsUrl: '/functions/v1/submit-order',
      publicKey: 'test-public-key',
      designStudioUrl: 'https://studio.example.org/start',
    });
    // Served at, a random id (single use), and the signature.
    expect(settings.formToken).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
  });

  it('answers unknown paths with the same page and status 404', async () => {
    const res = await page('/nope/deeper');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
    const template = await page('/index.html');
    expect(template.statusCode).toBe(404);
    expect(template.body).toContain('"publicKey":"test-public-key"');
    const asset = await t.app.inject({ url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().error.code).toBe('not_found');
  });

  it('hands out form tokens only with the order form, and only so many per address', async () => {
    const limited = await startTestApp('sqlite', { FORM_TOKEN_RATE_LIMIT: '3' }, { clientDir });
    try {
      const tokenOf = (html: string) =>
        JSON.parse(/<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)![1]!).formToken;
      const load = (url: string, remoteAddress = '10.1.1.1') =>
        limited.app.inject({ url, remoteAddress, headers: { accept: 'text/html' } });
      // The inbox, the 404 page and the order link's page carry none, without limit.
      for (let i = 0; i < 5; i++) {
        for (const url of ['/inbox', '/nope', '/index.html'])
          expect(tokenOf((await load(url)).body), url).toBeUndefined();
      }
      // The page and its settings (what the dev server fetches) each have the limit.
      const settings = () => limited.app.inject({ url: '/app-config.json', remoteAddress: '10.1.1.1' });
      for (let i = 0; i < 3; i++) {
        expect(tokenOf((await load('/')).body)).toMatch(/^\d+\./);
        expect((await settings()).json().formToken).toMatch(/^\d+\./);
      }
      // The fourth in the window: a page that says how long to wait, in both languages.
      const over = await load('/');
      expect(over.statusCode).toBe(429);
      expect(over.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.body).toContain('Too many order-form pages from this address. Please try again in 60 minutes.');
      expect(over.body).toContain('Trop de pages du formulaire de commande de cette adresse.');
      expect(over.body).not.toContain('formToken');
      const asJson = await settings();
      expect(asJson.statusCode).toBe(429);
      expect(asJson.json().error.code).toBe('rate_limited');
      // Another address is not affected.
      expect(tokenOf((await load('/', '10.2.2.2')).body)).toMatch(/^\d+\./);
    } finally {
      await limited.close();
    }
  });

  it('sends assets compressed with brotli or gzip, as the browser accepts', async () => {
    const js = fs.readdirSync(path.join(clientDir, 'assets')).find((f) => f.endsWith('.js') && f.startsWith('index-'))!;
    const raw = fs.readFileSync(path.join(clientDir, 'assets', js));
    const br = await t.app.inject({ url: `/assets/${js}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(raw.length / 3);
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(raw)).toBe(true);
    const gz = await t.app.inject({ url: `/assets/${js}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).equals(raw)).toBe(true);
    const plain = await t.app.inject({ url: `/assets/${js}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(raw)).toBe(true);
  });

  it('puts no server secret in the page or in anything the page downloads', async () => {
    const bodies = [
      (await page('/')).body,
      (await page('/inbox')).body,
      (await t.app.inject({ url: '/app-config.json' })).body,
    ];
    for (const file of fs.readdirSync(path.join(clientDir, 'assets')).filter((f) => !/\.(br|gz)$/.test(f))) {
      const res = await t.app.inject({ url: `/assets/${file}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      bodies.push(res.body);
    }
    for (const body of bodies) {
      for (const secret of secrets) expect(body).not.toContain(secret);
      expect(body).not.toMatch(/SMTP_URL|DATABASE_URL|FORM_TOKEN_SECRET|postgres:\/\//);
    }
  });
});

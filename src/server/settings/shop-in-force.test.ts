// The profile in force as each process keeps it (docs/settings.md, "When a change takes effect"):
// the saving process at once, another once what it kept is older than its limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestApp, type TestApp } from '../../../tests/support/harness.js';
import { saveProfile } from './profile-store.js';
import { profileFromConfig, shopProfileSource } from './shop-in-force.js';

describe.each(backends())('the profile in force on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { SHOP_NAME: 'From the Environment', SHOP_CONTACT: 'call 555-0000' });
  });
  afterAll(async () => t?.close());

  it('is the environment’s until a version is saved, then the latest version in every process', async () => {
    const here = shopProfileSource(t.app.db, t.config, 60_000);
    const there = shopProfileSource(t.app.db, t.config, 60_000);
    const fresh = shopProfileSource(t.app.db, t.config, 0);
    for (const source of [here, there, fresh]) {
      const shop = await source.refresh();
      expect(shop.saved).toBeNull();
      expect(shop.identity).toMatchObject({ name: 'From the Environment', contact: 'call 555-0000' });
    }

    const env = profileFromConfig(t.config);
    const saved = await saveProfile(t.app.db, { ...env, name: 'Saved Name', qst: '1234567890 TQ0001' }, 'o@shop.ca');
    here.use(saved);
    expect(here.current().identity.name).toBe('Saved Name');
    expect(here.current().registrations).toMatchObject({ qst: true });
    // Another process keeps what it read until its limit passes…
    expect((await there.currentShop()).identity.name).toBe('From the Environment');
    // …and one whose limit has passed reads the latest version.
    const now = await fresh.currentShop();
    expect(now.saved).toMatchObject({ version: saved.version, savedBy: 'o@shop.ca' });
    expect(now.identity).toMatchObject({ name: 'Saved Name', contact: env.email });
    expect(now.seller.qst).toBe('1234567890 TQ0001');
    expect((await there.refresh()).identity.name).toBe('Saved Name');
  });
});

// Made-up addresses (issue 24 point 6): each costs a database lookup, so requests for addresses
// not in the directory's cache are rate-limited per client address like the public API; a known
// restaurant's diners on that same address are not affected.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

const LIMIT = 5;

for (const dialect of dialects) {
  describe(`unknown addresses are rate-limited per client address (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { publicRateLimit: LIMIT });
      await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
    });
    after(() => t.close());

    test('past the budget: 429 with Retry-After and no lookup; other clients and known restaurants keep being served', async () => {
      const attacker = '203.0.113.7';
      // A known restaurant, looked up once (by someone else) and cached from then on.
      assert.equal((await call(t.app, { url: '/', host: 'alpha', remoteAddress: '198.51.100.1' })).statusCode, 200);
      for (let i = 0; i < LIMIT; i++) {
        const res = await call(t.app, { url: '/', host: `made-up-${i}.localhost`, remoteAddress: attacker });
        assert.equal(res.statusCode, 404, `request ${i}`);
        assert.match(res.headers['content-type'] as string, /^text\/html/);
      }
      const lookups = t.app.tenants.counts().lookups;
      const limited = await call(t.app, { url: '/', host: 'made-up-x.localhost', remoteAddress: attacker });
      assert.equal(limited.statusCode, 429);
      assert.match(String(limited.headers['retry-after']), /^[1-9]\d*$/);
      // Still no JSON on an address that names no restaurant: the branded page, saying why.
      assert.match(limited.headers['content-type'] as string, /^text\/html/);
      assert.match(limited.body, /Too many requests/);
      assert.equal(t.app.tenants.counts().lookups, lookups, 'no database lookup for a limited request');

      // Another client address has its own budget.
      const other = await call(t.app, { url: '/', host: 'made-up-y.localhost', remoteAddress: '198.51.100.2' });
      assert.equal(other.statusCode, 404);
      // The cached restaurant is served to the limited address too; its own budget is the public one.
      const menu = await call(t.app, { url: '/api/v1/menu/it', host: 'alpha', remoteAddress: attacker });
      assert.equal(menu.statusCode, 200);
      // The second restaurant, not yet cached, is looked up for another client and served.
      const beta = await call(t.app, { url: '/api/v1/restaurant', host: 'beta', remoteAddress: '198.51.100.3' });
      assert.equal(beta.statusCode, 200);
      assert.equal(beta.json.data.slug, 'beta');
    });
  });
}

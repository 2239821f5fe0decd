// Public QR codes and table-card sheets are cached, but never stale: a sheet follows the menu
// version (a renamed restaurant prints its new name), and each restaurant gets its own.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`QR codes and sheets (${dialect})`, () => {
    let t: TestApp;
    let token = '';
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['menu:write']);
    });
    after(() => t.close());

    test('the same request answers the same bytes; a settings change shows on the next sheet; restaurants apart', async () => {
      const sheet = (host: string) => call(t.app, { url: '/qr/tables?from=1&to=3', host });
      const first = await sheet('alpha');
      assert.equal(first.statusCode, 200);
      assert.match(first.body, /Alpha alpha/);
      assert.equal((await sheet('alpha')).body, first.body);
      const svg = await call(t.app, { url: '/qr.svg?table=7', host: 'alpha' });
      assert.equal((await call(t.app, { url: '/qr.svg?table=7', host: 'alpha' })).body, svg.body);
      const renamed = await adminCall(t.app, token, {
        method: 'PUT',
        url: '/api/v1/admin/settings',
        host: 'alpha',
        body: { name: 'Osteria Nuova' },
      });
      assert.equal(renamed.statusCode, 200);
      const after = await sheet('alpha');
      assert.match(after.body, /Osteria Nuova/);
      assert.doesNotMatch(after.body, /Alpha alpha/);
      const beta = await sheet('beta');
      assert.match(beta.body, /Beta beta/);
      assert.doesNotMatch(beta.body, /Osteria Nuova/);
      assert.notEqual((await call(t.app, { url: '/qr.svg?table=7', host: 'beta' })).body, svg.body);
    });

    test('a sheet holds at most 200 cards, its codes drawn off the request thread; a stopping server answers 503', async () => {
      const big = await call(t.app, { url: '/qr/tables?from=1&to=999', host: 'beta' });
      assert.equal(big.statusCode, 200);
      assert.equal(big.body.match(/<figure class="card">/g)?.length, 200);
      assert.match(big.body, /<span>Tavolo 200<\/span>/);
      assert.ok(t.app.jobs.counts.done >= 1, 'drawn by a worker');
      // The same sheet again: every code is kept, no job.
      const done = t.app.jobs.counts.done;
      assert.equal((await call(t.app, { url: '/qr/tables?from=1&to=999', host: 'beta' })).body, big.body);
      assert.equal(t.app.jobs.counts.done, done);
      // A sheet that needs new codes while the pool has stopped: 503 with Retry-After, never 500.
      await t.app.jobs.close();
      const refused = await call(t.app, { url: '/qr/tables?from=300&to=340', host: 'beta' });
      assert.equal(refused.statusCode, 503);
      assert.ok(Number(refused.headers['retry-after']) > 0);
    });
  });
}

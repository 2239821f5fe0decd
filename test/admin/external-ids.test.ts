// external_id: a point-of-sale system's own id on sections, sub-categories, wineries and dishes,
// unique per restaurant and resource, found with ?external_id= on the admin lists.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

for (const dialect of dialects) {
  describe(`external ids (${dialect})`, () => {
    let t: TestApp;
    let token: string;
    let betaToken: string;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      token = await tokenFor(t.db.db, await createFixtureTenant(t.db.db, 'alpha', 'Alpha'), [
        'menu:read',
        'menu:write',
      ]);
      betaToken = await tokenFor(t.db.db, await createFixtureTenant(t.db.db, 'beta', 'Beta'), [
        'menu:read',
        'menu:write',
      ]);
    });
    after(() => t.close());

    const admin = (c: Parameters<typeof adminCall>[2]) => adminCall(t.app, token, { host: 'alpha', ...c });

    test('set on create and update, found with ?external_id=, shown to the owner only', async () => {
      const section = (await admin({ url: '/api/v1/admin/categories' })).json.data[0];
      const created = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: section.id, name: { it: 'Tagliere' }, price: 14.5, external_id: 'POS-1' },
      });
      assert.equal(created.statusCode, 201);
      assert.equal(created.json.data.external_id, 'POS-1');
      const found = await admin({ url: '/api/v1/admin/items?external_id=POS-1' });
      assert.deepEqual(
        found.json.data.map((d: any) => d.id),
        [created.json.data.id],
      );
      assert.equal(found.json.meta.total, 1);
      assert.equal((await admin({ url: '/api/v1/admin/items?external_id=POS-404' })).json.meta.total, 0);
      const pub = await call(t.app, { url: `/api/v1/items/${created.json.data.id}`, host: 'alpha' });
      assert.equal(pub.json.data.external_id, undefined, 'diners do not see it');
      const renamed = await admin({
        method: 'PATCH',
        url: `/api/v1/admin/items/${created.json.data.id}`,
        body: { external_id: 'POS-2' },
      });
      assert.equal(renamed.json.data.external_id, 'POS-2');
      const cleared = await admin({
        method: 'PATCH',
        url: `/api/v1/admin/items/${created.json.data.id}`,
        body: { external_id: null },
      });
      assert.equal(cleared.json.data.external_id, null);
      for (const path of ['categories', 'types', 'wineries']) {
        const first = (await admin({ url: `/api/v1/admin/${path}` })).json.data[0];
        const res = await admin({
          method: 'PATCH',
          url: `/api/v1/admin/${path}/${first.id}`,
          body: { external_id: `X-${path}` },
        });
        assert.equal(res.statusCode, 200, path);
        assert.equal((await admin({ url: `/api/v1/admin/${path}?external_id=X-${path}` })).json.data[0].id, first.id);
      }
    });

    test('unique per restaurant and resource: a taken one is 422 with the other rules; another restaurant may reuse it', async () => {
      const sections = (await admin({ url: '/api/v1/admin/categories' })).json.data;
      const first = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: sections[0].id, name: { it: 'Uno' }, price: 1, external_id: 'DUP' },
      });
      assert.equal(first.statusCode, 201);
      const dup = await admin({
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: 999999, name: { it: 'Due' }, price: 1, external_id: 'DUP' },
      });
      assert.equal(dup.statusCode, 422);
      assert.deepEqual(dup.json.errors, {
        category_id: ['Il valore scelto per il campo category id non è valido.'],
        external_id: ['Il valore del campo external id è già in uso.'],
      });
      // Same value on another resource, or in another restaurant: fine.
      const type = await admin({
        method: 'POST',
        url: '/api/v1/admin/types',
        body: { category_id: sections[0].id, name: { it: 'Tipo' }, external_id: 'DUP' },
      });
      assert.equal(type.statusCode, 201);
      const betaSection = (await adminCall(t.app, betaToken, { host: 'beta', url: '/api/v1/admin/categories' })).json
        .data[0];
      const beta = await adminCall(t.app, betaToken, {
        host: 'beta',
        method: 'POST',
        url: '/api/v1/admin/items',
        body: { category_id: betaSection.id, name: { it: 'Uno' }, price: 1, external_id: 'DUP' },
      });
      assert.equal(beta.statusCode, 201);
      assert.equal(
        (await adminCall(t.app, betaToken, { host: 'beta', url: '/api/v1/admin/items?external_id=DUP' })).json.data[0]
          .id,
        beta.json.data.id,
      );
      const bad = await admin({ method: 'GET', url: '/api/v1/admin/items?external_id=' });
      assert.equal(bad.statusCode, 422);
    });
  });
}

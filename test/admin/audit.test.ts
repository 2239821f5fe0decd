// The audit log: every admin write (API here; the panel and the CLI go through the same writer)
// leaves who/what/when with the changed fields before and after in the API's form, readable
// newest first and filtered at GET /api/v1/admin/audit; another restaurant sees none of it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { restaurantMaker } from './tokens.js';

for (const dialect of dialects) {
  describe(`audit log (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100_000 });
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'audit');

    test('a price and an allergen change are recorded with who, what and when, in the API form', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const sections = await r.admin('GET', '/categories?per_page=100');
      const sectionId = sections.json.data[0].id;
      const created = await r.admin('POST', '/items', {
        category_id: sectionId,
        name: { it: 'Tagliatelle' },
        price: 12.5,
        allergens: ['cereali_glutine'],
      });
      assert.equal(created.statusCode, 201, created.body);
      const id = created.json.data.id;
      const updated = await r.admin('PUT', `/items/${id}`, { price: 13, allergens: ['cereali_glutine', 'uova'] });
      assert.equal(updated.statusCode, 200, updated.body);

      const log = await r.admin('GET', `/audit?resource=items&id=${id}`);
      assert.equal(log.statusCode, 200, log.body);
      assert.equal(log.headers['cache-control'], 'no-store');
      const [latest, first] = log.json.data;
      assert.equal(log.json.meta.total, 2);
      assert.equal(latest.action, 'updated');
      assert.deepEqual(latest.changes.price, { before: 12.5, after: 13 });
      assert.deepEqual(latest.changes.allergens, { before: ['cereali_glutine'], after: ['cereali_glutine', 'uova'] });
      assert.deepEqual(Object.keys(latest.changes).sort(), ['allergens', 'price']);
      assert.equal(latest.actor.via, 'api');
      assert.equal(latest.actor.token_name, 'test');
      assert.equal(typeof latest.actor.token_id, 'number');
      assert.equal(latest.actor.user_email, 'owner@example.test');
      assert.match(latest.occurred_at, /^\d{4}-\d{2}-\d{2}T/);
      assert.equal(first.action, 'created');
      assert.deepEqual(first.changes.price, { before: null, after: 12.5 });
      assert.deepEqual(first.changes.name.after, { it: 'Tagliatelle' });

      const prices = await r.admin('GET', '/audit?field=price');
      assert.ok(prices.json.data.length >= 2);
      assert.ok(prices.json.data.every((e: { fields: string[] }) => e.fields.includes('price')));
      const allergens = await r.admin('GET', '/audit?field=allergens&resource=items');
      assert.equal(allergens.json.data.length, 2);

      const today = new Date().toISOString().slice(0, 10);
      assert.equal(
        (await r.admin('GET', `/audit?from=${today}&to=${today}&resource=items&id=${id}`)).json.data.length,
        2,
      );
      assert.equal((await r.admin('GET', `/audit?to=2000-01-01`)).json.data.length, 0);

      const deleted = await r.admin('DELETE', `/items/${id}`);
      assert.ok(deleted.statusCode === 200 || deleted.statusCode === 204);
      const afterDelete = await r.admin('GET', `/audit?resource=items&id=${id}&per_page=1`);
      assert.equal(afterDelete.json.data[0].action, 'deleted');
      assert.equal(afterDelete.json.meta.last_page, 3);

      // Another restaurant's log holds none of this.
      const theirs = await other.admin('GET', `/audit?resource=items&id=${id}`);
      assert.equal(theirs.json.data.length, 0);
    });

    test('reading the log needs menu:read; bad filters answer 422', async () => {
      const r = await restaurant(['analytics:read']);
      assert.equal((await r.admin('GET', '/audit')).statusCode, 403);
      const ok = await restaurant(['menu:read']);
      const bad = await ok.admin('GET', '/audit?resource=users&from=yesterday');
      assert.equal(bad.statusCode, 422);
      assert.ok(bad.json.errors.resource && bad.json.errors.from);
    });

    test('a failed write leaves no audit entry (same transaction)', async () => {
      const r = await restaurant();
      const before = (await r.admin('GET', '/audit')).json.meta.total;
      const res = await r.admin('POST', '/items', { category_id: 999_999, name: { it: 'X' }, price: 1 });
      assert.equal(res.statusCode, 422);
      assert.equal((await r.admin('GET', '/audit')).json.meta.total, before);
    });
  });
}

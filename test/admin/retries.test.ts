// Safe retries and change tracking for integrators: Idempotency-Key on admin POSTs (shared by
// every instance on the database), strong ETags with If-Match (412 on a stale one), updated_at and
// ?updated_since= with the ids deleted since.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { bumpMenuVersion } from '../../src/accounts/tenants/repo.js';
import { buildApp } from '../../src/app.js';
import { NOON_UTC } from '../fixtures.js';
import { dialects, testConfig } from '../helper.js';
import { menuSuite } from './menu-suite.js';
import { adminCall } from './tokens.js';

for (const dialect of dialects) {
  describe(`admin retries and change tracking (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'rty');

    const dishBody = (categoryId: number, name: string) => ({
      category_id: categoryId,
      name: { it: name },
      price: 9.5,
    });

    test('the same Idempotency-Key and body answer the first answer again, on another instance too; nothing is created twice', async () => {
      const r = await restaurant();
      const section = (await r.admin('GET', '/categories?per_page=1')).json.data[0];
      const before = (await rows('items', r.id)).length;
      const key = { 'idempotency-key': 'pos-order-7f3a' };
      const first = await r.admin('POST', '/items', dishBody(section.id, 'Tagliere'), key);
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const again = await r.admin('POST', '/items', dishBody(section.id, 'Tagliere'), key);
      assert.equal(again.statusCode, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.deepEqual(again.json, first.json);
      // A second instance on the same database knows the key too.
      const other = await buildApp(testConfig({ adminRateLimit: 100000 }), {
        database: suite().db,
        now: () => NOON_UTC,
      });
      try {
        await other.ready();
        const there = await adminCall(other, r.token, {
          method: 'POST',
          url: '/api/v1/admin/items',
          host: r.slug,
          body: dishBody(section.id, 'Tagliere'),
          headers: key,
        });
        assert.equal(there.headers['idempotent-replayed'], 'true');
        assert.equal(there.statusCode, 201);
        assert.deepEqual(there.json, first.json);
      } finally {
        await other.close();
      }
      assert.equal((await rows('items', r.id)).length, before + 1);
    });

    test('the same key with another body is a 422 naming the header; keys are per restaurant; a bad key is a 400', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const section = (await r.admin('GET', '/categories?per_page=1')).json.data[0];
      const key = { 'idempotency-key': 'same-key', 'accept-language': 'en' };
      assert.equal((await r.admin('POST', '/items', dishBody(section.id, 'Uno'), key)).statusCode, 201);
      const reused = await r.admin('POST', '/items', dishBody(section.id, 'Due'), key);
      assert.equal(reused.statusCode, 422);
      assert.deepEqual(reused.json.errors, {
        'Idempotency-Key': ['This Idempotency-Key was already used for a different request: use a new key.'],
      });
      const otherSection = (await other.admin('GET', '/categories?per_page=1')).json.data[0];
      const elsewhere = await other.admin('POST', '/items', dishBody(otherSection.id, 'Due'), key);
      assert.equal(elsewhere.statusCode, 201, 'another restaurant may use the same key');
      assert.equal(elsewhere.headers['idempotent-replayed'], undefined);
      const bad = await r.admin('POST', '/items', dishBody(section.id, 'Tre'), { 'idempotency-key': 'x'.repeat(256) });
      assert.equal(bad.statusCode, 400);
      // A refused request is answered the same way again (the client's retry does not turn into a create).
      const invalid = { 'idempotency-key': 'invalid-once' };
      const no = await r.admin('POST', '/items', { category_id: section.id, price: -1 }, invalid);
      assert.equal(no.statusCode, 422);
      const noAgain = await r.admin('POST', '/items', { category_id: section.id, price: -1 }, invalid);
      assert.deepEqual([noAgain.statusCode, noAgain.json], [422, no.json]);
    });

    test('Idempotency-Key on every admin write: PATCH, PUT and DELETE replay, another body is a 422; per restaurant', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const dishes = (await r.admin('GET', '/items?per_page=2')).json.data;
      const key = { 'idempotency-key': 'patch-7', 'accept-language': 'en' };
      const first = await r.admin('PATCH', `/items/${dishes[0].id}`, { price: 12 }, key);
      assert.equal(first.statusCode, 200);
      // Someone else changes the price; the retry must not put 12 back over it.
      assert.equal((await r.admin('PATCH', `/items/${dishes[0].id}`, { price: 13 })).statusCode, 200);
      const replay = await r.admin('PATCH', `/items/${dishes[0].id}`, { price: 12 }, key);
      assert.equal(replay.statusCode, 200);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal((await r.admin('GET', `/items/${dishes[0].id}`)).json.data.price, 13, 'the replay changed nothing');
      const another = await r.admin('PATCH', `/items/${dishes[0].id}`, { price: 99 }, key);
      assert.equal(another.statusCode, 422);
      assert.deepEqual(Object.keys(another.json.errors), ['Idempotency-Key']);
      const put = await r.admin('PUT', '/settings', { phone: '+39 111' }, { 'idempotency-key': 'put-1' });
      assert.equal(put.statusCode, 200);
      assert.equal(
        (await r.admin('PUT', '/settings', { phone: '+39 111' }, { 'idempotency-key': 'put-1' })).headers[
          'idempotent-replayed'
        ],
        'true',
      );
      const del = { 'idempotency-key': 'del-1' };
      assert.equal((await r.admin('DELETE', `/items/${dishes[1].id}`, undefined, del)).statusCode, 204);
      const delAgain = await r.admin('DELETE', `/items/${dishes[1].id}`, undefined, del);
      assert.equal(delAgain.statusCode, 204, 'a retried delete answers its first answer, not 404');
      assert.equal(delAgain.headers['idempotent-replayed'], 'true');
      // The other restaurant's PATCH with the same key is its own.
      const theirs = (await other.admin('GET', '/items?per_page=1')).json.data[0];
      const mine = await other.admin('PATCH', `/items/${theirs.id}`, { price: 12 }, key);
      assert.equal(mine.statusCode, 200);
      assert.equal(mine.headers['idempotent-replayed'], undefined);
    });

    test('PUT /admin/menu takes If-Match with the export ETag: a stale one is 412 and changes nothing', async () => {
      const r = await restaurant();
      const exported = await r.admin('GET', '/menu/export');
      const etag = exported.headers.etag as string;
      assert.match(etag, /^"menu-\d+"$/);
      const doc = exported.json.data;
      // Someone changes the menu after the read.
      const dish = (await r.admin('GET', '/items?per_page=1')).json.data[0];
      assert.equal((await r.admin('PATCH', `/items/${dish.id}`, { price: 21 })).statusCode, 200);
      const stale = await r.admin('PUT', '/menu', doc, { 'if-match': etag });
      assert.equal(stale.statusCode, 412);
      assert.equal((await r.admin('GET', `/items/${dish.id}`)).json.data.price, 21, 'nothing changed');
      const fresh = await r.admin('GET', '/menu/export');
      const ok = await r.admin('PUT', '/menu', fresh.json.data, { 'if-match': fresh.headers.etag as string });
      assert.equal(ok.statusCode, 200, ok.body);
    });

    test('every admin object has an ETag; If-Match with a stale one is 412 and changes nothing; the current one goes through', async () => {
      const r = await restaurant();
      const dish = (await r.admin('GET', '/items?per_page=2')).json.data;
      const read = await r.admin('GET', `/items/${dish[0].id}`);
      const etag = read.headers.etag as string;
      assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
      assert.equal(typeof read.json.data.updated_at, 'string');
      const ok = await r.admin('PATCH', `/items/${dish[0].id}`, { price: 11 }, { 'if-match': etag });
      assert.equal(ok.statusCode, 200);
      assert.notEqual(ok.headers.etag, etag);
      const stale = await r.admin('PATCH', `/items/${dish[0].id}`, { price: 99 }, { 'if-match': etag });
      assert.equal(stale.statusCode, 412);
      assert.equal(stale.json.success, false);
      assert.equal((await r.admin('GET', `/items/${dish[0].id}`)).json.data.price, 11);
      assert.equal((await r.admin('DELETE', `/items/${dish[1].id}`, undefined, { 'if-match': etag })).statusCode, 412);
      const current = (await r.admin('GET', `/items/${dish[1].id}`)).headers.etag as string;
      assert.equal(
        (await r.admin('DELETE', `/items/${dish[1].id}`, undefined, { 'if-match': current })).statusCode,
        204,
      );
      for (const single of ['settings', 'theme']) {
        const s = await r.admin('GET', `/${single}`);
        const tag = s.headers.etag as string;
        const changed = single === 'settings' ? { phone: '+39 000' } : { footer_text: 'Ciao' };
        assert.equal((await r.admin('PUT', `/${single}`, changed, { 'if-match': tag })).statusCode, 200);
        const late = await r.admin('PUT', `/${single}`, changed, { 'if-match': tag });
        assert.equal(late.statusCode, 412, single);
      }
    });

    test('?updated_since= lists only rows changed since, and meta.deleted the ids deleted since; another restaurant never shows', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const db = suite().db.db;
      for (const id of [r.id, other.id]) {
        await db
          .updateTable('items')
          .set({ updated_at: '2020-01-01T00:00:00+00:00' })
          .where('tenant_id', '=', id)
          .execute();
        await bumpMenuVersion(db, id);
      }
      const dishes = (await r.admin('GET', '/items?per_page=3')).json.data;
      await r.admin('PATCH', `/items/${dishes[0].id}`, { price: 12 });
      await r.admin('DELETE', `/items/${dishes[1].id}`);
      const otherDish = (await other.admin('GET', '/items?per_page=1')).json.data[0];
      await other.admin('DELETE', `/items/${otherDish.id}`);
      const since = await r.admin('GET', '/items?updated_since=2021-01-01T00:00:00Z');
      assert.equal(since.statusCode, 200, since.body);
      assert.deepEqual(
        since.json.data.map((d: { id: number }) => d.id),
        [dishes[0].id],
      );
      assert.deepEqual(since.json.meta.deleted, [dishes[1].id]);
      assert.equal((await r.admin('GET', '/items')).json.meta.deleted, undefined);
      assert.equal((await r.admin('GET', '/items?updated_since=yesterday')).statusCode, 422);
    });
  });
}

// The error envelope under /api/v1: unknown routes, wrong methods, malformed input, unexpected failures.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`error envelope (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect);
      await createFixtureTenant(t.db.db, 'alpha');
      await createFixtureTenant(t.db.db, 'beta');
    });
    after(() => t.close());

    test('an unknown API route answers 404 in the JSON envelope', async () => {
      for (const url of ['/api/v1/nothing', '/api/v2/menu', '/api/v1/items/1/extra', '/api']) {
        const res = await call(t.app, { url, host: 'alpha' });
        assert.equal(res.statusCode, 404, url);
        assert.match(res.headers['content-type'] as string, /^application\/json/);
        assert.deepEqual(res.json, { success: false, message: 'Resource not found.' });
      }
    });

    test('a known path with the wrong method answers 405 with Allow', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
        const res = await call(t.app, { method, url: '/api/v1/menu/it', host: 'alpha', body: {} });
        assert.equal(res.statusCode, 405, method);
        assert.equal(res.headers.allow, 'GET, HEAD');
        assert.equal(res.json.success, false);
        assert.equal(typeof res.json.message, 'string');
      }
      const items = await call(t.app, { method: 'DELETE', url: '/api/v1/items/1', host: 'beta' });
      assert.equal(items.statusCode, 405);
    });

    test('a URL the router cannot read answers 404: the envelope under /api, else the HTML page', async () => {
      for (const url of ['/api/v1/items/%E0%A4%A', `/api/v1/items/${'9'.repeat(300)}`]) {
        const res = await call(t.app, { url, host: 'alpha' });
        assert.equal(res.statusCode, 404, url);
        assert.deepEqual(res.json, { success: false, message: 'Resource not found.' });
        const unknown = await call(t.app, { url, host: 'nobody' });
        assert.equal(unknown.statusCode, 404);
        assert.match(unknown.headers['content-type'] as string, /^text\/html/);
      } // Outside /api a browser is asking: the page, never JSON (found by test/reliability/fuzz.test.ts).
      for (const url of ['/admin/menu/sections/%E0%A4%A', '/media/%E2%82', `/media/${'9'.repeat(300)}`]) {
        const res = await call(t.app, { url, host: 'alpha' });
        assert.equal(res.statusCode, 404, url);
        assert.match(res.headers['content-type'] as string, /^text\/html/, url);
        assert.match(res.body, /^<!doctype html>/i);
      }
    });

    test('ids beyond 32 bits are simply not found, on every database', async () => {
      for (const url of [
        '/api/v1/items/3000000000',
        '/api/v1/categories/99999999999',
        '/api/v1/items?category_id=3000000000',
      ]) {
        const res = await call(t.app, { url, host: 'alpha' });
        assert.ok(res.statusCode === 404 || res.statusCode === 422, `${url}: ${res.statusCode}`);
        assert.equal(res.json.success, false);
      }
    });

    test('HEAD is answered for GET routes', async () => {
      const res = await call(t.app, { method: 'HEAD', url: '/api/v1/menu/it', host: 'alpha' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, '');
    });

    test('an unexpected failure answers a 500 envelope with no internals in it', async () => {
      const failing = await createTestApp(dialect);
      try {
        await createFixtureTenant(failing.db.db, 'alpha');
        assert.equal((await call(failing.app, { url: '/api/v1/items', host: 'alpha' })).statusCode, 200);
        // Break the database under the running app: the next uncached read fails.
        await failing.db.db.schema
          .dropTable('wineries')
          .ifExists()
          .cascade()
          .execute()
          .catch(async () => {
            await failing.db.db.schema.dropTable('items').execute();
            await failing.db.db.schema.dropTable('wineries').execute();
          });
        await failing.db.db.updateTable('tenants').set({ menu_version: 99 }).execute();
        failing.app.tenants.noteMenuVersion((await failing.app.tenants.lookup('alpha.localhost'))!.id, 99);
        const res = await call(failing.app, { url: '/api/v1/items', host: 'alpha' });
        assert.equal(res.statusCode, 500);
        assert.equal(res.json.success, false);
        assert.equal(res.json.message, 'Errore del server. Riprova tra qualche secondo.');
        assert.doesNotMatch(res.body, /wineries|SQL|stack|at /i);
      } finally {
        await failing.close();
      }
    });
  });
}

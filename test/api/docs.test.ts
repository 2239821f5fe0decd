// GET /api/v1/openapi.json and /api/docs: the API described from the same schemas that validate it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, type TestApp } from '../helper.js';

describe('API description', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('sqlite');
    await createFixtureTenant(t.db.db, 'alpha');
    await createFixtureTenant(t.db.db, 'beta');
  });
  after(() => t.close());

  test('openapi.json lists every public and admin route with its schemas; admin ones need a bearer token', async () => {
    const res = await call(t.app, { url: '/api/v1/openapi.json', host: 'alpha' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^application\/json/);
    const spec = res.json;
    assert.equal(spec.openapi, '3.1.0');
    assert.equal(spec.success, undefined, 'a plain OpenAPI document, not the envelope');
    for (const path of [
      '/api/v1/items',
      '/api/v1/allergens',
      '/api/v1/analytics/events',
      '/api/v1/admin/items/{id}',
      '/api/v1/admin/analytics/insights',
    ]) {
      assert.ok(spec.paths[path], path);
    }
    assert.equal(spec.paths['/'], undefined, 'the HTML page is not part of the API');
    const put = spec.paths['/api/v1/admin/items/{id}'].put;
    // One bearer scheme per scope (an http scheme has no scope list in OpenAPI).
    assert.deepEqual(put.security, [{ menu_write: [] }]);
    assert.deepEqual(spec.components.securitySchemes.menu_write, {
      type: 'http',
      scheme: 'bearer',
      description: 'An API token `<id>|<secret>` made in the admin panel, holding the `menu:write` scope.',
    });
    assert.deepEqual(
      put.parameters.filter((p: any) => p.in === 'header').map((p: any) => p.name),
      ['Idempotency-Key', 'If-Match'],
    );
    assert.deepEqual(Object.keys(put.responses['200'].headers).sort(), [
      'ETag',
      'Idempotent-Replayed',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
    ]);
    // An address that names no restaurant answers the branded HTML page on every path.
    assert.ok(put.responses['404'].content['text/html']);
    assert.ok(spec.paths['/api/v1/menu/{locale}'].get.responses['404'].content['text/html']);
    assert.ok(spec.paths['/api/v1/admin/items/{id}/image'].put.requestBody.content['image/png']);
    assert.ok(spec.paths['/api/v1/admin/menu'].put.requestBody.content['text/csv']);
    assert.equal(put.description, 'Scope: menu:write');
    assert.deepEqual(spec.paths['/api/v1/items'].get.security, [], 'public: no token');
    const query = spec.paths['/api/v1/items'].get.parameters.map((p: any) => p.name).sort();
    assert.deepEqual(query, ['category_id', 'is_recommended', 'locale', 'page', 'per_page', 'search', 'type_id']);
  });

  test('/api/docs is a readable index of the same routes', async () => {
    const res = await call(t.app, { url: '/api/docs', host: 'beta' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.match(res.body, /<code>\/api\/v1\/admin\/analytics\/overview<\/code>/);
    assert.equal((await call(t.app, { url: '/api/docs', host: 'nobody' })).statusCode, 404);
  });
});

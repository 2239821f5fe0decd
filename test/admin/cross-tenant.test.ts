// Tenant isolation across every admin route: tenant A's token on tenant B's address, and tenant
// B's token aimed at tenant A's ids, never reach anything of A.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { ALL_SCOPES, adminCall, tokenFor } from './tokens.js';

const RESOURCES = ['categories', 'items', 'types', 'wineries'] as const;

/** Every admin route: method, path with `{id}` where the resource id goes, and a body for writes. */
function adminRoutes(ids: Record<(typeof RESOURCES)[number], number>) {
  const routes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown }[] = [];
  for (const r of RESOURCES) {
    // A valid partial update for each resource, so that only the tenant check can refuse it.
    const update = r === 'wineries' ? { region: 'Hacked' } : { display_order: 1 };
    routes.push({ method: 'GET', url: `/api/v1/admin/${r}` });
    routes.push({ method: 'POST', url: `/api/v1/admin/${r}`, body: {} });
    routes.push({ method: 'GET', url: `/api/v1/admin/${r}/${ids[r]}` });
    routes.push({ method: 'PUT', url: `/api/v1/admin/${r}/${ids[r]}`, body: update });
    routes.push({ method: 'PATCH', url: `/api/v1/admin/${r}/${ids[r]}`, body: update });
    routes.push({ method: 'DELETE', url: `/api/v1/admin/${r}/${ids[r]}` });
  }
  routes.push(
    { method: 'GET', url: '/api/v1/admin/settings' },
    { method: 'PUT', url: '/api/v1/admin/settings', body: { name: 'Hacked' } },
  );
  routes.push(
    { method: 'GET', url: '/api/v1/admin/theme' },
    { method: 'PUT', url: '/api/v1/admin/theme', body: { footer_text: 'Hacked' } },
  );
  for (const report of ['overview', 'items', 'sections', 'allergens', 'insights']) {
    routes.push({ method: 'GET', url: `/api/v1/admin/analytics/${report}` });
  }
  return routes;
}

for (const dialect of dialects) {
  describe(`admin tenant isolation (${dialect})`, () => {
    let t: TestApp;
    let alphaToken: string;
    let betaToken: string;
    let alphaIds: Record<(typeof RESOURCES)[number], number>;
    let alphaBefore: Record<string, unknown>;

    const snapshotOfAlpha = async () => {
      const out: Record<string, unknown> = {};
      for (const url of [
        ...RESOURCES.map((r) => `/api/v1/admin/${r}?per_page=100`),
        '/api/v1/admin/settings',
        '/api/v1/admin/theme',
      ]) {
        out[url] = (await adminCall(t.app, alphaToken, { url, host: 'alpha' })).json.data;
      }
      return out;
    };

    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      alphaToken = await tokenFor(t.db.db, alpha, ALL_SCOPES);
      betaToken = await tokenFor(t.db.db, beta, ALL_SCOPES);
      const get = async (r: string) =>
        (await adminCall(t.app, alphaToken, { url: `/api/v1/admin/${r}`, host: 'alpha' })).json.data;
      // An empty section, an unused winery and type, so that even DELETE would succeed if it reached them.
      const emptySection = await adminCall(t.app, alphaToken, {
        method: 'POST',
        url: '/api/v1/admin/categories',
        host: 'alpha',
        body: { name: { it: 'Vuota' } },
      });
      const unusedType = await adminCall(t.app, alphaToken, {
        method: 'POST',
        url: '/api/v1/admin/types',
        host: 'alpha',
        body: { category_id: emptySection.json.data.id, name: { it: 'Tipo' } },
      });
      const unusedWinery = await adminCall(t.app, alphaToken, {
        method: 'POST',
        url: '/api/v1/admin/wineries',
        host: 'alpha',
        body: { name: 'Cantina sola' },
      });
      alphaIds = {
        categories: emptySection.json.data.id,
        items: (await get('items'))[0].id,
        types: unusedType.json.data.id,
        wineries: unusedWinery.json.data.id,
      };
      alphaBefore = await snapshotOfAlpha();
    });
    after(() => t.close());

    test("tenant A's token is refused on tenant B's address on every admin route", async () => {
      for (const route of adminRoutes(alphaIds)) {
        const res = await adminCall(t.app, alphaToken, { ...route, host: 'beta' });
        assert.equal(res.statusCode, 401, `${route.method} ${route.url}`);
        assert.deepEqual(res.json, { success: false, message: 'Unauthenticated.' });
      }
    });

    test("tenant B's token with tenant A's ids finds nothing of A", async () => {
      for (const route of adminRoutes(alphaIds)) {
        const res = await adminCall(t.app, betaToken, { ...route, host: 'beta' });
        const label = `${route.method} ${route.url}`;
        if (/\/\d+$/.test(route.url)) {
          assert.equal(res.statusCode, 404, label);
          continue;
        }
        const body = JSON.stringify(res.json);
        assert.doesNotMatch(body, /Alpha|Vuota|Cantina sola/, label);
      }
    });

    test("references to tenant A's rows are invalid in tenant B", async () => {
      const betaSection = (await adminCall(t.app, betaToken, { url: '/api/v1/admin/categories', host: 'beta' })).json
        .data[0];
      const attempts = [
        {
          url: '/api/v1/admin/items',
          body: { category_id: alphaIds.categories, name: { it: 'X' }, price: 1 },
          field: 'category_id',
        },
        {
          url: '/api/v1/admin/items',
          body: { category_id: betaSection.id, winery_id: alphaIds.wineries, name: { it: 'X' }, price: 1 },
          field: 'winery_id',
        },
        {
          url: '/api/v1/admin/items',
          body: { category_id: betaSection.id, type_id: alphaIds.types, name: { it: 'X' }, price: 1 },
          field: 'type_id',
        },
        {
          url: '/api/v1/admin/types',
          body: { category_id: alphaIds.categories, name: { it: 'X' } },
          field: 'category_id',
        },
        {
          url: '/api/v1/admin/categories',
          body: { parent_id: alphaIds.categories, name: { it: 'X' } },
          field: 'parent_id',
        },
      ];
      for (const a of attempts) {
        const res = await adminCall(t.app, betaToken, { method: 'POST', url: a.url, host: 'beta', body: a.body });
        assert.equal(res.statusCode, 422, `${a.url} ${a.field}`);
        assert.deepEqual(Object.keys(res.json.errors), [a.field]);
      }
    });

    test('after all of that, tenant A is unchanged', async () => {
      assert.deepEqual(await snapshotOfAlpha(), alphaBefore);
    });
  });
}

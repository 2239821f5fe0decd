// Writes src/features/docs/examples.json: real answers of the demo restaurant (`npm start`'s menu)
// for the API's reads, which the published OpenAPI document shows as each operation's example
// instead of placeholders. Lists are cut to two entries. Run after changing a read's shape:
// `npx tsx scripts/openapi-examples.ts` (test/api/openapi-examples.test.ts checks every example
// against its schema, so a stale one fails there).
import { writeFileSync } from 'node:fs';
import { createToken } from '../src/accounts/tokens/service.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { seedDemo } from '../src/seed/demo.js';

const out = new URL('../src/features/docs/examples.json', import.meta.url);
const database = openDatabase('sqlite::memory:');
await migrateToLatest(database);
const config = loadConfig({ LOG_LEVEL: 'silent' });
const seeded = await seedDemo(database.db, config.baseDomain);
if (!seeded.tenantId || !seeded.owner) throw new Error('the demo was not seeded');
const token = (
  await createToken(database.db, seeded.tenantId, {
    email: seeded.owner.email,
    name: 'examples',
    scopes: ['menu:read', 'analytics:read'],
  })
).plain;
const app = await buildApp(config, { database, now: () => Date.parse('2026-11-20T19:30:00Z') });
await app.ready();

/**
 * Lists cut to two entries at every depth, so an example shows the shape without the whole menu;
 * the build time fixed, so running the script again changes nothing that did not change.
 */
function trimmed(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, 2).map(trimmed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === 'generated_at' ? '2026-11-20T19:30:00+00:00' : trimmed(v)]),
    );
  }
  return value;
}

const reads: Array<[string, string]> = [
  ['/api/v1/menu', '/api/v1/menu/en'],
  ['/api/v1/menu/{locale}', '/api/v1/menu/en'],
  ['/api/v1/categories', '/api/v1/categories?locale=en'],
  ['/api/v1/items', '/api/v1/items?per_page=2&locale=en'],
  ['/api/v1/restaurant', '/api/v1/restaurant?locale=en'],
  ['/api/v1/theme', '/api/v1/theme'],
  ['/api/v1/allergens', '/api/v1/allergens?locale=en'],
  ['/api/v1/dietary', '/api/v1/dietary?locale=en'],
  ['/api/v1/admin/items', '/api/v1/admin/items?per_page=2'],
  ['/api/v1/admin/categories', '/api/v1/admin/categories?per_page=2'],
  ['/api/v1/admin/wineries', '/api/v1/admin/wineries?per_page=2'],
  ['/api/v1/admin/types', '/api/v1/admin/types?per_page=2'],
  ['/api/v1/admin/option-groups', '/api/v1/admin/option-groups?per_page=2'],
  ['/api/v1/admin/options', '/api/v1/admin/options?per_page=2'],
  ['/api/v1/admin/settings', '/api/v1/admin/settings'],
  ['/api/v1/admin/theme', '/api/v1/admin/theme'],
  ['/api/v1/admin/menu/export', '/api/v1/admin/menu/export'],
  ['/api/v1/admin/analytics/overview', '/api/v1/admin/analytics/overview?from=2026-11-01&to=2026-11-20'],
];
const examples: Record<string, unknown> = {};
for (const [path, url] of reads) {
  const res = await app.inject({ url, headers: { host: 'demo.localhost', authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  examples[`get ${path}`] = trimmed(res.json());
}
// Single objects: the first of their list.
const first = (path: string) => (examples[`get ${path}`] as { data: Array<{ id: number }> }).data[0];
for (const [path, list] of [
  ['/api/v1/items/{id}', '/api/v1/items'],
  ['/api/v1/categories/{id}', '/api/v1/categories'],
  ['/api/v1/admin/items/{id}', '/api/v1/admin/items'],
  ['/api/v1/admin/categories/{id}', '/api/v1/admin/categories'],
  ['/api/v1/admin/option-groups/{id}', '/api/v1/admin/option-groups'],
  ['/api/v1/admin/options/{id}', '/api/v1/admin/options'],
]) {
  const url = `${path.replace('{id}', String(first(list).id))}${path.startsWith('/api/v1/admin') ? '' : '?locale=en'}`;
  const res = await app.inject({ url, headers: { host: 'demo.localhost', authorization: `Bearer ${token}` } });
  examples[`get ${path}`] = trimmed(res.json());
}
writeFileSync(out, `${JSON.stringify(examples, null, 2)}\n`);
await app.close();
await database.close();
console.log(`${Object.keys(examples).length} examples written to ${out.pathname}`);

// Erasure (issue 35 point 5): `menu tenant:delete <slug>` first says what would go and changes
// nothing; with --export it writes the restaurant's export; with --yes it deletes every row of the
// restaurant in every table (counted table by table, every table with a tenant_id column found in
// the database's own catalogue), while the other restaurant's counts stay as they were; a running
// instance stops serving it.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { TENANT_TABLES } from '../../src/accounts/tenants/erase.js';
import { startReset } from '../../src/accounts/users/recovery.js';
import { buildApp } from '../../src/app.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { type DbHandle, openDatabase } from '../../src/db/connect.js';
import { registerEndpoint } from '../../src/features/webhooks/manage.js';
import { updateItem } from '../../src/resources/items/service.js';
import { adminCall } from '../admin/tokens.js';
import { call, dialects, testConfig } from '../helper.js';
import { PanelClient } from '../panel/client.js';
import { type CliDatabase, cliDatabase, runCli } from './run.js';

/** Every table of the database with a tenant_id column, from the database's own catalogue. */
async function tablesWithTenant(db: DbHandle): Promise<string[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`
      SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c
      WHERE m.type = 'table' AND c.name = 'tenant_id'`.execute(db.db);
    return rows.map((r) => r.name).sort();
  }
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.columns
    WHERE column_name = 'tenant_id' AND table_schema = ${db.schema}`.execute(db.db);
  return rows.map((r) => r.name).sort();
}

async function counts(db: DbHandle, tenantId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await tablesWithTenant(db)) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT COUNT(*) AS n FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}`.execute(db.db);
    out[table] = Number(rows[0]?.n ?? 0);
  }
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM tenants WHERE id = ${tenantId}`.execute(db.db);
  out.tenants = Number(rows[0]?.n ?? 0);
  return out;
}

for (const dialect of dialects) {
  describe(`erasing a restaurant (${dialect})`, () => {
    let database: CliDatabase;
    let db: DbHandle;
    let demo: number;
    let beta: number;
    const dir = mkdtempSync(join(tmpdir(), 'menu-erase-'));
    before(async () => {
      database = await cliDatabase(dialect);
      assert.equal((await runCli(['migrate'], database.env)).code, 0);
      assert.equal((await runCli(['demo'], database.env)).code, 0);
      assert.equal((await runCli(['tenant:create', 'beta', '--name', 'Beta'], database.env)).code, 0);
      db = openDatabase(database.env.DATABASE_URL!, database.env.DATABASE_SCHEMA);
      const id = async (slug: string) =>
        (await db.db.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
      demo = await id('demo');
      beta = await id('beta');
      // The demo restaurant in use: a token, sessions and a failed sign-in, an idempotent API write,
      // a webhook and its delivery, a text to check, a recovery link.
      const owner = await db.db
        .selectFrom('users')
        .select('email')
        .where('tenant_id', '=', demo)
        .executeTakeFirstOrThrow();
      const token = await runCli(
        ['token:create', 'demo', owner.email, '--name', 'pos', '--scopes', 'menu:read,menu:write'],
        database.env,
      );
      const plain = /\d+\|[A-Za-z0-9]+/.exec(token.stdout)![0];
      const app = await buildApp(testConfig({ webhooksAllowPrivate: true }), { database: db });
      try {
        await db.db
          .transaction()
          .execute((trx) =>
            registerEndpoint(
              trx,
              demo,
              { url: 'http://127.0.0.1:9/hook', events: ['menu.updated'] },
              { allowPrivate: true, maxPerRestaurant: 10 },
              new Date().toISOString(),
            ),
          );
        const dish = await db.db
          .selectFrom('items')
          .select(['id', 'name_translations'])
          .where('tenant_id', '=', demo)
          .executeTakeFirstOrThrow();
        const res = await adminCall(app, plain, {
          method: 'PATCH',
          url: `/api/v1/admin/items/${dish.id}`,
          host: 'demo',
          body: { price: 9.5 },
          headers: { 'idempotency-key': 'erase-test-1' },
        });
        assert.equal(res.statusCode, 200, res.body);
        const names = JSON.parse(dish.name_translations);
        await writeMenu(app, demo, CLI_ACTOR, (w) =>
          updateItem(w, dish.id, { name: { ...names, it: `${names.it} nuovo` } }),
        );
        const panel = new PanelClient(app, 'demo', { 'accept-language': 'en' });
        await panel.signIn(owner.email, 'not the password');
        await startReset(db.db, demo, owner.email, Date.now());
        assert.equal((await call(app, { url: '/api/v1/menu/it', host: 'demo' })).statusCode, 200);
      } finally {
        await app.close();
      }
    });
    after(async () => {
      await db?.close();
      await database?.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    test('the eraser knows every table that holds a restaurant', async () => {
      assert.deepEqual(await tablesWithTenant(db), [...TENANT_TABLES].sort());
    });

    test('without --yes: what would go, and nothing erased', async () => {
      const before = await counts(db, demo);
      const res = await runCli(['tenant:delete', 'demo'], database.env);
      assert.equal(res.code, 1);
      assert.match(res.stdout, /Would erase "demo" \(id \d+\): .*items \d+/);
      assert.match(res.stderr, /Nothing erased\. Keep a copy with --export <file>/);
      assert.deepEqual(await counts(db, demo), before);
    });

    test('--export --yes: the export is written, every row of every table erased, beta untouched', async () => {
      const before = await counts(db, demo);
      const betaBefore = await counts(db, beta);
      const filled = Object.entries(before)
        .filter(([, n]) => n > 0)
        .map(([t]) => t);
      assert.ok(filled.length >= 20, `the restaurant had rows in ${filled.length} tables: ${filled.join(', ')}`);
      const file = join(dir, 'demo.json');
      const res = await runCli(['tenant:delete', 'demo', '--export', file, '--yes'], database.env);
      assert.equal(res.code, 0, res.stderr);
      assert.ok(existsSync(file));
      assert.equal(JSON.parse(readFileSync(file, 'utf8')).tenant.slug, 'demo');
      assert.match(res.stdout, /Erased "demo": \d+ rows/);
      const after = await counts(db, demo);
      assert.deepEqual(
        Object.entries(after).filter(([, n]) => n > 0),
        [],
        'no row of the restaurant is left in any table',
      );
      assert.deepEqual(await counts(db, beta), betaBefore);
      // Its address names nothing now; the export brings it back under its slug.
      const app = await buildApp(testConfig(), { database: db });
      try {
        assert.equal((await call(app, { url: '/api/v1/menu/it', host: 'demo' })).statusCode, 404);
        assert.equal((await call(app, { url: '/api/v1/menu/it', host: 'beta' })).statusCode, 200);
      } finally {
        await app.close();
      }
      assert.equal((await runCli(['restore', '--tenant', file], database.env)).code, 0);
    });
  });
}

// The requests per restaurant and day (the operator console's usage): a flush of many restaurants'
// counts goes in batches of statements, adds to the day's rows, skips restaurants erased meanwhile,
// and touches no other restaurant's row or another day's.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { addRequests } from '../../src/accounts/tenants/usage-repo.js';
import { buildApp } from '../../src/app.js';
import { type DbHandle, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

const DAY = '2026-11-28';

for (const dialect of dialects) {
  describe(`requests per restaurant and day (${dialect})`, () => {
    let db: TestDb;
    const ids: number[] = [];
    let other: number;
    before(async () => {
      db = await openTestDb(dialect);
      // More restaurants than one statement takes (100), so a flush spans several.
      for (let i = 0; i < 1_203; i++) ids.push(await createFixtureTenant(db.db, `r${i}`));
      other = await createFixtureTenant(db.db, 'other', 'Other');
    });
    after(() => db?.dispose());

    const rows = async () =>
      new Map(
        (await db.db.selectFrom('tenant_requests_daily').select(['tenant_id', 'requests', 'day']).execute()).map(
          (r) => [`${r.tenant_id} ${r.day}`, Number(r.requests)],
        ),
      );

    test('1,203 restaurants in one flush, twice: every count added to its own row, an unknown id skipped', async () => {
      const counts = new Map(ids.map((id, i) => [id, i + 1]));
      counts.set(999_999_999, 7);
      await addRequests(db.db, DAY, counts);
      await addRequests(db.db, DAY, new Map(ids.map((id) => [id, 1000])));
      await addRequests(db.db, '2026-11-27', new Map([[ids[0]!, 3]]));
      const stored = await rows();
      assert.equal(stored.size, ids.length + 1);
      for (const [i, id] of ids.entries()) assert.equal(stored.get(`${id} ${DAY}`), i + 1 + 1000, `restaurant ${i}`);
      assert.equal(stored.get(`${ids[0]} 2026-11-27`), 3);
      assert.equal(stored.has(`999999999 ${DAY}`), false);
      // The restaurant no request named has no row at all.
      assert.equal(stored.has(`${other} ${DAY}`), false);
    });
  });
}

for (const dialect of dialects) {
  describe(`requests counted since the last flush are stored when the app stops (${dialect})`, () => {
    test('an app that opened its own database stores them before closing it, each restaurant its own', async () => {
      // The app must open (and close) the database itself, as `npm start` does: a handle of its own.
      let handle: DbHandle;
      let config: ReturnType<typeof testConfig>;
      let dispose: () => Promise<void>;
      if (dialect === 'sqlite') {
        const dir = mkdtempSync(join(tmpdir(), 'menu-tally-'));
        const url = `sqlite:${join(dir, 'menu.db')}`;
        handle = openDatabase(url);
        await migrateToLatest(handle);
        config = testConfig({ databaseUrl: url, publicRateLimit: 0 });
        dispose = async () => {
          await handle.close();
          rmSync(dir, { recursive: true, force: true });
        };
      } else {
        const db = await openTestDb('postgres');
        handle = db;
        config = testConfig({ databaseUrl: db.url, databaseSchema: db.schema, publicRateLimit: 0 });
        dispose = () => db.dispose();
      }
      try {
        const alpha = await createFixtureTenant(handle.db, 'alpha', 'Alpha');
        const beta = await createFixtureTenant(handle.db, 'beta', 'Beta');
        const app = await buildApp(config, { now: () => NOON_UTC });
        for (let i = 0; i < 3; i++) {
          const res = await app.inject({ url: '/api/v1/menu/it', headers: { host: 'alpha.localhost' } });
          assert.equal(res.statusCode, 200);
        }
        assert.equal(
          (await app.inject({ url: '/api/v1/menu/it', headers: { host: 'beta.localhost' } })).statusCode,
          200,
        );
        // Well within the 30 s between flushes: only the one at close stores them.
        await app.close();
        const stored = await handle.db
          .selectFrom('tenant_requests_daily')
          .select(['tenant_id', 'requests'])
          .where('day', '=', new Date(NOON_UTC).toISOString().slice(0, 10))
          .execute();
        const byTenant = new Map(stored.map((r) => [Number(r.tenant_id), Number(r.requests)]));
        assert.deepEqual([byTenant.get(alpha), byTenant.get(beta)], [3, 1]);
      } finally {
        await dispose();
      }
    });
  });
}

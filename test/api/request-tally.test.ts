// The requests per restaurant and day (the operator console's usage): a flush of many restaurants'
// counts goes in batches of statements, adds to the day's rows, skips restaurants erased meanwhile,
// and touches no other restaurant's row or another day's.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addRequests } from '../../src/accounts/tenants/usage-repo.js';
import { createFixtureTenant } from '../fixtures.js';
import { dialects, openTestDb, type TestDb } from '../helper.js';

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

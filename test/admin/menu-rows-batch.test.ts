// Many dishes updated in one statement (db/menu-rows.ts `updateRowsAtOnce`), as a whole-menu import
// sends them on both databases: each row gets exactly its own values, a column its values leave out
// keeps what was stored, a JSON null stores NULL, numbers stay numbers and texts texts, and a row
// of another restaurant named by id is not touched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { allRows, updateRowsAtOnce } from '../../src/db/menu-rows.js';
import { createFixtureTenant } from '../fixtures.js';
import { dialects, openTestDb, type TestDb } from '../helper.js';

for (const dialect of dialects) {
  describe(`dishes updated at once (${dialect})`, () => {
    let db: TestDb;
    let mine: number;
    let other: number;
    before(async () => {
      db = await openTestDb(dialect);
      mine = await createFixtureTenant(db.db, 'batch-mine');
      other = await createFixtureTenant(db.db, 'batch-other');
    });
    after(() => db.dispose());

    test('each row its own values; left-out columns kept; another restaurant untouched', async () => {
      const [first, second, untouched] = await allRows(db.db, 'items', mine);
      const [theirs] = await allRows(db.db, 'items', other);
      const names = JSON.stringify({ it: 'Tagliatelle al ragù "della casa"', en: 'Tagliatelle\twith ragù' });
      await db.db.transaction().execute((trx) =>
        updateRowsAtOnce(trx, 'items', mine, [
          { id: first.id, values: { price_cents: 1250, is_active: 0, updated_at: '2026-11-28T10:00:00.000Z' } },
          { id: second.id, values: { name_translations: names, winery_id: null, display_order: 7 } },
          // Named by id, but of the other restaurant: the statement is scoped by tenant.
          { id: theirs.id, values: { price_cents: 1 } },
        ]),
      );
      const now = new Map((await allRows(db.db, 'items', mine)).map((row) => [row.id, row]));
      assert.deepEqual(now.get(first.id), {
        ...first,
        price_cents: 1250,
        is_active: 0,
        updated_at: '2026-11-28T10:00:00.000Z',
      });
      assert.deepEqual(now.get(second.id), { ...second, name_translations: names, winery_id: null, display_order: 7 });
      assert.equal(typeof now.get(first.id)?.price_cents, 'number');
      assert.equal(typeof now.get(second.id)?.name_translations, 'string');
      assert.deepEqual(now.get(untouched.id), untouched);
      assert.deepEqual(
        (await allRows(db.db, 'items', other)).find((row) => row.id === theirs.id),
        theirs,
        "the other restaurant's dish is as it was",
      );
    });
  });
}

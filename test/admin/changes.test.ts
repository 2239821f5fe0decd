// The change feed (issue 33 point 6): GET /api/v1/admin/changes lists every change of the menu in
// commit order, deletions included, paged by an opaque cursor; polling with the last cursor while
// several writers run gets every change exactly once; another restaurant's changes never show.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

for (const dialect of dialects) {
  describe(`the change feed (${dialect})`, () => {
    const { restaurant, rows } = menuSuite(dialect, 'chg');

    test('creations, updates and deletions in order, paged; a bad cursor is a 422; beta apart', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const start = await r.admin('GET', '/changes');
      assert.equal(start.statusCode, 200);
      const since = start.json.meta.next_cursor;
      const section = (await r.admin('GET', '/categories?per_page=1')).json.data[0];
      const created = await r.admin('POST', '/items', { category_id: section.id, name: { it: 'Nuovo' }, price: 7 });
      const id = created.json.data.id;
      await r.admin('PATCH', `/items/${id}`, { price: 8 });
      await r.admin('DELETE', `/items/${id}`);
      await other.admin('PATCH', '/settings', { phone: '+39 1' });
      const page = await r.admin('GET', `/changes?after=${since}&limit=2`);
      assert.deepEqual(
        page.json.data.map((c: { resource: string; action: string; fields: string[] }) => [c.resource, c.action]),
        [
          ['items', 'created'],
          ['items', 'updated'],
        ],
      );
      assert.deepEqual(page.json.data[1].fields, ['price']);
      assert.equal(page.json.meta.has_more, true);
      const rest = await r.admin('GET', `/changes?after=${page.json.meta.next_cursor}`);
      assert.deepEqual(
        rest.json.data.map((c: { id: number; action: string }) => [c.id, c.action]),
        [[id, 'deleted']],
      );
      assert.equal(rest.json.meta.has_more, false);
      assert.equal(rest.json.meta.version, rest.json.data[0].version);
      const nothing = await r.admin('GET', `/changes?after=${rest.json.meta.next_cursor}`);
      assert.deepEqual(nothing.json.data, []);
      assert.equal(nothing.json.meta.next_cursor, rest.json.meta.next_cursor);
      assert.equal((await r.admin('GET', '/changes?after=not-a-cursor')).statusCode, 422);
      void rows;
    });

    test('polling while four writers run: every change once, none skipped, in version order', async () => {
      const r = await restaurant();
      const dishes = (await r.admin('GET', '/items?per_page=4')).json.data as { id: number }[];
      let cursor = (await r.admin('GET', '/changes')).json.meta.next_cursor as string;
      const seen: { id: number; version: number }[] = [];
      let writing = true;
      const writers = Promise.all(
        dishes.map(async (d, w) => {
          for (let i = 1; i <= 8; i++) {
            const res = await r.admin('PATCH', `/items/${d.id}`, { price: 10 + w + i * 0.25 });
            assert.equal(res.statusCode, 200);
          }
        }),
      ).finally(() => {
        writing = false;
      });
      const poll = async () => {
        // A poller asks now and then (a POS every few seconds), not in a tight loop.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const page = await r.admin('GET', `/changes?after=${cursor}&limit=5`);
        seen.push(...page.json.data.map((c: { id: number; version: number }) => ({ id: c.id, version: c.version })));
        cursor = page.json.meta.next_cursor;
        return page.json.meta.has_more as boolean;
      };
      while (writing) await poll();
      await writers;
      while (await poll()) {}
      assert.equal(seen.length, 32, 'four writers × eight changes, each seen once');
      const versions = seen.map((s) => s.version);
      assert.deepEqual(
        versions,
        [...versions].sort((a, b) => a - b),
        'in version order',
      );
      assert.equal(new Set(versions).size, 32, 'no change twice');
    });
  });
}

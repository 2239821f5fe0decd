// Every admin write goes through writeMenu: its listeners see who wrote (the token and its user)
// and every row changed, before and after, in the write's own transaction; a failed write records nothing.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Actor, Change } from '../../src/catalog/write.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { restaurantMaker } from './tokens.js';

interface Seen {
  tenantId: number;
  actor: Actor;
  changes: Change[];
  committedVersion?: number;
}

for (const dialect of dialects) {
  describe(`write listeners (${dialect})`, () => {
    let t: TestApp;
    const seen: Seen[] = [];
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      t.app.menuWriter.listen({
        inTransaction: async (_trx, tenantId, actor, changes) => {
          seen.push({ tenantId, actor, changes: [...changes] });
        },
        afterCommit: (tenantId, version) => {
          const last = seen.filter((s) => s.tenantId === tenantId).pop();
          if (last) last.committedVersion = version;
        },
      });
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'wl');

    test('create, update and delete record the rows and the token that wrote them', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const sections = (await r.admin('GET', '/categories')).json.data;
      const antipasti = sections.find((s: any) => s.name === 'Antipasti');
      seen.length = 0;

      const created = await r.admin('POST', '/items', { category_id: antipasti.id, name: { it: 'Olive' }, price: 3 });
      assert.equal(created.statusCode, 201);
      const id = created.json.data.id;
      assert.equal((await r.admin('PATCH', `/items/${id}`, { price: 3.5 })).statusCode, 200);
      assert.equal((await r.admin('DELETE', `/items/${id}`)).statusCode, 204);
      assert.equal((await other.admin('PUT', '/settings', { phone: '1' })).statusCode, 200);

      assert.equal(seen.length, 4);
      assert.equal(seen.pop()?.tenantId, other.id, "each write is its own restaurant's");
      for (const s of seen) {
        assert.equal(s.tenantId, r.id);
        assert.equal(s.actor.via, 'api');
        assert.equal(s.actor.tokenName, 'test');
        assert.equal(typeof s.actor.tokenId, 'number');
        assert.equal(typeof s.actor.userId, 'number');
        assert.equal(typeof s.committedVersion, 'number');
      }
      const [create, update, remove] = seen.map((s) => s.changes);
      assert.deepEqual(
        create.map((c) => [c.resource, c.id, c.action, c.before]),
        [['items', id, 'created', null]],
      );
      assert.equal((create[0].after as any).price_cents, 300);
      assert.equal((update[0].before as any).price_cents, 300);
      assert.equal((update[0].after as any).price_cents, 350);
      assert.deepEqual(
        remove.map((c) => [c.resource, c.id, c.action, c.after]),
        [['items', id, 'deleted', null]],
      );
    });

    test('a section deleted with its sub-categories records each row; settings and theme record theirs', async () => {
      const r = await restaurant();
      const created = await r.admin('POST', '/categories', { name: { it: 'Pizze' } });
      const sectionId = created.json.data.id;
      const type = await r.admin('POST', '/types', { category_id: sectionId, name: { it: 'Rosse' } });
      seen.length = 0;
      assert.equal((await r.admin('DELETE', `/categories/${sectionId}`)).statusCode, 204);
      assert.deepEqual(
        seen[0].changes.map((c) => [c.resource, c.id, c.action]),
        [
          ['types', type.json.data.id, 'deleted'],
          ['categories', sectionId, 'deleted'],
        ],
      );

      seen.length = 0;
      assert.equal((await r.admin('PUT', '/settings', { phone: '+39 06 1' })).statusCode, 200);
      assert.equal((await r.admin('PUT', '/theme', { primary_color: '#abcdef' })).statusCode, 200);
      assert.deepEqual(
        seen.map((s) => s.changes.map((c) => [c.resource, c.action])),
        [[['settings', 'updated']], [['theme', 'updated']]],
      );
      assert.equal((seen[0].changes[0].after as any).phone, '+39 06 1');
      assert.equal((seen[1].changes[0].after as any).primary_color, '#ABCDEF');
    });

    test('a refused write reaches no listener', async () => {
      const r = await restaurant();
      seen.length = 0;
      const res = await r.admin('POST', '/items', { category_id: 999999, name: { it: 'X' }, price: 1 });
      assert.equal(res.statusCode, 422);
      assert.equal(seen.length, 0);
    });
  });
}

// Concurrent writes never answer 500: deleting a section while dishes are being added to it ends
// either way (deleted and no dish points at it, or kept with its dishes), each refused request in
// the envelope with a 4xx; another restaurant is untouched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { restaurantMaker } from '../admin/tokens.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';

const ROUNDS = 12;
const DISHES_PER_ROUND = 6;

for (const dialect of dialects) {
  describe(`concurrent writes (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100_000 });
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'race');

    test('delete-section racing add-dish: only 2xx/404/409/422 in the envelope, and a consistent menu', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherBefore = await other.admin('GET', '/items?per_page=100');
      const statuses = new Map<number, number>();
      for (let round = 0; round < ROUNDS; round++) {
        const section = await r.admin('POST', '/categories', { name: { it: `Sezione ${round}` } });
        assert.equal(section.statusCode, 201);
        const sectionId = section.json.data.id as number;
        // Each request leaves after a different short pause, so the delete lands before, among
        // and after the additions over the rounds.
        const later = <T>(ms: number, send: () => Promise<T>) =>
          new Promise<T>((resolve, reject) => setTimeout(() => send().then(resolve, reject), ms));
        const answers = await Promise.all([
          ...Array.from({ length: DISHES_PER_ROUND }, (_, i) =>
            later(i, () =>
              r.admin('POST', '/items', { category_id: sectionId, name: { it: `Piatto ${round}.${i}` }, price: 10 }),
            ),
          ),
          later(round % DISHES_PER_ROUND, () => r.admin('DELETE', `/categories/${sectionId}`)),
        ]);
        for (const res of answers) {
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          assert.ok([200, 201, 204, 404, 409, 422].includes(res.statusCode), `${res.statusCode} ${res.body}`);
          if (res.statusCode >= 400) {
            assert.equal(res.json.success, false);
            assert.equal(typeof res.json.message, 'string');
          }
        }
        const stillThere = await r.admin('GET', `/categories/${sectionId}`);
        const dishes = await r.admin('GET', `/items?category_id=${sectionId}&per_page=100`);
        if (stillThere.statusCode === 404) {
          assert.ok(dishes.statusCode === 422 || dishes.json.data.length === 0, 'no dish left in a deleted section');
        } else {
          assert.equal(stillThere.statusCode, 200);
          const created = answers.filter((a) => a.statusCode === 201).length;
          assert.equal(dishes.json.data.length, created, 'every acknowledged dish is in the kept section');
        }
      }
      assert.equal(statuses.get(500), undefined);
      const otherAfter = await other.admin('GET', '/items?per_page=100');
      assert.deepEqual(otherAfter.json.data, otherBefore.json.data);
    });
  });
}

// Option groups and options (issue 34): min ≤ max, an option or a dish's group of another
// restaurant refused, price changes (0, negative, two decimals), attaching, detaching and ordering
// groups on a dish (a write of the dish: ETag, If-Match, updated_since, audit, webhook), sold out on
// an option with its expiry, a group attached to dishes deleted only when the count is confirmed,
// Idempotency-Key on creation — on every dialect, always with a second restaurant beside.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, openTestDb, type TestDb, testConfig } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

/** 21:00 in Rome (UTC+1 in November). */
const EVENING = Date.parse('2026-11-26T20:00:00Z');

for (const dialect of dialects) {
  describe(`option groups and options (${dialect})`, () => {
    let db: TestDb;
    let app: FastifyInstance;
    let now = EVENING;
    const tokens: Record<string, string> = {};
    const ids: Record<string, number> = {};
    before(async () => {
      db = await openTestDb(dialect);
      app = await buildApp(testConfig({ adminRateLimit: 100000 }), { database: db, now: () => now });
      for (const slug of ['alpha', 'beta']) {
        ids[slug] = await createFixtureTenant(db.db, slug);
        tokens[slug] = await tokenFor(db.db, ids[slug], ['menu:read', 'menu:write']);
      }
    });
    after(async () => {
      await app.close();
      await db.dispose();
    });

    const admin = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}, host = 'alpha') =>
      adminCall(app, tokens[host], {
        method: method as 'GET',
        url: `/api/v1/admin${url}`,
        host,
        body,
        headers,
      });
    const group = async (body: object, host = 'alpha') => {
      const res = await admin('POST', '/option-groups', body, {}, host);
      assert.equal(res.statusCode, 201, res.body);
      return res.json.data;
    };
    const option = async (body: object, host = 'alpha') => {
      const res = await admin('POST', '/options', body, {}, host);
      assert.equal(res.statusCode, 201, res.body);
      return res.json.data;
    };
    const firstDish = async (host = 'alpha') => {
      const res = await admin('GET', '/items?per_page=1', undefined, {}, host);
      return res.json.data[0];
    };

    test('min ≤ max: 422 on min_choices (both in one body), on max_choices (an update lowering it); null max is any number', async () => {
      const both = await admin('POST', '/option-groups', { name: { it: 'Pasta' }, min_choices: 3, max_choices: 1 });
      assert.equal(both.statusCode, 422);
      assert.deepEqual(Object.keys(both.json.errors), ['min_choices']);
      assert.match(both.json.errors.min_choices[0], /minore o uguale a max_choices/);
      const g = await group({ name: { it: 'Pasta', en: 'Pasta' }, min_choices: 1, max_choices: 1 });
      assert.deepEqual([g.min_choices, g.max_choices, g.options, g.external_id], [1, 1, [], null]);
      const lower = await admin('PUT', `/option-groups/${g.id}`, { max_choices: 0 });
      assert.equal(lower.statusCode, 422);
      assert.ok(lower.json.errors.max_choices);
      const raiseMin = await admin('PUT', `/option-groups/${g.id}`, { min_choices: 2 });
      assert.equal(raiseMin.statusCode, 422);
      assert.ok(raiseMin.json.errors.min_choices);
      const any = await admin('PUT', `/option-groups/${g.id}`, { min_choices: 2, max_choices: null });
      assert.equal(any.statusCode, 200, any.body);
      assert.deepEqual([any.json.data.min_choices, any.json.data.max_choices], [2, null]);
      const nameless = await admin('POST', '/option-groups', { name: { en: 'Only English' } });
      assert.equal(nameless.statusCode, 422);
      assert.ok(nameless.json.errors['name.it']);
    });

    test("an option in another restaurant's group is refused; a dish naming another restaurant's group is refused; nothing stored", async () => {
      const theirs = await group({ name: { it: 'Loro' } }, 'beta');
      const before = await db.db.selectFrom('options').selectAll().execute();
      const res = await admin('POST', '/options', { group_id: theirs.id, name: { it: 'Burrata' } });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(Object.keys(res.json.errors), ['group_id']);
      const mine = await group({ name: { it: 'Mia' } });
      const o = await option({ group_id: mine.id, name: { it: 'Acciughe' } });
      const move = await admin('PUT', `/options/${o.id}`, { group_id: theirs.id });
      assert.equal(move.statusCode, 422);
      assert.ok(move.json.errors.group_id);
      assert.equal((await admin('GET', `/options/${o.id}`)).json.data.group_id, mine.id);
      // Their rows are not found here, on read, write and delete.
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const other = await admin(
          method,
          `/option-groups/${theirs.id}`,
          method === 'PUT' ? { min_choices: 0 } : undefined,
        );
        assert.equal(other.statusCode, 404, method);
      }
      const dish = await firstDish();
      const attach = await admin('PUT', `/items/${dish.id}`, { option_group_ids: [mine.id, theirs.id] });
      assert.equal(attach.statusCode, 422);
      assert.deepEqual(Object.keys(attach.json.errors), ['option_group_ids.1']);
      assert.deepEqual((await admin('GET', `/items/${dish.id}`)).json.data.option_group_ids, []);
      const after = await db.db.selectFrom('options').selectAll().execute();
      assert.equal(after.length, before.length + 1);
      // The list of one restaurant never shows the other's.
      const list = await admin('GET', '/option-groups?per_page=100');
      assert.ok(list.json.data.every((g: { id: number }) => g.id !== theirs.id));
    });

    test('price changes: 0 by default, negative allowed, two decimals at most, stored exactly', async () => {
      const g = await group({ name: { it: 'Formato' } });
      assert.equal((await option({ group_id: g.id, name: { it: 'Normale' } })).price_change, 0);
      assert.equal((await option({ group_id: g.id, name: { it: 'Piccola' }, price_change: -1.5 })).price_change, -1.5);
      const big = await option({ group_id: g.id, name: { it: 'Burrata' }, price_change: 3.1 });
      assert.equal(big.price_change, 3.1);
      const stored = await db.db
        .selectFrom('options')
        .select('price_change_cents')
        .where('id', '=', big.id)
        .executeTakeFirst();
      assert.equal(Number(stored?.price_change_cents), 310);
      for (const bad of [0.001, '3', 2_000_000]) {
        const res = await admin('POST', '/options', { group_id: g.id, name: { it: 'X' }, price_change: bad });
        assert.equal(res.statusCode, 422, String(bad));
        assert.ok(res.json.errors.price_change, String(bad));
      }
      const read = await admin('GET', `/option-groups/${g.id}?locale=en`);
      assert.deepEqual(
        read.json.data.options.map((o: { name: string; price_change: number }) => [o.name, o.price_change]),
        [
          ['Normale', 0],
          ['Piccola', -1.5],
          ['Burrata', 3.1],
        ],
      );
    });

    test('a dish takes its groups in order: attach, reorder, detach; each is a write of the dish (ETag, If-Match 412, updated_since, audit, webhook)', async () => {
      await db.db
        .insertInto('webhook_endpoints')
        .values({
          tenant_id: ids.alpha,
          url: 'https://pos.example.test/hook',
          events: '["menu.updated"]',
          secret: 'whsec_test',
          is_active: 1,
          created_at: '2026-11-26T00:00:00+00:00',
          updated_at: '2026-11-26T00:00:00+00:00',
        })
        .execute();
      const a = await group({ name: { it: 'Aggiunte' } });
      const b = await group({ name: { it: 'Cottura' }, min_choices: 1, max_choices: 1 });
      const dish = await firstDish();
      const read = await admin('GET', `/items/${dish.id}`);
      const etag = read.headers.etag as string;
      const since = new Date(now - 1000).toISOString();
      const attach = await admin('PUT', `/items/${dish.id}`, { option_group_ids: [b.id, a.id] }, { 'if-match': etag });
      assert.equal(attach.statusCode, 200, attach.body);
      assert.deepEqual(attach.json.data.option_group_ids, [b.id, a.id]);
      assert.notEqual(attach.headers.etag, etag, 'the ETag moved with the groups');
      const stale = await admin('PUT', `/items/${dish.id}`, { option_group_ids: [] }, { 'if-match': etag });
      assert.equal(stale.statusCode, 412);
      const reorder = await admin(
        'PATCH',
        `/items/${dish.id}`,
        { option_group_ids: [a.id, b.id] },
        { 'if-match': attach.headers.etag as string },
      );
      assert.equal(reorder.statusCode, 200, reorder.body);
      assert.deepEqual(reorder.json.data.option_group_ids, [a.id, b.id]);
      // What a read returns can be written back unchanged.
      const back = await admin('PUT', `/items/${dish.id}`, reorder.json.data);
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(back.headers.etag, reorder.headers.etag);
      const changed = await admin('GET', `/items?updated_since=${encodeURIComponent(since)}&per_page=100`);
      assert.ok(changed.json.data.some((d: { id: number }) => d.id === dish.id));
      const audit = await admin('GET', `/audit?resource=items&id=${dish.id}`);
      const entry = audit.json.data.find((e: { fields: string[] }) => e.fields.includes('option_group_ids'));
      assert.ok(entry, JSON.stringify(audit.json.data));
      const deliveries = await db.db
        .selectFrom('webhook_deliveries')
        .select('payload')
        .where('tenant_id', '=', ids.alpha)
        .execute();
      assert.ok(deliveries.some((d) => d.payload.includes(`"resource":"items","id":${dish.id}`)));
      const detach = await admin('PUT', `/items/${dish.id}`, { option_group_ids: [] });
      assert.deepEqual(detach.json.data.option_group_ids, []);
      // An option's write is announced too (its group's path segment for groups).
      await option({ group_id: a.id, name: { it: 'Burrata' }, price_change: 3 });
      const all = await db.db
        .selectFrom('webhook_deliveries')
        .select('payload')
        .where('tenant_id', '=', ids.alpha)
        .execute();
      assert.ok(all.some((d) => d.payload.includes('"resource":"options"')));
      assert.ok(all.some((d) => d.payload.includes('"resource":"option-groups"')));
      // Beta heard nothing.
      const beta = await db.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('tenant_id', '=', ids.beta)
        .execute();
      assert.equal(beta.length, 0);
    });

    test("a group's ETag moves when one of its options changes; If-Match on the group and on the option", async () => {
      const g = await group({ name: { it: 'Salse' } });
      const o = await option({ group_id: g.id, name: { it: 'Pesto' } });
      const read = await admin('GET', `/option-groups/${g.id}`);
      const tag = read.headers.etag as string;
      const oTag = (await admin('GET', `/options/${o.id}`)).headers.etag as string;
      const put = await admin('PUT', `/options/${o.id}`, { price_change: 1 }, { 'if-match': oTag });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal((await admin('PUT', `/options/${o.id}`, { price_change: 2 }, { 'if-match': oTag })).statusCode, 412);
      const again = await admin('GET', `/option-groups/${g.id}`);
      assert.notEqual(again.headers.etag, tag);
      assert.equal(again.json.data.options[0].price_change, 1);
      assert.equal(
        (await admin('PUT', `/option-groups/${g.id}`, { min_choices: 0 }, { 'if-match': tag })).statusCode,
        412,
      );
    });

    test('sold out on an option: until tonight 05:00 by default, lapses by itself; an end in the past is refused', async () => {
      const g = await group({ name: { it: 'Extra' } });
      const o = await option({ group_id: g.id, name: { it: 'Burrata' }, price_change: 3 });
      const marked = await admin('PUT', `/options/${o.id}`, { sold_out: true });
      assert.equal(marked.statusCode, 200, marked.body);
      assert.equal(marked.json.data.sold_out, true);
      assert.equal(marked.json.data.sold_out_until, '2026-11-27T04:00:00+00:00');
      const past = await admin('PUT', `/options/${o.id}`, { sold_out_until: '2026-11-26T10:00:00Z' });
      assert.equal(past.statusCode, 422);
      assert.ok(past.json.errors.sold_out_until);
      now = Date.parse('2026-11-27T04:00:00Z');
      try {
        const lapsed = await admin('GET', `/options/${o.id}`);
        assert.equal(lapsed.json.data.sold_out, false);
        assert.equal(lapsed.json.data.sold_out_until, null);
        const forever = await admin('PUT', `/options/${o.id}`, { sold_out: true, sold_out_until: null });
        assert.deepEqual([forever.json.data.sold_out, forever.json.data.sold_out_until], [true, null]);
        const back = await admin('PUT', `/options/${o.id}`, { sold_out: false });
        assert.equal(back.json.data.sold_out, false);
      } finally {
        now = EVENING;
      }
    });

    test('a group attached to dishes: DELETE says how many (422), confirm_detach=<count> detaches and deletes it with its options', async () => {
      const g = await group({ name: { it: 'Da togliere' } });
      const keep = await group({ name: { it: 'Resta' } });
      await option({ group_id: g.id, name: { it: 'Uno' } });
      const dishes = (await admin('GET', '/items?per_page=2')).json.data;
      for (const d of dishes) {
        const res = await admin('PUT', `/items/${d.id}`, { option_group_ids: [g.id, keep.id] });
        assert.equal(res.statusCode, 200, res.body);
      }
      const refused = await admin('DELETE', `/option-groups/${g.id}`, undefined, { 'accept-language': 'en' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.json.errors.confirm_detach[0], /attached to dishes \(2\).*confirm_detach=2/);
      const wrong = await admin('DELETE', `/option-groups/${g.id}?confirm_detach=1`);
      assert.equal(wrong.statusCode, 422);
      assert.equal((await admin('GET', `/option-groups/${g.id}`)).statusCode, 200);
      const since = encodeURIComponent(new Date(now - 1000).toISOString());
      const done = await admin('DELETE', `/option-groups/${g.id}?confirm_detach=2`);
      assert.equal(done.statusCode, 204, done.body);
      // An integrator's "what changed since": the group among the deleted, the dishes that lost it among the changed.
      const groupsSince = await admin('GET', `/option-groups?updated_since=${since}`);
      assert.ok(groupsSince.json.meta.deleted.includes(g.id), JSON.stringify(groupsSince.json.meta));
      const optionsSince = await admin('GET', `/options?updated_since=${since}`);
      assert.equal(optionsSince.json.meta.deleted.length, 1, 'its option deleted with it');
      const dishesSince = await admin('GET', `/items?updated_since=${since}&per_page=100`);
      for (const d of dishes) assert.ok(dishesSince.json.data.some((x: { id: number }) => x.id === d.id));
      assert.equal((await admin('GET', `/option-groups/${g.id}`)).statusCode, 404);
      for (const d of dishes) {
        assert.deepEqual((await admin('GET', `/items/${d.id}`)).json.data.option_group_ids, [keep.id]);
      }
      const left = await db.db.selectFrom('options').select('id').where('group_id', '=', g.id).execute();
      assert.equal(left.length, 0);
      const bad = await admin('DELETE', `/option-groups/${keep.id}?confirm_detach=abc`);
      assert.equal(bad.statusCode, 422);
      // A group on no dish goes without a confirmation.
      const lone = await group({ name: { it: 'Sola' } });
      assert.equal((await admin('DELETE', `/option-groups/${lone.id}`)).statusCode, 204);
      for (const d of dishes) await admin('PUT', `/items/${d.id}`, { option_group_ids: [] });
    });

    test('Idempotency-Key: a repeated creation answers the first answer, one row stored; external_id unique per restaurant', async () => {
      const key = { 'idempotency-key': 'pos-modifier-list-1' };
      const first = await admin('POST', '/option-groups', { name: { it: 'Impasto' }, external_id: 'sq-ml-1' }, key);
      const again = await admin('POST', '/option-groups', { name: { it: 'Impasto' }, external_id: 'sq-ml-1' }, key);
      assert.equal(first.statusCode, 201);
      assert.equal(again.statusCode, 201);
      assert.equal(again.json.data.id, first.json.data.id);
      const rows = await db.db.selectFrom('option_groups').select('id').where('external_id', '=', 'sq-ml-1').execute();
      assert.equal(rows.length, 1);
      const dup = await admin('POST', '/option-groups', { name: { it: 'Altro' }, external_id: 'sq-ml-1' });
      assert.equal(dup.statusCode, 422);
      assert.ok(dup.json.errors.external_id);
      // The same external id in another restaurant is its own.
      const beta = await admin(
        'POST',
        '/option-groups',
        { name: { it: 'Impasto' }, external_id: 'sq-ml-1' },
        {},
        'beta',
      );
      assert.equal(beta.statusCode, 201, beta.body);
      const found = await admin('GET', '/option-groups?external_id=sq-ml-1');
      assert.deepEqual(
        found.json.data.map((g: { id: number }) => g.id),
        [first.json.data.id],
      );
    });

    test('deleting a dish drops its links; the group stays', async () => {
      const g = await group({ name: { it: 'Per il piatto' } });
      const section = (await admin('GET', '/categories?per_page=1')).json.data[0];
      const dish = await admin('POST', '/items', {
        category_id: section.id,
        name: { it: 'Focaccia' },
        price: 4,
        option_group_ids: [g.id],
      });
      assert.equal(dish.statusCode, 201, dish.body);
      assert.deepEqual(dish.json.data.option_group_ids, [g.id]);
      assert.equal((await admin('DELETE', `/items/${dish.json.data.id}`)).statusCode, 204);
      const links = await db.db.selectFrom('item_option_groups').selectAll().where('group_id', '=', g.id).execute();
      assert.equal(links.length, 0);
      assert.equal((await admin('DELETE', `/option-groups/${g.id}`)).statusCode, 204);
    });

    test('malformed input is never a 5xx', async () => {
      for (const [method, url, body] of [
        ['POST', '/option-groups', { name: 'plain' }],
        ['POST', '/option-groups', { name: { it: 'x' }, min_choices: -1, max_choices: 'many' }],
        ['POST', '/options', { group_id: 'x', name: { it: 'x' } }],
        ['POST', '/options', { group_id: 2 ** 40, name: { it: 'x' } }],
        ['POST', '/options', { group_id: 1, name: { it: 'x' }, allergens: ['nuts'] }],
        ['PUT', '/items/1', { option_group_ids: [1, 1] }],
        ['PUT', '/items/1', { option_group_ids: 'all' }],
        ['PUT', '/items/1', { option_group_ids: [0] }],
      ] as const) {
        const res = await admin(method, url, body);
        assert.ok(
          res.statusCode >= 400 && res.statusCode < 500,
          `${method} ${url} ${JSON.stringify(body)}: ${res.statusCode}`,
        );
      }
    });

    test('public reads: a dish names its groups for diners (hidden group or one without shown options left out)', async () => {
      const shown = await group({ name: { it: 'Aggiunte' } });
      const hidden = await group({ name: { it: 'Nascosto' }, is_active: false });
      const empty = await group({ name: { it: 'Vuoto' } });
      await option({ group_id: shown.id, name: { it: 'Burrata' }, price_change: 3 });
      await option({ group_id: hidden.id, name: { it: 'X' } });
      await option({ group_id: empty.id, name: { it: 'Spenta' }, is_active: false });
      const dish = await firstDish();
      await admin('PUT', `/items/${dish.id}`, { option_group_ids: [hidden.id, shown.id, empty.id] });
      const pub = await call(app, { url: `/api/v1/items/${dish.id}`, host: 'alpha' });
      assert.equal(pub.statusCode, 200);
      assert.deepEqual(pub.json.data.option_group_ids, [shown.id]);
      const other = await call(app, { url: `/api/v1/items/${(await firstDish('beta')).id}`, host: 'beta' });
      assert.deepEqual(other.json.data.option_group_ids, []);
      await admin('PUT', `/items/${dish.id}`, { option_group_ids: [] });
    });
  });
}

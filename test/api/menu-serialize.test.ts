// The /menu document is serialized with the native JSON.stringify (src/features/menu/cached.ts),
// not with a serializer compiled from the response schema, which drops fields the schema does not
// name and coerces types. So the views must build exactly the schema's fields: every served
// document must come back unchanged through the schema's own serializer. Checked on the demo
// restaurant (sections with sub-categories, sub-sections, wineries, a time window, variants, photos)
// in every locale, open and closed, and on a second restaurant with a dish sold out until a time.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Static } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import { MenuResponse } from '../../src/features/menu/schema.js';
import { seedDemo } from '../../src/seed/demo.js';
import { adminCall, tokenFor } from '../admin/tokens.js';
import { createFixtureTenant, EVENING_UTC, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

const schemaSerializer = fastJson(MenuResponse) as (value: Static<typeof MenuResponse>) => string;
const LOCALES = ['it', 'en', 'fr', 'de', 'es'];

/** The served body, and what the schema's serializer makes of the same data. */
async function throughSchema(t: TestApp, host: string, locale: string) {
  const res = await call(t.app, { url: `/api/v1/menu/${locale}`, host });
  assert.equal(res.statusCode, 200, `${host} ${locale}: ${res.body}`);
  return { served: res.json, schema: JSON.parse(schemaSerializer(res.json)) };
}

for (const dialect of dialects) {
  describe(`menu serialization matches the schema (${dialect})`, () => {
    let t: TestApp;
    let now = NOON_UTC;
    let token: string;
    before(async () => {
      t = await createTestApp(dialect, {}, { now: () => now });
      await seedDemo(t.db.db, 'localhost');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, beta, ['menu:read', 'menu:write']);
    });
    after(() => t.close());

    test('the demo restaurant in every locale, with the aperitivo closed and open', async () => {
      for (const at of [NOON_UTC, EVENING_UTC]) {
        now = at;
        for (const locale of LOCALES) {
          const { served, schema } = await throughSchema(t, 'demo', locale);
          assert.ok(served.data.sections.length > 3, `${locale}: sections served`);
          assert.deepEqual(served, schema, `demo ${locale} at ${new Date(at).toISOString()}`);
        }
      }
    });

    test('a second restaurant, with a dish sold out until a given time', async () => {
      now = NOON_UTC;
      const before = await throughSchema(t, 'beta', 'en');
      const dish = before.served.data.sections.flatMap((s: { items: { id: number }[] }) => s.items)[0];
      const res = await adminCall(t.app, token, {
        method: 'PUT',
        url: `/api/v1/admin/items/${dish.id}`,
        host: 'beta',
        body: { sold_out: true, sold_out_until: '2026-11-30T10:00:00+00:00' },
      });
      assert.equal(res.statusCode, 200, res.body);
      for (const locale of LOCALES) {
        const { served, schema } = await throughSchema(t, 'beta', locale);
        assert.deepEqual(served, schema, `beta ${locale}`);
        assert.equal(served.data.settings.name, 'Beta beta', 'the second restaurant, not the demo');
      }
    });
  });
}

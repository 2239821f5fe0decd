// What the admin menu suites share: one app per dialect at 13:00 in Rome (the fixture's Aperitivo,
// 17:00-20:00, is out of its window), fixture restaurants with an owner token, shortcuts that read
// the admin lists by Italian name, the tenant's raw rows, and the envelopes the API answers.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Scope } from '../../src/accounts/tokens/scopes.js';
import type { Dialect } from '../../src/db/connect.js';
import type { MenuTable } from '../../src/db/menu-rows.js';
import { NOON_UTC } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';
import { adminCall, restaurantMaker } from './tokens.js';

export const NOT_FOUND = { success: false, message: 'Resource not found.' };
export const FORBIDDEN = { success: false, message: 'Invalid ability provided.' };
export const UNAUTHENTICATED = { success: false, message: 'Unauthenticated.' };

/** A 422 body with one message on one field. */
export const invalid = (field: string, message: string) => ({
  success: false,
  message,
  errors: { [field]: [message] },
});

/**
 * Registers the suite's app (call inside `describe`; `now` is its clock) and returns
 * `restaurant(scopes)`: a new fixture restaurant whose `admin(method, url)` calls go under
 * `adminBase`, with `sections()`, `types()`, `wineries(query)`, `dish(name)`, `settingsRow()`,
 * `themeRow()` and `sectionNames()` shortcuts, and `rows(table, tenantId)`.
 */
export function menuSuite(
  dialect: Dialect,
  prefix: string,
  adminBase = '/api/v1/admin',
  now: () => number = () => NOON_UTC,
) {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(dialect, { adminRateLimit: 100000 }, { now });
  });
  after(() => t.close());

  const makeRestaurant = restaurantMaker(() => t, prefix, adminBase);
  async function restaurant(scopes?: Scope[]) {
    const r = await makeRestaurant(scopes);
    const list = async (path: string) => {
      const res = await adminCall(t.app, r.token, { url: `/api/v1/admin${path}`, host: r.slug });
      assert.equal(res.statusCode, 200, res.body);
      return res.json.data as any[];
    };
    const byItalianName = (rows: any[]): Record<string, any> =>
      Object.fromEntries(rows.map((row) => [row.name_translations.it, row]));
    return {
      ...r,
      /** Every section (admin view, flat) by Italian name. */
      sections: async () => byItalianName(await list('/categories?per_page=100')),
      /** Every sub-category by Italian name. */
      types: async () => byItalianName(await list('/types?per_page=100')),
      wineries: (query = '') => list(`/wineries${query}`),
      /** A public dish by Italian name. */
      dish: async (name: string) =>
        (await r.pub('/items?per_page=100')).json.data.find((i: any) => i.name_translations.it === name),
      /** The stored settings and theme rows. */
      settingsRow: () =>
        t.db.db.selectFrom('settings').selectAll().where('tenant_id', '=', r.id).executeTakeFirstOrThrow(),
      themeRow: () => t.db.db.selectFrom('themes').selectAll().where('tenant_id', '=', r.id).executeTakeFirstOrThrow(),
      /** The public menu's section names, in order. */
      sectionNames: async () => (await r.pub('/menu')).json.data.sections.map((s: any) => s.name),
    };
  }
  /** The tenant's rows of a menu table, by id. */
  const rows = (table: MenuTable, tenantId: number) =>
    t.db.db.selectFrom(table).selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
  return { suite: () => t, restaurant, rows };
}

/** An admin object without `updated_at` (which only the admin API shows and every write moves). */
// biome-ignore lint/suspicious/noExplicitAny: admin objects of any resource
export function withoutUpdatedAt({ updated_at: _, ...rest }: any): any {
  return rest;
}

// The admin CRUD contract, written once and run over every menu resource (crud.test.ts): list and
// pagination, read one, create, partial update (PUT, PATCH alias), delete, 404 for unknown ids, 422
// with every failed rule and nothing stored, scopes (401/403 before validation), tenant isolation.
// What only one resource does (section trees, dish prices, types in use…) stays in its own file.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Scope } from '../../src/accounts/tokens/scopes.js';
import { call, type TestApp } from '../helper.js';
import { adminCall, restaurantMaker, tokenFor } from './tokens.js';

export const NOT_FOUND = { success: false, message: 'Resource not found.' };
export const UNAUTHENTICATED = { success: false, message: 'Unauthenticated.' };
export const FORBIDDEN = { success: false, message: 'Invalid ability provided.' };

type Restaurant = Awaited<ReturnType<ReturnType<typeof restaurantMaker>>>;

export interface CrudResource {
  /** The path segment under /api/v1/admin, and the table the rows live in (unless `table` says another). */
  name: 'categories' | 'items' | 'types' | 'wineries' | 'option-groups' | 'options';
  table?: 'option_groups';
  /** A valid body for POST in this restaurant (it may look up the fixture's rows it refers to). */
  create(r: Restaurant): Promise<Record<string, unknown>>;
  /** Reads back the created row's distinctive value, to check create and update answers. */
  label(row: any): unknown;
  /** A partial update: the body, and the value `changed` must read from the answer. */
  update: { body: Record<string, unknown>; changed(row: any): unknown; expected: unknown };
  /** A PATCH body (the alias of PUT) and the value it sets, read the same way. */
  patch: { body: Record<string, unknown>; changed(row: any): unknown; expected: unknown };
  /** A required field: POST {} must report it. */
  required: string;
  /** Rows a fresh fixture restaurant lacks and the contract needs (one to list beside the created one). */
  prepare?(r: Restaurant): Promise<void>;
}

/** A section id of the fixture menu (top level, standard), for bodies that need one. */
export async function firstSection(r: Restaurant): Promise<number> {
  const res = await r.admin('GET', '/categories?per_page=100');
  assert.equal(res.statusCode, 200, res.body);
  return res.json.data.find((s: any) => s.parent_id === null && s.menu_type === 'standard').id;
}

/** Registers the contract's tests for one resource inside the caller's describe. */
export function crudContract(suite: () => TestApp, resource: CrudResource): void {
  const base = `/${resource.name}`;
  const makeRestaurant = restaurantMaker(() => suite(), `crud${resource.name.replace(/-/g, '').slice(0, 8)}`);
  const restaurant = async (scopes?: Scope[]) => {
    const r = await makeRestaurant(scopes);
    await resource.prepare?.(r);
    return r;
  };
  const rows = (tenantId: number) =>
    suite()
      .db.db.selectFrom(resource.table ?? (resource.name as 'options'))
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('id')
      .execute();
  async function created(r: Restaurant) {
    const res = await r.admin('POST', base, await resource.create(r));
    assert.equal(res.statusCode, 201, res.body);
    return res.json.data;
  }

  test('list: 200 in the envelope, paginated (total, page, per_page, last_page), bad paging is 422', async () => {
    const r = await restaurant();
    await created(r);
    const all = await r.admin('GET', `${base}?per_page=100`);
    assert.equal(all.statusCode, 200);
    assert.equal(all.json.success, true);
    const total = all.json.data.length;
    assert.ok(total >= 2, `${total} rows`);
    assert.equal(all.json.meta.total, total);
    const page = await r.admin('GET', `${base}?per_page=1&page=2`);
    assert.equal(page.statusCode, 200);
    assert.deepEqual(page.json.data, [all.json.data[1]]);
    const { generated_at, locale, ...meta } = page.json.meta;
    assert.deepEqual(meta, { total, page: 2, per_page: 1, last_page: total });
    const beyond = await r.admin('GET', `${base}?per_page=1&page=${total + 1}`);
    assert.equal(beyond.statusCode, 200);
    assert.deepEqual(beyond.json.data, []);
    for (const query of ['per_page=0', 'page=0', 'per_page=abc']) {
      const bad = await r.admin('GET', `${base}?${query}`);
      assert.equal(bad.statusCode, 422, query);
      assert.equal(bad.json.success, false);
      assert.ok(bad.json.errors[query.split('=')[0]], query);
    }
  });

  test('create answers 201 with the row; read one answers the same row; the row belongs to the tenant', async () => {
    const r = await restaurant();
    const res = await r.admin('POST', base, await resource.create(r));
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(res.json.success, true);
    assert.equal(typeof res.json.data.id, 'number');
    const one = await r.admin('GET', `${base}/${res.json.data.id}`);
    assert.equal(one.statusCode, 200);
    assert.deepEqual(one.json.data, res.json.data);
    assert.equal(resource.label(one.json.data), resource.label(res.json.data));
    const stored = (await rows(r.id)).find((row: any) => row.id === res.json.data.id);
    assert.ok(stored, 'stored under the calling tenant');
    const list = await r.admin('GET', `${base}?per_page=100`);
    assert.ok(
      list.json.data.some((row: any) => row.id === res.json.data.id),
      'listed',
    );
  });

  test('unknown and malformed ids are 404 on read, update and delete', async () => {
    const r = await restaurant();
    for (const id of ['999999', 'abc', '0']) {
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', resource.update.body],
        ['PATCH', resource.patch.body],
        ['DELETE', undefined],
      ] as const) {
        const res = await r.admin(method, `${base}/${id}`, body);
        assert.equal(res.statusCode, 404, `${method} ${id}`);
        assert.deepEqual(res.json, NOT_FOUND, `${method} ${id}`);
      }
    }
  });

  test('PUT is partial (the rest keeps its value), PATCH is its alias; reads see the change', async () => {
    const r = await restaurant();
    const row = await created(r);
    const put = await r.admin('PUT', `${base}/${row.id}`, resource.update.body);
    assert.equal(put.statusCode, 200, put.body);
    assert.equal(put.json.success, true);
    assert.deepEqual(resource.update.changed(put.json.data), resource.update.expected);
    assert.equal(resource.label(put.json.data), resource.label(row), 'what was not sent is kept');
    const patch = await r.admin('PATCH', `${base}/${row.id}`, resource.patch.body);
    assert.equal(patch.statusCode, 200, patch.body);
    assert.deepEqual(resource.patch.changed(patch.json.data), resource.patch.expected);
    assert.deepEqual(resource.update.changed(patch.json.data), resource.update.expected);
    const read = await r.admin('GET', `${base}/${row.id}`);
    assert.deepEqual(read.json.data, patch.json.data);
  });

  test('DELETE answers 204 with no body; the row is gone (404 on read and on a second delete)', async () => {
    const r = await restaurant();
    const row = await created(r);
    const res = await r.admin('DELETE', `${base}/${row.id}`);
    assert.equal(res.statusCode, 204);
    assert.equal(res.body, '');
    assert.equal((await r.admin('GET', `${base}/${row.id}`)).statusCode, 404);
    assert.equal((await r.admin('DELETE', `${base}/${row.id}`)).statusCode, 404);
    assert.ok(!(await rows(r.id)).some((stored: any) => stored.id === row.id));
  });

  test('422: every failed rule keyed by field, unknown fields prohibited, nothing stored', async () => {
    const r = await restaurant();
    const row = await created(r);
    const before = await rows(r.id);
    const empty = await r.admin('POST', base, {});
    assert.equal(empty.statusCode, 422);
    assert.equal(empty.json.success, false);
    assert.ok(empty.json.errors[resource.required], JSON.stringify(empty.json.errors));
    const count = Object.values(empty.json.errors).flat().length;
    if (count > 1) assert.match(empty.json.message, new RegExp(`\\(e ${count - 1} altr[oi] error[ei]\\)$`));
    const extra = await r.admin('POST', base, { ...(await resource.create(r)), foo: 1 });
    assert.equal(extra.statusCode, 422);
    assert.deepEqual(extra.json.errors, { foo: ['Il campo foo non è consentito.'] });
    const put = await r.admin('PUT', `${base}/${row.id}`, { foo: 1 });
    assert.equal(put.statusCode, 422);
    assert.deepEqual(put.json.errors.foo, ['Il campo foo non è consentito.']);
    const english = await r.admin('POST', base, {}, { 'accept-language': 'en' });
    assert.match(english.json.errors[resource.required][0], /field is required/);
    assert.deepEqual(await rows(r.id), before);
  });

  test('scopes: no token 401; menu:read reads but every write is 403 before validation; analytics:read is 403', async () => {
    const owner = await restaurant();
    const row = await created(owner);
    const reader = await tokenFor(suite().db.db, owner.id, ['menu:read'], 'reader');
    const analytics = await tokenFor(suite().db.db, owner.id, ['analytics:read'], 'analytics');
    const before = await rows(owner.id);
    const routes = [
      ['GET', `${base}`],
      ['GET', `${base}/${row.id}`],
      ['POST', `${base}`],
      ['PUT', `${base}/${row.id}`],
      ['PATCH', `${base}/${row.id}`],
      ['DELETE', `${base}/${row.id}`],
    ] as const;
    for (const [method, path] of routes) {
      const url = `/api/v1/admin${path}`;
      const body = method === 'GET' || method === 'DELETE' ? undefined : { foo: 1 };
      const anonymous = await call(suite().app, { method, url, host: owner.slug, body });
      assert.equal(anonymous.statusCode, 401, `${method} ${path}`);
      assert.deepEqual(anonymous.json, UNAUTHENTICATED);
      const read = await adminCall(suite().app, reader, { method, url, host: owner.slug, body });
      assert.equal(read.statusCode, method === 'GET' ? 200 : 403, `${method} ${path} with menu:read`);
      if (method !== 'GET') assert.deepEqual(read.json, FORBIDDEN);
      const other = await adminCall(suite().app, analytics, { method, url, host: owner.slug, body });
      assert.equal(other.statusCode, 403, `${method} ${path} with analytics:read`);
      assert.deepEqual(other.json, FORBIDDEN);
    }
    const bogus = await adminCall(suite().app, '1|nope', { url: `/api/v1/admin${base}`, host: owner.slug });
    assert.equal(bogus.statusCode, 401);
    assert.deepEqual(await rows(owner.id), before);
  });

  test("tenant isolation: another tenant's rows are 404 and untouched, never listed; its token is 401 here", async () => {
    const a = await restaurant();
    const b = await restaurant();
    const bRow = await created(b);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', resource.update.body],
      ['PATCH', resource.patch.body],
      ['DELETE', undefined],
    ] as const) {
      const res = await a.admin(method, `${base}/${bRow.id}`, body);
      assert.equal(res.statusCode, 404, method);
      assert.deepEqual(res.json, NOT_FOUND, method);
    }
    assert.deepEqual((await b.admin('GET', `${base}/${bRow.id}`)).json.data, bRow);
    const aList = await a.admin('GET', `${base}?per_page=100`);
    const bIds = new Set((await rows(b.id)).map((row: any) => row.id));
    assert.ok(aList.json.data.length > 0);
    assert.ok(
      aList.json.data.every((row: any) => !bIds.has(row.id)),
      "none of B's rows in A's list",
    );
    const cross = await adminCall(suite().app, b.token, { url: `/api/v1/admin${base}`, host: a.slug });
    assert.equal(cross.statusCode, 401);
    assert.deepEqual(cross.json, UNAUTHENTICATED);
    // A write in A leaves B's public menu as it was.
    const bMenu = (await b.pub('/menu')).json.data;
    await created(a);
    const after = (await b.pub('/menu')).json.data;
    assert.deepEqual(after.sections, bMenu.sections);
  });
}

// The panel editor contract, written once and run over every editor built on src/panel/editor.ts
// (editors.test.ts): the page renders, create, every refused field reported next to it at once
// (422, nothing stored), edit, delete only after a confirmation, a form without the CSRF token
// refused (403, nothing changed), another restaurant's rows never shown, changed or deleted.
// What only one editor does stays in its own file (menu-editor.test.ts, settings-theme.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Kysely } from 'kysely';
import type { Form, PanelClient } from './client.js';
import type { PanelBed } from './setup.js';

type Table = 'categories' | 'items' | 'types' | 'wineries' | 'option_groups' | 'options' | 'settings' | 'themes';

interface Common {
  /** Path under /admin. */
  path: string;
  /** The table the rows live in. */
  table: Table;
  /** A form the editor must refuse, and the fields that must each carry a message. */
  invalid(bed: PanelBed): Promise<{ form: Form; fields: string[] }>;
  /** Rows the fixture restaurants lack and the contract needs (in both restaurants). */
  prepare?(bed: PanelBed): Promise<void>;
}

/** A resource of many rows (sections, dishes, sub-categories, wineries). */
export interface CollectionCase extends Common {
  kind: 'collection';
  /** The page that lists the rows (links to each row's page). */
  list(bed: PanelBed): Promise<string>;
  /** The page with the create form. */
  newPage(bed: PanelBed): Promise<string>;
  /** A valid create form; the created row's `label` reads `expected`. */
  valid(bed: PanelBed): Promise<Form>;
  /** A valid edit of row `id` (a full form) and the value `label` reads afterwards. */
  edit(bed: PanelBed, id: number): Promise<Form>;
  label(row: any): unknown;
  created: unknown;
  edited: unknown;
}

/** A resource of one row per restaurant (settings, theme). */
export interface SingleCase extends Common {
  kind: 'single';
  valid(bed: PanelBed): Promise<Form>;
  label(row: any): unknown;
  edited: unknown;
}

export type EditorCase = CollectionCase | SingleCase;

/** The restaurant's rows of the table (one for settings and themes), as stored. */
const rowsOf = async (bed: PanelBed, table: Table, tenantId: number): Promise<any[]> => {
  const rows = await (bed.db.db as unknown as Kysely<any>)
    .selectFrom(table)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
};

/** Every field named has its message under it, and the summary at the top links to it. */
function assertFieldErrors(body: string, fields: string[]) {
  assert.match(body, /class="error-summary"/);
  for (const field of fields) {
    assert.match(body, new RegExp(`id="f-${field}-error">[^<]+`), `message next to ${field}`);
    assert.match(body, new RegExp(`href="#f-${field}"`), `summary links to ${field}`);
  }
}

/** Registers the contract's tests for one editor inside the caller's describe. */
export function editorContract(bed: () => PanelBed, owner: () => PanelClient, e: EditorCase): void {
  const base = `/admin${e.path}`;
  if (e.kind === 'single') singleContract(bed, owner, e, base);
  else collectionContract(bed, owner, e, base);
}

function collectionContract(bed: () => PanelBed, owner: () => PanelClient, e: CollectionCase, base: string) {
  /** Creates a row through the form; answers its id. */
  async function create(c: PanelClient): Promise<number> {
    await c.get(await e.newPage(bed()));
    const before = (await rowsOf(bed(), e.table, bed().alpha)).map((r) => r.id);
    const res = await c.post(base, await e.valid(bed()));
    assert.equal(res.statusCode, 303, res.body.slice(0, 500));
    const row = (await rowsOf(bed(), e.table, bed().alpha)).find((r) => !before.includes(r.id));
    assert.ok(row, 'a row was created');
    return row.id;
  }

  test('the list and the new form render; create answers 303 and stores the row', async () => {
    const c = owner();
    const list = await c.get(await e.list(bed()));
    assert.equal(list.statusCode, 200);
    assert.match(list.headers['content-type'] as string, /^text\/html/);
    const form = await c.get(await e.newPage(bed()));
    assert.equal(form.statusCode, 200);
    assert.match(form.body, new RegExp(`<form method="post" action="${base}"`));
    const id = await create(c);
    const row = (await rowsOf(bed(), e.table, bed().alpha)).find((r) => r.id === id);
    assert.equal(e.label(row), e.created);
    const page = await c.get(`${base}/${id}?created=1`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /class="notice notice-success"/);
    assert.match((await c.get(await e.list(bed()))).body, new RegExp(`href="${base}/${id}"`), 'listed');
  });

  test('a refused form answers 422 with every message next to its field at once; nothing is stored', async () => {
    const c = owner();
    await c.get(await e.newPage(bed()));
    const before = await rowsOf(bed(), e.table, bed().alpha);
    const { form, fields } = await e.invalid(bed());
    const res = await c.post(base, form);
    assert.equal(res.statusCode, 422);
    assertFieldErrors(res.body, fields);
    assert.deepEqual(await rowsOf(bed(), e.table, bed().alpha), before);
  });

  test('edit: the row’s page shows it; a save answers 303 and is stored; a refused save keeps the row', async () => {
    const c = owner();
    const id = await create(c);
    const page = await c.get(`${base}/${id}`);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`<form method="post" action="${base}/${id}"`));
    const res = await c.post(`${base}/${id}`, await e.edit(bed(), id));
    assert.equal(res.statusCode, 303, res.body.slice(0, 500));
    assert.equal(res.headers.location, `${base}/${id}?saved=1`);
    const row = (await rowsOf(bed(), e.table, bed().alpha)).find((r) => r.id === id);
    assert.equal(e.label(row), e.edited);
    await c.get(`${base}/${id}`);
    const { form, fields } = await e.invalid(bed());
    const refused = await c.post(`${base}/${id}`, form);
    assert.equal(refused.statusCode, 422);
    assertFieldErrors(refused.body, fields);
    assert.equal(e.label((await rowsOf(bed(), e.table, bed().alpha)).find((r) => r.id === id)), e.edited);
  });

  test('delete asks for a confirmation first (nothing deleted), then deletes and answers 303', async () => {
    const c = owner();
    const id = await create(c);
    await c.get(`${base}/${id}`);
    const ask = await c.post(`${base}/${id}/delete`, {});
    assert.equal(ask.statusCode, 200);
    assert.match(ask.body, /name="confirmed" value="yes"/);
    assert.ok(
      (await rowsOf(bed(), e.table, bed().alpha)).some((r) => r.id === id),
      'still there',
    );
    const done = await c.post(`${base}/${id}/delete`, { confirmed: 'yes' });
    assert.equal(done.statusCode, 303);
    assert.ok(!(await rowsOf(bed(), e.table, bed().alpha)).some((r) => r.id === id), 'deleted');
  });

  test('a form without the CSRF token, or with a wrong one, is refused (403) and changes nothing', async () => {
    const c = owner();
    const id = await create(c);
    const before = await rowsOf(bed(), e.table, bed().alpha);
    const valid = await e.valid(bed());
    assert.equal((await c.post(base, valid, { csrf: null })).statusCode, 403);
    assert.equal((await c.post(`${base}/${id}`, await e.edit(bed(), id), { csrf: 'forged' })).statusCode, 403);
    assert.equal((await c.post(`${base}/${id}/delete`, { confirmed: 'yes' }, { csrf: null })).statusCode, 403);
    assert.deepEqual(await rowsOf(bed(), e.table, bed().alpha), before);
  });

  test('another restaurant’s rows are never shown, changed or deleted (404)', async () => {
    const c = owner();
    const theirs = await rowsOf(bed(), e.table, bed().beta);
    assert.ok(theirs.length > 0, 'the fixture gives beta rows');
    const list = (await c.get(await e.list(bed()))).body;
    for (const row of theirs) {
      assert.doesNotMatch(list, new RegExp(`href="${base}/${row.id}"`));
      assert.equal((await c.get(`${base}/${row.id}`)).statusCode, 404);
      assert.equal((await c.post(`${base}/${row.id}`, await e.edit(bed(), row.id))).statusCode, 404);
      assert.equal((await c.post(`${base}/${row.id}/delete`, { confirmed: 'yes' })).statusCode, 404);
    }
    assert.deepEqual(await rowsOf(bed(), e.table, bed().beta), theirs);
  });
}

function singleContract(bed: () => PanelBed, owner: () => PanelClient, e: SingleCase, base: string) {
  test('the page renders; a save answers 303, is stored and says so', async () => {
    const c = owner();
    const page = await c.get(base);
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`<form method="post" action="${base}"`));
    const res = await c.post(base, await e.valid(bed()));
    assert.equal(res.statusCode, 303, res.body.slice(0, 500));
    assert.equal(res.headers.location, `${base}?saved=1`);
    const [row] = await rowsOf(bed(), e.table, bed().alpha);
    assert.equal(e.label(row), e.edited);
    assert.match((await c.get(`${base}?saved=1`)).body, /class="notice notice-success"/);
  });

  test('a refused form answers 422 with every message next to its field at once; nothing is stored', async () => {
    const c = owner();
    await c.get(base);
    const before = await rowsOf(bed(), e.table, bed().alpha);
    const { form, fields } = await e.invalid(bed());
    const res = await c.post(base, form);
    assert.equal(res.statusCode, 422);
    assertFieldErrors(res.body, fields);
    assert.deepEqual(await rowsOf(bed(), e.table, bed().alpha), before);
  });

  test('a form without the CSRF token, or with a wrong one, is refused (403) and changes nothing', async () => {
    const c = owner();
    await c.get(base);
    const before = await rowsOf(bed(), e.table, bed().alpha);
    assert.equal((await c.post(base, await e.valid(bed()), { csrf: null })).statusCode, 403);
    assert.equal((await c.post(base, await e.valid(bed()), { csrf: 'forged' })).statusCode, 403);
    assert.deepEqual(await rowsOf(bed(), e.table, bed().alpha), before);
  });

  test('another restaurant’s row is never shown or changed', async () => {
    const c = owner();
    const [theirs] = await rowsOf(bed(), e.table, bed().beta);
    await c.get(base);
    await c.post(base, await e.valid(bed()));
    assert.deepEqual((await rowsOf(bed(), e.table, bed().beta))[0], theirs);
    assert.notEqual(e.label(theirs), e.edited, 'the fixture differs from the edit');
  });
}

// Row operations shared by the menu tables (sections, sub-categories, wineries, dishes, option groups, options):
// always scoped by tenant, with timestamps set here.
import { type Kysely, PostgresAdapter, type Selectable, sql } from 'kysely';
import type { Db } from './connect.js';
import type { Database } from './schema.js';

export type MenuTable = 'categories' | 'types' | 'wineries' | 'items' | 'option_groups' | 'options';
export type MenuRow<T extends MenuTable> = Selectable<Database[T]>;
/** What services write; `external_id` is set by the admin routes (admin/crud.ts), never by a service. */
export type MenuValues<T extends MenuTable> = Omit<
  MenuRow<T>,
  'id' | 'tenant_id' | 'created_at' | 'updated_at' | 'external_id'
>;

// biome-ignore lint/suspicious/noExplicitAny: Kysely cannot type a query over a table chosen at run time
const loose = (db: Db) => db as unknown as Kysely<any>;

export async function findRow<T extends MenuTable>(
  db: Db,
  table: T,
  tenantId: number,
  id: number,
): Promise<MenuRow<T> | undefined> {
  const row = await loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row as MenuRow<T> | undefined;
}

export async function insertRow<T extends MenuTable>(
  db: Db,
  table: T,
  tenantId: number,
  values: MenuValues<T>,
  now: string,
): Promise<MenuRow<T>> {
  const row = await loose(db)
    .insertInto(table as string)
    .values({ ...(values as object), tenant_id: tenantId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as MenuRow<T>;
}

/** Updates the row and returns it as stored, or undefined when this tenant has no such row. */
export async function updateRow<T extends MenuTable>(
  db: Db,
  table: T,
  tenantId: number,
  id: number,
  values: Partial<MenuValues<T>>,
  now: string,
): Promise<MenuRow<T> | undefined> {
  const row = await loose(db)
    .updateTable(table as string)
    .set({ ...(values as object), updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as MenuRow<T> | undefined;
}

/** Deletes the row and returns it as it was, or undefined when this tenant has no such row. */
export async function deleteRow<T extends MenuTable>(
  db: Db,
  table: T,
  tenantId: number,
  id: number,
): Promise<MenuRow<T> | undefined> {
  const row = await loose(db)
    .deleteFrom(table as string)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as MenuRow<T> | undefined;
}

/** Rows of `table` whose `column` equals `value` (e.g. dishes in a section). */
export async function countWhere(
  db: Db,
  table: MenuTable,
  tenantId: number,
  column: string,
  value: number,
): Promise<number> {
  const row = await loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Dishes that point at a section, sub-category or winery (checked before it is deleted or moved). */
export function countDishesWith(
  db: Db,
  tenantId: number,
  column: 'category_id' | 'type_id' | 'winery_id',
  id: number,
): Promise<number> {
  return countWhere(db, 'items', tenantId, column, id);
}

/** The display_order that puts a new row last among its siblings (`column` = `value`, or null; no column: the whole table). */
export async function nextOrder(
  db: Db,
  table: 'categories' | 'types' | 'items' | 'option_groups' | 'options',
  tenantId: number,
  column: string | null,
  value: number | null,
): Promise<number> {
  let query = loose(db)
    .selectFrom(table)
    .select((eb) => eb.fn.max('display_order').as('max'))
    .where('tenant_id', '=', tenantId);
  if (column !== null) query = query.where(column, value === null ? 'is' : '=', value);
  const row = await query.executeTakeFirst();
  return row?.max == null ? 10 : Number(row.max) + 10;
}

/** The restaurant's default locale as stored now (read in the write's transaction). */
export async function storedDefaultLocale(db: Db, tenantId: number): Promise<string> {
  const row = await db
    .selectFrom('settings')
    .select('default_locale')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.default_locale ?? 'it';
}

/** The row of `table` carrying this external id, if any. */
export async function findByExternalId<T extends MenuTable>(
  db: Db,
  table: T,
  tenantId: number,
  externalId: string,
): Promise<MenuRow<T> | undefined> {
  const row = await loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  return row as MenuRow<T> | undefined;
}

export async function setExternalId(
  db: Db,
  table: MenuTable,
  tenantId: number,
  id: number,
  externalId: string | null,
): Promise<void> {
  await loose(db)
    .updateTable(table)
    .set({ external_id: externalId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Ids of `table`'s rows deleted at or after `since` (ISO), from the audit log: the tombstones of `?updated_since=`. */
export async function deletedSince(db: Db, tenantId: number, table: MenuTable, since: string): Promise<number[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('resource_id')
    .where('tenant_id', '=', tenantId)
    .where('resource', '=', table)
    .where('action', '=', 'deleted')
    .where('occurred_at', '>=', since)
    .orderBy('id')
    .execute();
  return [...new Set(rows.map((r) => Number(r.resource_id)))];
}

/** Every row of `table` in this tenant (a write that goes through most of them reads them once). */
export async function allRows<T extends MenuTable>(db: Db, table: T, tenantId: number): Promise<MenuRow<T>[]> {
  const rows = await loose(db)
    .selectFrom(table as string)
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows as MenuRow<T>[];
}

/** Every row's id and external id (a whole-menu import matches its rows against these, without a query per row). */
export async function idsAndExternalIds(
  db: Db,
  table: MenuTable,
  tenantId: number,
): Promise<{ id: number; external_id: string | null }[]> {
  const rows = await loose(db)
    .selectFrom(table)
    .select(['id', 'external_id'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return rows.map((r: { id: number | string; external_id: string | null }) => ({
    id: Number(r.id),
    external_id: r.external_id,
  }));
}

/** Ids of every row of `table` in this tenant, oldest first. */
export async function allIds(db: Db, table: MenuTable, tenantId: number): Promise<number[]> {
  const rows = await loose(db).selectFrom(table).select('id').where('tenant_id', '=', tenantId).orderBy('id').execute();
  return rows.map((r: { id: number | string }) => Number(r.id));
}

/**
 * Many rows of `table` updated in one statement, each with its own values (a column a row's values
 * leave out keeps that row's value): the rows' values go as one JSON object by id. PostgreSQL:
 * `jsonb_populate_record` types them as the table's columns, and a whole-menu import of 2,000
 * changed dishes is a few statements, not 2,000 round trips. SQLite: `json_each` walks the object
 * and `json_extract` gives each value as SQLite stores it (a JSON number an INTEGER or REAL, a
 * string TEXT, null NULL; the services write flags as 0/1 and texts of translations as JSON text
 * already); no round trip to save there, but 2,000 single-row UPDATEs built, compiled and
 * returned one at a time by Kysely were half the CPU of a 2,000-dish preview.
 */
export async function updateRowsAtOnce(
  db: Db,
  table: MenuTable,
  tenantId: number,
  rows: { id: number; values: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.values)))];
  if (!columns.every((column) => /^[a-z_]+$/.test(column))) throw new Error(`unexpected column in ${columns}`);
  const byId = JSON.stringify(Object.fromEntries(rows.map((row) => [String(row.id), row.values])));
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    // json_type is NULL for a key the row's values leave out (and 'null' for a JSON null).
    const set = columns.map(
      (c) =>
        sql`${sql.id(c)} = CASE WHEN json_type(r.value, ${`$.${c}`}) IS NULL THEN ${sql.ref(`t.${c}`)} ELSE json_extract(r.value, ${`$.${c}`}) END`,
    );
    // Materialized first: joined to json_each directly, SQLite scanned the whole object once per
    // row of the restaurant (1.2 s for 2,000 dishes, against 13 ms this way).
    await sql`WITH r AS MATERIALIZED (SELECT CAST(key AS INTEGER) AS id, value FROM json_each(${byId})) UPDATE ${sql.table(table)} AS t SET ${sql.join(set)} FROM r WHERE t.tenant_id = ${tenantId} AND t.id = r.id`.execute(
      db,
    );
    return;
  }
  await sql`UPDATE ${sql.table(table)} AS t SET (${sql.join(columns.map((c) => sql.id(c)))}) = (SELECT ${sql.join(
    columns.map((c) => sql.ref(`r.${c}`)),
  )} FROM jsonb_populate_record(t, ${byId}::jsonb -> t.id::text) AS r) WHERE t.tenant_id = ${tenantId} AND t.id = ANY(${rows.map((row) => row.id)}::int[])`.execute(
    db,
  );
}

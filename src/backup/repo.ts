// The SQL of the portable one-restaurant export: reads a tenant's rows table by table and writes
// them into another database under new ids, tenant first as everywhere.
import type { Kysely } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';

/** A stored row as plain values; blobs are Buffers. */
export type Row = Record<string, unknown>;

/** The database seen as tables of plain rows: one generic read and write for tables of different shapes. */
const loose = (db: Db) => db as unknown as Kysely<Record<string, Row>>;

/**
 * What one restaurant is made of, parents before children. `ids` are the columns that point at
 * another exported table's `id` and are renumbered on import.
 */
export const TENANT_TABLES = [
  { table: 'tenant_domains', ids: {} },
  { table: 'settings', ids: {} },
  { table: 'themes', ids: {} },
  { table: 'categories', ids: { parent_id: 'categories' } },
  { table: 'wineries', ids: {} },
  { table: 'types', ids: { category_id: 'categories' } },
  { table: 'items', ids: { category_id: 'categories', type_id: 'types', winery_id: 'wineries' } },
  { table: 'option_groups', ids: {} },
  { table: 'options', ids: { group_id: 'option_groups' } },
  { table: 'item_option_groups', ids: { item_id: 'items', group_id: 'option_groups' } },
  { table: 'media', ids: {} },
  { table: 'users', ids: {} },
  { table: 'webhook_endpoints', ids: {} },
] as const satisfies readonly { table: keyof Database; ids: Record<string, keyof Database> }[];

export type TenantTable = (typeof TENANT_TABLES)[number]['table'];

const HAS_ID = new Set<TenantTable>([
  'tenant_domains',
  'settings',
  'themes',
  'categories',
  'wineries',
  'types',
  'items',
  'option_groups',
  'options',
  'users',
  'webhook_endpoints',
]);

/** Every row of one table of the tenant, in id order (sub-sections after their parents: parents first). */
export async function readTenantRows(db: Db, tenantId: number, table: TenantTable): Promise<Row[]> {
  let query = loose(db).selectFrom(table).selectAll().where('tenant_id', '=', tenantId);
  if (table === 'categories') query = query.orderBy('parent_id', (o) => o.asc().nullsFirst());
  if (HAS_ID.has(table)) query = query.orderBy('id');
  else if (table === 'item_option_groups') query = query.orderBy('item_id').orderBy('position');
  else query = query.orderBy('name');
  return (await query.execute()) as Row[];
}

/** Inserts one row for the tenant; returns its new id (tables with an id column). */
export async function insertTenantRow(
  db: Db,
  tenantId: number,
  table: TenantTable,
  values: Row,
): Promise<number | undefined> {
  const row = { ...values, tenant_id: tenantId };
  if (!HAS_ID.has(table)) {
    await loose(db).insertInto(table).values(row).execute();
    return undefined;
  }
  const inserted = await loose(db).insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
  return Number((inserted as { id: number }).id);
}

/** Overwrites the tenant's one settings or theme row (made with defaults by tenant creation). */
export async function replaceSingleRow(
  db: Db,
  tenantId: number,
  table: 'settings' | 'themes',
  values: Row,
): Promise<void> {
  await loose(db).updateTable(table).set(values).where('tenant_id', '=', tenantId).execute();
}

export async function setTenantFields(
  db: Db,
  tenantId: number,
  fields: { status: 'active' | 'suspended'; created_at: string },
): Promise<void> {
  await db.updateTable('tenants').set(fields).where('id', '=', tenantId).execute();
}

export async function readTenantRow(db: Db, tenantId: number) {
  return db
    .selectFrom('tenants')
    .select(['id', 'slug', 'status', 'created_at'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

export async function hostTaken(db: Db, host: string): Promise<boolean> {
  return (await db.selectFrom('tenant_domains').select('id').where('host', '=', host).executeTakeFirst()) !== undefined;
}

export async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await loose(db).selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((r) => String(r.name));
}

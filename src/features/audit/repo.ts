// SQL of the audit log: insert entries (inside a menu write's transaction) and read them newest first.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AuditLogTable } from '../../db/schema.js';

export type AuditEntryInsert = Insertable<AuditLogTable>;
export type AuditEntryRow = Selectable<AuditLogTable>;

/** Rows per INSERT: an import of thousands of dishes would pass SQLite's 32,766 bound parameters in one. */
const ROWS_PER_INSERT = 500;

export async function insertAuditEntries(db: Db, rows: AuditEntryInsert[]): Promise<void> {
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    await db
      .insertInto('audit_log')
      .values(rows.slice(at, at + ROWS_PER_INSERT))
      .execute();
  }
}

export async function userEmail(db: Db, tenantId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email ?? null;
}

export interface AuditFilter {
  resource?: string;
  resourceId?: number;
  /** Entries that changed this field (e.g. `price`, `allergens`). */
  field?: string;
  /** Entries that changed any of these fields (the panel's allergen filter: allergens and traces). */
  anyField?: string[];
  /** ISO instants, inclusive from, exclusive to. */
  from?: string;
  to?: string;
  /** Entries written by this user (panel, or a token of theirs). */
  userId?: number;
  /** Entries about any of these rows (a section and the dishes in it). */
  anyOf?: { resource: string; ids: number[] }[];
}

function filtered(db: Db, tenantId: number, f: AuditFilter) {
  let q = db.selectFrom('audit_log').where('tenant_id', '=', tenantId);
  if (f.resource !== undefined) q = q.where('resource', '=', f.resource);
  if (f.resourceId !== undefined) q = q.where('resource_id', '=', f.resourceId);
  if (f.field !== undefined) q = q.where('fields', 'like', `%,${f.field},%`);
  const anyField = f.anyField ?? [];
  if (anyField.length > 0) q = q.where((eb) => eb.or(anyField.map((name) => eb('fields', 'like', `%,${name},%`))));
  if (f.from !== undefined) q = q.where('occurred_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('occurred_at', '<', f.to);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  const groups = (f.anyOf ?? []).filter((g) => g.ids.length > 0);
  if (f.anyOf !== undefined) {
    // An empty list of rows matches nothing (a section that no longer exists has no history here).
    q = q.where((eb) =>
      groups.length === 0
        ? eb('resource_id', '<', 0)
        : eb.or(groups.map((g) => eb.and([eb('resource', '=', g.resource), eb('resource_id', 'in', g.ids)]))),
    );
  }
  return q;
}

/** One page of a restaurant's audit log, newest first, and how many entries match. */
export async function listAuditEntries(
  db: Db,
  tenantId: number,
  f: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const rows = await filtered(db, tenantId, f)
    .selectAll()
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const { count } = await filtered(db, tenantId, f)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}

/** The people who appear in a restaurant's audit log (removed users too), for the history's filter. */
export async function auditPeople(db: Db, tenantId: number): Promise<{ user_id: number; user_email: string }[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['user_id', 'user_email'])
    .distinct()
    .where('tenant_id', '=', tenantId)
    .where('user_id', 'is not', null)
    .where('user_email', 'is not', null)
    .orderBy('user_email')
    .execute();
  return rows.map((r) => ({ user_id: Number(r.user_id), user_email: String(r.user_email) }));
}

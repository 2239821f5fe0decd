// Writes of one menu row that also record the change (rows before and after) for the write's
// listeners: what every service uses instead of the bare row operations of db/menu-rows.

import type { FieldIssue } from '../core/errors.js';
import type { Db } from '../db/connect.js';
import {
  deleteRow,
  findRow,
  insertRow,
  type MenuRow,
  type MenuTable,
  type MenuValues,
  storedDefaultLocale,
  updateRow,
  updateRowsAtOnce,
} from '../db/menu-rows.js';
import { nowIso } from '../http/schemas.js';
import type { MenuWrite } from './write.js';

const idOf = (row: object) => (row as { id: number }).id;

export async function createRow<T extends MenuTable>(
  w: MenuWrite,
  table: T,
  values: MenuValues<T>,
): Promise<MenuRow<T>> {
  await flushRows(w);
  const row = await insertRow(w.trx, table, w.tenantId, values, nowIso());
  w.rows?.put(table, row);
  w.record({ resource: table, id: idOf(row), action: 'created', before: null, after: row });
  return row;
}

/** Sends the dishes' updates the write kept back (row-cache.ts `pending`), in one statement per 500. */
export async function flushRows(w: MenuWrite): Promise<void> {
  const pending = w.rows?.pending;
  if (!pending || pending.size === 0) return;
  const rows = [...pending].map(([id, values]) => ({ id, values }));
  pending.clear();
  for (let at = 0; at < rows.length; at += 500) {
    await updateRowsAtOnce(w.trx, 'items', w.tenantId, rows.slice(at, at + 500));
  }
}

/** A row of this restaurant by id, as this write sees it: from the write's rows when it read them (row-cache.ts), else the database. */
export async function readRow<T extends MenuTable>(
  w: MenuWrite,
  table: T,
  id: number,
): Promise<MenuRow<T> | undefined> {
  if (w.rows?.holds(table)) return w.rows.get(table, id);
  return findRow(w.trx, table, w.tenantId, id);
}

/**
 * Whether writing `values` over `before` would change anything: a write that sends back what is
 * stored (a client writing back what it read) leaves the row, its updated_at and its ETag alone.
 */
export function changesAnything(before: object, values: object): boolean {
  const stored = before as Record<string, unknown>;
  return Object.entries(values).some(([key, value]) => {
    if (value === undefined) return false;
    const current = stored[key];
    if (value === null || current === null || current === undefined) return value !== current;
    return String(value) !== String(current);
  });
}

/** Writes `values` over `before` (the row as read in this transaction); nothing when nothing changes. */
export async function changeRow<T extends MenuTable>(
  w: MenuWrite,
  table: T,
  before: MenuRow<T>,
  values: Partial<MenuValues<T>>,
): Promise<MenuRow<T> | undefined> {
  const id = idOf(before);
  if (!changesAnything(before, values)) return before;
  if (table === 'items' && w.rows) {
    // Sent with the other dishes' updates (flushRows); the row as it will be stored, for the listeners.
    const changed = { ...(values as Record<string, unknown>), updated_at: nowIso() };
    const after = { ...before, ...changed } as MenuRow<T>;
    w.rows.defer(id, changed, after);
    w.record({ resource: table, id, action: 'updated', before, after });
    return after;
  }
  const after = await updateRow(w.trx, table, w.tenantId, id, values, nowIso());
  if (after) w.rows?.put(table, after);
  if (after) w.record({ resource: table, id, action: 'updated', before, after });
  return after;
}

/** Deletes the row; false when this tenant has no such row. */
export async function removeRow(w: MenuWrite, table: MenuTable, id: number): Promise<boolean> {
  await flushRows(w);
  const before = await deleteRow(w.trx, table, w.tenantId, id);
  w.rows?.drop(table, id);
  if (before) w.record({ resource: table, id, action: 'deleted', before, after: null });
  return before !== undefined;
}

/**
 * The restaurant's default language, read once per transaction: a whole-menu import checks
 * thousands of rows in one. No write changes the default language and menu rows in one transaction
 * (settings are written on their own), so the first reading holds for the whole transaction.
 */
const defaultLocales = new WeakMap<Db, Map<number, Promise<string>>>();

/**
 * The translation a write must carry: the text in the restaurant's default locale (`name.it` for
 * the usual Italian restaurant, `name.de` for a German one). Checked on a create, and on an update
 * that sends the field; rows written before a change of default locale stay as they are.
 */
export async function defaultTextIssues(
  w: MenuWrite,
  field: string,
  value: Partial<Record<string, string>> | undefined,
  creating: boolean,
): Promise<FieldIssue[]> {
  if (value === undefined && !creating) return [];
  const known = defaultLocales.get(w.trx) ?? new Map<number, Promise<string>>();
  defaultLocales.set(w.trx, known);
  const locale = known.get(w.tenantId) ?? storedDefaultLocale(w.trx, w.tenantId);
  known.set(w.tenantId, locale);
  return issuesOf(field, value, await locale);
}

function issuesOf(field: string, value: Partial<Record<string, string>> | undefined, locale: string): FieldIssue[] {
  const text = value?.[locale];
  return typeof text === 'string' && text.length > 0 ? [] : [{ field: `${field}.${locale}`, rule: 'required' }];
}

// Rows read once for a write that goes through many of them (a whole-menu import of 2,000 dishes):
// every row of the restaurant's menu tables it names, read at the start of the write and kept
// current by the write's own row operations (catalog/rows.ts, and the few services that update a
// row's updated_at themselves), so reading a row by id, or checking that a referenced row exists,
// costs no round trip to the database. It lives as long as the write; a write without one reads
// the database as before.
import type { Db } from '../db/connect.js';
import { allRows, type MenuRow, type MenuTable } from '../db/menu-rows.js';
import { listDishGroupLinks } from './repo.js';

export class RowCache {
  private readonly tables = new Map<MenuTable, Map<number, object>>();
  /**
   * Updates of dishes not yet sent, by id: sent together by `flushRows` (catalog/rows.ts) before
   * any other write or read of the database (on PostgreSQL each would be a round trip; on SQLite
   * each a query Kysely builds and compiles, and a row it returns).
   */
  readonly pending = new Map<number, Record<string, unknown>>();
  /** Each dish's option groups in order, when the write read them (kept by the options service). */
  dishGroups: Map<number, number[]> | undefined;

  /** Reads every row of `tables` of this restaurant (one query per table), and every dish's groups. */
  static async load(db: Db, tenantId: number, tables: MenuTable[]): Promise<RowCache> {
    const cache = new RowCache();
    for (const table of tables) {
      const rows = await allRows(db, table, tenantId);
      cache.tables.set(table, new Map(rows.map((row) => [Number((row as { id: number }).id), row])));
    }
    const groups = new Map<number, number[]>();
    for (const link of await listDishGroupLinks(db, tenantId)) {
      const item = Number(link.item_id);
      groups.set(item, [...(groups.get(item) ?? []), Number(link.group_id)]);
    }
    cache.dishGroups = groups;
    return cache;
  }

  /** Whether every row of `table` is here: a miss then means the restaurant has no such row. */
  holds(table: MenuTable): boolean {
    return this.tables.has(table);
  }

  get<T extends MenuTable>(table: T, id: number): MenuRow<T> | undefined {
    return this.tables.get(table)?.get(id) as MenuRow<T> | undefined;
  }

  /** A row as the write stored it (created or updated). */
  put(table: MenuTable, row: object): void {
    this.tables.get(table)?.set(Number((row as { id: number }).id), row);
  }

  /** A dish's update kept for later: the row as it will be stored, and the values to send. */
  defer(id: number, values: Record<string, unknown>, after: object): void {
    this.pending.set(id, { ...this.pending.get(id), ...values });
    this.put('items', after);
  }

  drop(table: MenuTable, id: number): void {
    this.tables.get(table)?.delete(id);
  }
}

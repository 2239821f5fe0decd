// Theme rows (one per tenant); reads come from the catalog (catalog/repo.ts).
import type { Db } from '../../db/connect.js';
import type { ThemeRow } from '../../db/schema.js';

export type ThemeChanges = Partial<Omit<ThemeRow, 'id' | 'tenant_id' | 'updated_at'>>;

/** Writes the changes and returns the row as stored. */
export async function updateTheme(db: Db, tenantId: number, changes: ThemeChanges, now: string): Promise<ThemeRow> {
  return db
    .updateTable('themes')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

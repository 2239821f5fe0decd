// Settings rows (one per tenant); reads come from the catalog (catalog/repo.ts).
import type { Db } from '../../db/connect.js';
import type { SettingsRow } from '../../db/schema.js';

export type SettingsChanges = Partial<Omit<SettingsRow, 'id' | 'tenant_id' | 'updated_at'>>;

/** Writes the changes and returns the row as stored. */
export async function updateSettings(
  db: Db,
  tenantId: number,
  changes: SettingsChanges,
  now: string,
): Promise<SettingsRow> {
  return db
    .updateTable('settings')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

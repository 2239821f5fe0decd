// Settings rows (one per tenant); reads come from the catalog (catalog/repo.ts).
import type { Db } from '../../db/connect.js';
import type { SettingsRow } from '../../db/schema.js';

export type SettingsChanges = Partial<Omit<SettingsRow, 'id' | 'tenant_id' | 'updated_at'>>;

export async function updateSettings(db: Db, tenantId: number, changes: SettingsChanges, now: string): Promise<void> {
  await db
    .updateTable('settings')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .execute();
}

// Settings rows (one per tenant).
import type { Db } from '../../db/connect.js';
import type { SettingsRow } from '../../db/schema.js';

export async function findSettings(db: Db, tenantId: number): Promise<SettingsRow> {
  return db.selectFrom('settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

export type SettingsChanges = Partial<Omit<SettingsRow, 'id' | 'tenant_id' | 'updated_at'>>;

export async function updateSettings(db: Db, tenantId: number, changes: SettingsChanges, now: string): Promise<void> {
  await db
    .updateTable('settings')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .execute();
}

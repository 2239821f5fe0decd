// Settings rows (one per tenant).
import type { Db } from '../../db/connect.js';
import type { SettingsRow } from '../../db/schema.js';

export async function findSettings(db: Db, tenantId: number): Promise<SettingsRow> {
  return db.selectFrom('settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

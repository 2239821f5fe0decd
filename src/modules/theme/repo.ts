// Theme rows (one per tenant).
import type { Db } from '../../db/connect.js';
import type { ThemeRow } from '../../db/schema.js';

export async function findTheme(db: Db, tenantId: number): Promise<ThemeRow> {
  return db.selectFrom('themes').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

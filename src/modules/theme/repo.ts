// Theme rows (one per tenant).
import type { Db } from '../../db/connect.js';
import type { ThemeRow } from '../../db/schema.js';

export async function findTheme(db: Db, tenantId: number): Promise<ThemeRow> {
  return db.selectFrom('themes').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

export type ThemeChanges = Partial<Omit<ThemeRow, 'id' | 'tenant_id' | 'updated_at'>>;

export async function updateTheme(db: Db, tenantId: number, changes: ThemeChanges, now: string): Promise<void> {
  await db
    .updateTable('themes')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .execute();
}

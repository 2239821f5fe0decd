// Theme rows (one per tenant); reads come from the catalog (catalog/repo.ts).
import type { Db } from '../../db/connect.js';
import type { ThemeRow } from '../../db/schema.js';

export type ThemeChanges = Partial<Omit<ThemeRow, 'id' | 'tenant_id' | 'updated_at'>>;

export async function updateTheme(db: Db, tenantId: number, changes: ThemeChanges, now: string): Promise<void> {
  await db
    .updateTable('themes')
    .set({ ...changes, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .execute();
}

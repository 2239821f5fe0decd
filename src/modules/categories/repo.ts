// Section rows.
import type { Db } from '../../db/connect.js';
import type { CategoryRow } from '../../db/schema.js';

/** Every section of the tenant, active or not, in display order. */
export async function listSections(db: Db, tenantId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

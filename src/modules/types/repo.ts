// Sub-category (type) rows.
import type { Db } from '../../db/connect.js';
import type { TypeRow } from '../../db/schema.js';

export async function listTypes(db: Db, tenantId: number): Promise<TypeRow[]> {
  return db
    .selectFrom('types')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

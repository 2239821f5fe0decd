// Winery rows.
import type { Db } from '../../db/connect.js';
import type { WineryRow } from '../../db/schema.js';

export async function listWineries(db: Db, tenantId: number): Promise<WineryRow[]> {
  return db
    .selectFrom('wineries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

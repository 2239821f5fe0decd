// SQL of the requests per restaurant and day (runtime/request-tally.ts): one transaction per flush,
// adding each restaurant's count to its row of the day; restaurants erased meanwhile are skipped.
import type { Db } from '../../db/connect.js';

export async function addRequests(db: Db, day: string, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  await db.transaction().execute(async (trx) => {
    const ids = [...counts.keys()];
    const existing = await trx.selectFrom('tenants').select('id').where('id', 'in', ids).execute();
    for (const { id } of existing) {
      const n = counts.get(Number(id)) ?? 0;
      await trx
        .insertInto('tenant_requests_daily')
        .values({ tenant_id: Number(id), day, requests: n })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'day']).doUpdateSet((eb) => ({
            requests: eb('tenant_requests_daily.requests', '+', eb.ref('excluded.requests')),
          })),
        )
        .execute();
    }
  });
}

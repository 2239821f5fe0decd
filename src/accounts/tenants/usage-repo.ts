// SQL of the requests per restaurant and day (runtime/request-tally.ts): one transaction per flush,
// adding each restaurant's count to its row of the day; restaurants erased meanwhile are skipped.
// Rows go in batches (one statement per ROWS_PER_STATEMENT restaurants): with 10,000 restaurants
// served in a few seconds, one statement per restaurant kept the event loop busy for a third of a
// second at every flush (the query builder's work, not the database's), the slowest requests' wait.
import type { Db } from '../../db/connect.js';

/** Restaurants per statement: 3 parameters each, well under SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 500;

export async function addRequests(db: Db, day: string, counts: Map<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const ids = [...counts.keys()];
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < ids.length; start += ROWS_PER_STATEMENT) {
      const batch = ids.slice(start, start + ROWS_PER_STATEMENT);
      const existing = await trx.selectFrom('tenants').select('id').where('id', 'in', batch).execute();
      if (existing.length === 0) continue;
      await trx
        .insertInto('tenant_requests_daily')
        .values(existing.map(({ id }) => ({ tenant_id: Number(id), day, requests: counts.get(Number(id)) ?? 0 })))
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'day']).doUpdateSet((eb) => ({
            requests: eb('tenant_requests_daily.requests', '+', eb.ref('excluded.requests')),
          })),
        )
        .execute();
    }
  });
}

// `menu demo --copies N --prefix r`: N copies of the demo restaurant (r0 … r<N-1>) for benchmarks
// and for trying the service at scale. Content only (no users, no analytics history), created in
// transactions of a few dozen restaurants each, so a thousand take about a minute; slugs that
// exist already are skipped, so an interrupted run can simply be started again.

import { insertTenant, slugExists } from '../accounts/tenants/repo.js';
import type { Db } from '../db/connect.js';
import { fillRestaurant } from './demo.js';
import { demoRestaurant } from './demo-data.js';

const PER_TRANSACTION = 25;

export interface CopiesResult {
  created: number;
  skipped: number;
  /** Ids of the restaurants created, for announcing them. */
  tenantIds: number[];
}

export async function seedDemoCopies(
  db: Db,
  copies: number,
  prefix: string,
  onProgress: (done: number) => void = () => {},
): Promise<CopiesResult> {
  const result: CopiesResult = { created: 0, skipped: 0, tenantIds: [] };
  for (let start = 0; start < copies; start += PER_TRANSACTION) {
    const end = Math.min(copies, start + PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < end; i++) {
        const slug = `${prefix}${i}`;
        if (await slugExists(trx, slug)) {
          result.skipped++;
          continue;
        }
        const name = `${demoRestaurant.settings.name} ${slug}`;
        const tenantId = await insertTenant(trx, { slug, name });
        await fillRestaurant(trx, tenantId, {
          ...demoRestaurant,
          slug,
          settings: { ...demoRestaurant.settings, name, business_name: name },
        });
        result.created++;
        result.tenantIds.push(tenantId);
      }
    });
    onProgress(end);
  }
  return result;
}

// A restaurant's limits: its own where the operator set one (tenant_limits), else the service's
// defaults (config). Read by the write listener that enforces dishes and photos (catalog/limits.ts),
// the webhook forms, and the directory (the admin API's rate).
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';

export interface Limits {
  dishes: number;
  photoMb: number;
  webhooks: number;
  adminRate: number;
}

export type LimitOverrides = { [K in keyof Limits]: number | null };

export const NO_OVERRIDES: LimitOverrides = Object.freeze({
  dishes: null,
  photoMb: null,
  webhooks: null,
  adminRate: null,
});

export async function readLimitOverrides(db: Db, tenantId: number): Promise<LimitOverrides> {
  const row = await db.selectFrom('tenant_limits').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) return NO_OVERRIDES;
  return { dishes: row.dishes, photoMb: row.photo_mb, webhooks: row.webhooks, adminRate: row.admin_rate };
}

export async function effectiveLimits(db: Db, tenantId: number, defaults: Limits): Promise<Limits> {
  const own = await readLimitOverrides(db, tenantId);
  return {
    dishes: own.dishes ?? defaults.dishes,
    photoMb: own.photoMb ?? defaults.photoMb,
    webhooks: own.webhooks ?? defaults.webhooks,
    adminRate: own.adminRate ?? defaults.adminRate,
  };
}

/**
 * Sets the restaurant's own limits (null: back to the default), in the caller's transaction; the
 * tenant row is touched so every instance's directory reads the new API rate (change_seq).
 */
export async function writeLimitOverrides(db: Db, tenantId: number, limits: LimitOverrides): Promise<void> {
  const values = {
    dishes: limits.dishes,
    photo_mb: limits.photoMb,
    webhooks: limits.webhooks,
    admin_rate: limits.adminRate,
    updated_at: nowIso(),
  };
  await db
    .insertInto('tenant_limits')
    .values({ tenant_id: tenantId, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute();
  await db
    .updateTable('tenants')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', tenantId)
    .execute();
}

export async function countDishes(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function photoBytes(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.sum<number | string>(eb.fn('length', ['body'])).as('bytes'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

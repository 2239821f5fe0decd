// Webhook SQL: endpoints of a restaurant, the outbox of deliveries, and the claim that makes one
// instance (of however many run) send each delivery.
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { WebhookDeliveryTable } from '../../db/schema.js';

export async function insertEndpoint(
  db: Db,
  tenantId: number,
  values: { url: string; events: string[]; secret: string },
  now: string,
) {
  return db
    .insertInto('webhook_endpoints')
    .values({
      tenant_id: tenantId,
      url: values.url,
      events: JSON.stringify(values.events),
      secret: values.secret,
      is_active: 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listEndpoints(db: Db, tenantId: number) {
  return db.selectFrom('webhook_endpoints').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
}

export function findEndpoint(db: Db, tenantId: number, id: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, tenantId: number, id: number): Promise<boolean> {
  const res = await db
    .deleteFrom('webhook_endpoints')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export type NewDelivery = Pick<
  WebhookDeliveryTable,
  'endpoint_id' | 'event_id' | 'event_type' | 'payload' | 'next_attempt_at' | 'created_at'
>;

export async function insertDeliveries(db: Db, tenantId: number, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('webhook_deliveries')
    .values(rows.map((r) => ({ ...r, tenant_id: tenantId, status: 'pending' as const, attempts: 0 })))
    .execute();
}

export function listDeliveries(db: Db, tenantId: number, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The one query across restaurants (like the tenant directory's refresh): the dispatcher serves
 * every restaurant's outbox. Claims up to `limit` due deliveries for `lockUntil`, atomically: the claim's conditions are
 * re-checked by the UPDATE itself, so two instances never claim the same row.
 */
/**
 * Claims due deliveries fairly: the oldest due one of each endpoint that has none in flight
 * (an endpoint gets one attempt at a time, in order), at most `perTenant` of each restaurant, at
 * most `limit` in all, oldest first; restaurants in `skipTenants` (at their cap on this instance)
 * wait. A claimed row is locked until `lockUntil`, so one instance (of however many) sends it.
 */
export async function claimDue(
  db: Db,
  now: string,
  lockUntil: string,
  o: { limit: number; perTenant: number; skipTenants: number[] },
) {
  const skip = o.skipTenants.length > 0 ? sql`AND tenant_id NOT IN (${sql.join(o.skipTenants)})` : sql``;
  const { rows: due } = await sql<{ id: number }>`
    SELECT id FROM (
      SELECT id, next_attempt_at,
        ROW_NUMBER() OVER (PARTITION BY tenant_id ORDER BY next_attempt_at, id) AS per_tenant
      FROM (
        SELECT id, tenant_id, next_attempt_at,
          ROW_NUMBER() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS per_endpoint
        FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= ${now}
          AND (locked_until IS NULL OR locked_until < ${now}) ${skip}
          AND endpoint_id NOT IN (
            SELECT endpoint_id FROM webhook_deliveries
            WHERE status = 'pending' AND locked_until IS NOT NULL AND locked_until >= ${now}
          )
      ) firsts
      WHERE per_endpoint = 1
    ) fair
    WHERE per_tenant <= ${o.perTenant}
    ORDER BY next_attempt_at, id
    LIMIT ${o.limit}`.execute(db);
  if (due.length === 0) return [];
  return db
    .updateTable('webhook_deliveries')
    .set({ locked_until: lockUntil })
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .returningAll()
    .execute();
}

/** After an attempt: a delivery resets the endpoint's failures; a failure adds one. Returns the count. */
export async function noteEndpointAttempt(db: Db, tenantId: number, id: number, delivered: boolean): Promise<number> {
  await db
    .updateTable('webhook_endpoints')
    .set((eb) => ({ failures: delivered ? 0 : eb('failures', '+', 1) }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('failures')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Pauses an endpoint that keeps failing; true when this call paused it (it was active). */
export async function pauseFailingEndpoint(db: Db, tenantId: number, id: number, now: string): Promise<boolean> {
  const res = await db
    .updateTable('webhook_endpoints')
    .set({ is_active: 0, paused_at: now, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** How many endpoints the restaurant has (the per-restaurant limit). */
export async function countEndpoints(db: Db, tenantId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findEndpointOf(db: Db, tenantId: number, id: number) {
  return findEndpoint(db, tenantId, id);
}

export async function finishAttempt(
  db: Db,
  tenantId: number,
  id: number,
  values: Partial<
    Pick<
      WebhookDeliveryTable,
      | 'status'
      | 'attempts'
      | 'next_attempt_at'
      | 'last_status_code'
      | 'last_error'
      | 'last_duration_ms'
      | 'delivered_at'
    >
  >,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ ...values, locked_until: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function activeEndpointsFor(db: Db, tenantId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_active', '=', 1)
    .execute();
}

/** Pauses or resumes an endpoint; false when it is not the restaurant's. */
export async function setEndpointActive(db: Db, tenantId: number, id: number, active: boolean, now: string) {
  const res = await db
    .updateTable('webhook_endpoints')
    // Resumed: a fresh start (its failures and the pause note go).
    .set(active ? { is_active: 1, failures: 0, paused_at: null, updated_at: now } : { is_active: 0, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Replaces an endpoint's signing secret (the old one stops at once); false when not the restaurant's. */
export async function setEndpointSecret(db: Db, tenantId: number, id: number, secret: string, now: string) {
  const res = await db
    .updateTable('webhook_endpoints')
    .set({ secret, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** One delivery of one of the restaurant's endpoints. */
export function findDelivery(db: Db, tenantId: number, endpointId: number, id: number) {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', id)
    .executeTakeFirst();
}

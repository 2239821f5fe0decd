// Webhook SQL: endpoints of a restaurant, the outbox of deliveries, and the claim that makes one
// instance (of however many run) send each delivery.
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
export async function claimDue(db: Db, now: string, lockUntil: string, limit: number) {
  const due = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
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
    .set({ is_active: active ? 1 : 0, updated_at: now })
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

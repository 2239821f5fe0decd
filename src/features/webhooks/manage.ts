// What an owner does to webhook endpoints beyond the API's CRUD (the panel's webhooks page): a new
// endpoint with its secret, a new secret, a test event, a delivery sent again. Each queues rows in
// the outbox like a menu write does, so the dispatcher sends them with the same signature, checks
// and retries.
import { randomBytes, randomUUID } from 'node:crypto';
import { ValidationError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { lockInTransaction } from '../../db/locks.js';
import type { WebhookEvent } from './outbox.js';
import {
  countEndpoints,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  setEndpointSecret,
} from './repo.js';
import { urlProblem } from './targets.js';

/** The event a test sends: signed and shaped like the others, with no change in it. */
export const TEST_EVENT = 'webhook.test';

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('hex')}`;
}

/**
 * Registers an endpoint after the URL rules (https, no inside address unless allowed) and the
 * restaurant's limit of endpoints; runs inside the caller's transaction `trx`. The secret is
 * returned once.
 */
export async function registerEndpoint(
  trx: Db,
  tenantId: number,
  input: { url: string; events: WebhookEvent[] },
  rules: { allowPrivate: boolean; maxPerRestaurant: number },
  now: string,
) {
  const problem = urlProblem(input.url, rules.allowPrivate);
  if (problem) throw new ValidationError([{ field: 'url', rule: problem }]);
  // Counting and adding is one step (the caller's transaction, locked): parallel registrations
  // cannot pass the limit together.
  await lockInTransaction(trx, `webhooks:${tenantId}`);
  if ((await countEndpoints(trx, tenantId)) >= rules.maxPerRestaurant) {
    throw new ValidationError([{ field: 'url', rule: 'webhook_limit', params: { max: rules.maxPerRestaurant } }]);
  }
  const secret = newSecret();
  const row = await insertEndpoint(trx, tenantId, { url: input.url, events: input.events, secret }, now);
  return { row, secret };
}

/** A new secret for an endpoint (the old one stops signing at once), or undefined when not the restaurant's. */
export async function rotateSecret(db: Db, tenantId: number, id: number, now: string): Promise<string | undefined> {
  const secret = newSecret();
  return (await setEndpointSecret(db, tenantId, id, secret, now)) ? secret : undefined;
}

/** Queues a `webhook.test` event for one endpoint; false when it is not the restaurant's. */
export function queueTestEvent(db: Db, tenantId: number, endpointId: number, now: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await findEndpoint(trx, tenantId, endpointId))) return false;
    const id = `evt_${randomUUID().replaceAll('-', '')}`;
    const payload = JSON.stringify({
      id,
      type: TEST_EVENT,
      created_at: now,
      restaurant_id: tenantId,
      data: { via: 'panel', changes: [] },
    });
    await insertDeliveries(trx, tenantId, [
      { endpoint_id: endpointId, event_id: id, event_type: TEST_EVENT, payload, next_attempt_at: now, created_at: now },
    ]);
    return true;
  });
}

/**
 * Sends a delivery again as a new one (same event id and body, so a receiver that already has it
 * can ignore it; a fresh 24 h of retries); the original stays in the log. False when unknown.
 */
export function resendDelivery(
  db: Db,
  tenantId: number,
  endpointId: number,
  deliveryId: number,
  now: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const original = await findDelivery(trx, tenantId, endpointId, deliveryId);
    if (!original) return false;
    await insertDeliveries(trx, tenantId, [
      {
        endpoint_id: endpointId,
        event_id: original.event_id,
        event_type: original.event_type,
        payload: original.payload,
        next_attempt_at: now,
        created_at: now,
      },
    ]);
    return true;
  });
}

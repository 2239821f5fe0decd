// The webhook outbox: in the transaction of every menu write, one delivery row per event and
// subscribed endpoint (so a committed change is never lost, and a rolled-back one never sent).
import { randomUUID } from 'node:crypto';
import type { Change, InTransaction } from '../../catalog/write.js';
import { activeEndpointsFor, insertDeliveries, type NewDelivery } from './repo.js';

export const WEBHOOK_EVENTS = ['menu.updated', 'settings.updated', 'theme.updated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function eventOf(change: Change): WebhookEvent {
  if (change.resource === 'settings') return 'settings.updated';
  if (change.resource === 'theme') return 'theme.updated';
  return 'menu.updated';
}

/** The point-of-sale system's own id of the changed row, so it can match the change without a lookup. */
function externalIdOf(change: Change): string | null {
  const row = (change.after ?? change.before) as { external_id?: string | null } | null;
  return row?.external_id ?? null;
}

/** `onQueued` is told when a write queued deliveries, so the dispatcher can send them right after the commit. */
export function outboxListener(now: () => number, onQueued: () => void = () => {}): InTransaction {
  return async (trx, tenantId, actor, changes) => {
    if (changes.length === 0) return;
    const byEvent = new Map<WebhookEvent, Change[]>();
    for (const change of changes) {
      const event = eventOf(change);
      byEvent.set(event, [...(byEvent.get(event) ?? []), change]);
    }
    const endpoints = await activeEndpointsFor(trx, tenantId);
    if (endpoints.length === 0) return;
    const at = new Date(now()).toISOString();
    const rows: NewDelivery[] = [];
    for (const [type, list] of byEvent) {
      // One event id per event of this write: every endpoint (and every retry) sees the same one.
      const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
      const payload = JSON.stringify({
        id: eventId,
        type,
        created_at: at,
        restaurant_id: tenantId,
        data: {
          via: actor.via,
          // `resource` is the admin API's path segment (items, categories, types, wineries,
          // option-groups, options, settings, theme).
          changes: list.map((c) => ({
            resource: c.resource === 'option_groups' ? 'option-groups' : c.resource,
            id: c.id,
            external_id: externalIdOf(c),
            action: c.action,
          })),
        },
      });
      for (const endpoint of endpoints) {
        const wanted = JSON.parse(endpoint.events) as string[];
        if (!wanted.includes(type)) continue;
        rows.push({
          endpoint_id: endpoint.id,
          event_id: eventId,
          event_type: type,
          payload,
          next_attempt_at: at,
          created_at: at,
        });
      }
    }
    await insertDeliveries(trx, tenantId, rows);
    if (rows.length > 0) onQueued();
  };
}

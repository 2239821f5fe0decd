// SQL of the idempotency keys (plugins/idempotency.ts): claim a key, read it, store its answer.
import type { Db } from './connect.js';
import type { IdempotencyKeyTable } from './schema.js';

export type IdempotencyRow = IdempotencyKeyTable;

/** Claims `key` for a request; false when the restaurant already holds it (see findIdempotencyKey). */
export async function claimIdempotencyKey(
  db: Db,
  tenantId: number,
  key: string,
  requestHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ tenant_id: tenantId, idempotency_key: key, request_hash: requestHash, created_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function findIdempotencyKey(db: Db, tenantId: number, key: string): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** Takes over a key whose first request expired (24 h) or was abandoned: `before` is what was read. */
export async function reclaimIdempotencyKey(
  db: Db,
  tenantId: number,
  key: string,
  before: IdempotencyRow,
  requestHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ request_hash: requestHash, status_code: null, response_body: null, content_type: null, created_at: now })
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .where('created_at', '=', before.created_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function storeIdempotentAnswer(
  db: Db,
  tenantId: number,
  key: string,
  answer: { status_code: number; response_body: string; content_type: string | null },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set(answer)
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .execute();
}

export async function releaseIdempotencyKey(db: Db, tenantId: number, key: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', tenantId)
    .where('idempotency_key', '=', key)
    .execute();
}

/** Forgets keys older than `before` (every restaurant's: the one housekeeping query across tenants). */
export async function pruneIdempotencyKeys(db: Db, before: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}

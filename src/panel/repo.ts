// The panel's own rows: failed sign-ins (for throttling), one-time form nonces, and what it remembers per restaurant.
import type { Db } from '../db/connect.js';

export async function recordLoginFailure(
  db: Db,
  tenantId: number,
  input: { pairHash: string; ipHash: string; at: string },
): Promise<void> {
  await db
    .insertInto('panel_login_failures')
    .values({ tenant_id: tenantId, email_ip_hash: input.pairHash, ip_hash: input.ipHash, failed_at: input.at })
    .execute();
}

/** How many failures since `since` for this (e-mail, address) or this address, and the oldest of them. */
export async function countLoginFailures(
  db: Db,
  tenantId: number,
  by: { column: 'email_ip_hash' | 'ip_hash'; hash: string },
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('panel_login_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('failed_at').as('oldest')])
    .where('tenant_id', '=', tenantId)
    .where(by.column, '=', by.hash)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: (row.oldest as string | null) ?? null };
}

/** A successful sign-in clears the failures of that e-mail from that address (not the address's). */
export async function clearPairFailures(db: Db, tenantId: number, pairHash: string): Promise<void> {
  await db
    .deleteFrom('panel_login_failures')
    .where('tenant_id', '=', tenantId)
    .where('email_ip_hash', '=', pairHash)
    .execute();
}

export async function pruneLoginFailures(db: Db, tenantId: number, before: string): Promise<void> {
  await db
    .deleteFrom('panel_login_failures')
    .where('tenant_id', '=', tenantId)
    .where('failed_at', '<', before)
    .execute();
}

/** Records a nonce as used; false when it already was (the same form sent again). */
export async function claimNonce(db: Db, tenantId: number, nonce: string, at: string): Promise<boolean> {
  const row = await db
    .insertInto('panel_form_nonces')
    .values({ tenant_id: tenantId, nonce, used_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

export async function pruneNonces(db: Db, tenantId: number, before: string): Promise<void> {
  await db.deleteFrom('panel_form_nonces').where('tenant_id', '=', tenantId).where('used_at', '<', before).execute();
}

/** A value the panel remembers for the restaurant (e.g. `qr_tables`), or undefined. */
export async function readPreference(db: Db, tenantId: number, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('panel_preferences')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}

/** Remembers a value for the restaurant, replacing the one before. */
export async function writePreference(
  db: Db,
  tenantId: number,
  name: string,
  value: string,
  at: string,
): Promise<void> {
  await db
    .insertInto('panel_preferences')
    .values({ tenant_id: tenantId, name, value, updated_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ value, updated_at: at }))
    .execute();
}

// SQL of e-mail verification links after sign-up (accounts/users/verification.ts): only hashes are stored.

import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { EmailVerificationTable } from '../../db/schema.js';

export async function insertVerification(
  db: Db,
  tenantId: number,
  row: Omit<EmailVerificationTable, 'id' | 'tenant_id' | 'used_at'>,
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({ ...row, tenant_id: tenantId, used_at: null })
    .execute();
}

export async function findVerification(
  db: Db,
  tenantId: number,
  tokenHash: string,
): Promise<Selectable<EmailVerificationTable> | undefined> {
  return db
    .selectFrom('email_verifications')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Spends every unused link of the restaurant; true when `tokenHash` was one of them (this call spent it). */
export async function spendVerifications(db: Db, tenantId: number, tokenHash: string, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  await db
    .updateTable('email_verifications')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('used_at', 'is', null)
    .execute();
  return true;
}

export async function countVerificationsSince(db: Db, tenantId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('email_verifications')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The restaurant may go public from now on (its owner's e-mail is verified). */
export async function markTenantVerified(db: Db, tenantId: number): Promise<void> {
  await db.updateTable('tenants').set({ awaiting_verification: 0 }).where('id', '=', tenantId).execute();
}

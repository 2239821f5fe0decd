// SQL of password-recovery links (accounts/users/recovery.ts): only hashes are stored.
import type { Db } from '../../db/connect.js';
import type { PasswordResetTable } from '../../db/schema.js';

export async function insertReset(db: Db, tenantId: number, row: Omit<PasswordResetTable, 'tenant_id' | 'used_at'>) {
  await db
    .insertInto('password_resets')
    .values({ ...row, tenant_id: tenantId, used_at: null })
    .execute();
}

export async function findReset(db: Db, tenantId: number, tokenHash: string): Promise<PasswordResetTable | undefined> {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks every unused link of the user used (the one followed, and any older ones): true when `tokenHash` was unused. */
export async function useResets(
  db: Db,
  tenantId: number,
  userId: number,
  tokenHash: string,
  at: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  await db
    .updateTable('password_resets')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return true;
}

export async function pruneResets(db: Db, tenantId: number, before: string): Promise<void> {
  await db.deleteFrom('password_resets').where('tenant_id', '=', tenantId).where('expires_at', '<', before).execute();
}

/** How many links a user was sent since `since` (spent ones too; rows live until they expire). */
export async function countResetsSince(db: Db, tenantId: number, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Admin-panel user rows (one tenant each). "Active" users are those no owner has removed.
import type { Db } from '../../db/connect.js';
import type { UserRole, UserRow } from '../../db/schema.js';
import { nowIso } from '../../http/schemas.js';

/** An active (not removed) user of this tenant by e-mail. */
export async function findUserByEmail(db: Db, tenantId: number, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.trim().toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Any user row with this e-mail, removed ones included (the e-mail stays unique per tenant). */
export async function findAnyUserByEmail(db: Db, tenantId: number, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findActiveUser(db: Db, tenantId: number, id: number): Promise<UserRow | undefined> {
  if (id > 2_147_483_647) return undefined;
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** A user row by id, removed or not. */
export async function findAnyUser(db: Db, tenantId: number, id: number): Promise<UserRow | undefined> {
  if (id > 2_147_483_647) return undefined;
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

/** The tenant's active users, owners first, then by e-mail. */
export async function listActiveUsers(db: Db, tenantId: number): Promise<UserRow[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('removed_at', 'is', null)
    .orderBy('email')
    .execute();
  return [...rows.filter((r) => r.role === 'owner'), ...rows.filter((r) => r.role !== 'owner')];
}

export async function insertUser(
  db: Db,
  tenantId: number,
  input: { email: string; name: string; passwordHash: string; role: UserRole },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      email: input.email.toLowerCase(),
      name: input.name,
      password_hash: input.passwordHash,
      role: input.role,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Brings a removed user back with a new password, name and role (its old tokens stay revoked). */
export async function restoreUser(
  db: Db,
  tenantId: number,
  id: number,
  input: { name: string; passwordHash: string; role: UserRole },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: input.name, password_hash: input.passwordHash, role: input.role, removed_at: null })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function setUserRole(db: Db, tenantId: number, id: number, role: UserRole): Promise<void> {
  await db.updateTable('users').set({ role }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

export async function setPasswordHash(db: Db, tenantId: number, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Marks the user removed; true when it was active. */
export async function markUserRemoved(db: Db, tenantId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ removed_at: nowIso() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Revokes every live token of a user (the user was removed): a removed user holds nothing that still works. */
export async function revokeUserTokens(db: Db, tenantId: number, userId: number): Promise<number> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: nowIso() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the user last signed in to the panel (the operator console shows the owners'). */
export async function recordSignIn(db: Db, tenantId: number, userId: number, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_sign_in_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}

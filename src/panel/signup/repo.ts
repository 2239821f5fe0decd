// SQL of sign-up: the attempts per client address (hashed) and the operator's invite codes (hashed).
// Neither belongs to a restaurant; an invite names the one it made until that one is erased.

import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { SignupInviteTable } from '../../db/schema.js';

export type InviteRow = Selectable<SignupInviteTable>;

export async function countSignupAttempts(
  db: Db,
  clientHash: string,
  since: string,
  /** `attempt`: posts of the form; `created`: restaurants made (each made one is a row of both kinds). */
  kind: 'attempt' | 'created',
): Promise<{ count: number; oldest: string | undefined }> {
  const query = db
    .selectFrom('signup_attempts')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('at').as('oldest')])
    .where('client_hash', '=', clientHash)
    .where('at', '>=', since);
  const row = await query.where('created', '=', kind === 'created' ? 1 : 0).executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: (row?.oldest as string | null) ?? undefined };
}

export async function recordSignupAttempt(db: Db, clientHash: string, at: string, created: boolean): Promise<void> {
  await db
    .insertInto('signup_attempts')
    .values({ client_hash: clientHash, at, created: created ? 1 : 0 })
    .execute();
}

export async function pruneSignupAttempts(db: Db, before: string): Promise<void> {
  await db.deleteFrom('signup_attempts').where('at', '<', before).execute();
}

export async function insertInvite(db: Db, row: Omit<InviteRow, 'id' | 'used_at' | 'used_by_tenant'>) {
  const inserted = await db
    .insertInto('signup_invites')
    .values({ ...row, used_at: null, used_by_tenant: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function findInvite(db: Db, codeHash: string): Promise<InviteRow | undefined> {
  return db.selectFrom('signup_invites').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
}

/** Spends an unused, unexpired code for the restaurant it made; false when another sign-up spent it first. */
export async function spendInvite(db: Db, codeHash: string, tenantId: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('signup_invites')
    .set({ used_at: at, used_by_tenant: tenantId })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listInvites(db: Db, limit = 200): Promise<InviteRow[]> {
  return db.selectFrom('signup_invites').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

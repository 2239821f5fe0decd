// Panel session rows: created at sign-in, read on every panel request, deleted at sign-out, on a
// password change or reset, and when an owner removes the user.
import type { Db } from '../../db/connect.js';
import type { PanelSessionRow } from '../../db/schema.js';

export async function insertSession(
  db: Db,
  tenantId: number,
  input: { id: string; userId: number; now: string },
): Promise<void> {
  await db
    .insertInto('panel_sessions')
    .values({
      id: input.id,
      tenant_id: tenantId,
      user_id: input.userId,
      created_at: input.now,
      last_seen_at: input.now,
    })
    .execute();
}

export async function findSession(db: Db, tenantId: number, id: string): Promise<PanelSessionRow | undefined> {
  return db
    .selectFrom('panel_sessions')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: Db, tenantId: number, id: string, now: string): Promise<void> {
  await db
    .updateTable('panel_sessions')
    .set({ last_seen_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export async function deleteSession(db: Db, tenantId: number, id: string): Promise<void> {
  await db.deleteFrom('panel_sessions').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

/** Ends every session of a user, but `keep` (the one that asked, after a password change). */
export async function deleteUserSessions(db: Db, tenantId: number, userId: number, keep?: string): Promise<number> {
  let query = db.deleteFrom('panel_sessions').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions past their lifetime (called now and then; expired sessions are refused anyway). */
export async function deleteStaleSessions(db: Db, tenantId: number, idleBefore: string, createdBefore: string) {
  await db
    .deleteFrom('panel_sessions')
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('created_at', '<', createdBefore)]))
    .execute();
}

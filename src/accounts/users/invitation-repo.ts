// SQL of staff invitations (accounts/users/invitations.ts): only the links' hashes are stored.
import type { Db } from '../../db/connect.js';
import type { StaffInvitationTable } from '../../db/schema.js';

export type InvitationRow = Omit<StaffInvitationTable, 'id'> & { id: number };

export async function insertInvitation(
  db: Db,
  tenantId: number,
  row: Omit<StaffInvitationTable, 'id' | 'tenant_id' | 'used_at'>,
): Promise<number> {
  const inserted = await db
    .insertInto('staff_invitations')
    .values({ ...row, tenant_id: tenantId, used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Unused invitations of the restaurant, newest first (expired ones too: they can be sent again). */
export async function listPendingInvitations(db: Db, tenantId: number): Promise<InvitationRow[]> {
  return db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function findInvitation(db: Db, tenantId: number, id: number): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
}

export async function findInvitationByHash(
  db: Db,
  tenantId: number,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('staff_invitations')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** A new link for a pending invitation: the old one stops working. */
export async function renewInvitation(
  db: Db,
  tenantId: number,
  id: number,
  link: { token_hash: string; created_at: string; expires_at: string },
): Promise<boolean> {
  const r = await db
    .updateTable('staff_invitations')
    .set(link)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks the invitation used, once: true only for the request that claimed it. */
export async function useInvitation(db: Db, tenantId: number, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('staff_invitations')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Withdraws pending invitations (one by id, or every one of an e-mail). */
export async function deleteInvitations(
  db: Db,
  tenantId: number,
  by: { id: number } | { email: string },
): Promise<number> {
  let q = db.deleteFrom('staff_invitations').where('tenant_id', '=', tenantId).where('used_at', 'is', null);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('email', '=', by.email);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

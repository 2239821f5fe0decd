// SQL of the panel's import drafts (table import_drafts): a previewed file kept until it is applied,
// one per user of a restaurant, scoped by restaurant first.
import type { Db } from '../../db/connect.js';

export interface ImportDraft {
  body: string;
  prune: boolean;
}

/** Keeps a user's previewed file (replacing the one before) and drops the restaurant's drafts older than `expiredBefore`. */
export async function saveImportDraft(
  db: Db,
  tenantId: number,
  userId: number,
  draft: ImportDraft & { key: string; createdAt: string; expiredBefore: string },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('import_drafts')
      .where('tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('created_at', '<', draft.expiredBefore)]))
      .execute();
    await tx
      .insertInto('import_drafts')
      .values({
        tenant_id: tenantId,
        user_id: userId,
        draft_key: draft.key,
        body: draft.body,
        prune: draft.prune ? 1 : 0,
        created_at: draft.createdAt,
      })
      .execute();
  });
}

/** The user's draft of this key, if it is not older than `notBefore`. */
export async function findImportDraft(
  db: Db,
  tenantId: number,
  userId: number,
  key: string,
  notBefore: string,
): Promise<ImportDraft | undefined> {
  const row = await db
    .selectFrom('import_drafts')
    .select(['body', 'prune'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('draft_key', '=', key)
    .where('created_at', '>=', notBefore)
    .executeTakeFirst();
  return row ? { body: row.body, prune: row.prune === 1 } : undefined;
}

/** Forgets the user's draft once applied. */
export async function deleteImportDraft(db: Db, tenantId: number, userId: number): Promise<void> {
  await db.deleteFrom('import_drafts').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
}

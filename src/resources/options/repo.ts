// The links between dishes and option groups (item_option_groups): read and replaced, tenant first.
import type { Db } from '../../db/connect.js';

/** The dish's groups, in its order. */
export async function dishGroupIds(db: Db, tenantId: number, itemId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('item_option_groups')
    .select('group_id')
    .where('tenant_id', '=', tenantId)
    .where('item_id', '=', itemId)
    .orderBy('position')
    .execute();
  return rows.map((r) => Number(r.group_id));
}

/** Makes `groupIds` (in this order) the dish's groups. */
export async function replaceDishGroups(db: Db, tenantId: number, itemId: number, groupIds: number[]): Promise<void> {
  await db.deleteFrom('item_option_groups').where('tenant_id', '=', tenantId).where('item_id', '=', itemId).execute();
  if (groupIds.length === 0) return;
  await db
    .insertInto('item_option_groups')
    .values(groupIds.map((group_id, position) => ({ tenant_id: tenantId, item_id: itemId, group_id, position })))
    .execute();
}

/** The dishes carrying a group (ids, ascending). */
export async function dishesWithGroup(db: Db, tenantId: number, groupId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('item_option_groups')
    .select('item_id')
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .orderBy('item_id')
    .execute();
  return rows.map((r) => Number(r.item_id));
}

/** Which of `ids` are option groups of this tenant. */
export async function existingGroupIds(db: Db, tenantId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('option_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** A group's options as stored, in the snapshot's order (what the group's ETag covers). */
export async function groupOptionRows(db: Db, tenantId: number, groupId: number) {
  return db
    .selectFrom('options')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('group_id', '=', groupId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

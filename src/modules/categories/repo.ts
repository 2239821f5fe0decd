// Section rows: the writes beyond the shared row operations of db/menu-rows.
import type { Db } from '../../db/connect.js';

/** Sub-sections always carry their parent's menu_type. */
export async function setChildrenMenuType(db: Db, tenantId: number, parentId: number, menuType: 'standard' | 'wine') {
  await db
    .updateTable('categories')
    .set({ menu_type: menuType })
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', parentId)
    .execute();
}

/** A section's sub-categories go with it (the caller checked it holds no dishes or sub-sections). */
export async function deleteSectionTypes(db: Db, tenantId: number, sectionId: number): Promise<void> {
  await db.deleteFrom('types').where('tenant_id', '=', tenantId).where('category_id', '=', sectionId).execute();
}

// Section rows.
import type { Db } from '../../db/connect.js';
import type { CategoryRow } from '../../db/schema.js';

/** Every section of the tenant, active or not, in display order. */
export async function listSections(db: Db, tenantId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

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

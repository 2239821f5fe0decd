// Section rows: the reads a section's writes need beyond the shared row operations of db/menu-rows.
import type { Db } from '../../db/connect.js';
import type { CategoryRow, TypeRow } from '../../db/schema.js';

/** A top-level section's sub-sections. */
export async function listSubSections(db: Db, tenantId: number, parentId: number): Promise<CategoryRow[]> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', parentId)
    .execute();
}

/** A section's sub-categories. */
export async function listSectionTypes(db: Db, tenantId: number, sectionId: number): Promise<TypeRow[]> {
  return db
    .selectFrom('types')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('category_id', '=', sectionId)
    .execute();
}

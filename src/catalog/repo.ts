// The snapshot's loading queries: every row of a tenant's menu, settings and theme, in display order.
import type { Db } from '../db/connect.js';
import type {
  CategoryRow,
  ItemOptionGroupRow,
  ItemRow,
  OptionGroupRow,
  OptionRow,
  SettingsRow,
  ThemeRow,
  TypeRow,
  WineryRow,
} from '../db/schema.js';

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

export async function listTypes(db: Db, tenantId: number): Promise<TypeRow[]> {
  return db
    .selectFrom('types')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export async function listItems(db: Db, tenantId: number): Promise<ItemRow[]> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

export async function listWineries(db: Db, tenantId: number): Promise<WineryRow[]> {
  return db
    .selectFrom('wineries')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Every option group of the tenant, in display order. */
export async function listOptionGroups(db: Db, tenantId: number): Promise<OptionGroupRow[]> {
  return db
    .selectFrom('option_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** Every option of the tenant, in display order within its group. */
export async function listOptions(db: Db, tenantId: number): Promise<OptionRow[]> {
  return db
    .selectFrom('options')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** Which groups each dish carries, in the dish's order. */
export async function listDishGroupLinks(db: Db, tenantId: number): Promise<ItemOptionGroupRow[]> {
  return db
    .selectFrom('item_option_groups')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('item_id')
    .orderBy('position')
    .execute();
}

export async function findSettings(db: Db, tenantId: number): Promise<SettingsRow> {
  return db.selectFrom('settings').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

export async function findTheme(db: Db, tenantId: number): Promise<ThemeRow> {
  return db.selectFrom('themes').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
}

/** The diner texts flagged "to check" (features/translations): which field of which row, in which language. */
export async function listStaleTexts(
  db: Db,
  tenantId: number,
): Promise<{ resource: string; resource_id: number; field: string; locale: string }[]> {
  return db
    .selectFrom('translation_checks')
    .select(['resource', 'resource_id', 'field', 'locale'])
    .where('tenant_id', '=', tenantId)
    .execute();
}

// Dish rows.
import type { Db } from '../../db/connect.js';
import type { ItemRow } from '../../db/schema.js';
import { foldText, type Translations } from '../../i18n/text.js';

export async function listItems(db: Db, tenantId: number): Promise<ItemRow[]> {
  return db
    .selectFrom('items')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/** The folded text a dish is searched by: every translation of its name and description. */
export function itemSearchText(names: Translations, descriptions: Translations): string {
  return foldText([...Object.values(names), ...Object.values(descriptions)].filter(Boolean).join('\n'));
}

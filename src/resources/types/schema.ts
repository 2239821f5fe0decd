// Type (sub-category) object on the wire, and the mapper from its row.
import { type Static, Type } from '@sinclair/typebox';
import type { TypeRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';

export const SubCategory = Type.Object({
  id: Type.Integer(),
  category_id: Type.Integer(),
  name: Type.String(),
  name_translations: Translated,
  display_order: Type.Integer(),
  is_active: Type.Boolean(),
});
export type SubCategory = Static<typeof SubCategory>;

export function toSubCategory(row: TypeRow, locale: Locale, defaultLocale: Locale): SubCategory {
  const names = parseJson<Translations>(row.name_translations, {});
  return {
    id: row.id,
    category_id: row.category_id,
    name: pickText(names, locale, defaultLocale),
    name_translations: names as Record<string, string>,
    display_order: row.display_order,
    is_active: Boolean(row.is_active),
  };
}

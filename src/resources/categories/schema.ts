// Category (section) objects on the wire: in /menu (flat, with items and types) and in
// /categories (top level with `children`), and the mapper from a row.
import { type Static, Type } from '@sinclair/typebox';
import type { CategoryRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { parseJson, pickText, storedTranslations, type Translations } from '../../i18n/text.js';
import { MenuItem } from '../items/schema.js';
import { SubCategory } from '../types/schema.js';

const sectionFields = {
  id: Type.Integer(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  menu_type: Type.String(),
  name: Type.String(),
  name_translations: Translated,
  notes: Type.Union([Type.String(), Type.Null()]),
  display_order: Type.Integer(),
  is_active: Type.Boolean(),
  show_subcategories: Type.Boolean(),
  time_visibility_enabled: Type.Boolean(),
  time_start: Type.Union([Type.String(), Type.Null()]),
  time_end: Type.Union([Type.String(), Type.Null()]),
  // Addition beyond the contract (issue 11): `notes` is served in the requested locale from these.
  notes_translations: Translated,
  // Schedules beyond the time window (issue 23): chosen weekdays and a season, local dates.
  weekdays: Type.Array(Type.Integer(), {
    description: 'ISO weekdays (1 = Monday) the section is shown on; [] = every day',
  }),
  date_from: Type.Union([Type.String(), Type.Null()], {
    description: 'first local date it is shown (YYYY-MM-DD), or null',
  }),
  date_to: Type.Union([Type.String(), Type.Null()], {
    description: 'last local date it is shown (YYYY-MM-DD), or null',
  }),
  // Set menus (issue 34): the section as one offer at this price, its dishes the choices.
  set_price: Type.Union([Type.Number(), Type.Null()], {
    description:
      'a set menu: the price of the whole offer ("Menu del giorno 15 €"), `notes` saying what it includes and the dishes being the choices; null for an ordinary section',
  }),
};

export const SectionFields = Type.Object(sectionFields);
export type SectionFields = Static<typeof SectionFields>;

/** A section as listed in /menu: flat, with its dishes and sub-categories. */
export const MenuSection = Type.Object({
  ...sectionFields,
  items: Type.Array(MenuItem),
  types: Type.Array(SubCategory),
});
export type MenuSection = Static<typeof MenuSection>;

/** A sub-section inside `children`: nesting is one level deep, so its own `children` is empty. */
const SubSection = Type.Object({
  ...sectionFields,
  items: Type.Array(MenuItem),
  types: Type.Array(SubCategory),
  children: Type.Array(Type.Object({}), { maxItems: 0 }),
});

export const CategoryTree = Type.Object({
  ...sectionFields,
  items: Type.Array(MenuItem),
  types: Type.Array(SubCategory),
  children: Type.Array(SubSection),
});
export type CategoryTree = Static<typeof CategoryTree>;

export function toSectionFields(row: CategoryRow, locale: Locale, defaultLocale: Locale): SectionFields {
  const names = parseJson<Translations>(row.name_translations, {});
  const notes = storedTranslations(row.notes_translations, row.notes, defaultLocale);
  return {
    id: row.id,
    parent_id: row.parent_id,
    menu_type: row.menu_type,
    name: pickText(names, locale, defaultLocale),
    name_translations: names as Record<string, string>,
    notes: pickText(notes, locale, defaultLocale) || null,
    display_order: row.display_order,
    is_active: Boolean(row.is_active),
    show_subcategories: Boolean(row.show_subcategories),
    time_visibility_enabled: Boolean(row.time_visibility_enabled),
    time_start: row.time_start,
    time_end: row.time_end,
    weekdays: parseJson<number[]>(row.weekdays, []),
    date_from: row.date_from,
    date_to: row.date_to,
    set_price: row.set_price_cents === null ? null : row.set_price_cents / 100,
    notes_translations: notes as Record<string, string>,
  };
}

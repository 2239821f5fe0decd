// MenuItem (dish) object on the wire, and the mapper from its row.
import { type Static, Type } from '@sinclair/typebox';
import type { ItemRow, WineryRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';
import { mediaUrl } from '../media/urls.js';
import { OptionGroup } from '../options/schema.js';
import { toWinery, Winery } from '../wineries/schema.js';

export const MenuItem = Type.Object({
  id: Type.Integer(),
  category_id: Type.Integer(),
  type_id: Type.Union([Type.Integer(), Type.Null()]),
  winery_id: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  name_translations: Translated,
  description: Type.String(),
  description_translations: Translated,
  price: Type.Number(),
  allergens: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  is_recommended: Type.Boolean(),
  display_order: Type.Integer(),
  winery: Type.Union([Winery, Type.Null()]),
  // Additions beyond the contract's 14 fields (issue 11).
  dietary: Type.Array(Type.String(), { description: 'dietary label keys (see GET /dietary)' }),
  image_url: Type.Union([Type.String(), Type.Null()], {
    description: 'the photo (largest JPEG; /media/ addresses are relative to the restaurant address), or null',
  }),
  allergen_traces: Type.Array(Type.String(), {
    description: 'allergen keys the dish may contain as traces ("may contain"), apart from `allergens`',
  }),
  // Issue 20: still on the menu, marked sold out.
  variants: Type.Array(Type.Object({ label: Type.String(), label_translations: Translated, price: Type.Number() }), {
    description: 'prices with a label (glass / bottle, sizes); [] when the dish has one price; `price` is the first',
  }),
  sold_out: Type.Boolean({ description: 'sold out now (the dish stays on the menu, marked)' }),
  sold_out_until: Type.Union([Type.String(), Type.Null()], {
    description:
      'when a sold-out mark lapses by itself (ISO 8601, whole minutes); null when not sold out or sold out until switched back',
  }),
  // Issue 34: option groups ("Add-ons", "Cooking") attached to the dish.
  option_group_ids: Type.Array(Type.Integer(), {
    description:
      "the dish's option groups, in order (public reads: the groups a diner sees; written by admin dish writes)",
  }),
  option_groups: Type.Array(OptionGroup, {
    description:
      'the groups themselves, in order, each with its options (public reads: active groups with their active options); read-only',
  }),
});
export type MenuItem = Static<typeof MenuItem>;

export function toMenuItem(
  row: ItemRow,
  winery: WineryRow | undefined,
  locale: Locale,
  defaultLocale: Locale,
  /** Whether it is sold out at the moment being served (catalog/visibility.ts isSoldOut). */
  soldOut: boolean,
  optionGroups: OptionGroup[],
): MenuItem {
  const names = parseJson<Translations>(row.name_translations, {});
  const descriptions = parseJson<Translations>(row.description_translations, {});
  return {
    id: row.id,
    category_id: row.category_id,
    type_id: row.type_id,
    winery_id: row.winery_id,
    name: pickText(names, locale, defaultLocale),
    name_translations: names as Record<string, string>,
    description: pickText(descriptions, locale, defaultLocale),
    description_translations: descriptions as Record<string, string>,
    price: row.price_cents / 100,
    allergens: parseJson<string[]>(row.allergens, []),
    is_active: Boolean(row.is_active),
    is_recommended: Boolean(row.is_recommended),
    display_order: row.display_order,
    winery: winery ? toWinery(winery, locale, defaultLocale) : null,
    dietary: parseJson<string[]>(row.dietary, []),
    image_url: mediaUrl(row.image),
    allergen_traces: parseJson<string[]>(row.allergen_traces, []),
    variants: parseJson<{ label: Translations; price_cents: number }[]>(row.variants, []).map((v) => ({
      label: pickText(v.label, locale, defaultLocale),
      label_translations: v.label as Record<string, string>,
      price: v.price_cents / 100,
    })),
    sold_out: soldOut,
    sold_out_until: soldOut ? row.sold_out_until : null,
    option_group_ids: optionGroups.map((g) => g.id),
    option_groups: optionGroups,
  };
}

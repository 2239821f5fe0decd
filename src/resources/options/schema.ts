// Option groups and options on the wire ("Add-ons": burrata +3,00 €), and the mappers from their rows.
import { type Static, Type } from '@sinclair/typebox';
import type { OptionGroupRow, OptionRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';

export const DishOption = Type.Object({
  id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  name_translations: Translated,
  price_change: Type.Number({
    description: "what choosing it adds to the dish's price (0: no change; negative: a reduction)",
  }),
  allergens: Type.Array(Type.String(), { description: 'allergen keys the option brings to the dish' }),
  allergen_traces: Type.Array(Type.String(), { description: 'allergen keys the option may bring as traces' }),
  dietary: Type.Array(Type.String(), { description: 'dietary label keys of the option (see GET /dietary)' }),
  is_active: Type.Boolean(),
  display_order: Type.Integer(),
  sold_out: Type.Boolean({ description: 'sold out now (still listed, marked; "burrata finished")' }),
  sold_out_until: Type.Union([Type.String(), Type.Null()], {
    description:
      'when the sold-out mark lapses by itself (ISO 8601, whole minutes); null when not sold out or until switched back',
  }),
});
export type DishOption = Static<typeof DishOption>;

export const OptionGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  name_translations: Translated,
  min_choices: Type.Integer({ description: 'how many options a diner must pick at least (0: optional)' }),
  max_choices: Type.Union([Type.Integer(), Type.Null()], {
    description: 'how many a diner may pick at most; null: as many as they like',
  }),
  is_active: Type.Boolean(),
  display_order: Type.Integer(),
  options: Type.Array(DishOption, { description: 'in display order; read-only here (written at /admin/options)' }),
});
export type OptionGroup = Static<typeof OptionGroup>;

export function toDishOption(row: OptionRow, locale: Locale, defaultLocale: Locale, soldOut: boolean): DishOption {
  const names = parseJson<Translations>(row.name_translations, {});
  return {
    id: row.id,
    group_id: row.group_id,
    name: pickText(names, locale, defaultLocale),
    name_translations: names as Record<string, string>,
    price_change: row.price_change_cents / 100,
    allergens: parseJson<string[]>(row.allergens, []),
    allergen_traces: parseJson<string[]>(row.allergen_traces, []),
    dietary: parseJson<string[]>(row.dietary, []),
    is_active: Boolean(row.is_active),
    display_order: row.display_order,
    sold_out: soldOut,
    sold_out_until: soldOut ? row.sold_out_until : null,
  };
}

export function toOptionGroup(
  row: OptionGroupRow,
  options: DishOption[],
  locale: Locale,
  defaultLocale: Locale,
): OptionGroup {
  const names = parseJson<Translations>(row.name_translations, {});
  return {
    id: row.id,
    name: pickText(names, locale, defaultLocale),
    name_translations: names as Record<string, string>,
    min_choices: row.min_choices,
    max_choices: row.max_choices,
    is_active: Boolean(row.is_active),
    display_order: row.display_order,
    options,
  };
}

// The whole-menu document of GET /api/v1/admin/menu/export and PUT /api/v1/admin/menu: wineries,
// option groups with their options, then sections with their sub-categories, dishes and sub-sections, every row in the admin API's
// write form (translations as objects, flags as booleans, prices as numbers) plus its `id` and
// `external_id`, so an untouched export can be sent back and changes nothing.
import { type Static, Type } from '@sinclair/typebox';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { CategoryRow, ItemRow, OptionGroupRow, OptionRow, TypeRow, WineryRow } from '../../db/schema.js';
import { parseJson } from '../../i18n/text.js';
import { mediaUrl } from '../../resources/media/urls.js';

const Translated = Type.Record(Type.String(), Type.String());
const Ref = Type.Union([Type.Integer(), Type.Null()]);
const ExternalId = Type.Union([Type.String(), Type.Null()]);

export const DocWinery = Type.Object({
  id: Type.Optional(Type.Integer()),
  external_id: Type.Optional(ExternalId),
  name: Type.String(),
  region: Type.Optional(Type.String()),
  country: Type.Optional(Type.String()),
  description: Type.Optional(Translated),
  website_url: Type.Optional(Type.String()),
});

export const DocSubCategory = Type.Object({
  id: Type.Optional(Type.Integer()),
  external_id: Type.Optional(ExternalId),
  name: Translated,
  display_order: Type.Optional(Type.Integer()),
  is_active: Type.Optional(Type.Boolean()),
});

export const DocOption = Type.Object({
  id: Type.Optional(Type.Integer()),
  external_id: Type.Optional(ExternalId),
  name: Translated,
  price_change: Type.Optional(Type.Number()),
  allergens: Type.Optional(Type.Array(Type.String())),
  allergen_traces: Type.Optional(Type.Array(Type.String())),
  dietary: Type.Optional(Type.Array(Type.String())),
  is_active: Type.Optional(Type.Boolean()),
  display_order: Type.Optional(Type.Integer()),
});

/** An option group with its options (a POS's modifier list with its modifiers). */
export const DocOptionGroup = Type.Object({
  id: Type.Optional(Type.Integer()),
  external_id: Type.Optional(ExternalId),
  name: Translated,
  min_choices: Type.Optional(Type.Integer()),
  max_choices: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  display_order: Type.Optional(Type.Integer()),
  is_active: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.Array(DocOption)),
});

/** A dish's group: by its `external_id` (which wins), else its `id` (of the document or the restaurant). */
const DocGroupRef = Type.Object({ id: Type.Optional(Type.Integer()), external_id: Type.Optional(ExternalId) });

export const DocItem = Type.Object({
  id: Type.Optional(Type.Integer()),
  external_id: Type.Optional(ExternalId),
  /** The sub-category: by id, or by its `external_id` (which wins when both are given). */
  type_id: Type.Optional(Ref),
  type_external_id: Type.Optional(ExternalId),
  winery_id: Type.Optional(Ref),
  winery_external_id: Type.Optional(ExternalId),
  name: Translated,
  description: Type.Optional(Translated),
  price: Type.Number(),
  allergens: Type.Optional(Type.Array(Type.String())),
  allergen_traces: Type.Optional(Type.Array(Type.String())),
  variants: Type.Optional(Type.Array(Type.Object({ label: Translated, price: Type.Number() }))),
  dietary: Type.Optional(Type.Array(Type.String())),
  is_active: Type.Optional(Type.Boolean()),
  is_recommended: Type.Optional(Type.Boolean()),
  display_order: Type.Optional(Type.Integer()),
  /** Read-only: the photo's URL (photos are uploaded with PUT /admin/items/{id}/image). */
  image_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The dish's option groups in order; left out: the dish keeps its groups; []: none. */
  option_groups: Type.Optional(Type.Array(DocGroupRef, { maxItems: 20 })),
});

const sectionFields = {
  id: Type.Optional(Type.Integer()),
  external_id: Type.Optional(ExternalId),
  menu_type: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('wine')])),
  name: Translated,
  notes: Type.Optional(Type.Union([Translated, Type.Null()])),
  display_order: Type.Optional(Type.Integer()),
  is_active: Type.Optional(Type.Boolean()),
  show_subcategories: Type.Optional(Type.Boolean()),
  time_visibility_enabled: Type.Optional(Type.Boolean()),
  time_start: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  time_end: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  weekdays: Type.Optional(Type.Array(Type.Integer())),
  date_from: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  date_to: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  set_price: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  sub_categories: Type.Optional(Type.Array(DocSubCategory)),
  items: Type.Optional(Type.Array(DocItem)),
};

export const DocSubSection = Type.Object(sectionFields);
export const DocSection = Type.Object({ ...sectionFields, sections: Type.Optional(Type.Array(DocSubSection)) });

export const MenuDocument = Type.Object(
  {
    wineries: Type.Optional(Type.Array(DocWinery)),
    option_groups: Type.Optional(Type.Array(DocOptionGroup)),
    sections: Type.Array(DocSection),
  },
  { description: 'The whole menu: what GET /admin/menu/export returns and PUT /admin/menu accepts.' },
);
export type MenuDocument = Static<typeof MenuDocument>;

/**
 * What GET /admin/menu/export answers: the same document, but every row it writes carries its
 * `id` and `external_id` (null when it has none), so a generated client types them as present.
 */
export const ExportedMenuDocument = withIdsRequired(MenuDocument);

/** A copy of the schema in which every object that has an `id` requires it and its `external_id`. */
function withIdsRequired<T extends object>(schema: T): T {
  const copy = JSON.parse(JSON.stringify(schema)) as T;
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const object = node as { properties?: Record<string, unknown>; required?: string[] };
    if (object.properties && 'id' in object.properties) {
      object.required = [...new Set([...(object.required ?? []), 'id', 'external_id'])];
    }
    for (const value of Object.values(node)) visit(value);
  };
  visit(copy);
  return copy;
}
export type DocSection = Static<typeof DocSection>;
export type DocItem = Static<typeof DocItem>;
export type DocWinery = Static<typeof DocWinery>;
export type DocSubCategory = Static<typeof DocSubCategory>;
export type DocOptionGroup = Static<typeof DocOptionGroup>;
export type DocOption = Static<typeof DocOption>;

const flag = (value: number) => value === 1;
const translations = (json: string) => parseJson<Record<string, string>>(json, {});

function docWinery(row: WineryRow): DocWinery {
  return {
    id: row.id,
    external_id: row.external_id,
    name: row.name,
    region: row.region,
    country: row.country,
    description: translations(row.description_translations),
    website_url: row.website_url,
  };
}

function docSubCategory(row: TypeRow): DocSubCategory {
  return {
    id: row.id,
    external_id: row.external_id,
    name: translations(row.name_translations),
    display_order: row.display_order,
    is_active: flag(row.is_active),
  };
}

function docItem(snapshot: MenuSnapshot, row: ItemRow): DocItem {
  const type =
    row.type_id === null ? undefined : snapshot.types.get(row.category_id)?.find((t) => t.id === row.type_id);
  const winery = row.winery_id === null ? undefined : snapshot.wineries.get(row.winery_id);
  return {
    id: row.id,
    external_id: row.external_id,
    type_id: row.type_id,
    type_external_id: type?.external_id ?? null,
    winery_id: row.winery_id,
    winery_external_id: winery?.external_id ?? null,
    name: translations(row.name_translations),
    description: translations(row.description_translations),
    price: row.price_cents / 100,
    allergens: parseJson<string[]>(row.allergens, []),
    allergen_traces: parseJson<string[]>(row.allergen_traces, []),
    variants: parseJson<{ label: Record<string, string>; price_cents: number }[]>(row.variants, []).map((v) => ({
      label: v.label,
      price: v.price_cents / 100,
    })),
    dietary: parseJson<string[]>(row.dietary, []),
    is_active: flag(row.is_active),
    is_recommended: flag(row.is_recommended),
    display_order: row.display_order,
    image_url: mediaUrl(row.image),
    option_groups: (snapshot.dishGroups.get(row.id) ?? []).map((id) => ({
      id,
      external_id: snapshot.optionGroups.get(id)?.external_id ?? null,
    })),
  };
}

function docOption(row: OptionRow): DocOption {
  return {
    id: row.id,
    external_id: row.external_id,
    name: translations(row.name_translations),
    price_change: row.price_change_cents / 100,
    allergens: parseJson<string[]>(row.allergens, []),
    allergen_traces: parseJson<string[]>(row.allergen_traces, []),
    dietary: parseJson<string[]>(row.dietary, []),
    is_active: flag(row.is_active),
    display_order: row.display_order,
  };
}

function docOptionGroup(snapshot: MenuSnapshot, row: OptionGroupRow): DocOptionGroup {
  return {
    id: row.id,
    external_id: row.external_id,
    name: translations(row.name_translations),
    min_choices: row.min_choices,
    max_choices: row.max_choices,
    display_order: row.display_order,
    is_active: flag(row.is_active),
    options: (snapshot.options.get(row.id) ?? []).map(docOption),
  };
}

function docSection(snapshot: MenuSnapshot, row: CategoryRow) {
  const notes = translations(row.notes_translations);
  return {
    id: row.id,
    external_id: row.external_id,
    menu_type: row.menu_type as 'standard' | 'wine',
    name: translations(row.name_translations),
    notes: Object.keys(notes).length > 0 ? notes : row.notes ? { [snapshot.settings.default_locale]: row.notes } : null,
    display_order: row.display_order,
    is_active: flag(row.is_active),
    show_subcategories: flag(row.show_subcategories),
    time_visibility_enabled: flag(row.time_visibility_enabled),
    time_start: row.time_start,
    time_end: row.time_end,
    weekdays: parseJson<number[]>(row.weekdays, []),
    date_from: row.date_from,
    date_to: row.date_to,
    set_price: row.set_price_cents === null ? null : row.set_price_cents / 100,
    sub_categories: (snapshot.types.get(row.id) ?? []).map(docSubCategory),
    items: (snapshot.items.get(row.id) ?? []).map((item) => docItem(snapshot, item)),
  };
}

/** The whole menu of the snapshot (inactive rows included) as the document. */
export function exportDocument(snapshot: MenuSnapshot): MenuDocument {
  const top = snapshot.sections.filter((s) => s.parent_id === null);
  return {
    wineries: [...snapshot.wineries.values()].sort((a, b) => a.id - b.id).map(docWinery),
    option_groups: [...snapshot.optionGroups.values()].map((g) => docOptionGroup(snapshot, g)),
    sections: top.map((section) => ({
      ...docSection(snapshot, section),
      sections: snapshot.sections.filter((s) => s.parent_id === section.id).map((s) => docSection(snapshot, s)),
    })),
  };
}

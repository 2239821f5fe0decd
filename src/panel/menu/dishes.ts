// Dishes: name and description in every language of the menu side by side (missing ones flagged),
// the price as people type it, the 14 allergens as labelled checkboxes in the panel's language,
// recommended, shown or not, section, sub-category and winery. Through the items service, on the
// panel's one editor; they are listed on their section's page.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { ItemRow } from '../../db/schema.js';
import { type Html, html } from '../../http/html.js';
import { currencySign, formatAmount, fromCents, parsePrice } from '../../i18n/money.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import { DIETARY_KEYS, dietaryName } from '../../resources/dietary/data.js';
import { createItem, deleteItem, ItemInput, updateItem } from '../../resources/items/service.js';
import type { PanelContext } from '../context.js';
import type { Editor } from '../editor.js';
import {
  checkbox,
  checkboxGroup,
  type FieldErrors,
  type FormBody,
  fieldError,
  fieldId,
  input,
  list,
  type Option,
  select,
  str,
} from '../forms.js';
import { pictureField, pictureLater } from '../photos.js';
import {
  displayName,
  editLocales,
  findGrouped,
  languageColumns,
  menuBreadcrumb,
  readTranslations,
  translationInput,
  translationLabels,
  translations,
  translationsHint,
} from './fields.js';
import { optionTexts } from './options-texts.js';
import { dishSeen } from './seen.js';
import { menuTexts } from './texts.js';
import {
  noVariants,
  type VariantValues,
  variantLabels,
  variantsFields,
  variantsFromBody,
  variantsFromRow,
  variantsInput,
} from './variants.js';

interface DishValues {
  names: Translations;
  descriptions: Translations;
  category_id: string;
  type_id: string;
  winery_id: string;
  price: string;
  allergens: string[];
  traces: string[];
  dietary: string[];
  is_active: boolean;
  is_recommended: boolean;
  variants: VariantValues;
  /** The option groups ticked (ids as text), in the dish's order; `groupsShown`: the form had the boxes. */
  groups: string[];
  groupsShown: boolean;
}

function fromRow(ctx: PanelContext, snapshot: MenuSnapshot, row: ItemRow): DishValues {
  return {
    groups: (snapshot.dishGroups.get(row.id) ?? []).map(String),
    groupsShown: snapshot.optionGroups.size > 0,
    names: translations(row.name_translations),
    descriptions: translations(row.description_translations),
    category_id: String(row.category_id),
    type_id: row.type_id === null ? '' : String(row.type_id),
    winery_id: row.winery_id === null ? '' : String(row.winery_id),
    price: formatAmount(fromCents(row.price_cents), ctx.locale),
    allergens: parseJson<string[]>(row.allergens, []),
    traces: parseJson<string[]>(row.allergen_traces, []),
    dietary: parseJson<string[]>(row.dietary, []),
    is_active: Boolean(row.is_active),
    is_recommended: Boolean(row.is_recommended),
    variants: variantsFromRow(ctx, row),
  };
}

/** The ticked groups in the dish's order: those it had first, as they were, then new ones in the groups' order. */
function tickedGroups(body: FormBody, snapshot: MenuSnapshot, current: ItemRow | undefined): string[] {
  const ticked = list(body, 'option_group_ids');
  const had = current ? (snapshot.dishGroups.get(current.id) ?? []).map(String) : [];
  const all = [...snapshot.optionGroups.keys()].map(String);
  return [
    ...had.filter((id) => ticked.includes(id)),
    ...all.filter((id) => ticked.includes(id) && !had.includes(id)),
    ...ticked.filter((id) => !all.includes(id)),
  ];
}

function fromBody(body: FormBody, snapshot: MenuSnapshot, current: ItemRow | undefined): DishValues {
  const locales = editLocales(snapshot);
  return {
    groups: tickedGroups(body, snapshot, current),
    groupsShown: str(body, 'option_groups_shown') === '1',
    names: readTranslations(body, 'name', locales, current ? translations(current.name_translations) : {}),
    descriptions: readTranslations(
      body,
      'description',
      locales,
      current ? translations(current.description_translations) : {},
    ),
    category_id: str(body, 'category_id'),
    type_id: str(body, 'type_id'),
    winery_id: str(body, 'winery_id'),
    price: str(body, 'price').trim(),
    allergens: list(body, 'allergens'),
    traces: list(body, 'allergen_traces'),
    dietary: list(body, 'dietary'),
    is_active: str(body, 'is_active') === '1',
    is_recommended: str(body, 'is_recommended') === '1',
    variants: variantsFromBody(body, snapshot),
  };
}

const ref = (value: string) => (value === '' ? null : /^\d+$/.test(value) ? Number(value) : value);

/** The form as the API's body: every field, so the form states the whole dish. */
function toInput(v: DishValues): Record<string, unknown> {
  const input: Record<string, unknown> = {
    category_id: ref(v.category_id) ?? undefined,
    type_id: ref(v.type_id),
    winery_id: ref(v.winery_id),
    name: v.names,
    description: v.descriptions,
    allergens: v.allergens,
    allergen_traces: v.traces,
    dietary: v.dietary,
    is_active: v.is_active,
    is_recommended: v.is_recommended,
  };
  // Only a form that showed the groups' boxes says which the dish carries (none ticked: none).
  if (v.groupsShown) input.option_group_ids = v.groups.map((id) => (/^\d+$/.test(id) ? Number(id) : id));
  const price = parsePrice(v.price);
  if (price !== undefined) input.price = price;
  input.variants = variantsInput(v.variants, price);
  if (input.category_id === undefined) delete input.category_id;
  return input;
}

function labels(ctx: PanelContext, snapshot: MenuSnapshot): Record<string, string> {
  const mt = menuTexts(ctx.locale);
  const locales = editLocales(snapshot);
  return {
    ...translationLabels(ctx, 'name', locales, mt.nameIn),
    ...translationLabels(ctx, 'description', locales, mt.descriptionIn),
    name: mt.name,
    description: mt.description,
    category_id: mt.section,
    type_id: mt.subCategory,
    winery_id: mt.winery,
    price: mt.price(currencySign(ctx.locale, snapshot.settings.currency)),
    allergens: mt.allergens,
    allergen_traces: mt.traces,
    dietary: mt.dietary,
    is_active: mt.active,
    is_recommended: mt.recommended,
    option_group_ids: optionTexts(ctx.locale).dishGroups,
    ...variantLabels(ctx),
  };
}

/** The restaurant's option groups to tick (none: nothing drawn, the dish keeps what it has). */
function groupBoxes(ctx: PanelContext, snapshot: MenuSnapshot, v: DishValues, errors: FieldErrors): Html | '' {
  if (snapshot.optionGroups.size === 0) return '';
  const ot = optionTexts(ctx.locale);
  // Ticked ones first in the dish's order (what diners read), then the others.
  const order = [...v.groups, ...[...snapshot.optionGroups.keys()].map(String).filter((id) => !v.groups.includes(id))];
  const options = order.flatMap((id) => {
    const g = snapshot.optionGroups.get(Number(id));
    return g ? [{ value: id, label: displayName(snapshot, ctx, g.name_translations) }] : [];
  });
  return html`${checkboxGroup({
    name: 'option_group_ids',
    label: ot.dishGroups,
    values: v.groups,
    errors,
    hint: ot.dishGroupsHint,
    className: 'allergens',
    options,
  })}<input type="hidden" name="option_groups_shown" value="1"><p><a href="/admin/menu/option-groups">${ot.manage}</a></p>`;
}

/** Sections as options, sub-sections under their section's name. */
function sectionOptions(ctx: PanelContext, snapshot: MenuSnapshot) {
  const out: { value: string; label: string }[] = [];
  for (const top of snapshot.sections.filter((s) => s.parent_id === null)) {
    const name = displayName(snapshot, ctx, top.name_translations);
    out.push({ value: String(top.id), label: name });
    for (const child of snapshot.sections.filter((s) => s.parent_id === top.id)) {
      out.push({ value: String(child.id), label: `${name} › ${displayName(snapshot, ctx, child.name_translations)}` });
    }
  }
  return out;
}

/** Every section's sub-categories (a dish may only use one of its own section's), for the script that follows the section select. */
function typesBySection(ctx: PanelContext, snapshot: MenuSnapshot): Record<string, Option[]> {
  const out: Record<string, Option[]> = {};
  for (const [sectionId, types] of snapshot.types) {
    out[String(sectionId)] = types.map((t) => ({
      value: String(t.id),
      label: displayName(snapshot, ctx, t.name_translations),
    }));
  }
  return out;
}

/**
 * The sub-category select: only the chosen section's sub-categories (the server draws them for the
 * section the form holds; menu-editor.js redraws them when the section changes), and its hint says
 * so when that section has none. The service refuses another section's sub-category anyway.
 */
function typeSelect(ctx: PanelContext, snapshot: MenuSnapshot, v: DishValues, errors: FieldErrors): Html {
  const mt = menuTexts(ctx.locale);
  const all = typesBySection(ctx, snapshot);
  const own = all[v.category_id] ?? [];
  const section = snapshot.sections.find((s) => String(s.id) === v.category_id);
  const none = section ? mt.noSubCategoriesIn(displayName(snapshot, ctx, section.name_translations)) : '';
  return select({
    name: 'type_id',
    label: mt.subCategory,
    value: v.type_id,
    errors,
    hint: own.length === 0 ? none : mt.subCategoryHint,
    options: [{ value: '', label: mt.noSubCategory }, ...own],
    extra: {
      'data-types': JSON.stringify(all),
      'data-hint': mt.subCategoryHint,
      'data-none': mt.noSubCategoriesIn('{section}'),
    },
  });
}

function wineryOptions(snapshot: MenuSnapshot) {
  return [...snapshot.wineries.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((w) => ({ value: String(w.id), label: w.name }));
}

function dishFields(ctx: PanelContext, snapshot: MenuSnapshot, v: DishValues, errors: FieldErrors, row?: ItemRow) {
  const mt = menuTexts(ctx.locale);
  const l = labels(ctx, snapshot);
  const [first, ...others] = editLocales(snapshot);
  const name = { prefix: 'name', values: v.names, label: mt.nameIn, maxlength: 200, requireDefault: true };
  const description = {
    prefix: 'description',
    values: v.descriptions,
    label: mt.descriptionIn,
    maxlength: 2000,
    multiline: true,
  };
  const price = input({
    name: 'price',
    label: l.price,
    value: v.price,
    errors,
    hint: mt.priceHint,
    required: true,
    extra: { inputmode: 'decimal', autocomplete: 'off' },
  });
  // On a phone what is changed most comes first: the name in the menu's language, the price, the
  // section; the other languages after.
  const otherLanguages =
    others.length === 0
      ? ''
      : html`<fieldset><legend>${mt.otherLanguages}</legend><p class="hint">${translationsHint(ctx, snapshot)}</p>
${languageColumns(ctx, others, [{ ...name, requireDefault: false }, description], errors, row && { resource: 'items', id: row.id })}</fieldset>`;
  // A new dish: its photo's form appears on its page once it exists (photos.ts).
  return html`${row ? '' : pictureLater(ctx)}<fieldset><legend>${mt.dishEssentials}</legend>${fieldError(fieldId('name'), errors.name ?? [])}
${translationInput(ctx, first, name, errors, true)}
${price}
${select({ name: 'category_id', label: mt.section, value: v.category_id, errors, required: true, options: sectionOptions(ctx, snapshot) })}
${typeSelect(ctx, snapshot, v, errors)}
${translationInput(ctx, first, description, errors, true)}</fieldset>
${variantsFields(ctx, snapshot, v.variants, errors)}
${otherLanguages}
<fieldset><legend>${mt.details}</legend>
${select({ name: 'winery_id', label: mt.winery, value: v.winery_id, errors, options: [{ value: '', label: mt.noWinery }, ...wineryOptions(snapshot)] })}
${checkbox({ name: 'is_recommended', label: mt.recommended, checked: v.is_recommended, errors })}
${checkbox({ name: 'is_active', label: mt.active, checked: v.is_active, errors, hint: mt.activeHint })}</fieldset>
${checkboxGroup({
  name: 'allergens',
  label: mt.allergens,
  values: v.allergens,
  errors,
  hint: mt.allergensHint,
  className: 'allergens',
  options: ALLERGEN_KEYS.map((key) => ({ value: key, label: allergenName(key, ctx.locale) })),
})}
${checkboxGroup({
  name: 'allergen_traces',
  label: mt.traces,
  values: v.traces,
  errors,
  hint: mt.tracesHint,
  className: 'allergens',
  options: ALLERGEN_KEYS.map((key) => ({ value: key, label: allergenName(key, ctx.locale) })),
})}
${checkboxGroup({
  name: 'dietary',
  label: mt.dietary,
  values: v.dietary,
  errors,
  className: 'allergens',
  options: DIETARY_KEYS.map((key) => ({ value: key, label: dietaryName(key, ctx.locale) })),
})}
${groupBoxes(ctx, snapshot, v, errors)}`;
}

function photoField(ctx: PanelContext, row: ItemRow, side: FieldErrors): Html {
  return pictureField(ctx, {
    kind: 'photo',
    stored: row.image,
    action: `/admin/menu/dishes/${row.id}/photo`,
    errors: side,
  });
}

export const dishesEditor: Editor<ItemRow, DishValues, typeof ItemInput> = {
  path: '/menu/dishes',
  active: 'menu',
  scripts: ['menu-editor.js'],
  schema: ItemInput,
  find: (snapshot, id) => findGrouped(snapshot.items, id),
  name: (ctx, snapshot, row) => displayName(snapshot, ctx, row.name_translations),
  seen: dishSeen,
  fromRow: (ctx, snapshot, row) => fromRow(ctx, snapshot, row),
  blank(_ctx, snapshot, query) {
    const section = snapshot.sections.find((s) => String(s.id) === query('section')) ?? snapshot.sections[0];
    return {
      names: {},
      descriptions: {},
      category_id: section ? String(section.id) : '',
      type_id: '',
      winery_id: '',
      price: '',
      allergens: [],
      traces: [],
      dietary: [],
      is_active: true,
      is_recommended: false,
      variants: noVariants(),
      groups: [],
      groupsShown: snapshot.optionGroups.size > 0,
    };
  },
  read: fromBody,
  toInput,
  labels,
  fields: dishFields,
  create: createItem,
  update: updateItem,
  remove: deleteItem,
  titles: (ctx) => ({ create: () => menuTexts(ctx.locale).newDish, edit: menuTexts(ctx.locale).editDish }),
  breadcrumb: (ctx, snapshot, row, v) => menuBreadcrumb(ctx, snapshot, row?.category_id ?? Number(v.category_id)),
  cancel(snapshot, row, v) {
    const id = row?.category_id ?? Number(v.category_id);
    return snapshot.sections.some((s) => s.id === id) ? `/admin/menu/sections/${id}` : '/admin/menu';
  },
  afterDelete: (row) => `/admin/menu/sections/${row.category_id}?deleted=1`,
  // The photo's own form (a file does not travel in this urlencoded form): see, upload, replace, remove.
  // After the dish's form, so on a phone the name, price and section are on the first screen; above
  // it only when an upload was just refused, so its message is seen at once.
  above: (ctx, _snapshot, row, side) => (Object.keys(side).length > 0 ? photoField(ctx, row, side) : html``),
  below: (ctx, _snapshot, row, side) => (Object.keys(side).length > 0 ? html`` : photoField(ctx, row, side)),
  unavailable(ctx, snapshot) {
    if (snapshot.sections.length > 0) return undefined;
    const mt = menuTexts(ctx.locale);
    return html`<p>${mt.noSections}</p><p><a class="button" href="/admin/menu/sections/new">${mt.addSection}</a></p>`;
  },
};

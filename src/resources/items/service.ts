// Dish writes: references must exist in the same tenant, a sub-category must belong to the dish's
// section, prices are stored in cents, and the search text follows the translations.
import { type Static, Type } from '@sinclair/typebox';
import { changeRow, createRow, defaultTextIssues, readRow, removeRow } from '../../catalog/rows.js';
import { soldOutAfter } from '../../catalog/sold-out.js';
import type { MenuWrite } from '../../catalog/write.js';
import { type FieldIssue, NotFoundError, ValidationError } from '../../core/errors.js';
import { findRow, type MenuValues, nextOrder } from '../../db/menu-rows.js';
import { DisplayOrder, Flag, Id, IsoDateTime, OptionalRef, TranslationsInput } from '../../http/inputs.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import { AllergenKey } from '../allergens/data.js';
import { DIETARY_KEYS } from '../dietary/data.js';
import { pruneMedia } from '../media/repo.js';
import { parseImageRef } from '../media/urls.js';
import { DishGroupsInput, dishGroupIssues, setDishGroups } from '../options/service.js';
import { itemSearchText } from './repo.js';

export const ItemInput = Type.Object(
  {
    category_id: Id,
    type_id: OptionalRef,
    winery_id: OptionalRef,
    name: TranslationsInput({ requiredItalian: true, maxLength: 200 }),
    description: Type.Optional(TranslationsInput({ requiredItalian: false, maxLength: 2000 })),
    price: Type.Number({ minimum: 0, maximum: 1_000_000, 'x-decimals': 2 }),
    allergens: Type.Optional(Type.Array(AllergenKey, { maxItems: 14, uniqueItems: true })),
    allergen_traces: Type.Optional(Type.Array(AllergenKey, { maxItems: 14, uniqueItems: true })),
    /** 2..6 prices with a label each (glass / bottle); the first is `price`. [] = the one price. */
    variants: Type.Optional(
      Type.Array(
        Type.Object(
          {
            label: TranslationsInput({ requiredItalian: false, maxLength: 60 }),
            price: Type.Number({ minimum: 0, maximum: 1_000_000, 'x-decimals': 2 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 6 },
      ),
    ),
    dietary: Type.Optional(
      Type.Array(Type.Union(DIETARY_KEYS.map((k) => Type.Literal(k))), { maxItems: 5, uniqueItems: true }),
    ),
    is_active: Flag,
    is_recommended: Flag,
    display_order: DisplayOrder,
    /** true: sold out until sold_out_until, by default the next 05:00 in the restaurant's time zone. */
    sold_out: Flag,
    /** A future moment (kept to the minute, rounded up), or null: sold out until switched back. */
    sold_out_until: Type.Optional(Type.Union([IsoDateTime(), Type.Null()])),
    /** The dish's option groups, in order: attaching, detaching and ordering them is this list. */
    option_group_ids: DishGroupsInput,
  },
  { additionalProperties: false },
);
export type ItemInput = Static<typeof ItemInput>;

/** category_id, type_id and winery_id must name rows of this tenant; the type must be of the dish's section. */
async function checkReferences(w: MenuWrite, v: MenuValues<'items'>, issues: FieldIssue[]): Promise<void> {
  // category_id is undefined only when the body's own category_id failed its schema (one validation pass).
  const section = v.category_id === undefined ? undefined : await readRow(w, 'categories', v.category_id);
  if (v.category_id !== undefined && !section) issues.push({ field: 'category_id', rule: 'exists' });
  if (v.type_id !== null && v.category_id !== undefined) {
    const type = await readRow(w, 'types', v.type_id);
    // Said as it is when the section is right: a sub-category of another section is the usual slip.
    if (type && section && type.category_id !== v.category_id) {
      issues.push({ field: 'type_id', rule: 'type_of_other_section' });
    } else if (!type || type.category_id !== v.category_id) issues.push({ field: 'type_id', rule: 'exists' });
  }
  if (v.winery_id !== null && !(await readRow(w, 'wineries', v.winery_id))) {
    issues.push({ field: 'winery_id', rule: 'exists' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

/** Every variant needs a label a diner can read (in some language). */
function variantIssues(variants: ItemInput['variants']): FieldIssue[] {
  return (variants ?? []).flatMap((v, i) =>
    Object.values(v.label).some((text) => text && text.trim() !== '')
      ? []
      : [{ field: `variants.${i}.label`, rule: 'required' as const }],
  );
}

/** `price` alone on a dish with several prices changes the first of them (`price` is always the first). */
function firstPriceFollows(stored: string, price: number | undefined): string {
  if (price === undefined) return stored;
  const variants = parseJson<{ label: Translations; price_cents: number }[]>(stored, []);
  if (variants.length === 0) return stored;
  variants[0] = { ...variants[0], price_cents: Math.round(price * 100) };
  return JSON.stringify(variants);
}

function merge(
  current: MenuValues<'items'>,
  input: Partial<ItemInput>,
): Omit<MenuValues<'items'>, 'sold_out' | 'sold_out_until'> {
  const names = input.name ?? parseJson<Translations>(current.name_translations, {});
  const descriptions = input.description ?? parseJson<Translations>(current.description_translations, {});
  return {
    category_id: input.category_id ?? current.category_id,
    type_id: input.type_id === undefined ? current.type_id : input.type_id,
    winery_id: input.winery_id === undefined ? current.winery_id : input.winery_id,
    name_translations: JSON.stringify(names),
    description_translations: JSON.stringify(descriptions),
    // The first variant's price is the dish's price (old clients read `price` alone).
    price_cents: input.variants?.length
      ? Math.round(input.variants[0].price * 100)
      : input.price === undefined
        ? current.price_cents
        : Math.round(input.price * 100),
    variants:
      input.variants === undefined
        ? firstPriceFollows(current.variants, input.price)
        : JSON.stringify(input.variants.map((v) => ({ label: v.label, price_cents: Math.round(v.price * 100) }))),
    allergens: sameSetKeepsOrder(current.allergens, input.allergens),
    allergen_traces: sameSetKeepsOrder(current.allergen_traces, input.allergen_traces),
    dietary: sameSetKeepsOrder(current.dietary, input.dietary),
    image: current.image,
    is_active: input.is_active === undefined ? current.is_active : Number(input.is_active),
    is_recommended: input.is_recommended === undefined ? current.is_recommended : Number(input.is_recommended),
    display_order: input.display_order ?? current.display_order,
    search_text: itemSearchText(names, descriptions),
  };
}

/**
 * A list of keys (allergens, traces, diets) is a set: the same keys in another order (a CSV lists
 * them in column order, a client may sort them) keep the stored list, so the write changes
 * nothing and the history records no change the owner never made.
 */
function sameSetKeepsOrder(stored: string, next: readonly string[] | undefined): string {
  if (next === undefined) return stored;
  const before = parseJson<string[]>(stored, []);
  const same = before.length === next.length && next.every((key) => before.includes(key));
  return same ? stored : JSON.stringify(next);
}

export async function createItem(w: MenuWrite, input: ItemInput): Promise<number> {
  const blank: MenuValues<'items'> = {
    sold_out: 0,
    sold_out_until: null,
    category_id: input.category_id,
    type_id: null,
    winery_id: null,
    name_translations: '{}',
    description_translations: '{}',
    price_cents: 0,
    allergens: '[]',
    allergen_traces: '[]',
    variants: '[]',
    dietary: '[]',
    image: null,
    is_active: 1,
    is_recommended: 0,
    display_order: 0,
    search_text: '',
  };
  const issues: FieldIssue[] = [];
  const values = { ...merge(blank, input), ...(await soldOutAfter(w, blank, input, issues)) };
  await checkReferences(w, values, [
    ...(await defaultTextIssues(w, 'name', input.name, true)),
    ...variantIssues(input.variants),
    ...(await dishGroupIssues(w, input.option_group_ids)),
    ...issues,
  ]);
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(w.trx, 'items', w.tenantId, 'category_id', values.category_id);
  }
  const id = (await createRow(w, 'items', values)).id;
  await setDishGroups(w, id, input.option_group_ids);
  return id;
}

export async function updateItem(w: MenuWrite, id: number, input: Partial<ItemInput>): Promise<void> {
  const current = await readRow(w, 'items', id);
  if (!current) throw new NotFoundError();
  const issues: FieldIssue[] = [];
  const values = { ...merge(current, input), ...(await soldOutAfter(w, current, input, issues)) };
  await checkReferences(w, values, [
    ...(await defaultTextIssues(w, 'name', input.name, false)),
    ...variantIssues(input.variants),
    ...(await dishGroupIssues(w, input.option_group_ids)),
    ...issues,
  ]);
  await changeRow(w, 'items', current, values);
  await setDishGroups(w, id, input.option_group_ids);
}

export async function deleteItem(w: MenuWrite, id: number): Promise<void> {
  const current = await findRow(w.trx, 'items', w.tenantId, id);
  if (!current || !(await removeRow(w, 'items', id))) throw new NotFoundError();
  // Its photo's files go too, unless another dish shows the same picture.
  const image = parseImageRef(current.image);
  if (image) await pruneMedia(w.trx, w.tenantId, image.key);
}

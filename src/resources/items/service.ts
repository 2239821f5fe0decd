// Dish writes: references must exist in the same tenant, a sub-category must belong to the dish's
// section, prices are stored in cents, and the search text follows the translations.
import { type Static, Type } from '@sinclair/typebox';
import { changeRow, createRow, defaultTextIssues, removeRow } from '../../catalog/rows.js';
import type { MenuWrite } from '../../catalog/write.js';
import { type FieldIssue, NotFoundError, ValidationError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { findRow, type MenuValues, nextOrder } from '../../db/menu-rows.js';
import { DisplayOrder, Flag, Id, OptionalRef, TranslationsInput } from '../../http/inputs.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import { AllergenKey } from '../allergens/data.js';
import { DIETARY_KEYS } from '../dietary/data.js';
import { pruneMedia } from '../media/repo.js';
import { parseImageRef } from '../media/urls.js';
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
    dietary: Type.Optional(
      Type.Array(Type.Union(DIETARY_KEYS.map((k) => Type.Literal(k))), { maxItems: 5, uniqueItems: true }),
    ),
    is_active: Flag,
    is_recommended: Flag,
    display_order: DisplayOrder,
  },
  { additionalProperties: false },
);
export type ItemInput = Static<typeof ItemInput>;

/** category_id, type_id and winery_id must name rows of this tenant; the type must be of the dish's section. */
async function checkReferences(trx: Db, tenantId: number, v: MenuValues<'items'>, issues: FieldIssue[]): Promise<void> {
  // category_id is undefined only when the body's own category_id failed its schema (one validation pass).
  if (v.category_id !== undefined && !(await findRow(trx, 'categories', tenantId, v.category_id))) {
    issues.push({ field: 'category_id', rule: 'exists' });
  }
  if (v.type_id !== null && v.category_id !== undefined) {
    const type = await findRow(trx, 'types', tenantId, v.type_id);
    if (!type || type.category_id !== v.category_id) issues.push({ field: 'type_id', rule: 'exists' });
  }
  if (v.winery_id !== null && !(await findRow(trx, 'wineries', tenantId, v.winery_id))) {
    issues.push({ field: 'winery_id', rule: 'exists' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

function merge(current: MenuValues<'items'>, input: Partial<ItemInput>): MenuValues<'items'> {
  const names = input.name ?? parseJson<Translations>(current.name_translations, {});
  const descriptions = input.description ?? parseJson<Translations>(current.description_translations, {});
  return {
    category_id: input.category_id ?? current.category_id,
    type_id: input.type_id === undefined ? current.type_id : input.type_id,
    winery_id: input.winery_id === undefined ? current.winery_id : input.winery_id,
    name_translations: JSON.stringify(names),
    description_translations: JSON.stringify(descriptions),
    price_cents: input.price === undefined ? current.price_cents : Math.round(input.price * 100),
    allergens: input.allergens === undefined ? current.allergens : JSON.stringify(input.allergens),
    allergen_traces:
      input.allergen_traces === undefined ? current.allergen_traces : JSON.stringify(input.allergen_traces),
    dietary: input.dietary === undefined ? current.dietary : JSON.stringify(input.dietary),
    image: current.image,
    is_active: input.is_active === undefined ? current.is_active : Number(input.is_active),
    is_recommended: input.is_recommended === undefined ? current.is_recommended : Number(input.is_recommended),
    display_order: input.display_order ?? current.display_order,
    search_text: itemSearchText(names, descriptions),
  };
}

export async function createItem(w: MenuWrite, input: ItemInput): Promise<number> {
  const blank: MenuValues<'items'> = {
    category_id: input.category_id,
    type_id: null,
    winery_id: null,
    name_translations: '{}',
    description_translations: '{}',
    price_cents: 0,
    allergens: '[]',
    allergen_traces: '[]',
    dietary: '[]',
    image: null,
    is_active: 1,
    is_recommended: 0,
    display_order: 0,
    search_text: '',
  };
  const values = merge(blank, input);
  await checkReferences(w.trx, w.tenantId, values, await defaultTextIssues(w, 'name', input.name, true));
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(w.trx, 'items', w.tenantId, 'category_id', values.category_id);
  }
  return (await createRow(w, 'items', values)).id;
}

export async function updateItem(w: MenuWrite, id: number, input: Partial<ItemInput>): Promise<void> {
  const current = await findRow(w.trx, 'items', w.tenantId, id);
  if (!current) throw new NotFoundError();
  const values = merge(current, input);
  await checkReferences(w.trx, w.tenantId, values, await defaultTextIssues(w, 'name', input.name, false));
  await changeRow(w, 'items', current, values);
}

export async function deleteItem(w: MenuWrite, id: number): Promise<void> {
  const current = await findRow(w.trx, 'items', w.tenantId, id);
  if (!current || !(await removeRow(w, 'items', id))) throw new NotFoundError();
  // Its photo's files go too, unless another dish shows the same picture.
  const image = parseImageRef(current.image);
  if (image) await pruneMedia(w.trx, w.tenantId, image.key);
}

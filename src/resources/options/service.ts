// Option group and option writes: min ≤ max, an option's group and a dish's groups must be this
// restaurant's, sold out as for a dish; a group attached to dishes is deleted only when the caller
// confirms how many dishes lose it. Attaching is a write of the dish (its `option_group_ids`).
import { type Static, Type } from '@sinclair/typebox';
import { changeRow, createRow, defaultTextIssues, flushRows, readRow, removeRow } from '../../catalog/rows.js';
import { soldOutAfter } from '../../catalog/sold-out.js';
import type { MenuWrite } from '../../catalog/write.js';
import { type FieldIssue, NotFoundError, ValidationError } from '../../core/errors.js';
import { findRow, type MenuValues, nextOrder, updateRow } from '../../db/menu-rows.js';
import { DisplayOrder, Flag, Id, IsoDateTime, TranslationsInput } from '../../http/inputs.js';
import { nowIso } from '../../http/schemas.js';
import { parseJson } from '../../i18n/text.js';
import { AllergenKey } from '../allergens/data.js';
import { DIETARY_KEYS } from '../dietary/data.js';
import { dishesWithGroup, dishGroupIds, existingGroupIds, groupOptionRows, replaceDishGroups } from './repo.js';

/** At most this many groups on a dish, and picks in a group. */
export const MAX_GROUPS_PER_DISH = 20;
const MAX_CHOICES = 100;

export const OptionGroupInput = Type.Object(
  {
    name: TranslationsInput({ requiredItalian: true, maxLength: 200 }),
    min_choices: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CHOICES })),
    max_choices: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: MAX_CHOICES }), Type.Null()])),
    display_order: DisplayOrder,
    is_active: Flag,
  },
  { additionalProperties: false },
);
export type OptionGroupInput = Static<typeof OptionGroupInput>;

const Price = Type.Number({ minimum: -1_000_000, maximum: 1_000_000, 'x-decimals': 2 });
const Keys = (maxItems: number, key = AllergenKey) => Type.Optional(Type.Array(key, { maxItems, uniqueItems: true }));

export const OptionInput = Type.Object(
  {
    group_id: Id,
    name: TranslationsInput({ requiredItalian: true, maxLength: 200 }),
    /** Added to the dish's price when chosen; 0 (the default) or negative allowed. */
    price_change: Type.Optional(Price),
    allergens: Keys(14),
    allergen_traces: Keys(14),
    dietary: Type.Optional(
      Type.Array(Type.Union(DIETARY_KEYS.map((k) => Type.Literal(k))), { maxItems: 5, uniqueItems: true }),
    ),
    is_active: Flag,
    display_order: DisplayOrder,
    sold_out: Flag,
    sold_out_until: Type.Optional(Type.Union([IsoDateTime(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type OptionInput = Static<typeof OptionInput>;

/** What a dish write sends to attach groups: their ids, in the order the diner reads them. */
export const DishGroupsInput = Type.Optional(
  Type.Array(Id, {
    maxItems: MAX_GROUPS_PER_DISH,
    uniqueItems: true,
    description: "the dish's option groups, in order; [] detaches every group",
  }),
);

function mergeGroup(
  current: MenuValues<'option_groups'>,
  input: Partial<OptionGroupInput>,
): MenuValues<'option_groups'> {
  return {
    name_translations: input.name ? JSON.stringify(input.name) : current.name_translations,
    min_choices: input.min_choices ?? current.min_choices,
    max_choices: input.max_choices === undefined ? current.max_choices : input.max_choices,
    display_order: input.display_order ?? current.display_order,
    is_active: input.is_active === undefined ? current.is_active : Number(input.is_active),
  };
}

function choiceIssues(v: MenuValues<'option_groups'>, input: Partial<OptionGroupInput>): FieldIssue[] {
  if (v.max_choices === null || v.min_choices <= v.max_choices) return [];
  // Named on the field the write sent (on an update that moves only one bound, that bound is the slip).
  const field = input.min_choices === undefined && input.max_choices !== undefined ? 'max_choices' : 'min_choices';
  return field === 'min_choices'
    ? [{ field, rule: 'lte_other', params: { other: 'max_choices' } }]
    : [{ field, rule: 'min_numeric', params: { min: v.min_choices } }];
}

export async function createOptionGroup(w: MenuWrite, input: OptionGroupInput): Promise<number> {
  const blank = { name_translations: '{}', min_choices: 0, max_choices: null, display_order: 0, is_active: 1 };
  const values = mergeGroup(blank, input);
  const issues = [...(await defaultTextIssues(w, 'name', input.name, true)), ...choiceIssues(values, input)];
  if (issues.length > 0) throw new ValidationError(issues);
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(w.trx, 'option_groups', w.tenantId, null, null);
  }
  return (await createRow(w, 'option_groups', values)).id;
}

export async function updateOptionGroup(w: MenuWrite, id: number, input: Partial<OptionGroupInput>): Promise<void> {
  const current = await findRow(w.trx, 'option_groups', w.tenantId, id);
  if (!current) throw new NotFoundError();
  const values = mergeGroup(current, input);
  const issues = [...(await defaultTextIssues(w, 'name', input.name, false)), ...choiceIssues(values, input)];
  if (issues.length > 0) throw new ValidationError(issues);
  await changeRow(w, 'option_groups', current, values);
}

/**
 * Deletes a group and its options. Attached to dishes, it goes only when `confirmDetach` is the
 * number of those dishes (the count the owner was told): each dish then loses it, recorded as a
 * change of the dish.
 */
export async function deleteOptionGroup(w: MenuWrite, id: number, confirmDetach?: number): Promise<void> {
  if (!(await findRow(w.trx, 'option_groups', w.tenantId, id))) throw new NotFoundError();
  const dishes = await dishesWithGroup(w.trx, w.tenantId, id);
  if (dishes.length > 0 && confirmDetach !== dishes.length) {
    throw new ValidationError([{ field: 'confirm_detach', rule: 'group_attached', params: { count: dishes.length } }]);
  }
  for (const itemId of dishes) {
    const groups = await dishGroupIds(w.trx, w.tenantId, itemId);
    await setDishGroups(
      w,
      itemId,
      groups.filter((g) => g !== id),
    );
  }
  for (const option of await groupOptionRows(w.trx, w.tenantId, id)) await removeRow(w, 'options', Number(option.id));
  await removeRow(w, 'option_groups', id);
}

/** Deletes a group whatever dishes carry it, when the caller has its own confirmation (a prune, the panel's confirm page). */
export async function detachAndDeleteOptionGroup(w: MenuWrite, id: number): Promise<void> {
  await deleteOptionGroup(w, id, (await dishesWithGroup(w.trx, w.tenantId, id)).length);
}

/** An option's write shows on its group (its nested list): the group's updated_at and ETag move too. */
async function touchGroup(w: MenuWrite, groupId: number): Promise<void> {
  const after = await updateRow(w.trx, 'option_groups', w.tenantId, groupId, {}, nowIso());
  if (after) w.rows?.put('option_groups', after);
}

const keysSameSet = (stored: string, next: readonly string[] | undefined) => {
  if (next === undefined) return stored;
  const before = parseJson<string[]>(stored, []);
  return before.length === next.length && next.every((k) => before.includes(k)) ? stored : JSON.stringify(next);
};

function mergeOption(
  current: MenuValues<'options'>,
  input: Partial<OptionInput>,
): Omit<MenuValues<'options'>, 'sold_out' | 'sold_out_until'> {
  return {
    group_id: input.group_id ?? current.group_id,
    name_translations: input.name ? JSON.stringify(input.name) : current.name_translations,
    price_change_cents:
      input.price_change === undefined ? current.price_change_cents : Math.round(input.price_change * 100),
    allergens: keysSameSet(current.allergens, input.allergens),
    allergen_traces: keysSameSet(current.allergen_traces, input.allergen_traces),
    dietary: keysSameSet(current.dietary, input.dietary),
    display_order: input.display_order ?? current.display_order,
    is_active: input.is_active === undefined ? current.is_active : Number(input.is_active),
  };
}

async function groupIssues(w: MenuWrite, groupId: number | undefined): Promise<FieldIssue[]> {
  // undefined only when the body's group_id failed its schema (one validation pass).
  if (groupId === undefined || (await findRow(w.trx, 'option_groups', w.tenantId, groupId))) return [];
  return [{ field: 'group_id', rule: 'exists' }];
}

export async function createOption(w: MenuWrite, input: OptionInput): Promise<number> {
  const blank: MenuValues<'options'> = {
    group_id: input.group_id,
    name_translations: '{}',
    price_change_cents: 0,
    allergens: '[]',
    allergen_traces: '[]',
    dietary: '[]',
    display_order: 0,
    is_active: 1,
    sold_out: 0,
    sold_out_until: null,
  };
  const issues: FieldIssue[] = [];
  const values = { ...mergeOption(blank, input), ...(await soldOutAfter(w, blank, input, issues)) };
  issues.push(...(await defaultTextIssues(w, 'name', input.name, true)), ...(await groupIssues(w, values.group_id)));
  if (issues.length > 0) throw new ValidationError(issues);
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(w.trx, 'options', w.tenantId, 'group_id', values.group_id);
  }
  const row = await createRow(w, 'options', values);
  await touchGroup(w, row.group_id);
  return row.id;
}

export async function updateOption(w: MenuWrite, id: number, input: Partial<OptionInput>): Promise<void> {
  const current = await findRow(w.trx, 'options', w.tenantId, id);
  if (!current) throw new NotFoundError();
  const issues: FieldIssue[] = [];
  const values = { ...mergeOption(current, input), ...(await soldOutAfter(w, current, input, issues)) };
  issues.push(...(await defaultTextIssues(w, 'name', input.name, false)));
  if (values.group_id !== current.group_id) issues.push(...(await groupIssues(w, values.group_id)));
  if (issues.length > 0) throw new ValidationError(issues);
  const after = await changeRow(w, 'options', current, values);
  if (after === current) return;
  await touchGroup(w, current.group_id);
  if (values.group_id !== current.group_id) await touchGroup(w, values.group_id);
}

export async function deleteOption(w: MenuWrite, id: number): Promise<void> {
  const current = await findRow(w.trx, 'options', w.tenantId, id);
  if (!current || !(await removeRow(w, 'options', id))) throw new NotFoundError();
  await touchGroup(w, current.group_id);
}

/** Issues of a dish write's `option_group_ids`: each must be a group of this restaurant. */
export async function dishGroupIssues(w: MenuWrite, ids: readonly number[] | undefined): Promise<FieldIssue[]> {
  if (ids === undefined) return [];
  const known = w.rows?.holds('option_groups')
    ? new Set(ids.filter((id) => w.rows?.get('option_groups', id)))
    : await existingGroupIds(w.trx, w.tenantId, [...ids]);
  return ids.flatMap((id, i) => (known.has(id) ? [] : [{ field: `option_group_ids.${i}`, rule: 'exists' as const }]));
}

/**
 * Makes `ids` the dish's groups, in this order. A change is a change of the dish: its updated_at
 * and ETag move, and the write records `option_group_ids` before and after (audit, webhooks).
 */
export async function setDishGroups(w: MenuWrite, itemId: number, ids: readonly number[] | undefined): Promise<void> {
  if (ids === undefined) return;
  const before =
    w.rows?.dishGroups?.get(itemId) ?? (w.rows?.dishGroups ? [] : await dishGroupIds(w.trx, w.tenantId, itemId));
  if (before.length === ids.length && before.every((id, i) => id === ids[i])) return;
  const row = await readRow(w, 'items', itemId);
  if (!row) throw new NotFoundError();
  // The dish's own update, if one waits, goes first: the touch below returns the row as stored.
  await flushRows(w);
  await replaceDishGroups(w.trx, w.tenantId, itemId, [...ids]);
  w.rows?.dishGroups?.set(itemId, [...ids]);
  const after = await updateRow(w.trx, 'items', w.tenantId, itemId, {}, nowIso());
  if (after) w.rows?.put('items', after);
  w.record({
    resource: 'items',
    id: itemId,
    action: 'updated',
    before: { ...row, option_group_ids: JSON.stringify(before) },
    after: { ...(after ?? row), option_group_ids: JSON.stringify(ids) },
  });
}

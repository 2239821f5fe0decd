// Section writes: one level of nesting, sub-sections share their parent's menu_type, a time window
// needs both ends, and a section holding dishes or sub-sections is never deleted behind the owner's back.
import { type Static, Type } from '@sinclair/typebox';
import { findSettings } from '../../catalog/repo.js';
import { changeRow, createRow, defaultTextIssues, removeRow } from '../../catalog/rows.js';
import type { MenuWrite } from '../../catalog/write.js';
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { countDishesWith, countWhere, findRow, type MenuValues, nextOrder } from '../../db/menu-rows.js';
import { DisplayOrder, Flag, OptionalRef, TimeOfDay, TranslatableInput, TranslationsInput } from '../../http/inputs.js';
import { RULE } from '../../http/validator.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { isCalendarDate, storedTranslations, writeTranslatable } from '../../i18n/text.js';
import { listSectionTypes, listSubSections } from './repo.js';

/** A local date, YYYY-MM-DD. */
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', [RULE]: 'date' });

export const CategoryInput = Type.Object(
  {
    parent_id: OptionalRef,
    menu_type: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('wine')])),
    name: TranslationsInput({ requiredItalian: true, maxLength: 200 }),
    // A plain string (the default locale's text, as before), the translations object, or null.
    notes: Type.Optional(Type.Union([TranslatableInput(2000), Type.Null()])),
    display_order: DisplayOrder,
    is_active: Flag,
    show_subcategories: Flag,
    time_visibility_enabled: Flag,
    time_start: Type.Optional(TimeOfDay),
    time_end: Type.Optional(TimeOfDay),
    weekdays: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7, uniqueItems: true })),
    date_from: Type.Optional(Type.Union([LocalDate, Type.Null()])),
    date_to: Type.Optional(Type.Union([LocalDate, Type.Null()])),
    /** A set menu's price (its notes say what it includes); null: an ordinary section. */
    set_price: Type.Optional(
      Type.Union([Type.Number({ minimum: 0, maximum: 1_000_000, 'x-decimals': 2 }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);
export type CategoryInput = Static<typeof CategoryInput>;

const flag = (value: boolean | undefined, current: number) => (value === undefined ? current : Number(value));

/** The notes columns after a write: the plain column keeps the default locale's text (or null). */
function mergeNotes(
  current: MenuValues<'categories'>,
  input: Partial<CategoryInput>,
  defaultLocale: Locale,
): Pick<MenuValues<'categories'>, 'notes' | 'notes_translations'> {
  if (input.notes === undefined) return { notes: current.notes, notes_translations: current.notes_translations };
  if (input.notes === null) return { notes: null, notes_translations: '{}' };
  const before = storedTranslations(current.notes_translations, current.notes, defaultLocale);
  const { json, plain } = writeTranslatable(input.notes, before, defaultLocale);
  return { notes: plain || null, notes_translations: json };
}

async function restaurantLocale(w: MenuWrite): Promise<Locale> {
  const code = (await findSettings(w.trx, w.tenantId)).default_locale;
  return isLocale(code) ? code : 'it';
}

function merge(
  current: MenuValues<'categories'>,
  input: Partial<CategoryInput>,
  defaultLocale: Locale,
): MenuValues<'categories'> {
  return {
    ...mergeNotes(current, input, defaultLocale),
    parent_id: input.parent_id === undefined ? current.parent_id : input.parent_id,
    menu_type: input.menu_type ?? current.menu_type,
    name_translations: input.name ? JSON.stringify(input.name) : current.name_translations,
    display_order: input.display_order ?? current.display_order,
    is_active: flag(input.is_active, current.is_active),
    show_subcategories: flag(input.show_subcategories, current.show_subcategories),
    time_visibility_enabled: flag(input.time_visibility_enabled, current.time_visibility_enabled),
    time_start: input.time_start === undefined ? current.time_start : input.time_start,
    time_end: input.time_end === undefined ? current.time_end : input.time_end,
    weekdays: input.weekdays === undefined ? current.weekdays : JSON.stringify([...input.weekdays].sort()),
    date_from: input.date_from === undefined ? current.date_from : input.date_from,
    date_to: input.date_to === undefined ? current.date_to : input.date_to,
    set_price_cents:
      input.set_price === undefined
        ? current.set_price_cents
        : input.set_price === null
          ? null
          : Math.round(input.set_price * 100),
  };
}

/** Checks the merged section; a sub-section takes its parent's menu_type. */
async function settle(
  trx: Db,
  tenantId: number,
  id: number | null,
  v: MenuValues<'categories'>,
  issues: FieldIssue[],
): Promise<void> {
  if (v.parent_id !== null) {
    const parent = await findRow(trx, 'categories', tenantId, v.parent_id);
    // Nesting is one level deep: the parent must be top-level, and a section with sub-sections stays top-level.
    const hasChildren = id !== null && (await countWhere(trx, 'categories', tenantId, 'parent_id', id)) > 0;
    if (!parent || parent.parent_id !== null || parent.id === id || hasChildren) {
      issues.push({ field: 'parent_id', rule: 'exists' });
    } else {
      v.menu_type = parent.menu_type;
    }
  }
  if (v.time_visibility_enabled) {
    if (!v.time_start) issues.push({ field: 'time_start', rule: 'required' });
    if (!v.time_end) issues.push({ field: 'time_end', rule: 'required' });
  }
  for (const field of ['date_from', 'date_to'] as const) {
    const day = v[field];
    if (day !== null && !isCalendarDate(day)) issues.push({ field, rule: 'date' });
  }
  if (v.date_from !== null && v.date_to !== null && v.date_to < v.date_from) {
    issues.push({ field: 'date_to', rule: 'after_or_equal', params: { date: 'date_from' } });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

export async function createCategory(w: MenuWrite, input: CategoryInput): Promise<number> {
  const values = merge(
    {
      parent_id: null,
      menu_type: 'standard',
      name_translations: '{}',
      notes: null,
      notes_translations: '{}',
      display_order: 0,
      is_active: 1,
      show_subcategories: 0,
      time_visibility_enabled: 0,
      time_start: null,
      time_end: null,
      weekdays: '[]',
      date_from: null,
      date_to: null,
      set_price_cents: null,
    },
    input,
    await restaurantLocale(w),
  );
  await settle(w.trx, w.tenantId, null, values, await defaultTextIssues(w, 'name', input.name, true));
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(w.trx, 'categories', w.tenantId, 'parent_id', values.parent_id);
  }
  return (await createRow(w, 'categories', values)).id;
}

export async function updateCategory(w: MenuWrite, id: number, input: Partial<CategoryInput>): Promise<void> {
  const current = await findRow(w.trx, 'categories', w.tenantId, id);
  if (!current) throw new NotFoundError();
  const values = merge(current, input, await restaurantLocale(w));
  await settle(w.trx, w.tenantId, id, values, await defaultTextIssues(w, 'name', input.name, false));
  await changeRow(w, 'categories', current, values);
  if (values.parent_id !== null) return;
  // Sub-sections always carry their parent's menu_type.
  for (const child of await listSubSections(w.trx, w.tenantId, id)) {
    if (child.menu_type !== values.menu_type) await changeRow(w, 'categories', child, { menu_type: values.menu_type });
  }
}

export async function deleteCategory(w: MenuWrite, id: number): Promise<void> {
  if (!(await findRow(w.trx, 'categories', w.tenantId, id))) throw new NotFoundError();
  const busy =
    (await countDishesWith(w.trx, w.tenantId, 'category_id', id)) > 0 ||
    (await countWhere(w.trx, 'categories', w.tenantId, 'parent_id', id)) > 0;
  if (busy) throw new ConflictError('section_not_empty');
  // Its sub-categories are headings of this section, not content: they go with it.
  for (const type of await listSectionTypes(w.trx, w.tenantId, id)) await removeRow(w, 'types', type.id);
  await removeRow(w, 'categories', id);
}

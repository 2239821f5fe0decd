// Sub-category writes: its section must exist in the tenant; one in use by dishes is neither
// moved to another section nor deleted.
import { type Static, Type } from '@sinclair/typebox';
import { changeRow, createRow, defaultTextIssues, readRow, removeRow } from '../../catalog/rows.js';
import type { MenuWrite } from '../../catalog/write.js';
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { countDishesWith, findRow, type MenuValues, nextOrder } from '../../db/menu-rows.js';
import { DisplayOrder, Flag, Id, TranslationsInput } from '../../http/inputs.js';

export const TypeInput = Type.Object(
  {
    category_id: Id,
    name: TranslationsInput({ requiredItalian: true, maxLength: 200 }),
    display_order: DisplayOrder,
    is_active: Flag,
  },
  { additionalProperties: false },
);
export type TypeInput = Static<typeof TypeInput>;

function merge(current: MenuValues<'types'>, input: Partial<TypeInput>): MenuValues<'types'> {
  return {
    category_id: input.category_id ?? current.category_id,
    name_translations: input.name ? JSON.stringify(input.name) : current.name_translations,
    display_order: input.display_order ?? current.display_order,
    is_active: input.is_active === undefined ? current.is_active : Number(input.is_active),
  };
}

async function checkSection(trx: Db, tenantId: number, categoryId: number, issues: FieldIssue[]): Promise<void> {
  // undefined only when the body's category_id failed its schema (one validation pass).
  if (categoryId !== undefined && !(await findRow(trx, 'categories', tenantId, categoryId))) {
    issues.push({ field: 'category_id', rule: 'exists' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}

export async function createType(w: MenuWrite, input: TypeInput): Promise<number> {
  const values = merge(
    { category_id: input.category_id, name_translations: '{}', display_order: 0, is_active: 1 },
    input,
  );
  await checkSection(w.trx, w.tenantId, values.category_id, await defaultTextIssues(w, 'name', input.name, true));
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(w.trx, 'types', w.tenantId, 'category_id', values.category_id);
  }
  return (await createRow(w, 'types', values)).id;
}

export async function updateType(w: MenuWrite, id: number, input: Partial<TypeInput>): Promise<void> {
  const current = await readRow(w, 'types', id);
  if (!current) throw new NotFoundError();
  const values = merge(current, input);
  const issues = await defaultTextIssues(w, 'name', input.name, false);
  if (values.category_id !== current.category_id) {
    const inUse = (await countDishesWith(w.trx, w.tenantId, 'type_id', id)) > 0;
    // Every problem at once: a move refused because dishes use it is listed with the name's issues.
    if (inUse && issues.length > 0) issues.push({ field: 'category_id', rule: 'type_move_in_use' });
    await checkSection(w.trx, w.tenantId, values.category_id, issues);
    if (inUse) throw new ConflictError('type_move_in_use', 'category_id');
  }
  if (issues.length > 0) throw new ValidationError(issues);
  await changeRow(w, 'types', current, values);
}

export async function deleteType(w: MenuWrite, id: number): Promise<void> {
  if (!(await findRow(w.trx, 'types', w.tenantId, id))) throw new NotFoundError();
  if ((await countDishesWith(w.trx, w.tenantId, 'type_id', id)) > 0) throw new ConflictError('type_in_use');
  await removeRow(w, 'types', id);
}

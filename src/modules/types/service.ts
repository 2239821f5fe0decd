// Sub-category writes: its section must exist in the tenant; one in use by dishes is neither
// moved to another section nor deleted.
import { type Static, Type } from '@sinclair/typebox';
import type { Db } from '../../db/connect.js';
import { deleteRow, findRow, insertRow, type MenuValues, nextOrder, updateRow } from '../../db/menu-rows.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { DisplayOrder, Flag, Id, TranslationsInput } from '../../http/inputs.js';
import { nowIso } from '../../http/schemas.js';
import { countDishesWith } from '../items/service.js';

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

async function checkSection(trx: Db, tenantId: number, categoryId: number): Promise<void> {
  if (!(await findRow(trx, 'categories', tenantId, categoryId))) {
    throw new ValidationError([{ field: 'category_id', rule: 'exists' }]);
  }
}

export async function createType(trx: Db, tenantId: number, input: TypeInput): Promise<number> {
  const values = merge(
    { category_id: input.category_id, name_translations: '{}', display_order: 0, is_active: 1 },
    input,
  );
  await checkSection(trx, tenantId, values.category_id);
  if (input.display_order === undefined) {
    values.display_order = await nextOrder(trx, 'types', tenantId, 'category_id', values.category_id);
  }
  return insertRow(trx, 'types', tenantId, values, nowIso());
}

export async function updateType(trx: Db, tenantId: number, id: number, input: Partial<TypeInput>): Promise<void> {
  const current = await findRow(trx, 'types', tenantId, id);
  if (!current) throw new NotFoundError();
  const values = merge(current, input);
  if (values.category_id !== current.category_id) {
    await checkSection(trx, tenantId, values.category_id);
    if ((await countDishesWith(trx, tenantId, 'type_id', id)) > 0)
      throw new ConflictError('type_move_in_use', 'category_id');
  }
  await updateRow(trx, 'types', tenantId, id, values, nowIso());
}

export async function deleteType(trx: Db, tenantId: number, id: number): Promise<void> {
  if (!(await findRow(trx, 'types', tenantId, id))) throw new NotFoundError();
  if ((await countDishesWith(trx, tenantId, 'type_id', id)) > 0) throw new ConflictError('type_in_use');
  await deleteRow(trx, 'types', tenantId, id);
}

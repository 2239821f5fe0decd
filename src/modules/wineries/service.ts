// Winery writes; a winery whose wines are on the menu is not deleted.
import { type Static, Type } from '@sinclair/typebox';
import type { Db } from '../../db/connect.js';
import { deleteRow, findRow, insertRow, type MenuValues, updateRow } from '../../db/menu-rows.js';
import { ConflictError, NotFoundError } from '../../http/errors.js';
import { TranslationsInput, UrlOrEmpty } from '../../http/inputs.js';
import { nowIso } from '../../http/schemas.js';
import { countDishesWith } from '../items/service.js';

export const WineryInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    region: Type.Optional(Type.String({ maxLength: 200 })),
    country: Type.Optional(Type.String({ maxLength: 100 })),
    description: Type.Optional(TranslationsInput({ requiredItalian: false, maxLength: 2000 })),
    website_url: Type.Optional(UrlOrEmpty),
  },
  { additionalProperties: false },
);
export type WineryInput = Static<typeof WineryInput>;

function merge(current: MenuValues<'wineries'>, input: Partial<WineryInput>): MenuValues<'wineries'> {
  return {
    name: input.name ?? current.name,
    region: input.region ?? current.region,
    country: input.country ?? current.country,
    description_translations: input.description ? JSON.stringify(input.description) : current.description_translations,
    website_url: input.website_url ?? current.website_url,
  };
}

export async function createWinery(trx: Db, tenantId: number, input: WineryInput): Promise<number> {
  const blank = { name: '', region: '', country: '', description_translations: '{}', website_url: '' };
  return insertRow(trx, 'wineries', tenantId, merge(blank, input), nowIso());
}

export async function updateWinery(trx: Db, tenantId: number, id: number, input: Partial<WineryInput>): Promise<void> {
  const current = await findRow(trx, 'wineries', tenantId, id);
  if (!current) throw new NotFoundError();
  await updateRow(trx, 'wineries', tenantId, id, merge(current, input), nowIso());
}

export async function deleteWinery(trx: Db, tenantId: number, id: number): Promise<void> {
  if (!(await findRow(trx, 'wineries', tenantId, id))) throw new NotFoundError();
  if ((await countDishesWith(trx, tenantId, 'winery_id', id)) > 0) throw new ConflictError('winery_in_use');
  await deleteRow(trx, 'wineries', tenantId, id);
}

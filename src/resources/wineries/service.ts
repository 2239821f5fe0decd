// Winery writes; a winery whose wines are on the menu is not deleted.
import { type Static, Type } from '@sinclair/typebox';
import { changeRow, createRow, readRow, removeRow } from '../../catalog/rows.js';
import type { MenuWrite } from '../../catalog/write.js';
import { ConflictError, NotFoundError } from '../../core/errors.js';
import { countDishesWith, findRow, type MenuValues } from '../../db/menu-rows.js';
import { TranslationsInput, UrlOrEmpty } from '../../http/inputs.js';

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

export async function createWinery(w: MenuWrite, input: WineryInput): Promise<number> {
  const blank = { name: '', region: '', country: '', description_translations: '{}', website_url: '' };
  return (await createRow(w, 'wineries', merge(blank, input))).id;
}

export async function updateWinery(w: MenuWrite, id: number, input: Partial<WineryInput>): Promise<void> {
  const current = await readRow(w, 'wineries', id);
  if (!current) throw new NotFoundError();
  await changeRow(w, 'wineries', current, merge(current, input));
}

export async function deleteWinery(w: MenuWrite, id: number): Promise<void> {
  if (!(await findRow(w.trx, 'wineries', w.tenantId, id))) throw new NotFoundError();
  if ((await countDishesWith(w.trx, w.tenantId, 'winery_id', id)) > 0) throw new ConflictError('winery_in_use');
  await removeRow(w, 'wineries', id);
}

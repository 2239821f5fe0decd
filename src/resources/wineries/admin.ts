// /api/v1/admin/wineries: the owner's wineries by name, searchable.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { PageQuery } from '../../http/params.js';
import { foldText, searchWords } from '../../i18n/text.js';
import { registerCrud } from '../crud/crud.js';
import { toWinery, Winery } from './schema.js';
import { createWinery, deleteWinery, updateWinery, WineryInput } from './service.js';

export function registerAdminWineries(app: FastifyInstance): void {
  registerCrud(app, {
    path: 'wineries',
    summary: 'wineries',
    entity: Winery,
    input: WineryInput,
    listQuery: Type.Object({ ...PageQuery, search: Type.Optional(Type.String({ maxLength: 100 })) }),
    list: (snapshot, q) => {
      const words = searchWords(q.search ?? '');
      // Alphabetical as a person reads it: case and accents ignored, whatever the database collation.
      return [...snapshot.wineries.values()]
        .filter((w) => {
          const text = foldText(`${w.name} ${w.region} ${w.country}`);
          return words.every((word) => text.includes(word));
        })
        .sort((a, b) => foldText(a.name).localeCompare(foldText(b.name)) || a.id - b.id);
    },
    find: (snapshot, id) => snapshot.wineries.get(id),
    view: (snapshot, row, locale) => toWinery(row, locale, defaultLocaleOf(snapshot)),
    create: createWinery,
    update: updateWinery,
    remove: deleteWinery,
  });
}

// /api/v1/admin/types: the owner's sub-categories, optionally of one section.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { flatSections } from '../../catalog/visibility.js';
import { Id } from '../../http/inputs.js';
import { PageQuery } from '../../http/params.js';
import { registerCrud } from '../crud/crud.js';
import { SubCategory, toSubCategory } from './schema.js';
import { createType, deleteType, TypeInput, updateType } from './service.js';

export function registerAdminTypes(app: FastifyInstance): void {
  registerCrud(app, {
    path: 'types',
    summary: 'sub-categories',
    entity: SubCategory,
    input: TypeInput,
    listQuery: Type.Object({ ...PageQuery, category_id: Type.Optional(Id) }),
    list: (snapshot, q) =>
      flatSections(snapshot, null)
        .flatMap((s) => snapshot.types.get(s.id) ?? [])
        .filter((t) => q.category_id === undefined || t.category_id === q.category_id),
    find: (snapshot, id) => [...snapshot.types.values()].flat().find((t) => t.id === id),
    view: (snapshot, row, locale) => toSubCategory(row, locale, defaultLocaleOf(snapshot)),
    create: createType,
    update: updateType,
    remove: deleteType,
  });
}

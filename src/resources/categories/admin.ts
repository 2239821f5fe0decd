// /api/v1/admin/categories: every section of the owner, flat in menu order, each with its dishes,
// sub-categories and sub-sections (inactive and out-of-window included).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { flatSections } from '../../catalog/visibility.js';
import { MAX_ID } from '../../http/inputs.js';
import { PageQuery } from '../../http/params.js';
import { registerCrud } from '../crud/crud.js';
import { CategoryTree } from './schema.js';
import { CategoryInput, createCategory, deleteCategory, updateCategory } from './service.js';
import { categoryTree } from './view.js';

const AdminCategoryQuery = Type.Object({
  ...PageQuery,
  parent_id: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_ID })),
  menu_type: Type.Optional(Type.Union([Type.Literal('standard'), Type.Literal('wine')])),
});

export function registerAdminCategories(app: FastifyInstance): void {
  registerCrud(app, {
    path: 'categories',
    summary: 'sections',
    entity: CategoryTree,
    input: CategoryInput,
    listQuery: AdminCategoryQuery,
    // parent_id=0 lists the top-level sections.
    list: (snapshot, q) =>
      flatSections(snapshot, null).filter(
        (s) =>
          (q.parent_id === undefined || (s.parent_id ?? 0) === q.parent_id) &&
          (q.menu_type === undefined || s.menu_type === q.menu_type),
      ),
    find: (snapshot, id) => snapshot.sections.find((s) => s.id === id),
    view: (snapshot, row, locale) => categoryTree(snapshot, null, locale, row.id),
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  });
}

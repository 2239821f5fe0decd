// /api/v1/admin/items: the owner's dishes (inactive included), filtered and paginated like /items.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { filterItems, orderedItems } from '../../catalog/visibility.js';
import { searchWords } from '../../i18n/text.js';
import { registerCrud } from '../crud/crud.js';
import { dishGroupIds } from '../options/repo.js';
import { ItemListQuery } from './routes.js';
import { MenuItem } from './schema.js';
import { createItem, deleteItem, ItemInput, updateItem } from './service.js';
import { itemView } from './view.js';

const AdminItemQuery = Type.Composite([
  ItemListQuery,
  Type.Object({ is_active: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])) }),
]);

export function registerAdminItems(app: FastifyInstance): void {
  registerCrud(app, {
    path: 'items',
    summary: 'dishes',
    entity: MenuItem,
    input: ItemInput,
    listQuery: AdminItemQuery,
    list: (snapshot, q) =>
      filterItems(orderedItems(snapshot, null), { ...q, words: searchWords(q.search ?? '') }).filter(
        (item) => q.is_active === undefined || item.is_active === q.is_active,
      ),
    find: (snapshot, id) => orderedItems(snapshot, null).find((item) => item.id === id),
    view: itemView,
    create: createItem,
    update: updateItem,
    remove: deleteItem,
    // A dish shows its option groups: attaching, detaching or reordering them changes its ETag.
    tagExtra: {
      snapshot: (snapshot, id) => snapshot.dishGroups.get(id) ?? [],
      stored: (db, tenantId, id) => dishGroupIds(db, tenantId, id),
    },
  });
}

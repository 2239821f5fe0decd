// /api/v1/admin/option-groups and /api/v1/admin/options: the restaurant's option groups (each
// with its options) and the options themselves, through the shared admin CRUD routes.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { Id } from '../../http/inputs.js';
import { PageQuery } from '../../http/params.js';
import { registerCrud } from '../crud/crud.js';
import { groupOptionRows } from './repo.js';
import { DishOption, OptionGroup } from './schema.js';
import {
  createOption,
  createOptionGroup,
  deleteOption,
  deleteOptionGroup,
  OptionGroupInput,
  OptionInput,
  updateOption,
  updateOptionGroup,
} from './service.js';
import { allOptions, groupView, optionView } from './view.js';

const DeleteGroupQuery = Type.Object({
  confirm_detach: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description:
        'A group attached to dishes is deleted only with the number of those dishes (the 422 without it says how many): they lose the group',
    }),
  ),
});

export function registerAdminOptions(app: FastifyInstance): void {
  registerCrud(app, {
    path: 'option-groups',
    table: 'option_groups',
    summary: 'option groups (each with its options)',
    entity: OptionGroup,
    input: OptionGroupInput,
    listQuery: Type.Object({ ...PageQuery }),
    list: (snapshot) => [...snapshot.optionGroups.values()],
    find: (snapshot, id) => snapshot.optionGroups.get(id),
    view: (snapshot, row, locale) => groupView(snapshot, row, locale),
    create: createOptionGroup,
    update: updateOptionGroup,
    remove: (w, id, query) => deleteOptionGroup(w, id, query.confirm_detach),
    deleteQuery: DeleteGroupQuery,
    // A group shows its options: a change of one changes the group's ETag.
    tagExtra: {
      snapshot: (snapshot, id) => snapshot.options.get(id) ?? [],
      stored: (db, tenantId, id) => groupOptionRows(db, tenantId, id),
    },
  });

  registerCrud(app, {
    path: 'options',
    summary: 'options of option groups',
    entity: DishOption,
    input: OptionInput,
    listQuery: Type.Object({ ...PageQuery, group_id: Type.Optional(Id) }),
    list: (snapshot, q) => allOptions(snapshot).filter((o) => q.group_id === undefined || o.group_id === q.group_id),
    find: (snapshot, id) => allOptions(snapshot).find((o) => o.id === id),
    view: (snapshot, row, locale) => optionView(snapshot, row, locale),
    create: createOption,
    update: updateOption,
    remove: deleteOption,
  });
}

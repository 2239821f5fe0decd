// The menu editor under /admin/menu: every form goes through the resources' services (writeMenu,
// the panel user as the actor), so the admin API's rules, messages and version bump apply. Each
// resource is one description registered on the panel's one editor (../editor.ts).
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../core/errors.js';
import { setItemImage } from '../../resources/items/image.js';
import { registerEditor } from '../editor.js';
import { registerPictureRoutes, rowId } from '../photos.js';
import { dishesEditor } from './dishes.js';
import { findGrouped } from './fields.js';
import { optionGroupsEditor, optionsEditor, registerOptionQuick } from './options.js';
import { registerOrder } from './order.js';
import { registerOverview } from './overview.js';
import { registerQuick } from './quick.js';
import { sectionsEditor } from './sections.js';
import { subCategoriesEditor } from './subcategories.js';
import { wineriesEditor } from './wineries.js';

export function registerMenuEditor(app: FastifyInstance): void {
  registerOverview(app);
  registerEditor(app, sectionsEditor);
  const dishes = registerEditor(app, dishesEditor);
  // The dish's photo: its own small form on the dish's page (photos.ts).
  registerPictureRoutes(app, {
    kind: 'photo',
    path: '/menu/dishes/:id/photo',
    purpose: 'photo',
    check(snapshot, request) {
      if (!findGrouped(snapshot.items, rowId(request))) throw new NotFoundError();
    },
    write: (w, request, image) => setItemImage(w, rowId(request), image),
    page: (ctx, snapshot, request, side) => dishes.rowPage(ctx, snapshot, rowId(request), side),
    back: (request) => `/admin/menu/dishes/${rowId(request)}`,
  });
  registerEditor(app, subCategoriesEditor);
  registerEditor(app, wineriesEditor);
  registerEditor(app, optionGroupsEditor);
  registerEditor(app, optionsEditor);
  registerOptionQuick(app);
  registerOrder(app);
  registerQuick(app);
}

// The menu editor under /admin/menu: every form goes through the resources' services (writeMenu,
// the panel user as the actor), so the admin API's rules, messages and version bump apply. Each
// resource is one description registered on the panel's one editor (../editor.ts).
import type { FastifyInstance } from 'fastify';
import { registerEditor } from '../editor.js';
import { dishesEditor } from './dishes.js';
import { registerOrder } from './order.js';
import { registerOverview } from './overview.js';
import { registerQuick } from './quick.js';
import { sectionsEditor } from './sections.js';
import { subCategoriesEditor } from './subcategories.js';
import { wineriesEditor } from './wineries.js';

export function registerMenuEditor(app: FastifyInstance): void {
  registerOverview(app);
  registerEditor(app, sectionsEditor);
  registerEditor(app, dishesEditor);
  registerEditor(app, subCategoriesEditor);
  registerEditor(app, wineriesEditor);
  registerOrder(app);
  registerQuick(app);
}

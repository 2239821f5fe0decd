// The menu editor under /admin/menu: every form goes through the resources' services (writeMenu,
// the panel user as the actor), so the admin API's rules, messages and version bump apply.
import type { FastifyInstance } from 'fastify';
import { registerDishes } from './dishes.js';
import { registerOrder } from './order.js';
import { registerOverview } from './overview.js';
import { registerSections } from './sections.js';
import { registerSubCategories } from './subcategories.js';
import { registerWineries } from './wineries.js';

export function registerMenuEditor(app: FastifyInstance): void {
  registerOverview(app);
  registerSections(app);
  registerDishes(app);
  registerSubCategories(app);
  registerWineries(app);
  registerOrder(app);
}

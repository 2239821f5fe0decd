// The route table: every endpoint of the service, by address and audience. The one place to add one.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { allergenRoutes } from './modules/allergens/routes.js';
import { registerAnalyticsReports } from './modules/analytics/admin.js';
import { ingestRoutes } from './modules/analytics/ingest.js';
import { registerAuditLog } from './modules/audit/admin.js';
import { registerAdminCategories } from './modules/categories/admin.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { dietaryRoutes } from './modules/dietary/routes.js';
import { docsRoutes } from './modules/docs/routes.js';
import { registerAdminItems } from './modules/items/admin.js';
import { itemRoutes } from './modules/items/routes.js';
import { mediaAdminRoutes } from './modules/media/admin.js';
import { mediaRoutes } from './modules/media/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { pageRoutes } from './modules/page/routes.js';
import { panelRoutes } from './modules/panel/routes.js';
import { qrRoutes } from './modules/qr/routes.js';
import { registerAdminSettings } from './modules/settings/admin.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { registerAdminTheme } from './modules/theme/admin.js';
import { themeRoutes } from './modules/theme/routes.js';
import { registerAdminTypes } from './modules/types/admin.js';
import { registerAdminWineries } from './modules/wineries/admin.js';
import { authPlugin } from './plugins/auth.js';
import type { CounterStore } from './plugins/counters.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';

export interface RouteOptions {
  config: Config;
  counters: CounterStore;
  now?: () => number;
}

export async function registerRoutes(app: FastifyInstance, { config, counters, now }: RouteOptions): Promise<void> {
  // PUBLIC_RATE_LIMIT=0 registers no hook at all: the public read path then pays nothing.
  const publicLimit = async (scope: FastifyInstance) => {
    if (config.publicRateLimit > 0) {
      await scope.register(rateLimitPlugin, { store: counters, bucket: 'public', limit: config.publicRateLimit });
    }
  };

  // /api/v1: the public API (no token) and the admin API (bearer token with a scope).
  await app.register(
    async (api) => {
      await api.register(async (pub) => {
        await publicLimit(pub);
        await pub.register(menuRoutes);
        await pub.register(categoryRoutes);
        await pub.register(itemRoutes);
        await pub.register(settingsRoutes);
        await pub.register(themeRoutes);
        await pub.register(allergenRoutes);
        await pub.register(dietaryRoutes);
        await pub.register(ingestRoutes, { now });
      });
      await api.register(
        async (admin) => {
          // Rate limit first (it also slows token guessing), then authentication and scope.
          await admin.register(rateLimitPlugin, { store: counters, bucket: 'admin', limit: config.adminRateLimit });
          await admin.register(authPlugin);
          registerAdminCategories(admin);
          registerAdminItems(admin);
          registerAdminTypes(admin);
          registerAdminWineries(admin);
          registerAdminSettings(admin);
          registerAdminTheme(admin);
          registerAnalyticsReports(admin, now);
          registerAuditLog(admin);
          // Image uploads: their own scope, the only one that reads image bodies.
          await admin.register(mediaAdminRoutes);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api/v1' },
  );

  // The public menu page at the restaurant's address, under the same public budget as the API.
  await app.register(async (site) => {
    await publicLimit(site);
    await site.register(pageRoutes);
    await site.register(mediaRoutes);
    await site.register(qrRoutes);
  });

  // /admin: the owners' panel (HTML forms, signed-in sessions, CSRF on every form).
  await app.register(panelRoutes, { prefix: '/admin', now });

  // /api/v1/openapi.json and /api/docs.
  await app.register(docsRoutes);
}

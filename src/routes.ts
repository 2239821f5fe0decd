// The route table: every endpoint of the service, by address and audience. The one place to add one.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { registerAnalyticsReports } from './features/analytics/admin.js';
import { ingestRoutes } from './features/analytics/ingest.js';
import { registerAuditLog } from './features/audit/admin.js';
import { registerChangeFeed } from './features/audit/changes.js';
import { docsRoutes } from './features/docs/routes.js';
import { liveRoutes } from './features/menu/live.js';
import { menuRoutes } from './features/menu/routes.js';
import type { FastPathCounts } from './features/ops/metrics.js';
import { opsRoutes } from './features/ops/routes.js';
import { tlsAskRoutes } from './features/ops/tls.js';
import { pageRoutes } from './features/page/routes.js';
import { qrRoutes } from './features/qr/routes.js';
import { menuSyncRoutes } from './features/sync/routes.js';
import { registerAdminWebhooks } from './features/webhooks/admin.js';
import { operatorConsole } from './panel/operator/routes.js';
import { panelRoutes } from './panel/routes.js';
import { signupSite } from './panel/signup/routes.js';
import { authPlugin } from './plugins/auth.js';
import { publicCors } from './plugins/cors.js';
import type { CounterStore } from './plugins/counters.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { allergenRoutes } from './resources/allergens/routes.js';
import { registerAdminCategories } from './resources/categories/admin.js';
import { categoryRoutes } from './resources/categories/routes.js';
import { dietaryRoutes } from './resources/dietary/routes.js';
import { registerAdminItems } from './resources/items/admin.js';
import { itemImageRoutes } from './resources/items/image.js';
import { itemRoutes } from './resources/items/routes.js';
import { mediaRoutes } from './resources/media/routes.js';
import { registerAdminOptions } from './resources/options/admin.js';
import { registerAdminSettings } from './resources/settings/admin.js';
import { settingsImageRoutes } from './resources/settings/images.js';
import { settingsRoutes } from './resources/settings/routes.js';
import { registerAdminTheme } from './resources/theme/admin.js';
import { themeRoutes } from './resources/theme/routes.js';
import { registerAdminTypes } from './resources/types/admin.js';
import { registerAdminWineries } from './resources/wineries/admin.js';

export interface RouteOptions {
  config: Config;
  counters: CounterStore;
  now?: () => number;
  /** What the menu fast path answered before Fastify, for /metrics. */
  fastPath: FastPathCounts;
}

export async function registerRoutes(
  app: FastifyInstance,
  { config, counters, now, fastPath }: RouteOptions,
): Promise<void> {
  // /healthz, /readyz, /metrics: on any Host, before tenant resolution, outside the rate limits.
  await app.register(opsRoutes, { fastPath });
  // Caddy's on-demand TLS asks which own domains may have a certificate (TLS_ASK_FROM only).
  await app.register(tlsAskRoutes);

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
        await publicCors(pub);
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
      // Live-update streams: public, but outside the per-request rate limit (one stream per page).
      await api.register(liveRoutes, { hub: app.live });
      await api.register(
        async (admin) => {
          // Rate limit first (it also slows token guessing), then authentication and scope.
          // The operator may give a restaurant its own rate (console: limits); else ADMIN_RATE_LIMIT.
          await admin.register(rateLimitPlugin, {
            store: counters,
            bucket: 'admin',
            limit: (request) => request.tenant.adminRateLimit ?? config.adminRateLimit,
          });
          await admin.register(authPlugin);
          // Safe retries: a POST with an Idempotency-Key is answered once (after auth: keys are per restaurant).
          await admin.register(idempotencyPlugin, { now });
          registerAdminCategories(admin);
          registerAdminItems(admin);
          registerAdminTypes(admin);
          registerAdminWineries(admin);
          registerAdminOptions(admin);
          registerAdminSettings(admin);
          registerAdminTheme(admin);
          registerAnalyticsReports(admin, now);
          registerAuditLog(admin);
          registerChangeFeed(admin);
          // Image uploads: scopes of their own, the only ones that read image bodies.
          await admin.register(itemImageRoutes);
          await admin.register(settingsImageRoutes);
          registerAdminWebhooks(admin);
          // Whole-menu sync: a scope of its own, the only one that reads CSV bodies.
          await admin.register(menuSyncRoutes);
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

  // The base address itself (BASE_DOMAIN): sign-up, routed by Host before tenant resolution.
  await app.register(signupSite, { counters, now: now ?? Date.now });
  // /operator on the base address: the operator console (its own accounts, cookie and sessions).
  await app.register(operatorConsole, { prefix: '/operator', now: now ?? Date.now });

  // /admin: the owners' panel (HTML forms, signed-in sessions, CSRF on every form).
  await app.register(panelRoutes, { prefix: '/admin', now });

  // /api/v1/openapi.json and /api/docs.
  await app.register(docsRoutes);
}

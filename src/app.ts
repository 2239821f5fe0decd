// The app factory: registers every plugin and route from a config object and never listens.

import { createServer } from 'node:http';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { type DbHandle, openDatabase } from './db/connect.js';
import { registerErrorHandling, sendError } from './http/error-handler.js';
import { NotFoundError } from './http/errors.js';
import { HTML_TYPE, notFoundPage } from './http/not-found-page.js';
import { ErrorEnvelope } from './http/schemas.js';
import { registerValidation } from './http/validator.js';
import { allergenRoutes } from './modules/allergens/routes.js';
import { registerAnalyticsReports } from './modules/analytics/admin.js';
import { ingestRoutes } from './modules/analytics/ingest.js';
import { AnalyticsWriter } from './modules/analytics/writer.js';
import { registerAdminCategories } from './modules/categories/admin.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { docsRoutes } from './modules/docs/routes.js';
import { registerAdminItems } from './modules/items/admin.js';
import { itemRoutes } from './modules/items/routes.js';
import { menuFastPath } from './modules/menu/fast-path.js';
import { menuRoutes } from './modules/menu/routes.js';
import { SnapshotStore } from './modules/menu/snapshot.js';
import { pageRoutes } from './modules/page/routes.js';
import { registerAdminSettings } from './modules/settings/admin.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { normalizeHost, TenantDirectory } from './modules/tenants/directory.js';
import type { TenantState } from './modules/tenants/repo.js';
import { registerAdminTheme } from './modules/theme/admin.js';
import { themeRoutes } from './modules/theme/routes.js';
import { registerAdminTypes } from './modules/types/admin.js';
import { registerAdminWineries } from './modules/wineries/admin.js';
import { authPlugin } from './plugins/auth.js';
import { type CounterStore, MemoryCounterStore, RedisCounterStore, rateLimitPlugin } from './plugins/rate-limit.js';
import { tenantPlugin } from './plugins/tenant.js';
import { keepTickObjectShape } from './runtime/tick-shape.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DbHandle;
    snapshots: SnapshotStore;
  }
}

export interface BuildOptions {
  /** An already-open database (tests, the CLI); otherwise the app opens config.databaseUrl and closes it. */
  database?: DbHandle;
  /** Clock for time-of-day windows; defaults to Date.now. */
  now?: () => number;
}

/** Fastify's default idle keep-alive: longer than the usual proxy's, so the proxy closes first. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Entry points do this first thing (src/cli.ts); repeated here for processes that embed the app.
  keepTickObjectShape();
  const database = options.database ?? openDatabase(config.databaseUrl, config.databaseSchema);
  const directory = new TenantDirectory(database.db, config.baseDomain, config.tenantRefreshMs);
  const snapshots = new SnapshotStore(database.db, options.now);
  const counters: CounterStore = config.redisUrl
    ? new RedisCounterStore(
        new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 }),
        config.redisPrefix,
      )
    : new MemoryCounterStore();
  let open = true;
  const fastPath = menuFastPath({
    config,
    directory,
    snapshots,
    // Counting in the fast path needs a synchronous store and the socket address as the client.
    counters: counters instanceof MemoryCounterStore && config.trustProxy === false ? counters : undefined,
    open: () => open,
  });
  const app = Fastify({
    // Cached /menu documents are answered before Fastify (see modules/menu/fast-path.ts).
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        if (!fastPath(req, res)) handler(req, res);
      });
      // Fastify applies its own default (72 s) only to servers it creates itself.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Fastify accepts a hop count at run time although its types omit it.
    trustProxy: config.trustProxy as boolean | string[],
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
    // A URL the router cannot even read (bad %-encoding, an over-long id) is answered before any
    // hook runs: resolve the tenant here too, so unknown addresses still get the HTML page.
    frameworkErrors: (error, request, reply) => {
      const host = normalizeHost(request.headers.host);
      const known = directory.peek(host);
      const answer = (state: TenantState | undefined) => {
        if (state?.status !== 'active') return (reply as FastifyReply).code(404).type(HTML_TYPE).send(notFoundPage);
        return sendError(request.url.startsWith('/api/') ? new NotFoundError() : error, request, reply);
      };
      if (known) return answer(known);
      directory.lookup(host).then(answer, (err) => sendError(err, request, reply));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('snapshots', snapshots);
  const analytics = new AnalyticsWriter(database.db, app.log);
  app.decorate('analytics', analytics);

  registerValidation(app);
  app.addSchema(ErrorEnvelope);
  registerErrorHandling(app);

  await app.register(tenantPlugin, { directory });

  // OpenAPI from the route schemas (registered before the routes so it sees them all).
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Restaurant Menu Service API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: ({ schema, url, route }) => {
      const documented = url.startsWith('/api/v1/') && url !== '/api/v1/openapi.json';
      if (!documented) return { schema: { ...schema, hide: true } as typeof schema, url };
      const scopes = route.config?.scopes;
      return {
        schema: scopes
          ? ({ ...schema, security: [{ bearer: [] }], description: `Scope: ${scopes.join(' or ')}` } as typeof schema)
          : schema,
        url,
      };
    },
  });

  await app.register(
    async (api) => {
      await api.register(async (pub) => {
        // PUBLIC_RATE_LIMIT=0 registers no hook at all: the public read path then pays nothing.
        if (config.publicRateLimit > 0) {
          await pub.register(rateLimitPlugin, { store: counters, bucket: 'public', limit: config.publicRateLimit });
        }
        await pub.register(menuRoutes);
        await pub.register(categoryRoutes);
        await pub.register(itemRoutes);
        await pub.register(settingsRoutes);
        await pub.register(themeRoutes);
        await pub.register(allergenRoutes);
        await pub.register(ingestRoutes, { now: options.now });
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
          registerAnalyticsReports(admin, options.now);
        },
        { prefix: '/admin' },
      );
    },
    { prefix: '/api/v1' },
  );

  // The public menu page at the restaurant's address, under the same public rate limit as the API.
  await app.register(async (site) => {
    if (config.publicRateLimit > 0) {
      await site.register(rateLimitPlugin, { store: counters, bucket: 'public', limit: config.publicRateLimit });
    }
    await site.register(pageRoutes);
  });

  await app.register(docsRoutes);

  app.addHook('onReady', async () => {
    directory.start((err) => app.log.warn({ err }, 'tenant refresh failed'));
    analytics.start();
  });
  app.addHook('preClose', async () => {
    open = false;
  });
  app.addHook('onClose', async () => {
    directory.stop();
    // Store every accepted analytics event before the database goes away.
    await analytics.stop();
    await counters.close();
    if (!options.database) await database.close();
  });
  return app;
}

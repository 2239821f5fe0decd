// The app factory: assembles the database, the stores, the plugins and the route table from a
// config object, and never listens.
import { createServer } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { CacheBudget } from './catalog/budget.js';
import { SnapshotStore } from './catalog/snapshot.js';
import { MenuWriter } from './catalog/write.js';
import type { Config } from './config.js';
import { type DbHandle, openDatabase } from './db/connect.js';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/error-handler.js';
import { ErrorEnvelope } from './http/schemas.js';
import { registerValidation } from './http/validator.js';
import { AnalyticsWriter } from './modules/analytics/writer.js';
import { recordAudit } from './modules/audit/record.js';
import { DocumentCache } from './modules/menu/document.js';
import { menuFastPath } from './modules/menu/fast-path.js';
import { normalizeHost, TenantDirectory } from './modules/tenants/directory.js';
import { type CounterStore, MemoryCounterStore } from './plugins/counters.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { FallbackCounterStore, fallbackCounterStore } from './plugins/shared-counters.js';
import { registerSwagger } from './plugins/swagger.js';
import { tenantPlugin } from './plugins/tenant.js';
import { registerRoutes } from './routes.js';
import { keepTickObjectShape } from './runtime/tick-shape.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DbHandle;
    snapshots: SnapshotStore;
    /** The rate-limit counters (in memory, or shared through Redis with a local fallback). */
    counterStore: CounterStore;
    documents: DocumentCache;
    budget: CacheBudget;
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

function counterStore(config: Config): CounterStore {
  if (!config.redisUrl) return new MemoryCounterStore();
  // Shared through Redis, each instance's own counters while Redis is away (plugins/shared-counters.ts).
  return fallbackCounterStore(config.redisUrl, config.redisPrefix);
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // bin/menu.js does this before anything else; repeated here for processes that embed the app.
  keepTickObjectShape();
  const database = options.database ?? openDatabase(config.databaseUrl, config.databaseSchema);
  const directory = new TenantDirectory(database.db, config.baseDomain, config.tenantRefreshMs);
  // One byte budget for every per-restaurant cache, least recently used first across restaurants.
  const budget = new CacheBudget(config.cacheMaxMb * 1024 * 1024);
  const snapshots = new SnapshotStore(database.db, options.now, budget);
  const documents = new DocumentCache(budget);
  const counters = counterStore(config);
  let open = true;
  const fastPath = menuFastPath({
    config,
    directory,
    snapshots,
    documents,
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
    // `__proto__` and `constructor.prototype` keys are dropped while parsing, never a 400 or a
    // prototype change; a plain `constructor` key stays an ordinary (unknown) field.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    clientErrorHandler,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler((host) => {
      const name = normalizeHost(host);
      return directory.peek(name) ?? directory.lookup(name);
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('counterStore', counters);
  if (counters instanceof FallbackCounterStore) counters.log = app.log;
  // A PostgreSQL restart terminates idle connections: note it, the pool opens new ones on demand.
  database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost; it will be reopened'));
  app.decorate('snapshots', snapshots);
  app.decorate('documents', documents);
  app.decorate('budget', budget);
  const menuWriter = new MenuWriter(database.db);
  // A write committed here is served here at once, without waiting for the directory's refresh.
  menuWriter.listen({ afterCommit: (tenantId, version) => directory.noteMenuVersion(tenantId, version) });
  app.decorate('menuWriter', menuWriter);
  // Every admin write (API, panel, CLI) leaves an audit entry in its own transaction.
  menuWriter.listen({ inTransaction: recordAudit });
  const analytics = new AnalyticsWriter(database.db, app.log);
  analytics.retentionDays = config.analyticsRetentionDays;
  app.decorate('analytics', analytics);

  registerValidation(app);
  app.addSchema(ErrorEnvelope);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  await app.register(tenantPlugin, { directory });
  await registerSwagger(app);
  await registerRoutes(app, { config, counters, now: options.now });

  app.addHook('onReady', async () => {
    // While the database is away the directory keeps what it knows (cached pages keep being
    // served); the outage and the recovery are logged once each, not every 500 ms.
    let failing = false;
    directory.start(
      (err) => {
        if (!failing) app.log.warn({ err }, 'tenant refresh failed; serving the last known state');
        failing = true;
      },
      () => {
        if (failing) app.log.info('tenant refresh recovered');
        failing = false;
      },
    );
    analytics.start();
  });
  app.addHook('preClose', async () => {
    open = false;
    documents.close();
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

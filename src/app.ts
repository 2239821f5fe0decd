// The app factory: assembles the database, the stores, the plugins and the route table from a
// config object, and never listens.
import { randomUUID } from 'node:crypto';
import { promises as dnsPromises } from 'node:dns';
import { createServer } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { sql } from 'kysely';
import { normalizeHost, TenantDirectory } from './accounts/tenants/directory.js';
import type { ResolveTxt } from './accounts/tenants/domains.js';
import { menuStamps, type TenantState } from './accounts/tenants/repo.js';
import { addRequests } from './accounts/tenants/usage-repo.js';
import { listActiveUsers } from './accounts/users/repo.js';
import { CacheBudget } from './catalog/budget.js';
import { limitsListener } from './catalog/limits.js';
import { RequestTally } from './runtime/request-tally.js';

/**
 * How often each instance adds its request counts per restaurant to the database. Each flush
 * writes one row per restaurant asked for since the last one: at 10,000 restaurants under uniform
 * traffic, flushing every 5 s was 4.6% of the instance's CPU (profile in docs/scaling.md); the
 * console's usage figures are per day, so half a minute late costs nothing.
 */
const REQUEST_FLUSH_MS = 30_000;

import { SnapshotStore } from './catalog/snapshot.js';
import { MenuWriter } from './catalog/write.js';
import { type Config, publicAddress } from './config.js';
import { type DbHandle, openDatabase } from './db/connect.js';
import { AnalyticsWriter } from './features/analytics/writer.js';
import { recordAudit } from './features/audit/record.js';
import { MenuRefresher } from './features/menu/cached.js';
import { DiskTier, workerDirectory } from './features/menu/disk-tier.js';
import { DocumentCache } from './features/menu/document.js';
import { menuFastPath } from './features/menu/fast-path.js';
import { LiveHub, registerLive } from './features/menu/live.js';
import type { FastPathCounts } from './features/ops/metrics.js';
import { recordTranslationChecks } from './features/translations/checks.js';
import { WebhookDispatcher } from './features/webhooks/dispatcher.js';
import { outboxListener } from './features/webhooks/outbox.js';
import { decorateClient } from './http/client-key.js';
import {
  answerWhileStopping,
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
} from './http/error-handler.js';
import { ErrorEnvelope } from './http/schemas.js';
import { registerSerialization } from './http/serializer.js';
import { TRUST_ALL_WARNING, trustFunction } from './http/trust-proxy.js';
import { registerValidation } from './http/validator.js';
import { type CounterStore, MemoryCounterStore } from './plugins/counters.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { FallbackCounterStore, fallbackCounterStore } from './plugins/shared-counters.js';
import { registerSwagger } from './plugins/swagger.js';
import { tenantPlugin } from './plugins/tenant.js';
import { registerRoutes } from './routes.js';
import { type Announcer, openAnnouncer } from './runtime/announcements.js';
import { ConnectionDrain } from './runtime/drain.js';
import { type Mailer, openMailer } from './runtime/mailer.js';
import { keepTickObjectShape } from './runtime/tick-shape.js';
import { WorkerPool } from './runtime/worker-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DbHandle;
    snapshots: SnapshotStore;
    /** The rate-limit counters (in memory, or shared through Redis with a local fallback). */
    counterStore: CounterStore;
    documents: DocumentCache;
    budget: CacheBudget;
    announcer: Announcer;
    /** Password-recovery mail (runtime/mailer.ts). */
    mailer: Mailer;
    /** Requests per restaurant not yet added to the database (the console's usage). */
    requestTally: RequestTally;
    /** DNS TXT lookups of own-domain checks (accounts/tenants/domains.ts). */
    resolveTxt: ResolveTxt;
    /** Jobs too heavy for the request thread (table-card PDFs): runtime/worker-pool.ts. */
    jobs: WorkerPool;
    /** The HTTP server's connections, drained on SIGTERM by server.ts (runtime/drain.ts). */
    drain: ConnectionDrain;
    /** The open live-update streams of this instance (features/menu/live.ts). */
    live: LiveHub;
    /** Refresh-ahead of the menus in memory after a change (features/menu/cached.ts). */
    refresher: MenuRefresher;
  }
}

export interface BuildOptions {
  /** An already-open database (tests, the CLI); otherwise the app opens config.databaseUrl and closes it. */
  database?: DbHandle;
  /** Clock for time-of-day windows; defaults to Date.now. */
  now?: () => number;
  /** Rate-limit counters (a cluster worker's, shared through the primary); else memory or Redis from the config. */
  counters?: CounterStore;
  /** This process is one worker of `menu serve` with WORKERS > 1. */
  clusterWorker?: boolean;
  /** Where JSON log lines go instead of stdout (tests read what the app logged). */
  logStream?: NodeJS.WritableStream;
  /** DNS TXT lookups of own-domain checks (node:dns unless a test gives its own). */
  resolveTxt?: ResolveTxt;
}

/** Fastify's default idle keep-alive: longer than the usual proxy's, so the proxy closes first. */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

function counterStore(config: Config): CounterStore {
  if (!config.redisUrl) return new MemoryCounterStore();
  // Shared through Redis, each instance's own counters while Redis is away (plugins/shared-counters.ts).
  return fallbackCounterStore(config.redisUrl, config.redisPrefix);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * pino: JSON lines, or pino-pretty when asked (LOG_FORMAT=pretty) or when stdout is a terminal
 * (auto): one line an entry, coloured where the terminal has colours. Requests are logged once,
 * when answered (`logAnswers`), not twice as Fastify does by default.
 */
function loggerOptions(config: Config, stream?: NodeJS.WritableStream) {
  if (config.logLevel === 'silent') return false;
  if (stream) return { level: config.logLevel, stream };
  const pretty = config.logFormat === 'pretty' || (config.logFormat === 'auto' && process.stdout.isTTY === true);
  return pretty
    ? {
        level: config.logLevel,
        transport: {
          target: 'pino-pretty',
          options: {
            translateTime: 'SYS:HH:MM:ss.l',
            ignore: 'pid,hostname,reqId,req,res,responseTime,status,ms',
            singleLine: true,
          },
        },
      }
    : { level: config.logLevel };
}

/**
 * One log line per answered request, written when it is answered: method, path, status and time
 * (the restaurant and the request id ride along in the entry); nothing when it arrives.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = `${request.method} ${request.url} ${reply.statusCode} ${ms} ms`;
    // The request's logger: it carries the restaurant (plugins/tenant.ts), the reply's does not.
    if (error) request.log.error({ status: reply.statusCode, ms, err: error }, line);
    else request.log.info({ status: reply.statusCode, ms }, line);
  }
}

/** What the directory learns changed, the caches drop; on SQLite it asks a cheap question before each refresh. */
function wireDirectory(
  directory: TenantDirectory,
  snapshots: SnapshotStore,
  documents: DocumentCache,
  database: DbHandle,
  /** Open menu pages are told (features/menu/live.ts), once the menus are built again (at most PUBLISH_WAIT_MS). */
  liveChanged: (tenantId: number) => void,
  /** The menus that were in memory are built again (features/menu/cached.ts). */
  refresher: MenuRefresher,
): void {
  directory.onChange = (tenantId) => {
    refresher.changing(tenantId, documents);
    snapshots.forget(tenantId);
    documents.forget(tenantId);
    liveChanged(tenantId);
  };
  if (database.dialect !== 'sqlite') return;
  // Commits of other processes move data_version; this connection's own writes move total_changes().
  let last = '';
  directory.changedSinceLastCheck = async () => {
    const { rows } = await sql<{ v: number; c: number }>`
      SELECT (SELECT data_version FROM pragma_data_version) AS v, total_changes() AS c`.execute(database.db);
    const now = `${rows[0]?.v}:${rows[0]?.c}`;
    if (now === last) return false;
    last = now;
    return true;
  };
}

/**
 * The writer pays, not the diner (issue 37 point 3): a request that changed its restaurant's menu
 * (its menu version moved while it ran: every write path, admin API, panel, imports, goes through
 * writeMenu, whose commit notes the new version before the handler returns) is answered once
 * refresh-ahead has rebuilt the menus that restaurant had in memory, with their compressed forms,
 * so the next diner's request is a hit in the fast path. Bounded by the refresher (at most
 * PUBLISH_WAIT_MS; not at all when it is busy); the write is committed already, so this only
 * delays the answer and never changes it. Reads never wait.
 */
function publishBeforeAnswering(app: FastifyInstance, directory: TenantDirectory, refresher: MenuRefresher): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    // Null on the routes answered before tenant resolution, and on requests it refused.
    const asked = request.tenant as TenantState | null;
    if (!asked) return payload;
    const now = directory.get(asked.id);
    if (now && now.menuVersion > asked.menuVersion) {
      // publish never rejects; should it ever, the write's answer still goes as it is.
      await refresher.publish(asked.id).catch((err: unknown) => request.log.warn({ err }, 'menus not published'));
    }
    return payload;
  });
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // bin/menu.js does this before anything else; repeated here for processes that embed the app.
  keepTickObjectShape();
  const database = options.database ?? openDatabase(config.databaseUrl, config.databaseSchema);
  const directory = new TenantDirectory(database.db, config.baseDomain, config.tenantRefreshMs);
  const announcer = openAnnouncer({
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    databaseUrl: database.url ?? config.databaseUrl,
    databaseSchema: database.schema ?? config.databaseSchema,
    clusterWorker: options.clusterWorker,
    onError: (err) => app.log.warn({ err }, 'announcement failed; the periodic refresh will catch up'),
  });
  // One byte budget for every per-restaurant cache, least recently used first across restaurants.
  const budget = new CacheBudget(config.cacheMaxMb * 1024 * 1024);
  const snapshots = new SnapshotStore(database.db, options.now, budget);
  // Compressed documents past the memory budget, on local disk (features/menu/disk-tier.ts).
  const disk =
    config.cacheDiskMb > 0
      ? DiskTier.open({
          dir: config.cacheDir && options.clusterWorker ? workerDirectory(config.cacheDir) : config.cacheDir,
          // One process with its own CACHE_DIR keeps its files across restarts (a worker's folder is per process).
          keep:
            config.cacheDir && !options.clusterWorker
              ? {
                  database: `${config.databaseUrl}|${config.databaseSchema ?? ''}`,
                  stamps: () => menuStamps(database.db),
                }
              : undefined,
          maxBytes: config.cacheDiskMb * 1024 * 1024,
          log: (err, message) => app.log.debug({ err }, message),
        })
      : undefined;
  const documents = new DocumentCache(budget, { disk });
  const counters = options.counters ?? counterStore(config);
  let open = true;
  let drain: ConnectionDrain | undefined;
  const fastPathCounts: FastPathCounts = { ok: 0, notModified: 0 };
  // Every request the server sees (the refresher's judgement of a quiet server: features/menu/cached.ts).
  let requestsSeen = 0;
  // Requests per restaurant for the operator console, counted in memory, flushed every 30 s and at close.
  const requestTally = new RequestTally();
  const fastPath = menuFastPath({
    counts: fastPathCounts,
    tally: requestTally,
    config,
    directory,
    snapshots,
    documents,
    // Counting in the fast path needs a synchronous store and the socket address as the client.
    counters: counters instanceof MemoryCounterStore && config.trustProxy === false ? counters : undefined,
    open: () => open,
  });
  const app = Fastify({
    // Cached /menu documents are answered before Fastify (see src/features/menu/fast-path.ts).
    serverFactory: (handler) => {
      const server = createServer((req, res) => {
        requestsSeen++;
        // Stopping (SIGTERM): a request on a kept-alive connection gets 503 + Connection: close.
        if (drain?.draining) return answerWhileStopping(req, res);
        if (!fastPath(req, res)) handler(req, res);
      });
      drain = new ConnectionDrain(server);
      // Fastify applies its own default (72 s) only to servers it creates itself.
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      return server;
    },
    logger: loggerOptions(config, options.logStream),
    logController: new OneLinePerRequest(),
    // x-request-id from the caller (a proxy's) when it looks like one, else a fresh UUID; echoed back.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Always a function (or false): Fastify 5.12 ignores a numeric trustProxy (http/trust-proxy.ts).
    trustProxy: trustFunction(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
    // `__proto__` and `constructor.prototype` keys are dropped while parsing, never a 400 or a
    // prototype change; a plain `constructor` key stays an ordinary (unknown) field.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    clientErrorHandler,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler((host) => {
      const name = normalizeHost(host);
      return directory.peek(name) ?? directory.lookup(name);
    }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('config', config);
  // serverFactory ran inside Fastify(): the drain watches the server it made.
  app.decorate('drain', drain as ConnectionDrain);
  decorateClient(app, config.ipv6PrefixLength);
  if (config.trustProxy === true) app.log.warn(TRUST_ALL_WARNING);
  app.decorate('database', database);
  app.decorate('counterStore', counters);
  if (counters instanceof FallbackCounterStore) counters.log = app.log;
  // A PostgreSQL restart terminates idle connections: note it, the pool opens new ones on demand.
  database.onConnectionError((err) => app.log.warn({ err }, 'database connection lost; it will be reopened'));
  app.decorate('snapshots', snapshots);
  app.decorate('documents', documents);
  app.decorate('budget', budget);
  const menuWriter = new MenuWriter(database.db, options.now);
  // A write committed here is served here at once and announced to every other instance. The
  // state is read again too (one small query): a write may change what the directory keeps
  // (whether the menu is online, its time zone, default locale).
  const reload = (tenantId: number) =>
    directory.reload(tenantId).catch((err) => app.log.warn({ err, tenantId }, 'tenant reload failed'));
  // Open menu pages learn of every change (features/menu/live.ts).
  const live = new LiveHub();
  app.decorate('live', live);
  // Refresh-ahead of the menus in memory after a change; writes' answers and live events wait for it.
  const refresher = new MenuRefresher(app, (tenantId) => directory.get(tenantId));
  refresher.requestsSeen = () => requestsSeen;
  app.decorate('refresher', refresher);
  app.addHook('preClose', async () => refresher.close());
  // Open pages re-fetch on an event: it goes once the menus they had are built again (bounded), so they get hits.
  const liveChanges = registerLive(app, live, directory, (tenantId) => refresher.publish(tenantId));
  menuWriter.listen({
    afterCommit: (tenantId, version, changes) => {
      directory.noteMenuVersion(tenantId, version);
      void reload(tenantId);
      const items = [...new Set(changes.filter((c) => c.resource === 'items').map((c) => c.id))].slice(0, 100);
      announcer.announce({
        tenantId,
        kind: changes.some((c) => c.resource === 'settings') ? 'tenant' : 'menu',
        version,
        ...(items.length > 0 ? { items } : {}),
      });
      // The directory's change above has started the event; these are its dishes.
      liveChanges.changed(tenantId, items);
    },
  });
  app.decorate('announcer', announcer);
  const mailer = openMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const jobs = new WorkerPool();
  app.decorate('jobs', jobs);
  // A job still running when the server stops is abandoned: its request answers 503.
  app.addHook('onClose', async () => jobs.close());
  wireDirectory(directory, snapshots, documents, database, liveChanges.changed, refresher);
  app.decorate('menuWriter', menuWriter);
  // Webhooks: the outbox row is written with the change; the first attempt leaves right after the commit.
  const webhooks = new WebhookDispatcher(database.db, app.log, {
    allowPrivate: config.webhooksAllowPrivate,
    now: options.now,
    // An endpoint paused for failing: its restaurant's owners are told (the panel says it too).
    onPaused: (tenantId, endpoint) => {
      void listActiveUsers(database.db, tenantId)
        .then((users) => {
          for (const owner of users.filter((u) => u.role === 'owner')) {
            void mailer.send({
              to: owner.email,
              subject: 'Webhook paused / Webhook in pausa',
              text: `The webhook ${endpoint.url} kept failing and is paused: nothing is sent to it until you resume it in the panel (Webhooks).\n\nIl webhook ${endpoint.url} continuava a non rispondere ed è in pausa: non gli viene inviato nulla finché non lo riattivi dal pannello (Webhook).\n`,
            });
          }
        })
        .catch((err: unknown) => app.log.warn({ err, tenantId }, 'could not tell the owners of a paused webhook'));
    },
  });
  let queued = false;
  menuWriter.listen({
    inTransaction: outboxListener(options.now ?? Date.now, () => {
      queued = true;
    }),
    afterCommit: () => {
      if (!queued) return;
      queued = false;
      webhooks.kick();
    },
  });
  app.decorate('webhooks', webhooks);
  // Every admin write (API, panel, CLI) leaves an audit entry in its own transaction.
  menuWriter.listen({ inTransaction: recordAudit });
  // The operator's limits on dishes and photo storage (console), checked in the write's transaction.
  menuWriter.listen({
    inTransaction: limitsListener(() => ({
      dishes: config.limitDishes,
      photoMb: config.limitPhotoMb,
      webhooks: config.webhooksMaxPerRestaurant,
      adminRate: config.adminRateLimit,
    })),
  });
  // A default-language text changed: the other languages' texts are flagged to check (features/translations).
  menuWriter.listen({ inTransaction: recordTranslationChecks });
  const analytics = new AnalyticsWriter(database.db, app.log);
  analytics.retentionDays = config.analyticsRetentionDays;
  app.decorate('analytics', analytics);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerValidation(app);
  registerSerialization(app);
  app.addSchema(ErrorEnvelope);
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  publishBeforeAnswering(app, directory, refresher);
  app.decorate('requestTally', requestTally);
  app.decorate('resolveTxt', options.resolveTxt ?? ((name: string) => dnsPromises.resolveTxt(name)));
  const flushRequests = () =>
    addRequests(
      database.db,
      new Date(options.now?.() ?? Date.now()).toISOString().slice(0, 10),
      requestTally.take(),
    ).catch((err) => app.log.warn({ err }, 'request counts not stored'));
  const requestFlush = setInterval(flushRequests, REQUEST_FLUSH_MS);
  requestFlush.unref();
  await app.register(tenantPlugin, {
    directory,
    tally: requestTally,
    // A restaurant with its own domain: its menu page asked at <slug>.<BASE_DOMAIN> moves there
    // (old QR codes and links keep working); the API, panel and files stay on both addresses.
    moved: (state, host, method, url) => {
      if (!state.domain || (method !== 'GET' && method !== 'HEAD')) return undefined;
      if (host !== `${state.slug}.${config.baseDomain}`) return undefined;
      const path = url.split('?')[0];
      if (path !== '/' && path !== '/print') return undefined;
      return publicAddress(config, state.slug, state.domain) + url;
    },
    unknownHostLimit: { store: counters, limit: config.publicRateLimit },
  });
  await registerSwagger(app);
  await registerRoutes(app, { config, counters, now: options.now, fastPath: fastPathCounts });

  app.addHook('onReady', async () => {
    if (disk) {
      const kept = await disk.adopt();
      if (kept.files > 0) app.log.info(kept, 'disk cache: files of the last run kept');
    }
    await announcer
      .subscribe((a) => {
        if (a.kind === 'created') return directory.tenantCreated();
        if (!directory.get(a.tenantId)) return; // not served here yet: nothing to refresh
        if (a.version !== undefined) directory.noteMenuVersion(a.tenantId, a.version);
        liveChanges.changed(a.tenantId, a.items);
        void reload(a.tenantId);
      })
      .catch((err) =>
        app.log.warn({ err }, 'cannot listen to announcements; the periodic refresh keeps instances in step'),
      );
    // While the database is away the directory keeps what it knows (cached pages keep being
    // served); the outage and the recovery are logged once each, not every second.
    let failing = false;
    await directory.start(
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
    webhooks.start();
  });
  app.addHook('preClose', async () => {
    open = false;
    documents.close();
  });
  app.addHook('onClose', async () => {
    directory.stop();
    // Store every accepted analytics event before the database goes away.
    await analytics.stop();
    await webhooks.stop();
    await counters.close();
    await announcer.close();
    await disk?.close();
    // The last requests' counts, here and not in a hook of their own: Fastify runs onClose hooks
    // last added first, so a hook added earlier ran after the database below had closed, and every
    // count since the last flush was lost at each stop (logged "request counts not stored").
    clearInterval(requestFlush);
    await flushRequests();
    if (!options.database) await database.close();
  });
  return app;
}

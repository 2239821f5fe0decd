// Prometheus metrics (prom-client): requests by route and status, latency, the byte budget and the
// caches it covers, snapshot and document builds, the analytics queue, the database pool. Gauges
// read the stores when scraped, so the request path pays only for the per-request counters.
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { KindStats } from '../../catalog/budget.js';

/** Answers the menu fast path gave before Fastify (counted there with plain integers). */
export interface FastPathCounts {
  ok: number;
  notModified: number;
}

/** The route label of fast-path answers: the same route Fastify serves. */
const MENU_ROUTE = '/api/v1/menu/:locale?';

export function createMetrics(app: FastifyInstance, fastPath: FastPathCounts): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'menu_http_requests_total',
    help: 'HTTP answers by route pattern, method and status (menu fast-path answers included).',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
    collect() {
      foldFastPath();
    },
  });
  let countedOk = 0;
  let countedNotModified = 0;
  // Fold in the fast path's plain counters at scrape time.
  const foldFastPath = () => {
    if (fastPath.ok > countedOk) {
      requests.inc({ route: MENU_ROUTE, method: 'GET', status: '200' }, fastPath.ok - countedOk);
      countedOk = fastPath.ok;
    }
    if (fastPath.notModified > countedNotModified) {
      requests.inc({ route: MENU_ROUTE, method: 'GET', status: '304' }, fastPath.notModified - countedNotModified);
      countedNotModified = fastPath.notModified;
    }
  };
  const latency = new Histogram({
    name: 'menu_http_request_duration_seconds',
    help: 'Time to answer, by route pattern (requests that reached Fastify; fast-path answers are sub-millisecond and not timed).',
    labelNames: ['route', 'method'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, method: request.method, status: String(reply.statusCode) });
    latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    done();
  });

  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  // Counters kept by the stores, exposed as counters (monotonic) through a collect-time set.
  const counter = (name: string, help: string, read: () => number) => {
    const c = new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const now = read();
        const seen = (c as unknown as { seen?: number }).seen ?? 0;
        if (now > seen) this.inc(now - seen);
        (c as unknown as { seen?: number }).seen = now;
      },
    });
    return c;
  };
  counter('menu_cache_hits_total', 'Documents and pages answered from a stored form.', () => app.documents.stats.hits);
  counter(
    'menu_cache_misses_total',
    'Documents built or forms compressed because none was stored.',
    () => app.documents.stats.misses,
  );
  counter('menu_cache_evictions_total', 'Entries evicted by the byte budget.', () => app.budget.stats().evictions);
  counter('menu_snapshot_builds_total', 'Menu snapshots loaded from the database.', () => app.snapshots.builds);
  counter(
    'menu_document_builds_total',
    'Documents and pages built (serialized or rendered).',
    () => app.documents.stats.builds,
  );
  counter(
    'menu_brotli_upgrades_total',
    'Documents recompressed at brotli 11 in the background.',
    () => app.documents.stats.upgrades,
  );
  counter(
    'menu_cache_disk_hits_total',
    'Documents and forms read back from the disk tier (neither built nor compressed again).',
    () => app.documents.stats.diskHits,
  );
  counter(
    'menu_documents_built_ahead_total',
    'Menu documents built again in the background after a change, because they were in memory before it (refresh-ahead).',
    () => app.refresher.built,
  );
  new Counter({
    name: 'menu_refresh_waits_total',
    help: 'Answers of writes (and live events) held until refresh-ahead rebuilt the menus of their restaurant, by outcome: refreshed (before the cap), capped (sent at the cap of 250 ms, the refresh went on), busy (not held: the refresher was busy).',
    labelNames: ['outcome'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, n] of Object.entries(app.refresher.waits)) this.inc({ outcome }, n);
    },
  });
  counter(
    'menu_refresh_collections_total',
    "Major garbage collections run at the end of a writer's wait on a quiet event loop, so that V8's own does not finish in the next diner's request (needs --expose-gc).",
    () => app.refresher.collections,
  );
  counter(
    'menu_cache_disk_writes_total',
    'Compressed forms written to the disk tier.',
    () => app.documents.disk?.writes ?? 0,
  );
  gauge('menu_cache_disk_bytes', 'Bytes of the disk tier (cap: CACHE_DISK_MB).', () => app.documents.disk?.bytes ?? 0);
  gauge(
    'menu_cache_disk_files',
    'Compressed forms stored in the disk tier (records of its packs).',
    () => app.documents.disk?.files ?? 0,
  );
  gauge('menu_cache_bytes', 'Bytes held under the cache budget.', () => app.budget.stats().bytes);
  gauge('menu_cache_max_bytes', 'The cache budget (CACHE_MAX_MB).', () => app.budget.maxBytes);
  gauge('menu_cache_entries', 'Entries held under the cache budget.', () => app.budget.stats().entries);
  // Per kind of entry (`snapshot`, `menu.br`, `page.identity`...): where the budget goes.
  const byKind = (name: string, help: string, read: (k: KindStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [kind, stats] of app.budget.byKind()) this.set({ kind }, read(stats));
      },
    });
  byKind('menu_cache_kind_bytes', 'Bytes held under the cache budget, by kind of entry.', (k) => k.bytes);
  byKind('menu_cache_kind_restaurants', 'Restaurants holding an entry of the kind.', (k) => k.restaurants);
  byKind('menu_cache_kind_bytes_per_restaurant', 'Bytes held per restaurant holding the kind (mean).', (k) =>
    k.restaurants === 0 ? 0 : Math.round(k.bytes / k.restaurants),
  );
  new Counter({
    name: 'menu_cache_kind_evictions_total',
    help: 'Entries evicted by the byte budget, by kind (snapshots and identity bodies are evicted first).',
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [kind, stats] of app.budget.byKind()) this.inc({ kind }, stats.evictions);
    },
  });
  gauge('menu_snapshots', 'Menu snapshots held.', () => app.snapshots.size);
  gauge('menu_documents', 'Documents and pages held.', () => app.documents.stats.documents);
  gauge('menu_tenants_known', 'Restaurants in the tenant directory.', () => app.tenants.counts().tenants);
  gauge(
    'menu_unknown_hosts',
    'Unknown hosts remembered (asked again without a query).',
    () => app.tenants.counts().missingHosts,
  );
  gauge('menu_analytics_queue_depth', 'Analytics events accepted, not stored yet.', () => app.analytics.pending);
  const pool = app.database.pool;
  gauge('menu_db_pool_connections', 'Database connections open (SQLite: 1).', () => (pool ? pool.totalCount : 1));
  gauge('menu_db_pool_idle', 'Database connections idle.', () => (pool ? pool.idleCount : 0));
  gauge('menu_db_pool_waiting', 'Queries waiting for a database connection.', () => (pool ? pool.waitingCount : 0));
  return registry;
}

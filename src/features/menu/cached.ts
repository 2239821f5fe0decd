// The /menu document of a request: found in the document cache by the tenant's schedule (no
// snapshot needed), or built once from the snapshot and kept there.

import { performance } from 'node:perf_hooks';
import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TenantState } from '../../accounts/tenants/repo.js';
import { servedLocale } from '../../catalog/snapshot.js';
import { nowIso } from '../../http/schemas.js';
import { type Locale, servedLocaleFrom } from '../../i18n/locales.js';
import { EXPOSED_HEADERS } from '../../plugins/cors.js';
import { menuData } from './compose.js';
import type { CachedDocument, DocumentCache, Encoding } from './document.js';
import type { MenuResponse } from './schema.js';

/**
 * The document's JSON. The views build exactly the schema's fields (test/api/menu-serialize.test.ts
 * holds them to the schema's own serializer), so the native JSON.stringify is used: it returns one
 * flat string, half the time of the schema serializer's concatenations, and encoding that string
 * to UTF-8 costs half as much again (about 1 ms of a first request's 5 for a demo-size menu).
 */
export function serializeMenu(value: Static<typeof MenuResponse>): string {
  return JSON.stringify(value);
}

const MENU_HEADERS = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
  vary: 'Accept-Encoding',
  'cache-control': 'public, no-cache',
  // Public reads are open to any web site (plugins/cors.ts); the fast path sends these headers as they are.
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS,
  // The fast path answers before Fastify's hooks: the security headers travel with the document.
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
});

export function menuKey(locale: Locale, openKey: string): string {
  return `menu|${locale}|${openKey}`;
}

/** The locale of a key made by menuKey. */
function localeOfMenuKey(key: string): Locale {
  return key.split('|')[1] as Locale;
}

/**
 * The cached /menu document for a tenant and requested locale: in memory, else on disk (its form
 * for `encoding` first), else built (once); handed to `use` in the same synchronous step. `use`
 * must take what it needs from the document before its first await (DocumentCache.representation
 * does): across an await, other requests' builds may make the byte budget evict it (five locales
 * of one restaurant asked at once under a small budget answered 500 while the document was handed
 * back through a promise).
 */
export async function menuDocumentFor<T>(
  app: FastifyInstance,
  tenant: TenantState,
  requested: string | undefined,
  encoding: Encoding,
  use: (doc: CachedDocument) => T | PromiseLike<T>,
): Promise<T> {
  const schedule = app.snapshots.schedule(tenant);
  if (schedule) {
    const locale = servedLocaleFrom(schedule.defaultLocale, schedule.supportedLocales, requested);
    const key = menuKey(locale, app.snapshots.scheduleKey(schedule));
    const doc = app.documents.lookup(tenant.id, tenant.menuVersion, key, encoding);
    if (doc) return use(doc);
  }
  const snapshot = await app.snapshots.get(tenant);
  const openKey = app.snapshots.openKey(snapshot, snapshot.settings.timezone);
  const locale = servedLocale(snapshot, requested);
  const key = menuKey(locale, openKey);
  // Before a schedule was known (a restart): the disk tier may hold it still.
  const kept = schedule ? undefined : app.documents.lookup(snapshot.tenantId, snapshot.version, key, encoding);
  if (kept) return use(kept);
  return use(
    app.documents.document(snapshot.tenantId, snapshot.version, key, () => ({
      body: Buffer.from(
        serializeMenu({
          success: true,
          data: menuData(snapshot, openKey, locale),
          meta: { generated_at: nowIso(), locale },
        }),
      ),
      headers: MENU_HEADERS,
    })),
  );
}

/** At most this many restaurants wait for refresh-ahead; past it, a changed menu is built on its next request. */
const REFRESH_QUEUE_MAX = 1000;
/** Above this event-loop utilization refresh-ahead waits (requests come first). */
const REFRESH_BUSY_UTILIZATION = 0.8;
const REFRESH_RETRY_MS = 200;
/** Compressions refresh-ahead runs at once (the thread pool has four threads; requests need some). */
const REFRESH_LANES = 2;

/**
 * Whether the event loop was busier than REFRESH_BUSY_UTILIZATION over a window (`active` and
 * `idle` milliseconds) with work other than refresh-ahead's own (`ownMs` of it).
 */
export function busyWithOthers(active: number, idle: number, ownMs: number): boolean {
  return Math.max(0, active - ownMs) > REFRESH_BUSY_UTILIZATION * (active + idle);
}

/**
 * Refresh-ahead: when a restaurant's menu changes (a write here, another instance's announcement),
 * the /menu documents it had in memory are built again in the background, with the compressed
 * forms that were held, so the diners who ask next (every open page asks at once when its live
 * stream says the menu changed: features/menu/live.ts) get a hit instead of a build each. Only
 * what was in memory is rebuilt: a restaurant nobody was reading costs nothing. One restaurant at
 * a time, after the write has answered, never while the event loop is busy; the normal read path
 * builds (one build however many ask), so the bytes and ETags are those a request would get.
 */
export class MenuRefresher {
  /** Per restaurant waiting, its locales (most recently used first) and the forms each had. */
  private readonly queue = new Map<number, Map<Locale, Set<'br' | 'gzip'>>>();
  private running = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private eluMark = performance.eventLoopUtilization();
  /**
   * The event loop was more than REFRESH_BUSY_UTILIZATION busy over the last whole second with
   * anything but the refresher's own builds. Counting them (a restaurant's five menus are ~10–30
   * ms) made it judge itself busy: with a write every 25 ms it stopped after a few seconds and
   * every first request built its menu.
   */
  private busy = false;
  /** Milliseconds the refresher's builds took since the last tick (on PostgreSQL, with their queries' waits). */
  private ownMs = 0;
  private readonly ticker = setInterval(() => {
    const elu = performance.eventLoopUtilization(this.eluMark);
    this.eluMark = performance.eventLoopUtilization();
    this.busy = busyWithOthers(elu.active, elu.idle, this.ownMs);
    this.ownMs = 0;
  }, 1000);
  /** Documents built ahead (for /metrics and tests). */
  built = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly tenantState: (tenantId: number) => TenantState | undefined,
  ) {
    this.ticker.unref();
  }

  /** Call before the documents are dropped for a change: notes what the tenant had in memory. */
  changing(tenantId: number, documents: DocumentCache): void {
    if (this.closed) return;
    const held = documents.held(tenantId, 'menu');
    if (held.length === 0) return;
    let wanted = this.queue.get(tenantId);
    if (!wanted) {
      if (this.queue.size >= REFRESH_QUEUE_MAX) return;
      wanted = new Map();
      this.queue.set(tenantId, wanted);
    }
    for (const { key, encodings } of held) {
      const locale = localeOfMenuKey(key);
      const forms = wanted.get(locale) ?? new Set();
      for (const encoding of encodings) forms.add(encoding);
      wanted.set(locale, forms);
    }
    this.schedule(0);
  }

  /** Resolves once nothing waits nor runs (tests). */
  async settled(): Promise<void> {
    while (this.running || this.timer || this.queue.size > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  close(): void {
    this.closed = true;
    this.queue.clear();
    clearInterval(this.ticker);
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delay: number): void {
    if (this.running || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
  }

  private async run(): Promise<void> {
    if (this.busy) return this.schedule(REFRESH_RETRY_MS);
    this.running = true;
    try {
      while (!this.closed) {
        const next = this.queue.entries().next();
        if (next.done) break;
        const [tenantId, wanted] = next.value;
        this.queue.delete(tenantId);
        const tenant = this.tenantState(tenantId);
        if (tenant?.status !== 'active' || !tenant.publicActive) continue;
        // Compressions run on the thread pool while the next locale is built (waiting for each
        // locale's gzip and brotli in turn took five locales past 20 ms), in REFRESH_LANES lanes:
        // the pool's other threads stay free for a request that compresses its own form. All are
        // done before the next restaurant.
        const lanes: Promise<unknown>[] = Array.from({ length: REFRESH_LANES }, () => Promise.resolve());
        let turn = 0;
        const notBuilt = (err: unknown) =>
          this.app.log.debug({ err, tenantId }, 'menu not built ahead; its next request builds it');
        for (const [locale, forms] of wanted) {
          const began = performance.now();
          try {
            await menuDocumentFor(this.app, tenant, locale, 'identity', (doc) => {
              if (doc.fresh) this.built++;
              for (const encoding of forms) {
                const lane = turn++ % REFRESH_LANES;
                lanes[lane] = lanes[lane].then(() => this.app.documents.prepare(doc, encoding)).catch(notBuilt);
              }
            });
          } catch (err) {
            notBuilt(err);
          } finally {
            this.ownMs += performance.now() - began;
          }
          // Requests waiting meanwhile come first.
          await new Promise((resolve) => setImmediate(resolve));
        }
        await Promise.all(lanes);
      }
    } finally {
      this.running = false;
    }
    if (this.queue.size > 0) this.schedule(0);
  }
}

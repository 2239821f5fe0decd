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
   * The event loop was more than REFRESH_BUSY_UTILIZATION busy over the last whole second. A
   * window since the last run would count the refresher's own builds (a restaurant's five menus
   * are ~15–30 ms): written to every 25 ms, it then judged itself busy and never ran.
   */
  private busy = false;
  private readonly ticker = setInterval(() => {
    const elu = performance.eventLoopUtilization(this.eluMark);
    this.eluMark = performance.eventLoopUtilization();
    this.busy = elu.utilization > REFRESH_BUSY_UTILIZATION;
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
        for (const [locale, forms] of wanted) {
          try {
            // The forms are started with the document in hand (see menuDocumentFor).
            await menuDocumentFor(this.app, tenant, locale, 'identity', (doc) => {
              if (doc.fresh) this.built++;
              return Promise.all([...forms].map((encoding) => this.app.documents.representation(doc, encoding)));
            });
          } catch (err) {
            this.app.log.debug({ err, tenantId }, 'menu not built ahead; its next request builds it');
          }
          // Requests waiting meanwhile come first.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      this.running = false;
    }
    if (this.queue.size > 0) this.schedule(0);
  }
}

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
 * The server counts as quiet with at most this many requests a second (the last whole second, and
 * the part of the current one gone by, in proportion once it is BUSY_RECHECK_MS long): only then
 * does a writer's wait end with a major collection, which holds the loop ~40 ms.
 */
const QUIET_REQUESTS_PER_SECOND = 100;
/**
 * After COLLECT_SLOW_IN_A_ROW writer's collections in a row that each took longer than this, none
 * is run for COLLECT_BACKOFF_MS: with 10,000 restaurants' directory and disk index on the heap they
 * take 97-160 ms, a pause no quiet server's next requests should meet (and V8's own incremental
 * work is cheaper there). At 1,000 restaurants they take 40-71 ms and spare the next diner V8's
 * own (a limit of 50 ms, judged on one collection, stopped them there too: 1 collection in 495
 * held writes); one slow collection alone (the first after a load, with the load's garbage) does
 * not count.
 */
const COLLECT_MAX_MS = 100;
const COLLECT_SLOW_IN_A_ROW = 2;
const COLLECT_BACKOFF_MS = 60_000;
/** A refresh that ended this recently is the one a write's answer is waiting for (publish). */
const FINISHED_RECENTLY_MS = 1000;
/** Past this much of the current second, its own utilization can overrule a busy last second. */
const BUSY_RECHECK_MS = 100;
/** Compressions one restaurant's refresh runs at once (the thread pool has four threads; requests need some). */
const REFRESH_LANES = 2;
/**
 * The longest a write's answer (and a live event) waits for refresh-ahead to rebuild its
 * restaurant's menus (issue 37 point 3: the next diner's request is then a hit). The write is
 * committed already: past this, it answers and the refresh goes on in the background.
 */
export const PUBLISH_WAIT_MS = 250;
/** With more restaurants than this waiting for refresh-ahead, a write answers without waiting (a burst of changes). */
const PUBLISH_QUEUE_MAX = 8;
/**
 * Restaurants refreshed at once for answers that wait (beside the background one); past it, a
 * write answers without waiting and its restaurant is refreshed in turn.
 */
const PUBLISH_AT_ONCE = 2;

/**
 * Whether the event loop was busier than REFRESH_BUSY_UTILIZATION over a window (`active` and
 * `idle` milliseconds) with work other than refresh-ahead's own (`ownMs` of it).
 */
export function busyWithOthers(active: number, idle: number, ownMs: number): boolean {
  return Math.max(0, active - ownMs) > REFRESH_BUSY_UTILIZATION * (active + idle);
}

/**
 * After a busy second, whether the loop is still busy: the part of the current second gone by (its
 * utilization `active` and `idle` ms, `ownMs` of them refresh-ahead's) decides once it is
 * BUSY_RECHECK_MS long. A load that had just stopped otherwise kept writes from being held, and
 * refresh-ahead from running, for up to a second after it.
 */
export function busyNow(current: { active: number; idle: number }, ownMs: number): boolean {
  if (current.active + current.idle < BUSY_RECHECK_MS) return true;
  return busyWithOthers(current.active, current.idle, ownMs);
}

/**
 * Whether the server is quiet: at most QUIET_REQUESTS_PER_SECOND requests in the last whole second
 * (`lastQuiet`) while too little of the current one has gone by to tell, then at most that rate
 * in the current one (`requests` in `ms`): a load that has just stopped does not keep the server
 * from being quiet for up to a second after it.
 */
export function quietNow(lastQuiet: boolean, requests: number, ms: number): boolean {
  if (ms < BUSY_RECHECK_MS) return lastQuiet && requests <= QUIET_REQUESTS_PER_SECOND;
  return requests <= (QUIET_REQUESTS_PER_SECOND * ms) / 1000;
}

/**
 * Per locale waiting to be built again, the compressed forms it had and its identity requests so
 * far (a menu read uncompressed twice keeps its identity form across changes: its first identity
 * request after a write is a hit, not a decompression).
 */
type Wanted = Map<Locale, { encodings: Set<'br' | 'gzip'>; identityAsks: number }>;

/** How the answers held for refresh-ahead ended (for /metrics and tests). */
export interface PublishWaits {
  /** The restaurant's menus were rebuilt, with their forms, before the answer went. */
  refreshed: number;
  /** The answer went at PUBLISH_WAIT_MS; the refresh went on in the background. */
  capped: number;
  /** Not held at all: the event loop busy with others, too many restaurants waiting or refreshed at once. */
  busy: number;
}

const DONE: Promise<void> = Promise.resolve();

/**
 * Refresh-ahead: when a restaurant's menu changes (a write here, another instance's announcement),
 * the /menu documents it had in memory are built again, with the compressed forms that were held,
 * so the diners who ask next (every open page asks at once when its live stream says the menu
 * changed: features/menu/live.ts) get a hit instead of a build each. Only what was in memory is
 * rebuilt: a restaurant nobody was reading costs nothing. The normal read path builds (one build
 * however many ask), so the bytes and ETags are those a request would get.
 *
 * The writer pays, not the diner (issue 37 point 3): the answer of a request that changed its
 * restaurant's menu waits for `publish` (app.ts, an onSend hook), which runs that restaurant's
 * refresh at once, not behind other restaurants', and resolves when its documents and forms are
 * made, or at PUBLISH_WAIT_MS, or at once when the refresher is busy. Everything else (other
 * instances' announcements, a write nobody waits for) is refreshed in the background, one
 * restaurant at a time, never while the event loop is busy.
 */
export class MenuRefresher {
  /** Per restaurant waiting, its locales (most recently used first) and the forms each had. */
  private readonly queue = new Map<number, Wanted>();
  /** Per restaurant whose refresh a writer waits for, the end of that wait's work (never rejects). */
  private readonly publishing = new Map<number, Promise<void>>();
  /** Per restaurant being refreshed now, the end of its refreshes (never rejects). */
  private readonly active = new Map<number, Promise<void>>();
  /**
   * When each restaurant's last refresh ended (performance.now()), until a writer's wait collects
   * after it: on PostgreSQL a background refresh can start and finish between a write's commit and
   * its answer, and that write's answer still pays the collection (see publish).
   */
  private readonly finishedUncollected = new Map<number, number>();
  /** Refreshes started for answers that wait, not finished yet. */
  private forAnswers = 0;
  private running = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private release: () => void = () => {};
  /** Resolved by close(): answers still held go. */
  private readonly closing = new Promise<'closed'>((resolve) => {
    this.release = () => resolve('closed');
  });
  private eluMark = performance.eventLoopUtilization();
  /**
   * The event loop was more than REFRESH_BUSY_UTILIZATION busy over the last whole second with
   * anything but the refresher's own builds. Counting them (a restaurant's five menus are ~10–30
   * ms) made it judge itself busy: with a write every 25 ms it stopped after a few seconds and
   * every first request built its menu.
   */
  private busy = false;
  /** Tests: the event loop judged busy (true) or not (false) whatever is measured; undefined: measured. */
  busyOverride: boolean | undefined;
  /** The cap of an answer's wait (tests that count a refresh done before the answer lengthen it: a slow machine is no cap). */
  waitCapMs = PUBLISH_WAIT_MS;
  /** Milliseconds the refresher's builds took since the last tick (on PostgreSQL, with their queries' waits). */
  private ownMs = 0;
  private readonly ticker = setInterval(() => {
    const elu = performance.eventLoopUtilization(this.eluMark);
    this.eluMark = performance.eventLoopUtilization();
    this.busy = busyWithOthers(elu.active, elu.idle, this.ownMs);
    const requests = this.requestsSeen();
    this.quiet = requests - this.requestsAtTick <= QUIET_REQUESTS_PER_SECOND;
    this.requestsAtTick = requests;
    this.tickAt = performance.now();
    this.ownMs = 0;
  }, 1000);
  /** At most QUIET_REQUESTS_PER_SECOND requests in the last whole second (see collectIfQuiet). */
  private quiet = true;
  /** Requests the server has seen (app.ts counts them), and their number and time at the last tick. */
  requestsSeen: () => number = () => 0;
  private requestsAtTick = 0;
  private tickAt = performance.now();
  /** Tests: the loop judged quiet (true) or not (false) whatever is measured; undefined: measured. */
  quietOverride: boolean | undefined;
  /**
   * A full garbage collection, when the process runs with `--expose-gc` (`npm start`, the
   * Dockerfile and the benchmarks do); undefined otherwise, and then no writer's wait collects.
   */
  collect: (() => void) | undefined = (globalThis as { gc?: () => void }).gc;
  /** Major collections run at the end of a writer's wait (for /metrics and tests). */
  collections = 0;
  /** Writer's collections in a row that took longer than COLLECT_MAX_MS. */
  private slowInARow = 0;
  /** When the last of COLLECT_SLOW_IN_A_ROW slow collections ran (performance.now()), if they did. */
  private backedOffAt: number | undefined;
  /** Documents built ahead (for /metrics and tests). */
  built = 0;
  /** Answers held for a refresh, by outcome (for /metrics and tests). */
  readonly waits: PublishWaits = { refreshed: 0, capped: 0, busy: 0 };

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
    for (const { key, encodings, identityAsks } of held) {
      const locale = localeOfMenuKey(key);
      const forms = wanted.get(locale) ?? { encodings: new Set(), identityAsks: 0 };
      for (const encoding of encodings) forms.encodings.add(encoding);
      forms.identityAsks = Math.max(forms.identityAsks, identityAsks);
      wanted.set(locale, forms);
    }
    this.schedule(0);
  }

  /**
   * Resolves once this restaurant's pending refresh is done (every held locale built, every held
   * form made), started now if it still waits; at most PUBLISH_WAIT_MS from now. At once when
   * nothing is pending for it, or when the refresher is busy: the event loop busy with others,
   * more than PUBLISH_QUEUE_MAX restaurants waiting, or PUBLISH_AT_ONCE refreshes already run for
   * answers. Never rejects: a menu not built ahead is built by its next request.
   */
  publish(tenantId: number): Promise<void> {
    const wanted = this.queue.get(tenantId);
    const running = this.active.get(tenantId);
    if (this.closed || (!wanted && !running)) {
      // Its refresh already ran, since its write's commit (within the last second): the collection
      // that would have ended its wait is paid now, before the answer.
      const finished = this.finishedUncollected.get(tenantId);
      if (!this.closed && finished !== undefined && performance.now() - finished < FINISHED_RECENTLY_MS) {
        this.finishedUncollected.delete(tenantId);
        this.collectIfQuiet();
      }
      return DONE;
    }
    if (
      this.isBusy() ||
      this.queue.size > PUBLISH_QUEUE_MAX ||
      (wanted !== undefined && this.forAnswers >= PUBLISH_AT_ONCE)
    ) {
      this.waits.busy++;
      return DONE;
    }
    // A live event of a change a write is waiting for waits for the same end (collection included).
    const published = this.publishing.get(tenantId);
    if (published && !wanted) return this.bounded(published);
    let refresh: Promise<void>;
    if (wanted) {
      // Its own refresh, now: not behind other restaurants' (theirs never delay this answer).
      this.queue.delete(tenantId);
      this.forAnswers++;
      refresh = this.start(tenantId, wanted).finally(() => this.forAnswers--);
    } else {
      // Started in the background already (on PostgreSQL the write's commit leaves it time to).
      refresh = running ?? DONE;
    }
    // Past the cap the answer has gone: a collection then would only pause whoever comes next.
    const ticket = { answered: false };
    const done = refresh.then(() => {
      this.finishedUncollected.delete(tenantId);
      if (!ticket.answered) this.collectIfQuiet();
    });
    this.publishing.set(tenantId, done);
    void done.finally(() => {
      if (this.publishing.get(tenantId) === done) this.publishing.delete(tenantId);
    });
    return this.bounded(done).finally(() => {
      ticket.answered = true;
    });
  }

  /** Resolves once nothing waits nor runs (tests). */
  async settled(): Promise<void> {
    while (this.running || this.timer || this.queue.size > 0 || this.active.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  close(): void {
    this.closed = true;
    this.queue.clear();
    clearInterval(this.ticker);
    if (this.timer) clearTimeout(this.timer);
    this.release();
  }

  private isBusy(): boolean {
    if (this.busyOverride !== undefined) return this.busyOverride;
    return this.busy && busyNow(performance.eventLoopUtilization(this.eluMark), this.ownMs);
  }

  /**
   * The writer pays for the garbage too (issue 37 point 3). A refresh leaves ~2 MB in the old
   * generation, and with its ~40 MB live V8 starts incremental marking almost at once: a major
   * collection every 6–8 writes, whose last, atomic step (4–13 ms) ran as a task when the loop
   * went idle, which is when the first diner asks after the answer. On a quiet loop the wait ends
   * with a full collection instead (~40 ms on the development machine), before the answer goes:
   * the marking that would have finished in the diner's request starts over from nothing. Only
   * on a quiet server (QUIET_REQUESTS_PER_SECOND, the writer's own requests included): under
   * traffic a 40 ms pause would hold other clients' requests, and V8's own incremental work is
   * the better deal.
   */
  private collectIfQuiet(): void {
    if (this.collect === undefined || this.closed) return;
    const quiet =
      this.quietOverride ??
      quietNow(this.quiet, this.requestsSeen() - this.requestsAtTick, performance.now() - this.tickAt);
    if (!quiet) return;
    const began = performance.now();
    if (this.backedOffAt !== undefined && began - this.backedOffAt < COLLECT_BACKOFF_MS) return;
    try {
      this.collect();
      this.collections++;
    } catch (err) {
      this.app.log.debug({ err }, 'collection after a refresh failed');
    } finally {
      const ms = performance.now() - began;
      this.ownMs += ms;
      this.slowInARow = ms > COLLECT_MAX_MS ? this.slowInARow + 1 : 0;
      this.backedOffAt = this.slowInARow >= COLLECT_SLOW_IN_A_ROW ? began : undefined;
      if (this.backedOffAt !== undefined) this.slowInARow = 0;
    }
  }

  /** `done`, or the cap (PUBLISH_WAIT_MS), or the refresher closing, whichever comes first. */
  private async bounded(done: Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<'capped'>((resolve) => {
      timer = setTimeout(() => resolve('capped'), this.waitCapMs);
    });
    try {
      const outcome = await Promise.race([done.then(() => 'refreshed' as const), cap, this.closing]);
      if (outcome !== 'closed') this.waits[outcome]++;
    } finally {
      clearTimeout(timer);
    }
  }

  private schedule(delay: number): void {
    if (this.running || this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, delay);
  }

  /** The background: one restaurant at a time, never while the event loop is busy with others. */
  private async run(): Promise<void> {
    if (this.isBusy()) return this.schedule(REFRESH_RETRY_MS);
    this.running = true;
    try {
      while (!this.closed) {
        const next = this.queue.entries().next();
        if (next.done) break;
        const [tenantId, wanted] = next.value;
        this.queue.delete(tenantId);
        await this.start(tenantId, wanted);
      }
    } finally {
      this.running = false;
    }
    if (this.queue.size > 0) this.schedule(0);
  }

  /** The restaurant's refresh, after one of its own still running; the promise never rejects. */
  private start(tenantId: number, wanted: Wanted): Promise<void> {
    const after = this.active.get(tenantId) ?? DONE;
    const done: Promise<void> = after
      .then(() => this.refresh(tenantId, wanted))
      .catch((err: unknown) => this.app.log.debug({ err, tenantId }, 'menus not built ahead'))
      .finally(() => {
        if (this.active.get(tenantId) === done) this.active.delete(tenantId);
        if (this.finishedUncollected.size >= 1024) this.finishedUncollected.clear();
        this.finishedUncollected.set(tenantId, performance.now());
      });
    this.active.set(tenantId, done);
    return done;
  }

  /** Builds the restaurant's locales again and makes their forms; resolves when all are done. */
  private async refresh(tenantId: number, wanted: Wanted): Promise<void> {
    const tenant = this.tenantState(tenantId);
    if (tenant?.status !== 'active' || !tenant.publicActive) return;
    // Compressions run on the thread pool while the next locale is built (waiting for each
    // locale's gzip and brotli in turn took five locales past 20 ms), in REFRESH_LANES lanes of
    // this restaurant's own (another restaurant's slow form never holds its answer): the pool's
    // other threads stay free for a request that compresses its own form.
    const lanes: Promise<unknown>[] = Array.from({ length: REFRESH_LANES }, () => DONE);
    let turn = 0;
    const notBuilt = (err: unknown) =>
      this.app.log.debug({ err, tenantId }, 'menu not built ahead; its next request builds it');
    for (const [locale, forms] of wanted) {
      if (this.closed) break;
      const began = performance.now();
      try {
        await menuDocumentFor(this.app, tenant, locale, 'identity', (doc) => {
          // Built here, not by a request (one that built it is compressing its form): the next
          // request for it is a hit.
          if (doc.fresh && doc.pending.size === 0) {
            this.built++;
            doc.fresh = false;
          }
          // Before its forms are made: from two identity requests on, the identity body stays.
          if (forms.identityAsks > doc.identityAsks) doc.identityAsks = forms.identityAsks;
          for (const encoding of forms.encodings) {
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
}

// The analytics writer: accepted events wait in memory and are stored in batches (at least once
// a second), raw rows and rollups in one transaction; stop() stores everything still queued, so
// a normal restart loses nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { pruneEvents, type StoredEvent, storeEvents } from './repo.js';

/** Retention runs this often (and once shortly after start). */
const PRUNE_EVERY_MS = 3_600_000;
const PRUNE_BATCH = 10_000;

const BATCH = 5000;

interface Queued {
  tenantId: number;
  event: StoredEvent;
  /** Failed attempts to store it so far. */
  attempts: number;
}

/** After this many failed attempts an event is set aside (logged) so it cannot block the others. */
const MAX_ATTEMPTS = 5;

export class AnalyticsWriter {
  private queue: Queued[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  /** Days of raw events kept; undefined keeps everything. */
  retentionDays: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 1000,
    /** Beyond this many waiting events new batches are refused (the database is not keeping up). */
    readonly maxQueue = 100_000,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  /** Queues a validated batch; false when the queue is full. */
  enqueue(tenantId: number, events: StoredEvent[]): boolean {
    if (this.queue.length + events.length > this.maxQueue) return false;
    for (const event of events) this.queue.push({ tenantId, event, attempts: 0 });
    return true;
  }

  /** Stores everything queued now; one flush at a time. */
  flush(): Promise<void> {
    if (!this.flushing) {
      this.flushing = this.drain().finally(() => {
        this.flushing = undefined;
      });
    }
    return this.flushing;
  }

  private async store(entries: Queued[]): Promise<void> {
    const byTenant = new Map<number, StoredEvent[]>();
    for (const { tenantId, event } of entries) {
      const list = byTenant.get(tenantId);
      if (list) list.push(event);
      else byTenant.set(tenantId, [event]);
    }
    await this.db.transaction().execute(async (trx) => {
      for (const [tenantId, events] of byTenant) await storeEvents(trx, tenantId, events);
    });
  }

  private async drain(): Promise<void> {
    const retry: Queued[] = [];
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      try {
        await this.store(batch);
        continue;
      } catch (err) {
        if (isDatabaseUnavailable(err)) {
          // The database is away: keep everything (the queue's bound answers 503 to new batches)
          // and try again on the next tick, without counting it against the events.
          this.log.warn(
            { err, events: this.queue.length + batch.length },
            'database unavailable; analytics events kept queued',
          );
          this.queue.unshift(...retry, ...batch);
          return;
        }
        this.log.warn({ err, events: batch.length }, 'storing an analytics batch failed; retrying tenant by tenant');
      }
      // One tenant's (or one event's) failure must not hold everyone else's events back.
      const tenants = [...new Set(batch.map((q) => q.tenantId))];
      for (const tenantId of tenants) {
        const mine = batch.filter((q) => q.tenantId === tenantId);
        try {
          await this.store(mine);
        } catch (err) {
          for (const q of mine) q.attempts++;
          const dropped = mine.filter((q) => q.attempts >= MAX_ATTEMPTS);
          if (dropped.length > 0) {
            this.log.error(
              { err, tenantId, events: dropped.length },
              'analytics events set aside after repeated failures',
            );
          }
          retry.push(...mine.filter((q) => q.attempts < MAX_ATTEMPTS));
        }
      }
    }
    // Failed events wait for the next tick (the database may be back by then).
    this.queue.unshift(...retry);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
    if (this.retentionDays !== undefined) {
      const prune = () =>
        void this.prune().catch((err) => this.log.warn({ err }, 'pruning old analytics events failed; will retry'));
      setTimeout(prune, 5_000).unref();
      this.pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
      this.pruneTimer.unref();
    }
  }

  /** Deletes raw events older than the retention (in batches); returns how many went. */
  async prune(now = Date.now()): Promise<number> {
    if (this.retentionDays === undefined) return 0;
    const beforeDay = new Date(now - this.retentionDays * 86_400_000).toISOString().slice(0, 10);
    let total = 0;
    for (;;) {
      const n = await pruneEvents(this.db, beforeDay, PRUNE_BATCH);
      total += n;
      if (n < PRUNE_BATCH) break;
    }
    if (total > 0) this.log.info({ events: total, beforeDay }, 'old analytics events pruned');
    return total;
  }

  /** Stores what is queued; events that keep failing are retried a few times, then logged and set aside. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.timer = undefined;
    for (let i = 0; i < MAX_ATTEMPTS && this.queue.length > 0; i++) await this.flush();
  }
}

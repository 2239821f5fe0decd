// The analytics writer: accepted events wait in memory and are stored in batches (at least once
// a second), raw rows and rollups in one transaction; stop() stores everything still queued, so
// a normal restart loses nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { type StoredEvent, storeEvents } from './repo.js';

const BATCH = 5000;

export class AnalyticsWriter {
  private queue: { tenantId: number; event: StoredEvent }[] = [];
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

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
    for (const event of events) this.queue.push({ tenantId, event });
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

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      const byTenant = new Map<number, StoredEvent[]>();
      for (const { tenantId, event } of batch) {
        const list = byTenant.get(tenantId);
        if (list) list.push(event);
        else byTenant.set(tenantId, [event]);
      }
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const [tenantId, events] of byTenant) await storeEvents(trx, tenantId, events);
        });
      } catch (err) {
        // Put the batch back in front and try again on the next tick: accepted events are not dropped.
        this.queue.unshift(...batch);
        this.log.error({ err, events: batch.length }, 'storing analytics events failed; will retry');
        return;
      }
    }
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.queue.length > 0) await this.flush();
  }
}

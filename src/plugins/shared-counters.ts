// Rate-limit counters shared through Redis that survive a Redis outage: Redis calls fail fast
// (short connect and command timeouts, no offline queue), and while Redis is away every instance
// limits with its own in-memory counters (logged once); when Redis is ready again the shared
// counters take over (logged once too).
import { Redis } from 'ioredis';
import { type CounterStore, type Hit, MemoryCounterStore, RedisCounterStore } from './counters.js';

/** A Redis that does not answer in this long is treated as away for the request. */
export const REDIS_CONNECT_TIMEOUT_MS = 1000;
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export interface CounterLog {
  warn(obj: object, msg: string): void;
  info(msg: string): void;
}

export class FallbackCounterStore implements CounterStore {
  private readonly shared: RedisCounterStore;
  private readonly local = new MemoryCounterStore();
  private usingShared = true;
  private closing = false;
  /** Set by the app once its logger exists. */
  log: CounterLog | undefined;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.shared = new RedisCounterStore(redis, prefix);
    // Without a listener ioredis prints every connection error; the state change is logged here.
    redis.on('error', (err) => this.degrade(err));
    redis.on('close', () => this.degrade(undefined));
    redis.on('ready', () => {
      if (!this.usingShared) this.log?.info('Redis is back: rate limits use the shared counters again');
      this.usingShared = true;
    });
  }

  /** True while counting in Redis (tests and /readyz may ask). */
  get isShared(): boolean {
    return this.usingShared && this.redis.status === 'ready';
  }

  private degrade(err: unknown): void {
    if (this.usingShared && !this.closing) {
      this.log?.warn(
        { err },
        'Redis unavailable: this instance limits with its own in-memory counters until it returns',
      );
    }
    this.usingShared = false;
  }

  hit(key: string): Hit | Promise<Hit> {
    // Not connected: no round trip at all, count here.
    if (this.redis.status !== 'ready') {
      this.degrade(undefined);
      return this.local.hit(key);
    }
    return this.shared.hit(key).catch((err: unknown) => {
      this.degrade(err);
      return this.local.hit(key);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.local.close();
    // quit() waits for a Redis that may be away; disconnect() does not.
    if (this.redis.status === 'ready') await this.shared.close().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** The Redis client for counters: fails fast, reconnects in the background every ≤ 2 s. */
export function fallbackCounterStore(url: string, prefix: string): FallbackCounterStore {
  const redis = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  return new FallbackCounterStore(redis, prefix);
}

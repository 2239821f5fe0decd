// Rate-limit counters (fixed 60-second windows, Laravel's semantics: the window starts at the
// first request), their keys and the headers that report them: one module for the rate-limit
// plugin and the menu fast path, so both count and answer alike. In memory by default, in Redis
// when REDIS_URL is set so that several instances share one budget.
import type { Redis } from 'ioredis';

export const WINDOW_MS = 60_000;

export const LIMIT_HEADER = 'x-ratelimit-limit';
export const REMAINING_HEADER = 'x-ratelimit-remaining';

/** The counter of one budget (`public`, `admin`) for one client of one restaurant. */
export function counterKey(bucket: string, tenantId: number, client: string): string {
  return `${bucket}:${tenantId}:${client}`;
}

/** The headers every limited answer carries. */
export function limitHeaders(limit: number, count: number): Record<string, string> {
  return { [LIMIT_HEADER]: String(limit), [REMAINING_HEADER]: String(Math.max(0, limit - count)) };
}

export interface Hit {
  count: number;
  /** Milliseconds until the window resets. */
  resetMs: number;
}

export interface CounterStore {
  /** Counts one request against `key`; sync for memory, async for Redis. */
  hit(key: string): Hit | Promise<Hit>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Drop expired windows now and then so one-off clients do not accumulate.
    this.sweeper = setInterval(() => {
      const t = this.now();
      for (const [key, w] of this.windows) if (w.resetAt <= t) this.windows.delete(key);
    }, WINDOW_MS).unref();
  }

  hit(key: string): Hit {
    const t = this.now();
    const w = this.windows.get(key);
    if (w === undefined || w.resetAt <= t) {
      this.windows.set(key, { count: 1, resetAt: t + WINDOW_MS });
      return { count: 1, resetMs: WINDOW_MS };
    }
    w.count++;
    return { count: w.count, resetMs: w.resetAt - t };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }
}

// INCR, start the window on the first hit, and report the time left: one round trip, atomic.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string): Promise<Hit> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, WINDOW_MS)) as [number, number];
    return { count, resetMs: ttl };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}

// Fixed-window rate limits per tenant and client IP (Laravel's semantics: the 60-second window
// starts at the first request). Counters live in memory, or in Redis when REDIS_URL is set so
// that several instances share one budget. Every limited response carries X-RateLimit-Limit and
// X-RateLimit-Remaining; a 429 adds Retry-After.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { TooManyRequestsError } from '../http/errors.js';

export const WINDOW_MS = 60_000;

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

function apply(reply: FastifyReply, limit: number, hit: Hit): void {
  reply.header('x-ratelimit-limit', limit);
  reply.header('x-ratelimit-remaining', Math.max(0, limit - hit.count));
  if (hit.count > limit) throw new TooManyRequestsError(Math.max(1, Math.ceil(hit.resetMs / 1000)));
}

export interface RateLimitOptions {
  store: CounterStore;
  /** Bucket name in the counter key, so the admin and public budgets never share a counter. */
  bucket: string;
  limit: number;
}

/** Counts every request of the scope it is registered in against (bucket, tenant, client IP). */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { store, bucket, limit }) => {
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      const key = `${bucket}:${request.tenant.id}:${request.ip}`;
      const hit = store.hit(key);
      if (!(hit instanceof Promise)) {
        try {
          apply(reply, limit, hit);
          done();
        } catch (err) {
          done(err as Error);
        }
        return;
      }
      hit.then(
        (h) => {
          try {
            apply(reply, limit, h);
            done();
          } catch (err) {
            done(err as Error);
          }
        },
        (err) => {
          // A menu that cannot be read because the counter store is down helps nobody: fail open, loudly.
          request.log.warn({ err, bucket }, 'rate-limit store unavailable; request not counted');
          done();
        },
      );
    });
  },
  { name: 'rate-limit', dependencies: ['tenant'] },
);

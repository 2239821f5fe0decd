// Fixed-window rate limits per tenant and client IP on the scope the plugin is registered in.
// Every limited response carries X-RateLimit-Limit and X-RateLimit-Remaining; a 429 adds
// Retry-After. The counters themselves are in plugins/counters.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsError } from '../core/errors.js';
import { type CounterStore, counterKey, type Hit, limitHeaders } from './counters.js';

function apply(reply: FastifyReply, limit: number, hit: Hit): void {
  reply.headers(limitHeaders(limit, hit.count));
  if (hit.count > limit) throw new TooManyRequestsError(Math.max(1, Math.ceil(hit.resetMs / 1000)));
}

export interface RateLimitOptions {
  store: CounterStore;
  /** Bucket name in the counter key, so the admin and public budgets never share a counter. */
  bucket: string;
  /** Requests per window; a function for a limit that differs per restaurant (the admin API's). */
  limit: number | ((request: FastifyRequest) => number);
}

/** Counts every request of the scope it is registered in against (bucket, tenant, client IP). */
export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { store, bucket, limit: limitOf }) => {
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
      const limit = typeof limitOf === 'number' ? limitOf : limitOf(request);
      const hit = store.hit(counterKey(bucket, request.tenant.id, request.client));
      const settle = (h: Hit) => {
        try {
          apply(reply, limit, h);
          done();
        } catch (err) {
          done(err as Error);
        }
      };
      if (!(hit instanceof Promise)) return settle(hit);
      hit.then(settle, (err) => {
        // A menu that cannot be read because the counter store is down helps nobody: fail open, loudly.
        request.log.warn({ err, bucket }, 'rate-limit store unavailable; request not counted');
        done();
      });
    });
  },
  { name: 'rate-limit', dependencies: ['tenant'] },
);

// /healthz, /readyz and /metrics: for load balancers, orchestrators and Prometheus (/readyz: 503
// only for the database or pending migrations; Redis down is 200 "degraded"). They answer on
// any Host, before tenant resolution and outside every rate limit (plugins/tenant.ts lets them
// through). /metrics is not public: a bearer METRICS_TOKEN when set, else loopback callers only.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { UnauthenticatedError } from '../../core/errors.js';
import { pendingMigrations } from '../../db/migrate.js';
import { createMetrics, type FastPathCounts } from './metrics.js';

type Check = 'ok' | 'failed' | 'not configured' | 'degraded';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Not encapsulated (fastify-plugin): the metrics' request hook must see every route. */
export const opsRoutes = fp(
  async (app: FastifyInstance, { fastPath }: { fastPath: FastPathCounts }) => {
    const registry = createMetrics(app, fastPath);
    let migrated = false;
    let redis: Redis | undefined;
    app.addHook('onClose', async () => {
      // QUIT needs an answer; a client still trying to reach Redis is simply dropped (else its
      // reconnection timer keeps the process alive).
      if (redis?.status === 'ready') await redis.quit().catch(() => undefined);
      else redis?.disconnect();
    });

    const checks = async (): Promise<Record<string, Check>> => {
      const database = withTimeout(sql`SELECT 1`.execute(app.database.db), 2000).then(
        () => 'ok' as const,
        () => 'failed' as const,
      );
      // Migrations only move forward: once all applied, not asked again.
      const migrations = migrated
        ? Promise.resolve('ok' as const)
        : withTimeout(pendingMigrations(app.database), 2000).then(
            (pending) => {
              migrated = pending.length === 0;
              return migrated ? ('ok' as const) : ('failed' as const);
            },
            () => 'failed' as const,
          );
      let cache: Promise<Check> = Promise.resolve('not configured');
      if (app.config.redisUrl) {
        if (!redis) {
          redis = new Redis(app.config.redisUrl, {
            lazyConnect: true,
            maxRetriesPerRequest: 1,
            enableOfflineQueue: false,
          });
          redis.on('error', () => undefined); // reported through the check (one listener, not one per check)
        }
        const client = redis;
        cache = withTimeout(
          (client.status === 'wait' ? client.connect() : Promise.resolve()).then(() => client.ping()),
          2000,
        ).then(
          () => 'ok' as const,
          // Degraded, not failed: without Redis each instance counts its own rate limits and
          // keeps serving. A 503 here would make a load balancer pull every instance at once.
          () => 'degraded' as const,
        );
      }
      const [db, m, r] = await Promise.all([database, migrations, cache]);
      return { database: db, migrations: m, redis: r };
    };

    const noStore = { 'cache-control': 'no-store' };
    app.get('/healthz', { schema: { hide: true }, config: { untenanted: true } }, async (_request, reply) =>
      reply.headers(noStore).send({ status: 'ok', pid: process.pid }),
    );
    app.get('/readyz', { schema: { hide: true }, config: { untenanted: true } }, async (_request, reply) => {
      const result = await checks();
      // Only what stops the service (the database, pending migrations) makes it 503.
      const ready = Object.values(result).every((c) => c !== 'failed');
      const degraded = Object.values(result).includes('degraded');
      return reply
        .code(ready ? 200 : 503)
        .headers(noStore)
        .send({
          status: ready ? (degraded ? 'degraded' : 'ready') : 'unavailable',
          checks: result,
          ...(result.redis === 'degraded'
            ? { detail: 'Redis is unreachable: rate limits are counted per instance until it is back.' }
            : {}),
        });
    });
    app.get('/metrics', { schema: { hide: true }, config: { untenanted: true } }, async (request, reply) => {
      if (!mayReadMetrics(request, app.config.metricsToken)) throw new UnauthenticatedError();
      const body = await registry.metrics();
      return reply.headers({ ...noStore, 'content-type': registry.contentType }).send(body);
    });
  },
  { name: 'ops' },
);

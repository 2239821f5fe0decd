// Safe retries for /api/v1/admin/*: every write (POST, PUT, PATCH, DELETE) sent with an
// `Idempotency-Key` header is answered once; the same key with the same method, path and body
// within 24 hours gets the first answer again (with `Idempotent-Replayed: true`), with another
// request a 422, and while the first is still running a 409. Keys are per restaurant and live in
// the database, so every instance shares them. An answer of 5xx is not kept: the retry runs again.
import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import { BadRequestError, ConflictError, InProgressError } from '../core/errors.js';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  pruneIdempotencyKeys,
  reclaimIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from '../db/idempotency-repo.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A first request that has not answered in this time is taken to have died with its instance. */
const ABANDONED_MS = 120_000;
const KEY = /^[\x21-\x7e]{1,255}$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this write ignores Idempotency-Key (none does today; every admin write honours it). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed, stored with its answer on send. */
    idempotencyKey: string | null;
  }
}

function requestHash(method: string, url: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method} ${url}\n`);
  if (Buffer.isBuffer(body)) hash.update(body);
  else hash.update(JSON.stringify(body ?? null));
  return hash.digest('hex');
}

export const idempotencyPlugin = fp(
  async (app, options: { now?: () => number }) => {
    const now = options.now ?? Date.now;
    const db = app.database.db;
    let lastPrune = 0;
    app.decorateRequest('idempotencyKey', null);

    // preHandler: after authentication and the body's parsing and validation.
    app.addHook('preHandler', async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      if (!WRITES.has(request.method) || request.routeOptions.config.idempotent === false) return;
      if (typeof header !== 'string' || !KEY.test(header)) throw new BadRequestError('idempotency_key_invalid');
      const tenantId = request.tenant.id;
      const at = now();
      if (at - lastPrune > 3600_000) {
        lastPrune = at;
        await pruneIdempotencyKeys(db, new Date(at - IDEMPOTENCY_TTL_MS).toISOString());
      }
      const hash = requestHash(request.method, request.url, request.body);
      const stamp = new Date(at).toISOString();
      if (await claimIdempotencyKey(db, tenantId, header, hash, stamp)) {
        request.idempotencyKey = header;
        return;
      }
      const held = await findIdempotencyKey(db, tenantId, header);
      const age = held ? at - Date.parse(held.created_at) : Number.POSITIVE_INFINITY;
      const stale = !held || age > IDEMPOTENCY_TTL_MS || (held.status_code === null && age > ABANDONED_MS);
      if (stale) {
        if (held && (await reclaimIdempotencyKey(db, tenantId, header, held, hash, stamp))) {
          request.idempotencyKey = header;
          return;
        }
        throw new InProgressError('idempotency_in_progress');
      }
      if (held.request_hash !== hash) throw new ConflictError('idempotency_key_reused', 'Idempotency-Key');
      if (held.status_code === null) throw new InProgressError('idempotency_in_progress');
      reply.code(held.status_code).header('idempotent-replayed', 'true');
      if (held.content_type) reply.header('content-type', held.content_type);
      return reply.send(held.status_code === 204 ? null : held.response_body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const key = request.idempotencyKey;
      if (key === null) return payload;
      request.idempotencyKey = null;
      if (reply.statusCode >= 500) {
        await releaseIdempotencyKey(db, request.tenant.id, key);
        return payload;
      }
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
      const type = reply.getHeader('content-type');
      await storeIdempotentAnswer(db, request.tenant.id, key, {
        status_code: reply.statusCode,
        response_body: body,
        content_type: typeof type === 'string' ? type : null,
      });
      return payload;
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);

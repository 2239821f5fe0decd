// GET /media/<name>: stored images at content-addressed names, cached by browsers for a year.
// The bytes come from the database (every instance serves every image); this instance keeps the
// most used ones in memory, which is safe because a name's content never changes.
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../core/errors.js';
import { findMediaFile } from './repo.js';
import { MEDIA_NAME } from './urls.js';

const CACHE_BYTES = 64 * 1024 * 1024;

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, { content_type: string; body: Buffer }>();
  let cached = 0;

  app.get<{ Params: { name: string } }>('/media/:name', { schema: { hide: true } }, async (request, reply) => {
    const name = request.params.name;
    if (!MEDIA_NAME.test(name)) throw new NotFoundError();
    const etag = `"${name}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const key = `${request.tenant.id}/${name}`;
    let file = cache.get(key);
    if (file) {
      cache.delete(key);
      cache.set(key, file);
    } else {
      file = await findMediaFile(app.database.db, request.tenant.id, name);
      if (!file) {
        reply.removeHeader('cache-control').removeHeader('etag');
        throw new NotFoundError();
      }
      cache.set(key, file);
      cached += file.body.length;
      while (cached > CACHE_BYTES && cache.size > 1) {
        const [oldest, value] = cache.entries().next().value!;
        cache.delete(oldest);
        cached -= value.body.length;
      }
    }
    return reply.type(file.content_type).header('x-content-type-options', 'nosniff').send(file.body);
  });
}

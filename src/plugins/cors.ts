// CORS for the public API: a restaurant's own web site may read its menu from the browser.
// Every answer of the public scope carries `Access-Control-Allow-Origin: *` (no credentials are
// involved: public reads need none), and an OPTIONS preflight of a public GET path answers 204.
// The admin API sends no CORS header at all: tokens are for server-side code only.
import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';

/** Headers a browser script may read on a public answer: revalidation and the rate-limit budget. */
export const EXPOSED_HEADERS = 'ETag, X-RateLimit-Limit, X-RateLimit-Remaining, Retry-After';

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language, Content-Type, If-None-Match',
  'access-control-max-age': '86400',
} as const;

/** Registered inside the public scope, before its routes, so it sees them all. */
export async function publicCors(scope: FastifyInstance): Promise<void> {
  const reads = FindMyWay({ ignoreTrailingSlash: true });
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET') && route.url !== '/api/v1/*') reads.on('GET', route.url, () => {});
  });
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    done();
  });
  scope.options(
    '/*',
    { schema: { hide: true } as object, config: { preflight: true } as object },
    async (request, reply) => {
      const path = request.url.split('?')[0];
      // Only a public read has a preflight; anything else answers as if the route did not exist.
      if (!reads.find('GET', path)) {
        reply.removeHeader('access-control-allow-origin');
        return reply.callNotFound();
      }
      return reply.code(204).headers(CORS_HEADERS).send();
    },
  );
}

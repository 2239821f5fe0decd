// Security headers on every answer that leaves through Fastify (the menu fast path sets the same
// on its cached documents, the HTTP parser's refusals in http/error-handler.ts): no MIME sniffing,
// a referrer policy, a CSP on every HTML page that does not bring its own (docs, 404, errors),
// no caching of admin answers, and the Bearer challenge on a 401.
import type { FastifyInstance } from 'fastify';

/** For HTML the app renders without a policy of its own: nothing runs, nothing loads from elsewhere. */
export const DEFAULT_HTML_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

function isAdminApi(url: string): boolean {
  return url === '/api/v1/admin' || url.startsWith('/api/v1/admin/') || url.startsWith('/api/v1/admin?');
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', REFERRER_POLICY);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', DEFAULT_HTML_CSP);
    }
    // Admin answers hold a restaurant's private data: never in a shared or browser cache.
    if (isAdminApi(request.url)) reply.header('cache-control', 'no-store');
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) {
      reply.header('www-authenticate', 'Bearer realm="menu-api"');
    }
    done(null, payload);
  });
}

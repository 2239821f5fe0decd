// Caddy's on-demand TLS asks before it gets a certificate for a name it was never told about:
// `GET /internal/tls-allowed?domain=<name>` answers 200 only for a verified own domain of an
// active restaurant (else 404), and only to the addresses in TLS_ASK_FROM (loopback by default;
// anyone else: 403), on any Host, before tenant resolution and outside the rate limits.
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { certificateAllowed } from '../../accounts/tenants/domains.js';
import { parseProxyEntry, plainAddress } from '../../config.js';

export async function tlsAskRoutes(app: FastifyInstance): Promise<void> {
  const allowed = new BlockList();
  for (const entry of app.config.tlsAskFrom) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) continue;
    const family = parsed.family === 4 ? 'ipv4' : 'ipv6';
    if (parsed.prefix === undefined) allowed.addAddress(parsed.address, family);
    else allowed.addSubnet(parsed.address, parsed.prefix, family);
  }
  app.get('/internal/tls-allowed', { schema: { hide: true }, config: { untenanted: true } }, async (request, reply) => {
    // The socket's own peer: a forwarded address is never believed here.
    const peer = plainAddress(request.socket.remoteAddress ?? '');
    const family = isIP(peer);
    if (family === 0 || !allowed.check(peer, family === 4 ? 'ipv4' : 'ipv6')) {
      return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden\n');
    }
    const raw = (request.query as Record<string, unknown>).domain;
    const domain = typeof raw === 'string' ? raw.trim().toLowerCase().replace(/\.$/, '') : '';
    const ok = domain.length > 0 && domain.length <= 253 && (await certificateAllowed(app.database.db, domain));
    return reply
      .code(ok ? 200 : 404)
      .type('text/plain; charset=utf-8')
      .send(ok ? 'OK\n' : 'Not a verified domain\n');
  });
}

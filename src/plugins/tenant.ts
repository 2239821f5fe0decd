// Resolves the tenant from the Host header (never X-Forwarded-Host) before anything else runs.
// Unknown or suspended address: the branded HTML 404 on every path. A restaurant that switched
// its menu off (settings.is_active = false): the same page on public paths only.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HTML_TYPE, notFoundPage } from '../http/not-found-page.js';
import { normalizeHost, type TenantDirectory } from '../modules/tenants/directory.js';
import type { TenantState } from '../modules/tenants/repo.js';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantState;
  }
  interface FastifyInstance {
    tenants: TenantDirectory;
  }
}

/** Paths that keep working while the public menu is switched off. */
export function isAdminPath(url: string): boolean {
  return url.startsWith('/api/v1/admin') || url === '/admin' || url.startsWith('/admin/');
}

function admit(request: FastifyRequest, reply: FastifyReply, state: TenantState | undefined): boolean {
  if (state?.status !== 'active' || (!state.publicActive && !isAdminPath(request.url))) {
    reply.code(404).type(HTML_TYPE).send(notFoundPage);
    return false;
  }
  request.tenant = state;
  return true;
}

export const tenantPlugin = fp<{ directory: TenantDirectory }>(
  async (app, { directory }) => {
    app.decorate('tenants', directory);
    app.decorateRequest('tenant', null as unknown as TenantState);
    app.addHook('onRequest', (request, reply, done) => {
      const host = normalizeHost(request.headers.host);
      const cached = directory.peek(host);
      if (cached) {
        if (admit(request, reply, cached)) done();
        return;
      }
      directory.lookup(host).then(
        (state) => {
          if (admit(request, reply, state)) done();
        },
        (err) => done(err),
      );
    });
  },
  { name: 'tenant' },
);

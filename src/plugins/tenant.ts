// Resolves the tenant from the Host header (never X-Forwarded-Host) before anything else runs.
// Unknown or suspended address: the branded HTML 404 on every path. A restaurant that switched
// its menu off (settings.is_active = false): the same page on public paths only.
import fp from 'fastify-plugin';
import { normalizeHost, type TenantDirectory } from '../accounts/tenants/directory.js';
import type { TenantState } from '../accounts/tenants/repo.js';
import { UnknownRestaurantError } from '../core/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: TenantState;
  }
  interface FastifyInstance {
    tenants: TenantDirectory;
  }
  interface FastifyContextConfig {
    /** Answers on any Host, before tenant resolution (/healthz, /readyz, /metrics). */
    untenanted?: boolean;
  }
}

/** Paths that keep working while the public menu is switched off. */
export function isAdminPath(url: string): boolean {
  return url.startsWith('/api/v1/admin') || url === '/admin' || url.startsWith('/admin/');
}

function served(url: string, state: TenantState | undefined): state is TenantState {
  return state?.status === 'active' && (state.publicActive || isAdminPath(url));
}

export const tenantPlugin = fp<{ directory: TenantDirectory }>(
  async (app, { directory }) => {
    app.decorate('tenants', directory);
    app.decorateRequest('tenant', null as unknown as TenantState);
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config?.untenanted) return done();
      const admit = (state: TenantState | undefined) => {
        if (!served(request.url, state)) return done(new UnknownRestaurantError());
        request.tenant = state;
        // Every log line of the request names the restaurant.
        request.log = request.log.child({ tenant: state.slug });
        done();
      };
      const host = normalizeHost(request.headers.host);
      const cached = directory.peek(host);
      if (cached) return admit(cached);
      directory.lookup(host).then(admit, (err) => done(err));
    });
  },
  { name: 'tenant' },
);

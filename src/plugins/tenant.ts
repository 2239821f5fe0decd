// Resolves the tenant from the Host header (never X-Forwarded-Host) before anything else runs.
// Unknown address: the branded HTML 404 on every path. Suspended by the operator: 403, the
// reason in the envelope under /api, a neutral page elsewhere. A restaurant that switched
// its menu off (settings.is_active = false): the same page on public paths only. Addresses not in
// the directory's cache cost a database lookup, so they are rate-limited per client address.
import fp from 'fastify-plugin';
import { normalizeHost, type TenantDirectory } from '../accounts/tenants/directory.js';
import type { TenantState } from '../accounts/tenants/repo.js';
import { SuspendedRestaurantError, TooManyRequestsError, UnknownRestaurantError } from '../core/errors.js';
import { type CounterStore, counterKey, type Hit } from './counters.js';

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
  // `/admin?…` too: the overview with a query (`/admin?verified=1`) is the panel, not the public menu.
  return url.startsWith('/api/v1/admin') || url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?');
}

function served(url: string, state: TenantState | undefined): state is TenantState {
  return state?.status === 'active' && (state.publicActive || isAdminPath(url));
}

export interface TenantPluginOptions {
  directory: TenantDirectory;
  /**
   * Requests whose Host is not in the directory's cache (made-up addresses, each one a database
   * lookup) count against this budget per client address, like the public API; 0 turns it off.
   */
  unknownHostLimit?: { store: CounterStore; limit: number };
  /** Counts each request a restaurant is served (the operator console's usage). */
  tally?: { count(tenantId: number): void };
  /**
   * Where a request should go instead (its own domain's address for the menu page asked at the
   * old address), or undefined to serve it here: answered 301.
   */
  moved?: (state: TenantState, host: string, method: string, url: string) => string | undefined;
}

/** The counter bucket of requests for addresses not in the cache, per client address (no tenant: 0). */
export const UNKNOWN_HOST_BUCKET = 'unknown-host';

export const tenantPlugin = fp<TenantPluginOptions>(
  async (app, { directory, unknownHostLimit, tally, moved }) => {
    app.decorate('tenants', directory);
    app.decorateRequest('tenant', null as unknown as TenantState);
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.config?.untenanted) return done();
      const admit = (state: TenantState | undefined) => {
        // Suspended by the operator: the API says so (403 and the reason), diners see a neutral page.
        if (state?.status === 'suspended') return done(new SuspendedRestaurantError(state.suspendedReason));
        if (!served(request.url, state)) return done(new UnknownRestaurantError());
        request.tenant = state;
        tally?.count(state.id);
        const location = moved?.(state, host, request.method, request.url);
        if (location) {
          reply.code(301).header('location', location).send();
          return;
        }
        // Every log line of the request names the restaurant.
        request.log = request.log.child({ tenant: state.slug });
        done();
      };
      const host = normalizeHost(request.headers.host);
      const cached = directory.peek(host);
      if (cached) return admit(cached);
      const lookup = () => directory.lookup(host).then(admit, (err) => done(err));
      if (!unknownHostLimit || unknownHostLimit.limit <= 0) return void lookup();
      const { store, limit } = unknownHostLimit;
      const settle = (hit: Hit) => {
        if (hit.count > limit) return done(new TooManyRequestsError(Math.max(1, Math.ceil(hit.resetMs / 1000))));
        void lookup();
      };
      const hit = store.hit(counterKey(UNKNOWN_HOST_BUCKET, 0, request.client));
      if (!(hit instanceof Promise)) return settle(hit);
      // The counter store down: look up anyway (fail open, as the other limits do).
      hit.then(settle, () => void lookup());
    });
  },
  { name: 'tenant' },
);

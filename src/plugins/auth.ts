// Bearer-token authentication and scope check for /api/v1/admin/*. Runs at onRequest, before the
// body is parsed or validated, so a request without a valid token gets 401 whatever its body.
// Tokens are read from the database on every request: a revocation holds on the next request
// on every instance.
import fp from 'fastify-plugin';
import type { Scope } from '../accounts/tokens/scopes.js';
import { authenticate, type Principal } from '../accounts/tokens/service.js';
import { ForbiddenError, UnauthenticatedError } from '../core/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The request needs a token holding at least one of these scopes. */
    scopes?: Scope[];
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('principal', null);
    app.addHook('onRequest', async (request) => {
      const principal = await authenticate(app.database.db, request.tenant.id, request.headers.authorization);
      if (!principal) throw new UnauthenticatedError();
      // A route that forgot to declare its scopes is closed, not open.
      const needed = request.routeOptions.config.scopes ?? [];
      if (needed.length === 0 || !needed.some((s) => principal.scopes.includes(s))) throw new ForbiddenError();
      request.principal = principal;
    });
  },
  { name: 'auth', dependencies: ['tenant'] },
);

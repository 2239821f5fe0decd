// Route registration with the TypeBox type provider: a handler gets its params, query and body
// types from the route's own schemas, so handlers need no casts of the request.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

/** The same instance, typed so that routes registered on it infer their request types from their schemas. */
export function typed(app: FastifyInstance) {
  return app.withTypeProvider<TypeBoxTypeProvider>();
}

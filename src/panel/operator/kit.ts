// What the console's route files share: the Host-bound route options, the session guard, the page
// context and the clock (made once by routes.ts).
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { PanelContext } from '../context.js';
import type { OperatorSession } from './service.js';

export interface ConsoleRouteKit {
  route: RouteShorthandOptions;
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<OperatorSession | undefined>;
  context: (request: FastifyRequest, csrf: string) => PanelContext;
  now: () => number;
  since: () => string;
}

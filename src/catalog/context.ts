// What every public read starts from: the tenant's snapshot and the sections open right now.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MenuSnapshot } from './snapshot.js';

export interface PublicContext {
  snapshot: MenuSnapshot;
  openKey: string;
}

export async function publicContext(app: FastifyInstance, request: FastifyRequest): Promise<PublicContext> {
  const snapshot = await app.snapshots.get(request.tenant);
  return { snapshot, openKey: app.snapshots.openKey(snapshot, snapshot.settings.timezone) };
}

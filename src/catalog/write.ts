// Every write to something the menu shows runs here: one transaction that also bumps the
// tenant's menu version, then the new version is noted so this instance serves it at once.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.js';
import { bumpMenuVersion } from '../modules/tenants/repo.js';
import type { MenuSnapshot } from './snapshot.js';

export async function writeMenu<T>(app: FastifyInstance, tenantId: number, work: (trx: Db) => Promise<T>): Promise<T> {
  const { result, version } = await app.database.db.transaction().execute(async (trx) => {
    const result = await work(trx);
    return { result, version: await bumpMenuVersion(trx, tenantId) };
  });
  app.tenants.noteMenuVersion(tenantId, version);
  return result;
}

/**
 * The owner's snapshot, current as of now: the version is read from the database (one small
 * query) so an admin read right after a write on another instance already sees it.
 */
export async function ownerSnapshot(app: FastifyInstance, tenantId: number): Promise<MenuSnapshot> {
  await app.tenants.reload(tenantId);
  const tenant = app.tenants.get(tenantId);
  if (!tenant) throw new Error(`tenant ${tenantId} vanished`);
  return app.snapshots.get(tenant);
}

// Every write to something the menu shows runs here: one transaction that also bumps the
// tenant's menu version. Services record what they changed (resource, id, rows before and
// after) and who changed it; features listen: in the transaction (the audit log, the webhook
// outbox) and after the commit (this instance serves the new version at once, other instances
// are told).
import type { FastifyInstance } from 'fastify';
import { bumpMenuVersion } from '../accounts/tenants/repo.js';
import type { Db } from '../db/connect.js';
import { isRetryableConflict } from '../db/errors.js';
import type { RowCache } from './row-cache.js';
import type { MenuSnapshot } from './snapshot.js';

/** Who made a change: a token on the admin API, a signed-in user of the panel, or the operator's command line. */
export interface Actor {
  via: 'api' | 'panel' | 'cli' | 'system' | 'import';
  userId: number | null;
  tokenId: number | null;
  tokenName: string | null;
}

/** The actor behind an admin API request: the token's user, and the token itself. */
export function apiActor(principal: { userId: number; tokenId: number; tokenName: string } | null): Actor {
  if (!principal) throw new Error('admin write without an authenticated principal');
  return { via: 'api', userId: principal.userId, tokenId: principal.tokenId, tokenName: principal.tokenName };
}

export const CLI_ACTOR: Actor = Object.freeze({ via: 'cli', userId: null, tokenId: null, tokenName: null });

export type ChangedResource =
  | 'categories'
  | 'items'
  | 'types'
  | 'wineries'
  | 'option_groups'
  | 'options'
  | 'settings'
  | 'theme';

/** One row changed by a write; rows are the stored rows (the audit log maps them to their API form). */
export interface Change {
  resource: ChangedResource;
  id: number;
  action: 'created' | 'updated' | 'deleted';
  before: object | null;
  after: object | null;
}

/** What a service gets to write with: the transaction, whose menu, who asks, and where to record changes. */
export interface MenuWrite {
  trx: Db;
  tenantId: number;
  actor: Actor;
  /** The app's clock when the write began (a sold-out mark's default end is computed from it). */
  now: number;
  record(change: Change): void;
  /** Rows read once for a write through many of them (row-cache.ts); reads go to the database without it. */
  rows?: RowCache;
}

/** Runs inside the transaction, after the work (e.g. the audit log, the webhook outbox). */
export type InTransaction = (
  trx: Db,
  tenantId: number,
  actor: Actor,
  changes: Change[],
  /** The menu version this write takes. */
  version: number,
) => Promise<void>;
/** Runs after the commit (e.g. serving the new version, telling other instances). */
export type AfterCommit = (tenantId: number, version: number, changes: Change[]) => void;

/** A write that meets a lock or serialization conflict is tried this many times in all. */
export const WRITE_ATTEMPTS = 3;

export class MenuWriter {
  private readonly inTransaction: InTransaction[] = [];
  private readonly afterCommit: AfterCommit[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Registers a participant; features do this once when the app is assembled. */
  listen(listener: { inTransaction?: InTransaction; afterCommit?: AfterCommit }): void {
    if (listener.inTransaction) this.inTransaction.push(listener.inTransaction);
    if (listener.afterCommit) this.afterCommit.push(listener.afterCommit);
  }

  async write<T>(tenantId: number, actor: Actor, work: (w: MenuWrite) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const changes: Change[] = [];
      try {
        const { result, version } = await this.db.transaction().execute(async (trx) => {
          const now = this.clock();
          const result = await work({ trx, tenantId, actor, now, record: (change) => changes.push(change) });
          // The version first: its row stays locked until the commit, so one restaurant's writes
          // take their versions in commit order (the change feed relies on it).
          const version = await bumpMenuVersion(trx, tenantId);
          for (const listener of this.inTransaction) await listener(trx, tenantId, actor, changes, version);
          return { result, version };
        });
        for (const listener of this.afterCommit) listener(tenantId, version, changes);
        return result;
      } catch (err) {
        // Rolled back as a whole: another process held SQLite's lock, or PostgreSQL could not
        // serialize it with a concurrent write. Run it again a few times, then let it answer 503/409.
        if (attempt >= WRITE_ATTEMPTS || !isRetryableConflict(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
      }
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    menuWriter: MenuWriter;
  }
}

export function writeMenu<T>(
  app: FastifyInstance,
  tenantId: number,
  actor: Actor,
  work: (w: MenuWrite) => Promise<T>,
): Promise<T> {
  return app.menuWriter.write(tenantId, actor, work);
}

/**
 * The owner's snapshot, current as of now: the version is read from the database (one small
 * query) so an admin read right after a write on another instance already sees it.
 */
/** The menu as diners see it now (flagged translations left out), read after the tenant's latest write. */
export async function dinerSnapshot(app: FastifyInstance, tenantId: number): Promise<MenuSnapshot> {
  await app.tenants.reload(tenantId);
  const tenant = app.tenants.get(tenantId);
  if (!tenant) throw new Error(`tenant ${tenantId} vanished`);
  return app.snapshots.get(tenant);
}

export async function ownerSnapshot(app: FastifyInstance, tenantId: number): Promise<MenuSnapshot> {
  const snapshot = await dinerSnapshot(app, tenantId);
  // The stored rows, flagged translations included (diners' snapshot leaves them out).
  return snapshot.raw ?? snapshot;
}

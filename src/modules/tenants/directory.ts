// In-memory map from request host to tenant state, kept fresh by a light periodic refresh so that
// a known tenant is resolved with no database round trip, while suspension and writes made by
// another process (CLI, another instance) are seen within `refreshMs`.
import type { Db } from '../../db/connect.js';
import { findTenantStateByDomain, findTenantStateBySlug, loadTenantStates, type TenantState } from './repo.js';

/** `Demo.LocalHost:3000` → `demo.localhost`; `[::1]:3000` → `[::1]`. */
export function normalizeHost(raw: string | undefined): string {
  if (!raw) return '';
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    host = end === -1 ? host : host.slice(0, end + 1);
  } else {
    const colon = host.indexOf(':');
    if (colon !== -1) host = host.slice(0, colon);
  }
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export class TenantDirectory {
  private readonly byHost = new Map<string, number>();
  private readonly byId = new Map<number, TenantState>();
  private timer: NodeJS.Timeout | undefined;
  private readonly suffix: string;

  constructor(
    private readonly db: Db,
    baseDomain: string,
    private readonly refreshMs: number,
  ) {
    this.suffix = `.${baseDomain}`;
  }

  /** The slug a host names under the base domain, or undefined for a custom domain. */
  slugOf(host: string): string | undefined {
    if (!host.endsWith(this.suffix)) return undefined;
    const label = host.slice(0, -this.suffix.length);
    return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) ? label : undefined;
  }

  /** Cached state for a host, if it is known; the hot path. */
  peek(host: string): TenantState | undefined {
    const id = this.byHost.get(host);
    return id === undefined ? undefined : this.byId.get(id);
  }

  /** Looks an unknown host up in the database. Unknown hosts are never cached (a new tenant is served at once). */
  async lookup(host: string): Promise<TenantState | undefined> {
    const slug = this.slugOf(host);
    const state = slug ? await findTenantStateBySlug(this.db, slug) : await findTenantStateByDomain(this.db, host);
    if (state) {
      this.byHost.set(host, state.id);
      this.byId.set(state.id, state);
    }
    return state;
  }

  get(tenantId: number): TenantState | undefined {
    return this.byId.get(tenantId);
  }

  /** A write committed on this instance: serve its effect at once, without waiting for the refresh. */
  noteMenuVersion(tenantId: number, version: number): void {
    const state = this.byId.get(tenantId);
    if (state && version > state.menuVersion) this.byId.set(tenantId, { ...state, menuVersion: version });
  }

  /** Settings changed on this instance (activity, time zone, default locale). */
  async reload(tenantId: number): Promise<void> {
    const [state] = await loadTenantStates(this.db, [tenantId]);
    if (state) this.byId.set(tenantId, state);
  }

  async refresh(): Promise<void> {
    const ids = [...this.byId.keys()];
    const fresh = await loadTenantStates(this.db, ids);
    const seen = new Set<number>();
    for (const state of fresh) {
      seen.add(state.id);
      // Versions only grow: a refresh read just before a local write must not undo noteMenuVersion.
      const known = this.byId.get(state.id);
      this.byId.set(
        state.id,
        known && known.menuVersion > state.menuVersion ? { ...state, menuVersion: known.menuVersion } : state,
      );
    }
    for (const id of ids) if (!seen.has(id)) this.byId.delete(id);
    for (const [host, id] of this.byHost) {
      const state = this.byId.get(id);
      // A tenant whose slug changed no longer owns its old address.
      if (!state || (this.slugOf(host) !== undefined && this.slugOf(host) !== state.slug)) this.byHost.delete(host);
    }
  }

  start(onError: (err: unknown) => void, onSuccess: () => void = () => {}): void {
    if (this.timer) return;
    const tick = () => {
      this.refresh()
        .then(onSuccess, onError)
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.refreshMs).unref();
        });
    };
    this.timer = setTimeout(tick, this.refreshMs).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

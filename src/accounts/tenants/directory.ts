// In-memory map from request host to tenant state, kept fresh by a light periodic refresh so that
// a known tenant is resolved with no database round trip, while suspension and writes made by
// another process (CLI, another instance) are seen within `refreshMs`.
import type { Db } from '../../db/connect.js';
import {
  findTenantStateByDomain,
  findTenantStateBySlug,
  latestChangeSeq,
  loadTenantChanges,
  loadTenantStates,
  type TenantState,
} from './repo.js';

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

/** Whether two states of a restaurant say the same (every field, so a field added later counts too). */
function sameState(a: TenantState, b: TenantState): boolean {
  for (const key in b) if (a[key as keyof TenantState] !== b[key as keyof TenantState]) return false;
  for (const key in a) if (!(key in b)) return false;
  return true;
}

/** How long an unknown host is remembered as unknown, and how many are. */
export const MISSING_TTL_MS = 60_000;
export const MISSING_MAX = 10_000;
/**
 * Rows changed within this window are read again by every refresh: on PostgreSQL a transaction
 * can commit after another that took a later change_seq, and must not be skipped.
 */
const LOOKBACK_MS = 10_000;
const CHANGES_PAGE = 1000;

export interface DirectoryStats {
  tenants: number;
  missingHosts: number;
  lookups: number;
  missingHits: number;
  refreshes: number;
}

export class TenantDirectory {
  private readonly byHost = new Map<string, number>();
  private readonly byId = new Map<number, TenantState>();
  /** Hosts known to name no tenant, until when (insertion order = expiry order). */
  private readonly missing = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly suffix: string;
  /** The highest change_seq read, and the ones read over the look-back window (oldest first). */
  private seenSeq = -1;
  /** Refreshes read from here: the highest change_seq seen at least LOOKBACK_MS ago. */
  private floorSeq = -1;
  private readonly seqHistory: { at: number; seq: number }[] = [];
  /** Called with the tenants a refresh or an announcement found changed (caches drop what they hold). */
  onChange: (tenantId: number) => void = () => {};
  /** A cheap "did anything change?" asked before the refresh query (SQLite's PRAGMA data_version). */
  changedSinceLastCheck: () => Promise<boolean> = async () => true;
  readonly stats: DirectoryStats = { tenants: 0, missingHosts: 0, lookups: 0, missingHits: 0, refreshes: 0 };
  /**
   * Moves with every change of what `peek` answers for a host already known: a restaurant's state
   * replaced (a new menu version, a status, a setting), a host that stops naming a restaurant, a
   * restaurant dropped. A newly known host leaves it alone (nothing answered before changes). The
   * menu's fast path keeps what it resolved per Host and URL only while it stays the same
   * (features/menu/fast-path.ts). Read-only outside this class.
   */
  generation = 0;

  constructor(
    private readonly db: Db,
    baseDomain: string,
    private readonly refreshMs: number,
    private readonly now: () => number = Date.now,
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

  /**
   * Looks an unknown host up in the database. A host that names no tenant is remembered as such
   * for a minute (junk Host headers cost no query), forgotten as soon as a tenant is created.
   */
  async lookup(host: string): Promise<TenantState | undefined> {
    const until = this.missing.get(host);
    if (until !== undefined) {
      if (until > this.now()) {
        this.stats.missingHits++;
        return undefined;
      }
      this.missing.delete(host);
    }
    this.stats.lookups++;
    const slug = this.slugOf(host);
    const state = slug ? await findTenantStateBySlug(this.db, slug) : await findTenantStateByDomain(this.db, host);
    if (state) {
      // Another host of a known restaurant may bring a newer state of it.
      const known = this.byId.get(state.id);
      if (known && !sameState(known, state)) this.generation++;
      this.byHost.set(host, state.id);
      this.byId.set(state.id, state);
    } else {
      this.rememberMissing(host);
    }
    return state;
  }

  get(tenantId: number): TenantState | undefined {
    return this.byId.get(tenantId);
  }

  /** A tenant was created (here or announced by another process): unknown hosts may now be known. */
  tenantCreated(): void {
    this.missing.clear();
  }

  /** A write committed (here, or announced): serve its effect at once, without waiting for the refresh. */
  noteMenuVersion(tenantId: number, version: number): void {
    const state = this.byId.get(tenantId);
    if (state && version > state.menuVersion) {
      this.byId.set(tenantId, { ...state, menuVersion: version });
      this.generation++;
      this.onChange(tenantId);
    }
  }

  /** Re-reads one tenant's state (settings or status changed, here or elsewhere). */
  async reload(tenantId: number): Promise<void> {
    const [state] = await loadTenantStates(this.db, [tenantId]);
    if (state) this.update(state);
    else if (this.byId.has(tenantId)) this.drop(tenantId);
  }

  /** A restaurant that no longer exists (erased): its addresses name nothing, its caches go. */
  private drop(tenantId: number): void {
    this.byId.delete(tenantId);
    for (const [host, id] of this.byHost) if (id === tenantId) this.byHost.delete(host);
    this.generation++;
    this.onChange(tenantId);
  }

  /** Reads the tenants changed since the last refresh (the safety net behind announcements). */
  async refresh(): Promise<void> {
    // Until start() learned where the numbers stand, every row is read (once).
    if (!(await this.changedSinceLastCheck()) && this.seenSeq >= 0) return;
    this.stats.refreshes++;
    const now = this.now();
    while (this.seqHistory.length > 0 && this.seqHistory[0].at <= now - LOOKBACK_MS) {
      this.floorSeq = this.seqHistory.shift()!.seq;
    }
    let since = this.floorSeq;
    let maxSeq = this.seenSeq;
    let created = false;
    for (;;) {
      const changes = await loadTenantChanges(this.db, since, CHANGES_PAGE);
      for (const { state, changeSeq } of changes) {
        since = changeSeq;
        if (changeSeq > maxSeq) maxSeq = changeSeq;
        if (this.byId.has(state.id)) this.update(state);
        // A tenant never seen whose change is new may be a new one: unknown hosts may name it now.
        else if (changeSeq > this.seenSeq) created = true;
      }
      if (changes.length < CHANGES_PAGE) break;
    }
    if (created) this.tenantCreated();
    if (maxSeq > this.seenSeq) {
      this.seenSeq = maxSeq;
      this.seqHistory.push({ at: now, seq: maxSeq });
    }
  }

  private update(state: TenantState): void {
    const known = this.byId.get(state.id);
    // Versions only grow: a refresh read just before a local write must not undo noteMenuVersion.
    const next = known && known.menuVersion > state.menuVersion ? { ...state, menuVersion: known.menuVersion } : state;
    this.byId.set(state.id, next);
    // A refresh reads every changed row again for a while (LOOKBACK_MS): the same state again changes nothing.
    if (!known || !sameState(known, next)) this.generation++;
    if (
      !known ||
      known.menuVersion !== next.menuVersion ||
      known.status !== next.status ||
      known.publicActive !== next.publicActive
    ) {
      this.onChange(state.id);
    }
    if (known && known.slug !== state.slug) {
      // A tenant whose slug changed no longer owns its old address.
      for (const [host, id] of this.byHost) {
        if (id === state.id && this.slugOf(host) !== undefined && this.slugOf(host) !== state.slug) {
          this.byHost.delete(host);
        }
      }
    }
  }

  private rememberMissing(host: string): void {
    if (this.missing.size >= MISSING_MAX) {
      // Oldest first: Map order is insertion order, and every entry lives the same TTL.
      this.missing.delete(this.missing.keys().next().value!);
    }
    this.missing.set(host, this.now() + MISSING_TTL_MS);
  }

  /** Sizes for /metrics. */
  counts(): DirectoryStats {
    return { ...this.stats, tenants: this.byId.size, missingHosts: this.missing.size };
  }

  /** Learns where the change numbers stand (before serving: nothing is cached yet), then refreshes periodically. */
  async start(onError: (err: unknown) => void, onSuccess: () => void = () => {}): Promise<void> {
    if (this.timer) return;
    try {
      this.seenSeq = await latestChangeSeq(this.db);
      this.floorSeq = this.seenSeq;
    } catch (err) {
      onError(err);
    }
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

// One memory budget, in bytes, for everything the service caches per restaurant: snapshots, built
// documents, their compressed forms and pages.
//
// Entries are charged with their size and touched when used; touching is one field write (a
// counter stamp), so the hot path pays nothing measurable. When the total passes the budget,
// entries are evicted until the total is back under 90% of it: first the cheap ones (what is
// rebuilt from something still held or by one quick query: snapshots, identity bodies kept beside a
// compressed form), least recently used first, then the rest, least recently used first. Eviction
// runs in batches, so its sort is paid once per 10% of the budget that churns, not once per
// insertion.

/** Over the budget, entries are evicted until the total is back under this share of it. */
const LOW_WATER = 0.9;

export interface BudgetEntry {
  /** Bytes this entry holds (bodies; an estimate for snapshots). */
  bytes: number;
  /** Last use (the budget's clock); set by `charge` and `touch`. */
  stamp: number;
  /** What the bytes are, for /metrics: `snapshot`, or a document kind and its form (`menu.br`, `page.identity`...). */
  kind: string;
  /** The restaurant whose entry it is (bytes per restaurant in /metrics). */
  tenantId: number;
  /** Cheap to rebuild (a snapshot: one query per table; an identity body: one decompression): evicted first. */
  cheap?: boolean;
  /** Drops the entry from its owner's structures; the budget has already forgotten it. */
  evict(): void;
}

export interface KindStats {
  bytes: number;
  entries: number;
  /** Restaurants holding at least one entry of the kind. */
  restaurants: number;
  evictions: number;
}

export interface BudgetStats {
  maxBytes: number;
  bytes: number;
  entries: number;
  evictions: number;
  /** Evictions of entries that were not cheap (built documents, compressed forms). */
  costlyEvictions: number;
}

interface KindTotals {
  bytes: number;
  entries: number;
  evictions: number;
  /** Entries held per restaurant. */
  perTenant: Map<number, number>;
}

export class CacheBudget {
  private readonly entries = new Set<BudgetEntry>();
  private readonly kinds = new Map<string, KindTotals>();
  private clock = 0;
  private total = 0;
  private evictions = 0;
  private costlyEvictions = 0;

  constructor(readonly maxBytes: number) {}

  /** Starts counting an entry (as just used); may evict older ones, never this one. */
  charge(entry: BudgetEntry): void {
    entry.stamp = ++this.clock;
    if (!this.entries.has(entry)) {
      this.entries.add(entry);
      this.total += entry.bytes;
      this.count(entry, 1);
    }
    if (this.total > this.maxBytes) this.shrink(entry);
  }

  /** The entry was used now. */
  touch(entry: BudgetEntry): void {
    entry.stamp = ++this.clock;
  }

  /** The entry's size changed (e.g. a better compression replaced its body). */
  resize(entry: BudgetEntry, bytes: number): void {
    if (this.entries.has(entry)) {
      this.total += bytes - entry.bytes;
      this.totals(entry.kind).bytes += bytes - entry.bytes;
    }
    entry.bytes = bytes;
  }

  /** Stops counting an entry its owner dropped (a newer version replaced it, or it is no longer wanted). */
  release(entry: BudgetEntry): void {
    if (this.entries.delete(entry)) {
      this.total -= entry.bytes;
      this.count(entry, -1);
    }
  }

  /**
   * Whether `bytes` more fit below the level evictions bring the total back to (90%): true until
   * the budget first fills, then only when something was released. Not merely "under the
   * budget": right after a batch of evictions there is always 10% free, and filling it again
   * would only start the next batch.
   */
  hasRoom(bytes: number): boolean {
    return this.total + bytes <= this.maxBytes * LOW_WATER;
  }

  has(entry: BudgetEntry): boolean {
    return this.entries.has(entry);
  }

  stats(): BudgetStats {
    return {
      maxBytes: this.maxBytes,
      bytes: this.total,
      entries: this.entries.size,
      evictions: this.evictions,
      costlyEvictions: this.costlyEvictions,
    };
  }

  /** Bytes, entries, restaurants and evictions per kind of entry (`snapshot`, `menu.br`...). */
  byKind(): Map<string, KindStats> {
    const out = new Map<string, KindStats>();
    for (const [kind, t] of this.kinds) {
      out.set(kind, { bytes: t.bytes, entries: t.entries, restaurants: t.perTenant.size, evictions: t.evictions });
    }
    return out;
  }

  private totals(kind: string): KindTotals {
    let t = this.kinds.get(kind);
    if (!t) {
      t = { bytes: 0, entries: 0, evictions: 0, perTenant: new Map() };
      this.kinds.set(kind, t);
    }
    return t;
  }

  private count(entry: BudgetEntry, delta: 1 | -1): void {
    const t = this.totals(entry.kind);
    t.bytes += delta * entry.bytes;
    t.entries += delta;
    const held = (t.perTenant.get(entry.tenantId) ?? 0) + delta;
    if (held > 0) t.perTenant.set(entry.tenantId, held);
    else t.perTenant.delete(entry.tenantId);
  }

  private shrink(keep: BudgetEntry): void {
    const target = this.maxBytes * LOW_WATER;
    // Cheap entries first, then the rest; least recently used first within each.
    const order = [...this.entries].sort((a, b) =>
      Boolean(a.cheap) === Boolean(b.cheap) ? a.stamp - b.stamp : a.cheap ? -1 : 1,
    );
    for (const entry of order) {
      if (this.total <= target) break;
      if (entry === keep) continue;
      this.entries.delete(entry);
      this.total -= entry.bytes;
      this.count(entry, -1);
      this.evictions++;
      this.totals(entry.kind).evictions++;
      if (!entry.cheap) this.costlyEvictions++;
      entry.evict();
    }
  }
}

/**
 * A rough size of rows held in memory: string characters at 2 bytes plus a fixed cost per field and
 * per row (calibrated on the demo restaurant: ~255 kB of heap per snapshot, measured with
 * `--expose-gc` and `process.memoryUsage()` over 200 loaded snapshots).
 */
export function estimateRowBytes(rows: readonly object[]): number {
  let bytes = 0;
  for (const row of rows) {
    bytes += 96;
    // for…in, not Object.values: no array per row (this runs over every row of every snapshot loaded).
    for (const key in row) {
      const value = (row as Record<string, unknown>)[key];
      bytes += typeof value === 'string' ? 32 + value.length * 2 : 24;
    }
  }
  return bytes;
}

// One memory budget, in bytes, for everything the service caches per restaurant: snapshots, built
// documents, their compressed forms and pages. Least recently used goes first, across restaurants.
//
// Entries are charged with their size and touched when used; touching is one field write (a
// counter stamp), so the hot path pays nothing measurable. When the total passes the budget the
// oldest stamps are evicted until the total is back under 90% of it: eviction runs in batches,
// so its sort is paid once per 10% of the budget that churns, not once per insertion.

export interface BudgetEntry {
  /** Bytes this entry holds (bodies; an estimate for snapshots). */
  bytes: number;
  /** Last use (the budget's clock); set by `charge` and `touch`. */
  stamp: number;
  /** Drops the entry from its owner's structures; the budget has already forgotten it. */
  evict(): void;
}

export interface BudgetStats {
  maxBytes: number;
  bytes: number;
  entries: number;
  evictions: number;
}

export class CacheBudget {
  private readonly entries = new Set<BudgetEntry>();
  private clock = 0;
  private total = 0;
  private evictions = 0;

  constructor(readonly maxBytes: number) {}

  /** Starts counting an entry (as just used); may evict older ones, never this one. */
  charge(entry: BudgetEntry): void {
    entry.stamp = ++this.clock;
    if (!this.entries.has(entry)) {
      this.entries.add(entry);
      this.total += entry.bytes;
    }
    if (this.total > this.maxBytes) this.shrink(entry);
  }

  /** The entry was used now. */
  touch(entry: BudgetEntry): void {
    entry.stamp = ++this.clock;
  }

  /** The entry's size changed (e.g. a better compression replaced its body). */
  resize(entry: BudgetEntry, bytes: number): void {
    if (this.entries.has(entry)) this.total += bytes - entry.bytes;
    entry.bytes = bytes;
  }

  /** Stops counting an entry its owner dropped (a newer version replaced it). */
  release(entry: BudgetEntry): void {
    if (this.entries.delete(entry)) this.total -= entry.bytes;
  }

  has(entry: BudgetEntry): boolean {
    return this.entries.has(entry);
  }

  stats(): BudgetStats {
    return { maxBytes: this.maxBytes, bytes: this.total, entries: this.entries.size, evictions: this.evictions };
  }

  private shrink(keep: BudgetEntry): void {
    const target = this.maxBytes * 0.9;
    const oldest = [...this.entries].sort((a, b) => a.stamp - b.stamp);
    for (const entry of oldest) {
      if (this.total <= target) break;
      if (entry === keep) continue;
      this.entries.delete(entry);
      this.total -= entry.bytes;
      this.evictions++;
      entry.evict();
    }
  }
}

/** A rough size of rows held in memory: string characters at 2 bytes plus a fixed cost per field. */
export function estimateRowBytes(rows: readonly object[]): number {
  let bytes = 0;
  for (const row of rows) {
    bytes += 64;
    for (const value of Object.values(row)) {
      bytes += typeof value === 'string' ? 16 + value.length * 2 : 16;
    }
  }
  return bytes;
}

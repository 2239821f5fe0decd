// A small least-recently-used cache bounded in bytes, for QR codes and table-card sheets: drawing
// a code costs about half a millisecond of CPU and a 120-card sheet about 70 ms, while a public
// QR request should cost what a cached menu read does. Keys carry everything a body depends on
// (the address, the table, the menu version for sheets), so nothing is ever stale.
export class ByteLru<V extends string | Buffer> {
  private readonly entries = new Map<string, V>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks it as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    const size = (v: V) => (typeof v === 'string' ? v.length * 2 : v.length);
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= size(old);
      this.entries.delete(key);
    }
    if (size(value) > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += size(value);
    for (const [oldest, body] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= size(body);
    }
  }

  /** Gets the value, or makes and keeps it; concurrent misses of one key share one make. */
  async getOrMake(key: string, make: () => Promise<V>): Promise<V> {
    const known = this.get(key);
    if (known !== undefined) return known;
    let pending = this.pending.get(key);
    if (!pending) {
      pending = make().finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    const value = await pending;
    this.set(key, value);
    return value;
  }

  private readonly pending = new Map<string, Promise<V>>();

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

// Requests answered per restaurant, counted in memory on the request path (one map increment) and
// handed in batches to a writer that adds them to the database (accounts/tenants/usage-repo.ts),
// every 30 s (app.ts) and when the app closes. A failed flush is logged and its counts dropped: they
// are usage figures for the operator, never a limit.

export class RequestTally {
  /** A box per restaurant: a request increments it after one map lookup (not a lookup and a set). */
  private counts = new Map<number, { n: number }>();

  count(tenantId: number): void {
    const box = this.counts.get(tenantId);
    if (box === undefined) this.counts.set(tenantId, { n: 1 });
    else box.n++;
  }

  /** Everything counted since the last call, and a fresh start. */
  take(): Map<number, number> {
    const taken = new Map<number, number>();
    for (const [tenantId, box] of this.counts) taken.set(tenantId, box.n);
    this.counts = new Map();
    return taken;
  }
}

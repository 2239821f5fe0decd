// Requests answered per restaurant, counted in memory on the request path (one map increment) and
// handed in batches to a writer that adds them to the database (accounts/tenants/usage-repo.ts),
// every 30 s (app.ts) and when the app closes. A failed flush is logged and its counts dropped: they
// are usage figures for the operator, never a limit.

export class RequestTally {
  private counts = new Map<number, number>();

  count(tenantId: number): void {
    this.counts.set(tenantId, (this.counts.get(tenantId) ?? 0) + 1);
  }

  /** Everything counted since the last call, and a fresh start. */
  take(): Map<number, number> {
    const taken = this.counts;
    this.counts = new Map();
    return taken;
  }
}

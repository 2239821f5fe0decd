// What keeps diners' analytics trustworthy and bounded: a browser's post is accepted only from the
// restaurant's own addresses, one session or one address cannot flood a restaurant's figures
// (per-minute ceilings, in memory per instance), and free text is normalized and cut short.

/** Events per minute one session may send (a diner browsing hard sends a few dozen). */
export const SESSION_EVENTS_PER_MINUTE = 100;
/** Events per minute per client address and restaurant: diners share a restaurant's Wi-Fi address. */
export const IP_EVENTS_PER_MINUTE = 1200;
/** Longest stored search text (after normalization). */
export const QUERY_MAX_LENGTH = 64;

const WINDOW_MS = 60_000;

/** Search text as stored: NFKC, lower case, single spaces, at most QUERY_MAX_LENGTH characters. */
export function normalizeQuery(raw: string): string {
  const text = raw.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  return [...text].slice(0, QUERY_MAX_LENGTH).join('');
}

/** The host (lower case, no port) of an Origin or Referer value, or undefined when unreadable. */
export function hostOfOrigin(value: string): string | undefined {
  if (value === 'null') return undefined;
  try {
    return new URL(value).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

/** Fixed one-minute windows counting events (not requests) per key. */
export class EventCeilings {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => {
      const t = this.now();
      for (const [key, w] of this.windows) if (w.resetAt <= t) this.windows.delete(key);
    }, WINDOW_MS).unref();
  }

  /** Seconds until every key has room for its events, or 0 when all fit now (and are then counted). */
  take(entries: Array<{ key: string; events: number; limit: number }>): number {
    const t = this.now();
    let wait = 0;
    for (const { key, events, limit } of entries) {
      const w = this.windows.get(key);
      const used = w && w.resetAt > t ? w.count : 0;
      if (used + events > limit) wait = Math.max(wait, Math.ceil(((w?.resetAt ?? t) - t) / 1000) || 1);
    }
    if (wait > 0) return wait;
    for (const { key, events } of entries) {
      const w = this.windows.get(key);
      if (w && w.resetAt > t) w.count += events;
      else this.windows.set(key, { count: events, resetAt: t + WINDOW_MS });
    }
    return 0;
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

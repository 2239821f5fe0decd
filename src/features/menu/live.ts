// Live menus: GET /api/v1/events, a Server-Sent Events stream per open menu page (or JSON client)
// that says when what it shows changed: the restaurant's menu version, the dishes a write touched
// when known, and the moments the clock alone changes the menu (a section opening, a sold-out mark
// lapsing). It never carries menu data: the page fetches the changed document through the normal
// cached read. One hub per instance keeps the open responses per restaurant; a change anywhere
// reaches it through the tenant directory (local writes at once, other instances through the
// existing Redis or PostgreSQL announcements). A heartbeat comment every 25 s keeps proxies from
// closing an idle stream; `Last-Event-ID` on a reconnection is answered at once when it is stale.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { TenantState } from '../../accounts/tenants/repo.js';
import { TooManyRequestsError } from '../../core/errors.js';
import { errorResponses } from '../../http/schemas.js';

/** The state a page shows: menu version and open-set key, as an event id (`12` or `12~3`). */
export function stateId(version: number, openKey: string): string {
  return openKey === '' ? String(version) : `${version}~${shortHash(openKey)}`;
}

function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

export const HEARTBEAT_MS = 25_000;
/** What a browser waits before reconnecting after a drop (the page's own backoff grows from it). */
export const RETRY_MS = 3_000;
/** Streams one client (IPv4 address, IPv6 /64) may hold open per restaurant. */
export const STREAMS_PER_CLIENT = 16;

interface Stream {
  res: ServerResponse;
  client: string;
  /** The last state id sent. */
  sent: string;
}

export interface LiveChange {
  version: number;
  openKey: string;
  /** Dishes a write changed, when this instance knows them. */
  items?: number[];
}

export class LiveHub {
  private readonly byTenant = new Map<number, Set<Stream>>();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Events written since start (a metric). */
  sentEvents = 0;

  constructor(heartbeatMs = HEARTBEAT_MS) {
    // One timer for every stream: a comment line, a few bytes each.
    this.timer = setInterval(() => this.beat(), heartbeatMs);
    this.timer.unref();
  }

  get streams(): number {
    let n = 0;
    for (const set of this.byTenant.values()) n += set.size;
    return n;
  }

  /** Restaurants with an open stream now (the clock watcher looks only at these). */
  tenants(): number[] {
    return [...this.byTenant.keys()];
  }

  /** Whether one more stream of this client may open for this restaurant. */
  admits(tenantId: number, client: string): boolean {
    let n = 0;
    for (const s of this.byTenant.get(tenantId) ?? []) if (s.client === client) n++;
    return !this.closed && n < STREAMS_PER_CLIENT;
  }

  /**
   * Takes over `res` (its head not yet written) as a stream of the restaurant. The first event is
   * the current state, unless the client says (Last-Event-ID) it already shows it.
   */
  open(tenantId: number, res: ServerResponse, client: string, current: LiveChange, lastEventId?: string): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx: pass each event on at once instead of buffering the response.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    const id = stateId(current.version, current.openKey);
    const stream: Stream = { res, client, sent: lastEventId ?? '' };
    let set = this.byTenant.get(tenantId);
    if (!set) {
      set = new Set();
      this.byTenant.set(tenantId, set);
    }
    set.add(stream);
    res.write(`retry: ${RETRY_MS}\n\n`);
    if (stream.sent !== id) this.send(stream, current, id);
    else res.write(': up to date\n\n');
    const drop = () => {
      set.delete(stream);
      if (set.size === 0 && this.byTenant.get(tenantId) === set) this.byTenant.delete(tenantId);
    };
    res.on('close', drop);
    res.on('error', drop);
  }

  /** Tells every stream of the restaurant about its new state (once per state). */
  publish(tenantId: number, change: LiveChange): void {
    const set = this.byTenant.get(tenantId);
    if (!set) return;
    const id = stateId(change.version, change.openKey);
    for (const stream of set) if (stream.sent !== id) this.send(stream, change, id);
  }

  private send(stream: Stream, change: LiveChange, id: string): void {
    stream.sent = id;
    const data: Record<string, unknown> = { version: change.version };
    if (change.items && change.items.length > 0) data.items = change.items;
    stream.res.write(`id: ${id}\nevent: menu\ndata: ${JSON.stringify(data)}\n\n`);
    this.sentEvents++;
  }

  private beat(): void {
    for (const set of this.byTenant.values()) for (const stream of set) stream.res.write(':\n\n');
  }

  /** Ends every stream (the server is stopping): browsers reconnect to another instance. */
  close(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const set of this.byTenant.values()) for (const stream of set) stream.res.end();
    this.byTenant.clear();
  }
}

/** How often the restaurants with open streams are asked whether the clock changed their menu. */
export const CLOCK_CHECK_MS = 15_000;

/**
 * Wires the hub into the app: the route, the changes (the directory's onChange: local writes and
 * other instances' announcements alike), the clock, and the end of every stream when the app closes.
 */
export function registerLive(
  app: FastifyInstance,
  hub: LiveHub,
  directory: { get(tenantId: number): TenantState | undefined },
  /**
   * Resolves when the restaurant's menus are built again after a change (refresh-ahead's
   * `publish`, at most PUBLISH_WAIT_MS; never rejects): the event goes then, so the pages that
   * fetch the menu on it get a hit instead of each waiting for a build.
   */
  ready: (tenantId: number) => Promise<void> = async () => {},
): {
  /** A restaurant's menu version moved (here or elsewhere); `items` when known. */
  changed(tenantId: number, items?: number[]): void;
} {
  const stateOf = async (tenant: TenantState): Promise<LiveChange> => {
    const snapshot = await app.snapshots.get(tenant);
    return { version: snapshot.version, openKey: app.snapshots.openKey(snapshot, snapshot.settings.timezone) };
  };
  // Calls in the same moment (the directory's change, then the write's dishes) make one event; the
  // dishes of calls made while it waits for the menus to be built again join it.
  const pending = new Map<number, Set<number>>();
  const changed = (tenantId: number, items?: number[]) => {
    if (!hub.tenants().includes(tenantId)) return;
    const known = pending.get(tenantId);
    if (known) {
      for (const id of items ?? []) known.add(id);
      return;
    }
    const tenant = directory.get(tenantId);
    if (!tenant) return;
    const ids = new Set(items);
    pending.set(tenantId, ids);
    Promise.resolve()
      .then(() => ready(tenantId))
      .then(() => stateOf(directory.get(tenantId) ?? tenant))
      .then(
        (state) => hub.publish(tenantId, { ...state, items: [...ids] }),
        (err: unknown) => app.log.warn({ err, tenantId }, 'live update not sent; the next change or the clock will'),
      )
      .finally(() => pending.delete(tenantId));
  };
  const clock = setInterval(() => {
    for (const tenantId of hub.tenants()) changed(tenantId);
  }, CLOCK_CHECK_MS);
  clock.unref();
  // Open streams would hold the server's close forever: they end first, and browsers reconnect elsewhere.
  app.addHook('preClose', async () => {
    clearInterval(clock);
    hub.close();
  });
  return { changed };
}

/** GET /events: the stream (text/event-stream), outside the public rate limit and the analytics. */
export async function liveRoutes(app: FastifyInstance, { hub }: { hub: LiveHub }): Promise<void> {
  app.get(
    '/events',
    {
      schema: {
        summary: 'Live changes of the menu (Server-Sent Events)',
        description:
          'A stream of `menu` events, one each time what the menu shows changes (a write, a section opening or closing, a sold-out mark lapsing): `id` is the state, `data` is `{"version": N, "items": [ids]}` (`items` only when known). Fetch the changed document (GET /menu/{locale}) when an event arrives; a comment line comes every 25 s; send `Last-Event-ID` when reconnecting. Not counted against the rate limit; at most 16 open streams per client.',
        tags: ['Menu'],
        response: {
          200: {
            description: 'The event stream (`text/event-stream`), open until the client or the server closes it.',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const tenant = request.tenant;
      // HEAD: the head only, no stream held open.
      if (request.method === 'HEAD') return reply.type('text/event-stream; charset=utf-8').send('');
      if (!hub.admits(tenant.id, request.client)) throw new TooManyRequestsError(30);
      const snapshot = await app.snapshots.get(tenant);
      const state = { version: snapshot.version, openKey: app.snapshots.openKey(snapshot, snapshot.settings.timezone) };
      const last = request.headers['last-event-id'];
      reply.hijack();
      hub.open(tenant.id, reply.raw, request.client, state, typeof last === 'string' ? last.slice(0, 64) : undefined);
    },
  );
}

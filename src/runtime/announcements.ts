// Tells every other process serving the same database that a restaurant changed, so they serve
// the change within milliseconds instead of at their next safety-net refresh. Redis pub/sub when
// REDIS_URL is set (instances already share it for rate limits), else PostgreSQL LISTEN/NOTIFY
// when the database is PostgreSQL, else nothing: processes on one SQLite file notice each other's
// commits through PRAGMA data_version, checked by the tenant directory at most once a second.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface Announcement {
  tenantId: number;
  /**
   * `menu`: the menu version grew (to `version`); `tenant`: its state changed (status, settings
   * the directory keeps): read it again; `created`: a new restaurant exists (unknown hosts may
   * now be known).
   */
  kind: 'menu' | 'tenant' | 'created';
  version?: number;
  /** Dishes the write changed (at most 100; open menu pages are told which, features/menu/live.ts). */
  items?: number[];
}

export type AnnouncementTransport = 'redis' | 'postgres' | 'cluster' | 'none';

export interface Announcer {
  readonly transport: AnnouncementTransport;
  /** Sends without waiting; a failure is reported to onError (the safety net still catches up). */
  announce(announcement: Announcement): void;
  /** Sends and waits (the CLI, which exits right after). */
  announceNow(announcement: Announcement): Promise<void>;
  /** Starts listening; announcements sent by this same announcer are not delivered back. */
  subscribe(listener: (announcement: Announcement) => void): Promise<void>;
  close(): Promise<void>;
}

export interface AnnouncerOptions {
  redisUrl: string | undefined;
  redisPrefix: string;
  databaseUrl: string;
  databaseSchema: string | undefined;
  /** A cluster worker (WORKERS > 1): without Redis or PostgreSQL, the primary relays. */
  clusterWorker?: boolean;
  onError: (err: unknown) => void;
}

interface Wire extends Announcement {
  /** The sending announcer, so it can ignore its own messages. */
  origin: string;
}

function parse(raw: string, origin: string): Announcement | undefined {
  try {
    const wire = JSON.parse(raw) as Partial<Wire>;
    if (wire.origin === origin || typeof wire.tenantId !== 'number') return undefined;
    if (wire.kind !== 'menu' && wire.kind !== 'tenant' && wire.kind !== 'created') return undefined;
    return {
      tenantId: wire.tenantId,
      kind: wire.kind,
      ...(typeof wire.version === 'number' ? { version: wire.version } : {}),
      ...(Array.isArray(wire.items) && wire.items.every((i) => Number.isSafeInteger(i))
        ? { items: wire.items.slice(0, 100) }
        : {}),
    };
  } catch {
    return undefined;
  }
}

class RedisAnnouncer implements Announcer {
  readonly transport = 'redis';
  private readonly origin = randomBytes(8).toString('hex');
  private publisher: Redis | undefined;
  private subscriber: Redis | undefined;
  private readonly channel: string;

  constructor(
    private readonly url: string,
    prefix: string,
    schema: string | undefined,
    private readonly onError: (err: unknown) => void,
  ) {
    // Per database schema too: deployments (and test runs) sharing one Redis never hear each other.
    this.channel = `${prefix}announcements${schema ? `:${schema}` : ''}`;
  }

  private pub(): Redis {
    if (!this.publisher) {
      this.publisher = new Redis(this.url, { maxRetriesPerRequest: 1 });
      this.publisher.on('error', this.onError);
    }
    return this.publisher;
  }

  announce(announcement: Announcement): void {
    this.announceNow(announcement).catch(this.onError);
  }

  async announceNow(announcement: Announcement): Promise<void> {
    await this.pub().publish(this.channel, JSON.stringify({ ...announcement, origin: this.origin }));
  }

  async subscribe(listener: (announcement: Announcement) => void): Promise<void> {
    const sub = new Redis(this.url, { maxRetriesPerRequest: null });
    sub.on('error', this.onError);
    sub.on('message', (_channel: string, raw: string) => {
      const announcement = parse(raw, this.origin);
      if (announcement) listener(announcement);
    });
    this.subscriber = sub;
    // ioredis subscribes again by itself after a reconnection. Redis unreachable at start must not
    // keep the instance from serving (the 1 s refresh keeps it in step meanwhile): give up waiting
    // at the first connection error; the queued SUBSCRIBE runs once Redis answers.
    await new Promise<void>((resolve) => {
      sub.once('error', () => resolve());
      sub.subscribe(this.channel).then(
        () => resolve(),
        (err) => {
          this.onError(err);
          resolve();
        },
      );
    });
  }

  async close(): Promise<void> {
    // QUIT waits for an answer a Redis that is away never sends: just drop those connections.
    const end = (client: Redis | undefined) =>
      client?.status === 'ready' ? client.quit().catch(() => undefined) : client?.disconnect();
    await Promise.all([end(this.publisher), end(this.subscriber)]);
  }
}

class PostgresAnnouncer implements Announcer {
  readonly transport = 'postgres';
  private readonly origin = randomBytes(8).toString('hex');
  private readonly channel: string;
  private publisher: Promise<pg.Client> | undefined;
  private listener: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    schema: string | undefined,
    private readonly onError: (err: unknown) => void,
  ) {
    // One channel per schema: deployments (and test runs) sharing a server never hear each other.
    this.channel = `menu_announcements_${schema ?? 'public'}`;
  }

  private client(): Promise<pg.Client> {
    if (!this.publisher) {
      const client = new pg.Client({ connectionString: this.url });
      client.on('error', (err) => {
        this.publisher = undefined;
        this.onError(err);
      });
      this.publisher = client.connect().then(
        () => client,
        (err) => {
          this.publisher = undefined;
          throw err;
        },
      );
    }
    return this.publisher;
  }

  announce(announcement: Announcement): void {
    this.announceNow(announcement).catch(this.onError);
  }

  async announceNow(announcement: Announcement): Promise<void> {
    const client = await this.client();
    await client.query('SELECT pg_notify($1, $2)', [
      this.channel,
      JSON.stringify({ ...announcement, origin: this.origin }),
    ]);
  }

  async subscribe(listener: (announcement: Announcement) => void): Promise<void> {
    const connect = async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (message) => {
        const announcement = message.payload ? parse(message.payload, this.origin) : undefined;
        if (announcement) listener(announcement);
      });
      client.on('error', (err) => {
        this.onError(err);
        void client.end().catch(() => undefined);
        if (this.listener === client) this.listener = undefined;
        // Listen again; what was missed meanwhile the directory's safety-net refresh picks up.
        if (!this.closed) this.retry = setTimeout(() => void connect().catch(this.onError), 1000).unref();
      });
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
      if (this.closed) await client.end();
      else this.listener = client;
    };
    await connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const publisher = this.publisher;
    this.publisher = undefined;
    await Promise.all([
      publisher?.then((c) => c.end()).catch(() => undefined),
      this.listener?.end().catch(() => undefined),
    ]);
  }
}

/**
 * Workers of one `menu serve` (WORKERS=N) on SQLite without Redis: the primary relays each
 * worker's announcements to the others. Other processes (the CLI) are seen by data_version.
 */
class ClusterAnnouncer implements Announcer {
  readonly transport = 'cluster';
  private readonly origin = randomBytes(8).toString('hex');
  private listener: ((message: unknown) => void) | undefined;

  announce(announcement: Announcement): void {
    process.send?.({ type: 'menu:announce', raw: JSON.stringify({ ...announcement, origin: this.origin }) });
  }

  async announceNow(announcement: Announcement): Promise<void> {
    this.announce(announcement);
  }

  async subscribe(listener: (announcement: Announcement) => void): Promise<void> {
    this.listener = (message) => {
      const m = message as { type?: string; raw?: string };
      if (m?.type !== 'menu:announce' || typeof m.raw !== 'string') return;
      const announcement = parse(m.raw, this.origin);
      if (announcement) listener(announcement);
    };
    process.on('message', this.listener);
  }

  async close(): Promise<void> {
    if (this.listener) process.off('message', this.listener);
  }
}

class SilentAnnouncer implements Announcer {
  readonly transport = 'none';
  announce(): void {}
  async announceNow(): Promise<void> {}
  async subscribe(): Promise<void> {}
  async close(): Promise<void> {}
}

/** Redis when configured, else PostgreSQL when that is the database, else the cluster's primary, else none (SQLite: see the file comment). */
export function openAnnouncer(options: AnnouncerOptions): Announcer {
  if (options.redisUrl)
    return new RedisAnnouncer(options.redisUrl, options.redisPrefix, options.databaseSchema, options.onError);
  if (options.databaseUrl.startsWith('postgres://') || options.databaseUrl.startsWith('postgresql://')) {
    return new PostgresAnnouncer(options.databaseUrl, options.databaseSchema, options.onError);
  }
  return options.clusterWorker && process.send ? new ClusterAnnouncer() : new SilentAnnouncer();
}

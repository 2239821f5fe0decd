// Parses the environment once into a frozen, typed configuration; nothing else reads process.env.
import { isIP } from 'node:net';
import { InputError } from './core/errors.js';

export type TrustProxy = boolean | number | string[];

export interface Config {
  /** `sqlite:<path>`, `sqlite::memory:` or `postgres://...`. */
  readonly databaseUrl: string;
  /** PostgreSQL schema to use (search_path); tests give each run its own. */
  readonly databaseSchema: string | undefined;
  readonly port: number;
  readonly host: string;
  /** Tenants are served on `<slug>.<baseDomain>`. */
  readonly baseDomain: string;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly trustProxy: TrustProxy;
  /**
   * Every limit counts an IPv6 client by this many leading bits of its address (IPV6_PREFIX_LENGTH,
   * 1–128, default 64: one line's whole /64); an IPv4 client by its address.
   */
  readonly ipv6PrefixLength: number;
  readonly redisUrl: string | undefined;
  /** Prefix of every Redis key this service writes (several deployments may share one Redis). */
  readonly redisPrefix: string;
  /** Requests per minute per tenant and client IP on /api/v1/admin/*. */
  readonly adminRateLimit: number;
  /** Requests per minute per tenant and client IP on public endpoints; 0 = off. */
  readonly publicRateLimit: number;
  readonly bodyLimitBytes: number;
  /**
   * How often each instance asks for tenants changed elsewhere: the safety net behind announcements
   * (runtime/announcements.ts); on SQLite without Redis, the way processes keep in step.
   */
  readonly tenantRefreshMs: number;
  /**
   * The public address of a restaurant for QR codes, JSON-LD and Open Graph: a template with
   * `{slug}` (PUBLIC_URL=https://{slug}.menu.example); unset = http://<slug>.<baseDomain>:<port>.
   */
  readonly publicUrl: string | undefined;
  /** Byte budget of every per-restaurant cache (snapshots, documents, compressed forms, pages), in MiB. */
  readonly cacheMaxMb: number;
  /** Cap of the compressed documents kept on local disk past the memory budget, in MiB; 0 = no disk tier. */
  readonly cacheDiskMb: number;
  /** Their directory (emptied at start); unset = a fresh one under the system's temporary folder per process. */
  readonly cacheDir: string | undefined;
  /** Lets webhooks target private and loopback addresses (WEBHOOKS_ALLOW_PRIVATE=true; tests, closed networks). */
  readonly webhooksAllowPrivate: boolean;
  /** Webhook endpoints one restaurant may register (WEBHOOKS_MAX_PER_RESTAURANT, default 10). */
  readonly webhooksMaxPerRestaurant: number;
  /** Bearer token for /metrics; unset: /metrics answers loopback callers only. */
  readonly metricsToken: string | undefined;
  /** `pretty` (pino-pretty), `json`, or `auto`: pretty when stdout is a terminal. */
  readonly logFormat: 'auto' | 'json' | 'pretty';
  /** Worker processes of `menu serve` sharing one port (1: no cluster). */
  readonly workers: number;
  /** Raw analytics events older than this many days are deleted (the daily rollups stay). */
  readonly analyticsRetentionDays: number;
  /** Where password-recovery mail goes out (smtp:// or smtps://, nodemailer's URL); unset: the link is logged. */
  readonly smtpUrl: string | undefined;
  /** The From of that mail. */
  readonly mailFrom: string;
  /**
   * Sign-up on the base address (SIGNUP): `open` to anyone, `invite` with a code the operator made,
   * `closed` (only the command line makes restaurants). Default: `open`, `closed` when NODE_ENV=production.
   */
  readonly signup: 'open' | 'invite' | 'closed';
  /** Dishes one restaurant may have unless the operator sets its own limit (LIMIT_DISHES). */
  readonly limitDishes: number;
  /** MiB of stored photos (every width) one restaurant may use unless the operator sets its own (LIMIT_PHOTO_MB). */
  readonly limitPhotoMb: number;
  /** Addresses/CIDRs allowed to ask GET /internal/tls-allowed (TLS_ASK_FROM; Caddy's on-demand TLS). */
  readonly tlsAskFrom: string[];
}

/** A bad environment variable: the message names it. */
export class ConfigError extends InputError {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const defaultConfig: Config = Object.freeze({
  databaseUrl: 'sqlite:./data/menu.db',
  databaseSchema: undefined,
  port: 3000,
  host: '0.0.0.0',
  baseDomain: 'localhost',
  logLevel: 'info',
  trustProxy: false,
  ipv6PrefixLength: 64,
  redisUrl: undefined,
  redisPrefix: 'menu:',
  adminRateLimit: 30,
  publicRateLimit: 1200,
  bodyLimitBytes: 1024 * 1024,
  tenantRefreshMs: 1000,
  publicUrl: undefined,
  cacheMaxMb: 256,
  cacheDiskMb: 2048,
  cacheDir: undefined,
  webhooksAllowPrivate: false,
  webhooksMaxPerRestaurant: 10,
  metricsToken: undefined,
  logFormat: 'auto',
  workers: 1,
  analyticsRetentionDays: 90,
  smtpUrl: undefined,
  mailFrom: 'Menu <no-reply@localhost>',
  signup: 'open',
  limitDishes: 2000,
  limitPhotoMb: 500,
  tlsAskFrom: ['127.0.0.1', '::1'],
});

function int(env: Record<string, string | undefined>, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return Number(raw);
}

export function normalizeDatabaseUrl(raw: string | undefined): string {
  if (raw === undefined || raw === '') return defaultConfig.databaseUrl;
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) return raw;
  if (raw.startsWith('sqlite:')) return raw;
  throw new ConfigError(
    `DATABASE_URL must start with sqlite: or postgres:// (e.g. sqlite:./data/menu.db), got "${raw}"`,
  );
}

/** `::ffff:10.0.0.1` is 10.0.0.1 (a dual-stack listener reports IPv4 peers that way). */
export function plainAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** One TRUST_PROXY entry: an IPv4/IPv6 address, optionally with a prefix length that fits its family. */
export function parseProxyEntry(
  entry: string,
): { address: string; prefix: number | undefined; family: 4 | 6 } | undefined {
  const [rawAddress = '', prefix, ...rest] = entry.split('/');
  const address = plainAddress(rawAddress);
  const family = isIP(address);
  if ((family !== 4 && family !== 6) || rest.length > 0) return undefined;
  if (prefix === undefined) return { address, prefix: undefined, family };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return undefined;
  return { address, prefix: Number(prefix), family };
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((a) => parseProxyEntry(a) === undefined)) {
    throw new ConfigError(`TRUST_PROXY must be false, true, a hop count or a list of addresses/CIDRs, got "${raw}"`);
  }
  return list;
}

function ipv6Prefix(raw: string | undefined): number {
  if (raw === undefined || raw === '') return defaultConfig.ipv6PrefixLength;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 128) {
    throw new ConfigError(`IPV6_PREFIX_LENGTH must be an integer from 1 to 128, got "${raw}"`);
  }
  return Number(raw);
}

function logFormat(raw: string | undefined): Config['logFormat'] {
  if (raw === undefined || raw === '') return defaultConfig.logFormat;
  if (raw === 'auto' || raw === 'json' || raw === 'pretty') return raw;
  throw new ConfigError(`LOG_FORMAT must be auto, json or pretty, got "${raw}"`);
}

function parseSmtpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^smtps?:\/\/[^\s]+$/.test(raw)) {
    throw new ConfigError('SMTP_URL must be smtp://[user:password@]host[:port] or smtps://…');
  }
  return raw;
}

function signupMode(raw: string | undefined, nodeEnv: string | undefined): Config['signup'] {
  if (raw === undefined || raw === '') return nodeEnv === 'production' ? 'closed' : 'open';
  if (raw === 'open' || raw === 'invite' || raw === 'closed') return raw;
  throw new ConfigError(`SIGNUP must be open, invite or closed, got "${raw}"`);
}

function parseAskFrom(raw: string | undefined): string[] {
  if (raw === undefined || raw === '') return [...defaultConfig.tlsAskFrom];
  const list = raw
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (list.length === 0 || list.some((a) => parseProxyEntry(a) === undefined)) {
    throw new ConfigError(`TLS_ASK_FROM must be a comma-separated list of addresses/CIDRs, got "${raw}"`);
  }
  return list;
}

function parsePublicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(raw)) {
    throw new ConfigError(`PUBLIC_URL must be an http(s) address, e.g. https://{slug}.menu.example, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * A restaurant's public address (no trailing slash), from PUBLIC_URL or the local address; on its
 * own domain when it has one (`domain`: the same scheme and port, the menu at the domain's root).
 */
export function publicAddress(config: Config, slug: string, domain?: string): string {
  const port = config.port === 80 || config.port === 0 ? '' : `:${config.port}`;
  const base = config.publicUrl
    ? config.publicUrl.replaceAll('{slug}', slug)
    : `http://${slug}.${config.baseDomain}${port}`;
  if (!domain) return base;
  const url = new URL(base);
  return `${url.protocol}//${domain}${url.port ? `:${url.port}` : ''}`;
}

export function loadConfig(env: Record<string, string | undefined>, overrides: Partial<Config> = {}): Config {
  const logLevel = (env.LOG_LEVEL ?? defaultConfig.logLevel) as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const baseDomain = (env.BASE_DOMAIN || defaultConfig.baseDomain).toLowerCase().replace(/^\.+|\.+$/g, '');
  const config: Config = {
    databaseUrl: normalizeDatabaseUrl(env.DATABASE_URL),
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    port: int(env, 'PORT', defaultConfig.port, 0),
    host: env.HOST || defaultConfig.host,
    baseDomain,
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ipv6PrefixLength: ipv6Prefix(env.IPV6_PREFIX_LENGTH),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || defaultConfig.redisPrefix,
    adminRateLimit: int(env, 'ADMIN_RATE_LIMIT', defaultConfig.adminRateLimit, 1),
    publicRateLimit: int(env, 'PUBLIC_RATE_LIMIT', defaultConfig.publicRateLimit, 0),
    bodyLimitBytes: defaultConfig.bodyLimitBytes,
    tenantRefreshMs: defaultConfig.tenantRefreshMs,
    analyticsRetentionDays: int(env, 'ANALYTICS_RETENTION_DAYS', defaultConfig.analyticsRetentionDays, 1),
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    cacheMaxMb: int(env, 'CACHE_MAX_MB', defaultConfig.cacheMaxMb, 1),
    cacheDiskMb: int(env, 'CACHE_DISK_MB', defaultConfig.cacheDiskMb, 0),
    cacheDir: env.CACHE_DIR || undefined,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    webhooksMaxPerRestaurant: int(env, 'WEBHOOKS_MAX_PER_RESTAURANT', defaultConfig.webhooksMaxPerRestaurant, 1),
    metricsToken: env.METRICS_TOKEN || undefined,
    logFormat: logFormat(env.LOG_FORMAT),
    workers: int(env, 'WORKERS', defaultConfig.workers, 1),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || `Menu <no-reply@${baseDomain}>`,
    signup: signupMode(env.SIGNUP, env.NODE_ENV),
    limitDishes: int(env, 'LIMIT_DISHES', defaultConfig.limitDishes, 1),
    limitPhotoMb: int(env, 'LIMIT_PHOTO_MB', defaultConfig.limitPhotoMb, 1),
    tlsAskFrom: parseAskFrom(env.TLS_ASK_FROM),
    ...overrides,
  };
  return Object.freeze(config);
}

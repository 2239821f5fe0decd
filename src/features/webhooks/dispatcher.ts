// Sends the outbox fairly: deliveries of one restaurant never wait for another's. Due deliveries
// are claimed a few per restaurant and one per endpoint at a time (repo.claimDue: one instance of
// however many sends each), each POSTed signed through delivery.ts with its own deadline, and the
// next claim happens as soon as any attempt ends, never after the slowest of a batch. At most
// MAX_IN_FLIGHT attempts run at once, PER_TENANT of one restaurant. A failure is retried with
// exponential backoff (30 s, 1 min, 2 min, … capped at 1 h) until 24 h after the change, then given
// up; an endpoint that fails PAUSE_AFTER times in a row is paused, its owners told by e-mail and
// the panel. Runs on a 1 s timer (retries, other instances' deliveries) and at once after a commit.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { deliver } from './delivery.js';
import { claimDue, findEndpointOf, finishAttempt, noteEndpointAttempt, pauseFailingEndpoint } from './repo.js';
import { signatureHeader } from './signature.js';

export const GIVE_UP_AFTER_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;
/** One attempt's deadline: name resolution, connection, TLS and the answer's head. */
export const ATTEMPT_TIMEOUT_MS = 5_000;
/** A claim outlives the slowest attempt, so a crashed instance's rows are picked up again. */
const CLAIM_MS = 60_000;
/** Attempts in flight on this instance, all restaurants together. */
export const MAX_IN_FLIGHT = 64;
/** Attempts in flight for one restaurant (its endpoints are tried in parallel up to this). */
export const PER_TENANT = 4;
/** Failed attempts in a row after which an endpoint is paused (about a day of backoff). */
export const PAUSE_AFTER = 30;

/** Delay before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DispatcherOptions {
  allowPrivate: boolean;
  now?: () => number;
  intervalMs?: number;
  attemptTimeoutMs?: number;
  /** An endpoint was paused for failing: tell its restaurant's owners (app.ts sends the mail). */
  onPaused?: (tenantId: number, endpoint: { id: number; url: string }) => void;
}

type Claimed = Awaited<ReturnType<typeof claimDue>>[number];

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private claiming: Promise<void> | undefined;
  private again = false;
  private readonly now: () => number;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly perTenant = new Map<number, number>();
  /** Set by stop(): nothing new is claimed (what runs finishes and is recorded). */
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.options.intervalMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.claiming;
    await Promise.all(this.inFlight);
  }

  /** Claims what is due now (or right after the current claim), without waiting for attempts. */
  kick(): void {
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = this.claim()
      .catch((err) => this.log.warn({ err }, 'webhook dispatch failed'))
      .finally(() => {
        this.claiming = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends every due delivery once and resolves when their attempts are recorded (tests, the CLI). */
  async runOnce(): Promise<void> {
    for (;;) {
      await this.claiming;
      await this.claim();
      if (this.inFlight.size === 0) return;
      await Promise.all(this.inFlight);
    }
  }

  /** Starts attempts for what is due, within the caps; each ending attempt claims again. */
  private async claim(): Promise<void> {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0 || this.stopped) return;
    const now = this.now();
    const full = [...this.perTenant].filter(([, n]) => n >= PER_TENANT).map(([id]) => id);
    const claimed = await claimDue(this.db, new Date(now).toISOString(), new Date(now + CLAIM_MS).toISOString(), {
      limit: room,
      perTenant: PER_TENANT,
      skipTenants: full,
    });
    for (const d of claimed) {
      const running = this.perTenant.get(d.tenant_id) ?? 0;
      this.perTenant.set(d.tenant_id, running + 1);
      const attempt: Promise<void> = this.attempt(d)
        .catch((err) => this.log.warn({ err, delivery: d.id }, 'webhook attempt failed to record'))
        .finally(() => {
          this.inFlight.delete(attempt);
          const left = (this.perTenant.get(d.tenant_id) ?? 1) - 1;
          if (left <= 0) this.perTenant.delete(d.tenant_id);
          else this.perTenant.set(d.tenant_id, left);
          this.kick();
        });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(d: Claimed): Promise<void> {
    const endpoint = await findEndpointOf(this.db, d.tenant_id, d.endpoint_id);
    const attempts = d.attempts + 1;
    if (!endpoint?.is_active) {
      const reason = endpoint?.paused_at ? 'endpoint_paused' : 'endpoint_removed';
      await finishAttempt(this.db, d.tenant_id, d.id, { status: 'failed', attempts, last_error: reason });
      return;
    }
    const started = performance.now();
    const outcome = await deliver({
      url: endpoint.url,
      body: d.payload,
      allowPrivate: this.options.allowPrivate,
      timeoutMs: this.options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'menu-service-webhooks/1',
        'menu-event': d.event_type,
        'menu-delivery': String(d.id),
        'menu-signature': signatureHeader(endpoint.secret, d.payload, Math.floor(this.now() / 1000)),
      },
    });
    const statusCode = 'status' in outcome ? outcome.status : null;
    // A time only for an answer that carried a status: how long a failure took would tell a
    // silent open port (the time-out) from a closed one (at once).
    const duration = statusCode === null ? null : Math.round(performance.now() - started);
    const error = outcome.result === 'delivered' ? null : outcome.result;
    const now = this.now();
    const failures = await noteEndpointAttempt(this.db, d.tenant_id, endpoint.id, error === null);
    if (error === null) {
      await finishAttempt(this.db, d.tenant_id, d.id, {
        status: 'delivered',
        attempts,
        last_status_code: statusCode,
        last_error: null,
        last_duration_ms: duration,
        delivered_at: new Date(now).toISOString(),
      });
      return;
    }
    const next = now + retryDelayMs(attempts);
    const expired = next - Date.parse(d.created_at) > GIVE_UP_AFTER_MS;
    await finishAttempt(this.db, d.tenant_id, d.id, {
      status: expired ? 'failed' : 'pending',
      attempts,
      last_status_code: statusCode,
      last_error: error,
      last_duration_ms: duration,
      next_attempt_at: new Date(next).toISOString(),
    });
    if (
      failures >= PAUSE_AFTER &&
      (await pauseFailingEndpoint(this.db, d.tenant_id, endpoint.id, new Date(now).toISOString()))
    ) {
      this.log.warn(
        { tenantId: d.tenant_id, endpoint: endpoint.id, failures },
        'webhook endpoint paused after failing',
      );
      this.options.onPaused?.(d.tenant_id, { id: endpoint.id, url: endpoint.url });
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender of this instance (app.ts starts and stops it). */
    webhooks: WebhookDispatcher;
  }
}

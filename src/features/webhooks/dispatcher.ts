// Sends the outbox: claims due deliveries (one instance per delivery, see repo.claimDue), POSTs
// each signed body through delivery.ts (addresses checked as connected), and records the attempt
// with the HTTP status or a failure class. A failure is retried with exponential backoff
// (30 s, 1 min, 2 min, … capped at 1 h) until 24 h after the change, then given up. Runs on a
// 1 s timer (retries, and deliveries written by other instances) and at once after a local commit.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { deliver } from './delivery.js';
import { claimDue, findEndpointOf, finishAttempt } from './repo.js';
import { signatureHeader } from './signature.js';

export const GIVE_UP_AFTER_MS = 24 * 3600_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 3600_000;
const TIMEOUT_MS = 10_000;
/** A claim outlives the slowest attempt, so a crashed instance's rows are picked up again. */
const CLAIM_MS = 60_000;
const BATCH = 20;

/** Delay before the next attempt after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DispatcherOptions {
  allowPrivate: boolean;
  now?: () => number;
  intervalMs?: number;
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private readonly now: () => number;

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
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce()
      .catch((err) => this.log.warn({ err }, 'webhook dispatch failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Sends every due delivery once; resolves when their attempts are recorded. */
  async runOnce(): Promise<void> {
    for (;;) {
      const now = this.now();
      const claimed = await claimDue(
        this.db,
        new Date(now).toISOString(),
        new Date(now + CLAIM_MS).toISOString(),
        BATCH,
      );
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((d) => this.attempt(d)));
      if (claimed.length < BATCH) return;
    }
  }

  private async attempt(d: Awaited<ReturnType<typeof claimDue>>[number]): Promise<void> {
    const endpoint = await findEndpointOf(this.db, d.tenant_id, d.endpoint_id);
    const attempts = d.attempts + 1;
    if (!endpoint || !endpoint.is_active) {
      await finishAttempt(this.db, d.tenant_id, d.id, { status: 'failed', attempts, last_error: 'endpoint_removed' });
      return;
    }
    const started = performance.now();
    const outcome = await deliver({
      url: endpoint.url,
      body: d.payload,
      allowPrivate: this.options.allowPrivate,
      timeoutMs: TIMEOUT_MS,
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
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender of this instance (app.ts starts and stops it). */
    webhooks: WebhookDispatcher;
  }
}

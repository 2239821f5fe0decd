// Failed sign-ins are counted in the database (so every instance sees the same counts) per
// (e-mail, client) and per client (an IPv4 address or an IPv6 /64, http/client-key.ts), never per
// e-mail alone: 5 failures of one e-mail from one client, or 20 from one client, within 15 minutes
// hold further attempts from that client until the oldest of them is 15 minutes old. Counting and
// checking is one step (`claimAttempt`), so parallel attempts cannot slip past the count. Someone guessing the owner's password
// from elsewhere never blocks the owner's right password from the restaurant.
import type { Db } from '../db/connect.js';
import { lockInTransaction } from '../db/locks.js';
import { nowIso } from '../http/schemas.js';
import { clearPairFailures, countLoginFailures, pruneLoginFailures, recordLoginFailure } from './repo.js';
import { throttleKey } from './session.js';

export const WINDOW_MS = 15 * 60 * 1000;
/** Failures of one e-mail from one address. */
export const EMAIL_LIMIT = 5;
/** Higher than the e-mail limit: a restaurant's staff share one Wi-Fi address. */
export const IP_LIMIT = 20;

export interface ThrottleKeys {
  pairHash: string;
  ipHash: string;
}

export function throttleKeys(tenantId: number, email: string, ip: string): ThrottleKeys {
  return { pairHash: throttleKey(tenantId, `email-ip:${email}\n${ip}`), ipHash: throttleKey(tenantId, `ip:${ip}`) };
}

export interface Held {
  by: 'email' | 'ip';
  minutes: number;
  retryAt: number;
}

/**
 * Admits one attempt or holds it back, as one atomic step: under a lock on the client's key (both
 * of its counts are of that client), counts the failures of the window and, when neither limit is
 * reached, records this attempt as a failure at once; a right password then takes it back
 * (`clearFailures`). So N attempts at the same moment from one client are checked at most as often
 * as the limit allows: the sixth waits for the lock and finds five failures already counted.
 */
export async function claimAttempt(
  db: Db,
  tenantId: number,
  keys: ThrottleKeys,
  now: number,
): Promise<Held | undefined> {
  return db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, `login:${tenantId}:${keys.ipHash}`);
    const held = await heldBack(trx, tenantId, keys, now);
    if (held) return held;
    await recordLoginFailure(trx, tenantId, { ...keys, at: nowIso(new Date(now)) });
    await pruneLoginFailures(trx, tenantId, nowIso(new Date(now - WINDOW_MS)));
    return undefined;
  });
}

/** Whether an attempt now would be held back, by what, how many more minutes, and when it may be tried again. */
async function heldBack(db: Db, tenantId: number, keys: ThrottleKeys, now: number): Promise<Held | undefined> {
  const since = nowIso(new Date(now - WINDOW_MS));
  const checks = [
    { by: 'email' as const, column: 'email_ip_hash' as const, hash: keys.pairHash, limit: EMAIL_LIMIT },
    { by: 'ip' as const, column: 'ip_hash' as const, hash: keys.ipHash, limit: IP_LIMIT },
  ];
  for (const check of checks) {
    const { count, oldest } = await countLoginFailures(db, tenantId, check, since);
    if (count >= check.limit && oldest) {
      const retryAt = Date.parse(oldest) + WINDOW_MS;
      return { by: check.by, minutes: Math.max(1, Math.ceil((retryAt - now) / 60_000)), retryAt };
    }
  }
  return undefined;
}

/** A right password: the failures of that e-mail from that client go, this attempt's included. */
export async function clearFailures(db: Db, tenantId: number, keys: ThrottleKeys): Promise<void> {
  await clearPairFailures(db, tenantId, keys.pairHash);
}

// Failed sign-ins are counted in the database (so every instance sees the same counts) per
// (e-mail, client address) and per client address, never per e-mail alone: 5 failures of one
// e-mail from one address, or 20 from one address, within 15 minutes hold further attempts from
// that address until the oldest of them is 15 minutes old. Someone guessing the owner's password
// from elsewhere never blocks the owner's right password from the restaurant.
import type { Db } from '../db/connect.js';
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

/** Whether this attempt is held back, by what, how many more minutes, and when it may be tried again. */
export async function heldBack(
  db: Db,
  tenantId: number,
  keys: ThrottleKeys,
  now: number,
): Promise<{ by: 'email' | 'ip'; minutes: number; retryAt: number } | undefined> {
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

export async function recordFailure(db: Db, tenantId: number, keys: ThrottleKeys, now: number): Promise<void> {
  await recordLoginFailure(db, tenantId, { ...keys, at: nowIso(new Date(now)) });
  await pruneLoginFailures(db, tenantId, nowIso(new Date(now - WINDOW_MS)));
}

export async function clearFailures(db: Db, tenantId: number, keys: ThrottleKeys): Promise<void> {
  await clearPairFailures(db, tenantId, keys.pairHash);
}

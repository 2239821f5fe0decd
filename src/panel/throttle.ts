// Failed sign-ins are counted in the database per e-mail and per client address (so every
// instance sees the same counts): 5 failures for one e-mail, or 20 from one address, within 15
// minutes hold further attempts until the oldest of them is 15 minutes old.
import type { Db } from '../db/connect.js';
import { nowIso } from '../http/schemas.js';
import { clearEmailFailures, countLoginFailures, pruneLoginFailures, recordLoginFailure } from './repo.js';
import { throttleKey } from './session.js';

export const WINDOW_MS = 15 * 60 * 1000;
export const EMAIL_LIMIT = 5;
/** Higher than the e-mail limit: a restaurant's staff share one Wi-Fi address. */
export const IP_LIMIT = 20;

export interface ThrottleKeys {
  emailHash: string;
  ipHash: string;
}

export function throttleKeys(tenantId: number, email: string, ip: string): ThrottleKeys {
  return { emailHash: throttleKey(tenantId, `email:${email}`), ipHash: throttleKey(tenantId, `ip:${ip}`) };
}

/** Whether this attempt is held back, by what, and for how many more minutes. */
export async function heldBack(
  db: Db,
  tenantId: number,
  keys: ThrottleKeys,
  now: number,
): Promise<{ by: 'email' | 'ip'; minutes: number } | undefined> {
  const since = nowIso(new Date(now - WINDOW_MS));
  const checks = [
    { by: 'email' as const, column: 'email_hash' as const, hash: keys.emailHash, limit: EMAIL_LIMIT },
    { by: 'ip' as const, column: 'ip_hash' as const, hash: keys.ipHash, limit: IP_LIMIT },
  ];
  for (const check of checks) {
    const { count, oldest } = await countLoginFailures(db, tenantId, check, since);
    if (count >= check.limit && oldest) {
      const left = Date.parse(oldest) + WINDOW_MS - now;
      return { by: check.by, minutes: Math.max(1, Math.ceil(left / 60_000)) };
    }
  }
  return undefined;
}

export async function recordFailure(db: Db, tenantId: number, keys: ThrottleKeys, now: number): Promise<void> {
  await recordLoginFailure(db, tenantId, { ...keys, at: nowIso(new Date(now)) });
  await pruneLoginFailures(db, tenantId, nowIso(new Date(now - WINDOW_MS)));
}

export async function clearFailures(db: Db, tenantId: number, keys: ThrottleKeys): Promise<void> {
  await clearEmailFailures(db, tenantId, keys.emailHash);
}

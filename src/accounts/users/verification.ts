// E-mail verification of a restaurant made by sign-up, with the rules of password recovery: a
// single-use link valid one hour whose secret is stored only as a SHA-256, at most 3 sent per hour
// for the restaurant. Following it marks the restaurant verified (it may go public from then on)
// and spends every other link of it, in one transaction.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { lockInTransaction } from '../../db/locks.js';
import { nowIso } from '../../http/schemas.js';
import { RESET_VALID_MS, RESETS_PER_HOUR } from './recovery.js';
import { findActiveUser } from './repo.js';
import {
  countVerificationsSince,
  findVerification,
  insertVerification,
  markTenantVerified,
  spendVerifications,
} from './verification-repo.js';

export const VERIFY_VALID_MS = RESET_VALID_MS;
export const VERIFICATIONS_PER_HOUR = RESETS_PER_HOUR;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * A new link's secret for the user, or undefined when the restaurant was sent
 * VERIFICATIONS_PER_HOUR links in the last hour. Counting and adding are one step under a lock.
 * Runs in the caller's transaction when given one (sign-up makes the first link with the restaurant).
 */
export async function startVerification(
  db: Db,
  tenantId: number,
  userId: number,
  now: number,
): Promise<string | undefined> {
  const hourAgo = nowIso(new Date(now - 60 * 60 * 1000));
  const run = async (trx: Db) => {
    await lockInTransaction(trx, `verify:${tenantId}`);
    if ((await countVerificationsSince(trx, tenantId, hourAgo)) >= VERIFICATIONS_PER_HOUR) return undefined;
    const secret = randomBytes(32).toString('base64url');
    await insertVerification(trx, tenantId, {
      user_id: userId,
      token_hash: hashOf(secret),
      created_at: nowIso(new Date(now)),
      expires_at: nowIso(new Date(now + VERIFY_VALID_MS)),
    });
    return secret;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Whether a link's secret may still be used (the confirmation button is shown only then). */
export async function verificationUsable(db: Db, tenantId: number, secret: string, now: number): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return false;
  const row = await findVerification(db, tenantId, hashOf(secret));
  return row !== undefined && row.used_at === null && Date.parse(row.expires_at) > now;
}

/** Follows the link once: the restaurant is verified; returns the user it was sent to, or undefined for a dead link. */
export async function finishVerification(
  db: Db,
  tenantId: number,
  secret: string,
  now: number,
): Promise<number | undefined> {
  if (!(await verificationUsable(db, tenantId, secret, now))) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await findVerification(trx, tenantId, hashOf(secret));
    if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now) return undefined;
    if (!(await findActiveUser(trx, tenantId, row.user_id))) return undefined;
    if (!(await spendVerifications(trx, tenantId, row.token_hash, nowIso(new Date(now))))) return undefined;
    await markTenantVerified(trx, tenantId);
    return row.user_id;
  });
}

// Password recovery by e-mail: a single-use link valid one hour, whose secret is stored only as a
// SHA-256; following it sets a new password and ends every session of the user. Asking for one
// answers the same whether the e-mail exists or not (the caller sends no mail for an unknown one).
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { lockInTransaction } from '../../db/locks.js';
import { nowIso } from '../../http/schemas.js';
import { hashPassword } from './password.js';
import { findActiveUser, findUserByEmail, setPasswordHash } from './repo.js';
import { countResetsSince, findReset, insertReset, pruneResets, useResets } from './reset-repo.js';
import { checkNewPassword, normalizeEmail } from './service.js';
import { deleteUserSessions } from './session-repo.js';

export const RESET_VALID_MS = 60 * 60 * 1000;
/**
 * Links one account is sent per hour, from any number of addresses: past it a request is answered
 * the same and sends nothing, so nobody can flood an owner's inbox (the links already sent work).
 */
export const RESETS_PER_HOUR = 3;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * A link's secret for this e-mail's user, or undefined when no active user has it or it was sent
 * RESETS_PER_HOUR links in the last hour (send nothing then; the answer is the same).
 */
export async function startReset(
  db: Db,
  tenantId: number,
  email: string,
  now: number,
): Promise<{ secret: string; email: string } | undefined> {
  await pruneResets(db, tenantId, nowIso(new Date(now)));
  const user = await findUserByEmail(db, tenantId, normalizeEmail(email));
  if (!user) return undefined;
  const hourAgo = nowIso(new Date(now - 60 * 60 * 1000));
  // Counting the account's links and adding one is one step: parallel requests (from as many
  // addresses) cannot together pass the hourly limit.
  return db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, `reset:${tenantId}:${user.id}`);
    if ((await countResetsSince(trx, tenantId, user.id, hourAgo)) >= RESETS_PER_HOUR) return undefined;
    const secret = randomBytes(32).toString('base64url');
    await insertReset(trx, tenantId, {
      user_id: user.id,
      token_hash: hashOf(secret),
      created_at: nowIso(new Date(now)),
      expires_at: nowIso(new Date(now + RESET_VALID_MS)),
    });
    return { secret, email: user.email };
  });
}

/** Whether a link's secret may still be used (the form is shown only then). */
export async function resetUsable(db: Db, tenantId: number, secret: string, now: number): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return false;
  const row = await findReset(db, tenantId, hashOf(secret));
  return row !== undefined && row.used_at === null && Date.parse(row.expires_at) > now;
}

/**
 * Sets the new password through the link, once: the link (and every other unused one of the user)
 * is spent and every session of the user ends, in one transaction. The password's rules throw
 * UserInputError before anything changes. Returns the user's id, or undefined for a dead link.
 */
export async function finishReset(
  db: Db,
  tenantId: number,
  secret: string,
  password: string,
  now: number,
): Promise<number | undefined> {
  checkNewPassword(password);
  if (!(await resetUsable(db, tenantId, secret, now))) return undefined;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const row = await findReset(trx, tenantId, hashOf(secret));
    if (!row || row.used_at !== null || Date.parse(row.expires_at) <= now) return undefined;
    if (!(await findActiveUser(trx, tenantId, row.user_id))) return undefined;
    if (!(await useResets(trx, tenantId, row.user_id, row.token_hash, nowIso(new Date(now))))) return undefined;
    await setPasswordHash(trx, tenantId, row.user_id, passwordHash);
    await deleteUserSessions(trx, tenantId, row.user_id);
    return row.user_id;
  });
}

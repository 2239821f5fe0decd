// Operator accounts and sessions: made by `menu operator:create <email>`, signed in on the base
// address's /operator with their own cookie (never a restaurant's), scrypt passwords, 2 h idle and
// 12 h absolute like the panel, sign-in failures held per (e-mail, client) and per client in one
// atomic step (the panel's limits: 5 and 20 in 15 minutes), and every action audited.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from '../../accounts/users/password.js';
import { checkNewPassword, normalizeEmail } from '../../accounts/users/service.js';
import type { Db } from '../../db/connect.js';
import { lockInTransaction } from '../../db/locks.js';
import { nowIso } from '../../http/schemas.js';
import { isHttps, readCookie, setCookie } from '../cookies.js';
import { ABSOLUTE_MS, IDLE_MS } from '../session.js';
import { EMAIL_LIMIT, IP_LIMIT, WINDOW_MS } from '../throttle.js';
import {
  clearOperatorFailures,
  countOperatorFailures,
  deleteOperatorSession,
  deleteStaleOperatorSessions,
  findOperatorByEmail,
  findOperatorById,
  findOperatorSession,
  insertOperator,
  insertOperatorSession,
  pruneOperatorFailures,
  recordOperatorFailure,
  setOperatorPassword,
  touchOperatorSession,
} from './repo.js';

export const OPERATOR_COOKIE = 'menu_operator';
const LOGIN_COOKIE = 'menu_operator_login';
const PATH = '/operator';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');

/** Makes an operator, or sets a new password for one that exists (its sessions end). */
export async function createOperator(db: Db, email: string, password: string): Promise<'created' | 'updated'> {
  const address = normalizeEmail(email);
  if (!EMAIL.test(address) || address.length > 254) throw new RangeError(`Invalid e-mail address "${email}".`);
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const existing = await findOperatorByEmail(trx, address);
    if (existing) {
      await setOperatorPassword(trx, existing.id, passwordHash);
      return 'updated';
    }
    await insertOperator(trx, { email: address, passwordHash, at: nowIso() });
    return 'created';
  });
}

export interface OperatorSession {
  id: string;
  csrf: string;
  operator: { id: number; email: string };
}

export interface Held {
  minutes: number;
  retryAt: number;
}

const keysOf = (email: string, client: string) => ({
  emailIpHash: sha256(`operator:email-ip:${email}\n${client}`),
  ipHash: sha256(`operator:ip:${client}`),
});

/**
 * Checks a sign-in, as one step under a lock on the client: held back past the limits, else the
 * attempt is counted as a failure first and a right password takes it back. The same answer and
 * about the same time for an unknown e-mail as for a wrong password.
 */
export async function signInOperator(
  db: Db,
  input: { email: string; password: string; client: string; now: number },
): Promise<{ operatorId: number } | { held: Held } | { wrong: true }> {
  const email = normalizeEmail(input.email).slice(0, 254);
  const keys = keysOf(email, input.client);
  const since = nowIso(new Date(input.now - WINDOW_MS));
  const held = await db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, `operator-login:${keys.ipHash}`);
    for (const [column, hash, limit] of [
      ['email_ip_hash', keys.emailIpHash, EMAIL_LIMIT],
      ['ip_hash', keys.ipHash, IP_LIMIT],
    ] as const) {
      const { count, oldest } = await countOperatorFailures(trx, column, hash, since);
      if (count >= limit && oldest) {
        const retryAt = Date.parse(oldest) + WINDOW_MS;
        return { minutes: Math.max(1, Math.ceil((retryAt - input.now) / 60_000)), retryAt };
      }
    }
    await recordOperatorFailure(trx, { ...keys, at: nowIso(new Date(input.now)) });
    await pruneOperatorFailures(trx, since);
    return undefined;
  });
  if (held) return { held };
  const operator = email ? await findOperatorByEmail(db, email) : undefined;
  const ok = await verifyPassword(
    input.password.slice(0, 200),
    operator?.password_hash ?? (await hashPassword('not the password of anyone')),
  );
  if (!operator || !ok) return { wrong: true };
  await clearOperatorFailures(db, keys.emailIpHash);
  return { operatorId: operator.id };
}

export async function startOperatorSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  operatorId: number,
  now: number,
): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await insertOperatorSession(trx, { id: sha256(secret), operatorId, at: nowIso(new Date(now)) });
    await deleteStaleOperatorSessions(trx, nowIso(new Date(now - IDLE_MS)), nowIso(new Date(now - ABSOLUTE_MS)));
  });
  setCookie(reply, OPERATOR_COOKIE, secret, { maxAge: ABSOLUTE_MS / 1000, secure: isHttps(request), path: PATH });
}

export async function currentOperator(
  db: Db,
  request: FastifyRequest,
  now: number,
): Promise<OperatorSession | undefined> {
  const secret = readCookie(request, OPERATOR_COOKIE);
  if (!secret) return undefined;
  const id = sha256(secret);
  const row = await findOperatorSession(db, id);
  if (!row) return undefined;
  const stale = now - Date.parse(row.last_seen_at) > IDLE_MS || now - Date.parse(row.created_at) > ABSOLUTE_MS;
  const operator = stale ? undefined : await findOperatorById(db, row.operator_id);
  if (!operator) {
    await deleteOperatorSession(db, id);
    return undefined;
  }
  if (now - Date.parse(row.last_seen_at) > 60_000) await touchOperatorSession(db, id, nowIso(new Date(now)));
  return { id, csrf: derive(secret, 'csrf'), operator: { id: operator.id, email: operator.email } };
}

export async function endOperatorSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  session: OperatorSession,
) {
  await deleteOperatorSession(db, session.id);
  setCookie(reply, OPERATOR_COOKIE, '', { maxAge: 0, secure: isHttps(request), path: PATH });
}

/** The sign-in form's CSRF token, bound to a random cookie of /operator. */
export function loginCsrf(request: FastifyRequest, reply: FastifyReply): string {
  let secret = readCookie(request, LOGIN_COOKIE);
  if (!secret) {
    secret = randomBytes(24).toString('base64url');
    setCookie(reply, LOGIN_COOKIE, secret, { maxAge: 24 * 60 * 60, secure: isHttps(request), path: PATH });
  }
  return derive(secret, 'login');
}

export function loginCsrfOf(request: FastifyRequest): string | undefined {
  const secret = readCookie(request, LOGIN_COOKIE);
  return secret ? derive(secret, 'login') : undefined;
}

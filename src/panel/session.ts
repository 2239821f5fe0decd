// Panel sessions: a random secret in an HttpOnly cookie, its SHA-256 as the database row's id, an
// idle and an absolute lifetime, and the CSRF tokens derived from secrets only the browser holds.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findActiveUser, recordSignIn } from '../accounts/users/repo.js';
import {
  deleteSession,
  deleteStaleSessions,
  findSession,
  insertSession,
  touchSession,
} from '../accounts/users/session-repo.js';
import type { Db } from '../db/connect.js';
import type { UserRole } from '../db/schema.js';
import { nowIso } from '../http/schemas.js';
import { isHttps, readCookie, setCookie } from './cookies.js';

export const SESSION_COOKIE = 'menu_session';
/** Holds the secret behind the sign-in form's CSRF token, before there is a session. */
export const LOGIN_COOKIE = 'menu_login';
/** A session unused for this long ends (a tablet left on the counter). */
export const IDLE_MS = 2 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however busy (one working day). */
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_MS = 60 * 1000;

export interface PanelUser {
  id: number;
  email: string;
  name: string;
  role: UserRole;
}

export interface PanelSession {
  /** The row id (hash of the cookie's secret). */
  id: string;
  /** The token every state-changing form of this session must carry. */
  csrf: string;
  user: PanelUser;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');

export function sameToken(a: string | undefined, b: string): boolean {
  if (typeof a !== 'string') return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Signs a user in: a new session row and its cookie. */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  now: number,
): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  const at = nowIso(new Date(now));
  await insertSession(db, request.tenant.id, { id: sha256(secret), userId, now: at });
  await recordSignIn(db, request.tenant.id, userId, at);
  // Expired rows of this restaurant go now and then: at each sign-in.
  await deleteStaleSessions(
    db,
    request.tenant.id,
    nowIso(new Date(now - IDLE_MS)),
    nowIso(new Date(now - ABSOLUTE_MS)),
  );
  setCookie(reply, SESSION_COOKIE, secret, { maxAge: ABSOLUTE_MS / 1000, secure: isHttps(request) });
  setCookie(reply, LOGIN_COOKIE, '', { maxAge: 0, secure: isHttps(request) });
  // The new session's CSRF token, for a page answered in this same response.
  return derive(secret, 'csrf');
}

/** The signed-in session of this request on this restaurant, or undefined (no, expired or foreign cookie). */
export async function currentSession(db: Db, request: FastifyRequest, now: number): Promise<PanelSession | undefined> {
  const secret = readCookie(request, SESSION_COOKIE);
  if (!secret) return undefined;
  const tenantId = request.tenant.id;
  const id = sha256(secret);
  // The row is looked up within this restaurant: a session made on another address names nothing here.
  const row = await findSession(db, tenantId, id);
  if (!row) return undefined;
  const idle = now - Date.parse(row.last_seen_at) > IDLE_MS;
  const old = now - Date.parse(row.created_at) > ABSOLUTE_MS;
  const user = idle || old ? undefined : await findActiveUser(db, tenantId, row.user_id);
  if (!user) {
    await deleteSession(db, tenantId, id);
    return undefined;
  }
  if (now - Date.parse(row.last_seen_at) > TOUCH_MS) await touchSession(db, tenantId, id, nowIso(new Date(now)));
  return {
    id,
    csrf: derive(secret, 'csrf'),
    user: { id: user.id, email: user.email, name: user.name, role: user.role },
  };
}

export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, session: PanelSession) {
  await deleteSession(db, request.tenant.id, session.id);
  setCookie(reply, SESSION_COOKIE, '', { maxAge: 0, secure: isHttps(request) });
}

/** The sign-in form's CSRF token, bound to a random cookie set here when missing. */
export function loginCsrf(request: FastifyRequest, reply: FastifyReply): string {
  let secret = readCookie(request, LOGIN_COOKIE);
  if (!secret) {
    secret = randomBytes(24).toString('base64url');
    setCookie(reply, LOGIN_COOKIE, secret, { maxAge: 24 * 60 * 60, secure: isHttps(request) });
  }
  return derive(secret, 'login');
}

export function loginCsrfMatches(request: FastifyRequest, token: string | undefined): boolean {
  const secret = readCookie(request, LOGIN_COOKIE);
  return secret !== undefined && sameToken(token, derive(secret, 'login'));
}

/** A hash that names an e-mail or address in the failures table without storing what was typed. */
export function throttleKey(tenantId: number, value: string): string {
  return sha256(`${tenantId}:${value}`);
}

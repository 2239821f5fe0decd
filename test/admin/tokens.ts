// Test helpers for the admin API: an owner with a token of chosen scopes, and authorized calls.
import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../src/accounts/tokens/scopes.js';
import { createToken } from '../../src/accounts/tokens/service.js';
import { findUserByEmail } from '../../src/accounts/users/repo.js';
import { createUser } from '../../src/accounts/users/service.js';
import type { Db } from '../../src/db/connect.js';
import { createFixtureTenant } from '../fixtures.js';
import { type Call, call, type TestApp } from '../helper.js';

export const ALL_SCOPES: Scope[] = ['menu:read', 'menu:write', 'analytics:read'];

/** Creates (once) the tenant's owner and a new token with `scopes`; returns the plain token. */
export async function tokenFor(db: Db, tenantId: number, scopes: Scope[] = ALL_SCOPES, name = 'test'): Promise<string> {
  const email = 'owner@example.test';
  if (!(await findUserByEmail(db, tenantId, email))) {
    await createUser(db, tenantId, { email, password: 'correct horse battery' });
  }
  return (await createToken(db, tenantId, { email, name, scopes })).plain;
}

/** A call with `Authorization: Bearer <token>`. */
export function adminCall(app: FastifyInstance, token: string, c: Call) {
  return call(app, { ...c, headers: { authorization: `Bearer ${token}`, ...c.headers } });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Makes fresh fixture restaurants (`<prefix>1`, `<prefix>2`, …) on the suite's app, each with an
 * owner token of the given scopes, `admin(method, url)` under `adminBase` and `pub(url)` under /api/v1.
 */
export function restaurantMaker(suite: () => TestApp, prefix: string, adminBase = '/api/v1/admin') {
  let seq = 0;
  return async (scopes?: Scope[]) => {
    seq += 1;
    const t = suite();
    const slug = `${prefix}${seq}`;
    const label = `R${seq}`;
    const id = await createFixtureTenant(t.db.db, slug, label);
    const token = await tokenFor(t.db.db, id, scopes);
    const admin = (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      adminCall(t.app, token, { method, url: `${adminBase}${url}`, host: slug, body, headers });
    const pub = (url: string, headers: Record<string, string> = {}) =>
      call(t.app, { url: `/api/v1${url}`, host: slug, headers });
    return { slug, label, id, token, admin, pub };
  };
}

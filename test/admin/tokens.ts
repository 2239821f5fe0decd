// Test helpers for the admin API: an owner with a token of chosen scopes, and authorized calls.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/connect.js';
import { createToken } from '../../src/modules/tokens/service.js';
import type { Scope } from '../../src/modules/tokens/token.js';
import { findUserByEmail } from '../../src/modules/users/repo.js';
import { createUser } from '../../src/modules/users/service.js';
import { type Call, call } from '../helper.js';

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

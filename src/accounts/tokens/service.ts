// Token rules: creation for a tenant's user (name 1..100, at least one known scope) and authentication.

import { InputError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { findUserByEmail } from '../users/repo.js';
import { findActiveToken, insertToken, touchToken } from './repo.js';
import { isScope, type Scope, scopesAllowed } from './scopes.js';
import { generateSecret, hashSecret, parseBearer, secretMatches } from './token.js';

export interface CreatedToken {
  id: number;
  /** The whole token, `<id>|<secret>`: shown once, never stored. */
  plain: string;
}

export async function createToken(
  db: Db,
  tenantId: number,
  input: { email: string; name: string; scopes: string[] },
): Promise<CreatedToken> {
  const name = input.name.trim();
  if (name.length < 1 || name.length > 100) throw new InputError('The token name must be 1-100 characters.');
  const scopes = [...new Set(input.scopes.map((s) => s.trim()).filter(Boolean))];
  if (scopes.length === 0)
    throw new InputError('Pick at least one scope: menu:read, menu:write, analytics:read, webhooks:write.');
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) {
    throw new InputError(
      `Unknown scope(s): ${unknown.join(', ')}. Known: menu:read, menu:write, analytics:read, webhooks:write.`,
    );
  }
  const user = await findUserByEmail(db, tenantId, input.email);
  if (!user) throw new InputError(`No user "${input.email}" in this tenant.`);
  const refused = scopes.filter((s) => !scopesAllowed(user.role).includes(s as Scope));
  if (refused.length > 0) {
    throw new InputError(
      `${input.email} is staff: a token for them may not have ${refused.join(', ')} (make them an owner with menu user:role first).`,
    );
  }
  return issueToken(db, tenantId, user.id, name, scopes as Scope[]);
}

/** Stores a new token for a user whose name and scopes are already checked; the plain text is returned once. */
export async function issueToken(
  db: Db,
  tenantId: number,
  userId: number,
  name: string,
  scopes: Scope[],
): Promise<CreatedToken> {
  const secret = generateSecret();
  const id = await insertToken(db, tenantId, { userId, name, tokenHash: hashSecret(secret), scopes });
  return { id, plain: `${id}|${secret}` };
}

export interface Principal {
  tokenId: number;
  tokenName: string;
  userId: number;
  scopes: Scope[];
}

/** The principal behind an Authorization header on this tenant, or undefined (401). Read from the database every time. */
export async function authenticate(
  db: Db,
  tenantId: number,
  header: string | undefined,
): Promise<Principal | undefined> {
  const parsed = parseBearer(header);
  if (!parsed) return undefined;
  const token = await findActiveToken(db, tenantId, parsed.id);
  if (!token || !secretMatches(parsed.secret, token.token_hash)) return undefined;
  try {
    await touchToken(db, tenantId, token.id);
  } catch (err) {
    // last_used_at is bookkeeping: a database locked by another process must not refuse a valid token.
    if (!isDatabaseUnavailable(err)) throw err;
  }
  const allowed = scopesAllowed(token.role);
  return {
    tokenId: token.id,
    tokenName: token.name,
    userId: token.user_id,
    // A staff user's token never writes, whatever it was made with (scopes.ts).
    scopes: (JSON.parse(token.scopes) as string[]).filter(isScope).filter((s) => allowed.includes(s)),
  };
}

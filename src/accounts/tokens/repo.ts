// API token rows: create, find for authentication, list, revoke, record use.
import type { Db } from '../../db/connect.js';
import type { ApiTokenRow, UserRole } from '../../db/schema.js';
import { nowIso } from '../../http/schemas.js';

export async function insertToken(
  db: Db,
  tenantId: number,
  input: { userId: number; name: string; tokenHash: string; scopes: string[] },
): Promise<number> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      tenant_id: tenantId,
      user_id: input.userId,
      name: input.name,
      token_hash: input.tokenHash,
      scopes: JSON.stringify(input.scopes),
      last_used_at: null,
      revoked_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A live token of this tenant whose user has not been removed, with that user's role. */
export async function findActiveToken(
  db: Db,
  tenantId: number,
  id: number,
): Promise<(ApiTokenRow & { role: UserRole }) | undefined> {
  return db
    .selectFrom('api_tokens')
    .innerJoin('users', (join) =>
      join.onRef('users.id', '=', 'api_tokens.user_id').onRef('users.tenant_id', '=', 'api_tokens.tenant_id'),
    )
    .selectAll('api_tokens')
    .select('users.role')
    .where('api_tokens.tenant_id', '=', tenantId)
    .where('api_tokens.id', '=', id)
    .where('api_tokens.revoked_at', 'is', null)
    .where('users.removed_at', 'is', null)
    .executeTakeFirst();
}

export async function touchToken(db: Db, tenantId: number, id: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: nowIso() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

export interface TokenListing {
  id: number;
  name: string;
  scopes: string[];
  email: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export async function listTokens(db: Db, tenantId: number): Promise<TokenListing[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .innerJoin('users', (join) =>
      join.onRef('users.id', '=', 'api_tokens.user_id').onRef('users.tenant_id', '=', 'api_tokens.tenant_id'),
    )
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.scopes',
      'users.email',
      'api_tokens.created_at',
      'api_tokens.last_used_at',
      'api_tokens.revoked_at',
    ])
    .where('api_tokens.tenant_id', '=', tenantId)
    .orderBy('api_tokens.id')
    .execute();
  return rows.map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as string[] }));
}

export async function revokeToken(db: Db, tenantId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: nowIso() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Live tokens of the restaurant with their holder's e-mail, oldest first: one user's, or every holder's still in the staff. */
async function liveTokenListing(db: Db, tenantId: number, userId?: number): Promise<TokenListing[]> {
  let query = db
    .selectFrom('api_tokens')
    .innerJoin('users', (join) =>
      join.onRef('users.id', '=', 'api_tokens.user_id').onRef('users.tenant_id', '=', 'api_tokens.tenant_id'),
    )
    .select([
      'api_tokens.id',
      'api_tokens.name',
      'api_tokens.scopes',
      'users.email',
      'api_tokens.created_at',
      'api_tokens.last_used_at',
      'api_tokens.revoked_at',
    ])
    .where('api_tokens.tenant_id', '=', tenantId)
    .where('api_tokens.revoked_at', 'is', null);
  query =
    userId === undefined ? query.where('users.removed_at', 'is', null) : query.where('api_tokens.user_id', '=', userId);
  const rows = await query.orderBy('api_tokens.id').execute();
  return rows.map((r) => ({ ...r, scopes: JSON.parse(r.scopes) as string[] }));
}

/** One user's live tokens, oldest first (the panel's list). */
export function listUserTokens(db: Db, tenantId: number, userId: number): Promise<TokenListing[]> {
  return liveTokenListing(db, tenantId, userId);
}

/** Revokes a token only if it belongs to this user; true when it was live. */
export async function revokeUserToken(db: Db, tenantId: number, userId: number, id: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: nowIso() })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The name of one of this user's tokens, revoked or not (the panel names what it revoked). */
export async function findUserTokenName(
  db: Db,
  tenantId: number,
  userId: number,
  id: number,
): Promise<string | undefined> {
  if (id > 2_147_483_647) return undefined;
  const row = await db
    .selectFrom('api_tokens')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

/** Every live token of the restaurant, whoever holds it, oldest first (what an owner sees in the panel). */
export function listLiveTokens(db: Db, tenantId: number): Promise<TokenListing[]> {
  return liveTokenListing(db, tenantId);
}

/** The name of any token of this restaurant, revoked or not (an owner may revoke anyone's). */
export async function findTokenName(db: Db, tenantId: number, id: number): Promise<string | undefined> {
  if (id > 2_147_483_647) return undefined;
  const row = await db
    .selectFrom('api_tokens')
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}

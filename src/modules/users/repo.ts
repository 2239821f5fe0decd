// Admin-panel user rows (one tenant each).
import type { Db } from '../../db/connect.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../http/schemas.js';

export async function findUserByEmail(db: Db, tenantId: number, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function insertUser(
  db: Db,
  tenantId: number,
  input: { email: string; name: string; passwordHash: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      tenant_id: tenantId,
      email: input.email.toLowerCase(),
      name: input.name,
      password_hash: input.passwordHash,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

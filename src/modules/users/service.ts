// Admin-user rules: a valid e-mail unique within the tenant, a password of at least 8 characters.

import type { Db } from '../../db/connect.js';
import { InputError } from '../../http/errors.js';
import { hashPassword } from './password.js';
import { findUserByEmail, insertUser } from './repo.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function createUser(
  db: Db,
  tenantId: number,
  input: { email: string; password: string; name?: string },
): Promise<number> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw new InputError(`Invalid e-mail address "${input.email}".`);
  if (input.password.length < 8) throw new InputError('The password must be at least 8 characters.');
  if (await findUserByEmail(db, tenantId, email)) {
    throw new InputError(`A user "${email}" already exists in this tenant.`);
  }
  return insertUser(db, tenantId, { email, name: input.name ?? '', passwordHash: await hashPassword(input.password) });
}

// Admin-user rules: a valid e-mail unique within the tenant, a password of at least 8 characters;
// a password change or reset and a removal end the user's sessions (and a removal its tokens) at once.

import { InputError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import type { UserRole } from '../../db/schema.js';
import { hashPassword, verifyPassword } from './password.js';
import {
  findActiveUser,
  findAnyUserByEmail,
  findUserByEmail,
  insertUser,
  listActiveUsers,
  markUserRemoved,
  restoreUser,
  revokeUserTokens,
  setPasswordHash,
  setUserRole,
} from './repo.js';
import { deleteUserSessions } from './session-repo.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 8;
/** scrypt reads the whole password: a bound keeps one request from costing seconds. */
export const MAX_PASSWORD_LENGTH = 200;

export type UserProblem = 'email_invalid' | 'email_taken' | 'password_short' | 'password_long' | 'password_wrong';

/** A refused account change; `problems` (every one found, `problem` the first) let the panel say them in the user's language. */
export class UserInputError extends InputError {
  readonly problems: UserProblem[];
  constructor(
    readonly problem: UserProblem,
    message: string,
    problems: UserProblem[] = [problem],
  ) {
    super(message);
    this.problems = problems;
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The problems in English, for the command line (the panel says them in its own language). */
const MESSAGES: Record<UserProblem, (email: string) => string> = {
  email_invalid: (email) => `Invalid e-mail address "${email}".`,
  email_taken: (email) => `A user "${email}" already exists in this tenant.`,
  password_short: () => `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  password_long: () => `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  password_wrong: () => 'The current password is not correct.',
};

/** Throws one UserInputError naming every problem found (nothing when there is none). */
function refuse(problems: UserProblem[], email = ''): void {
  if (problems.length === 0) return;
  throw new UserInputError(problems[0], problems.map((p) => MESSAGES[p](email)).join(' '), problems);
}

/** What is wrong with a new password (8..200 characters), if anything. */
export function newPasswordProblem(password: string): UserProblem | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'password_short';
  if (password.length > MAX_PASSWORD_LENGTH) return 'password_long';
  return undefined;
}

/** A new password's rules (8..200 characters); throws UserInputError. */
export function checkNewPassword(password: string): void {
  const problem = newPasswordProblem(password);
  refuse(problem ? [problem] : []);
}

/** Every problem of a new user's e-mail and password, without writing anything (the panel lists them all at once). */
export async function newUserProblems(
  db: Db,
  tenantId: number,
  input: { email: string; password: string },
): Promise<UserProblem[]> {
  const email = normalizeEmail(input.email);
  const problems: UserProblem[] = [];
  if (!EMAIL.test(email) || email.length > 254) problems.push('email_invalid');
  else {
    const existing = await findAnyUserByEmail(db, tenantId, email);
    if (existing && existing.removed_at === null) problems.push('email_taken');
  }
  const password = newPasswordProblem(input.password);
  if (password) problems.push(password);
  return problems;
}

/**
 * Creates an admin user (an owner unless told otherwise: the command line and the demo seed make a
 * restaurant's first accounts). A removed user with the same e-mail is brought back instead.
 */
export async function createUser(
  db: Db,
  tenantId: number,
  input: { email: string; password: string; name?: string; role?: UserRole },
): Promise<number> {
  const email = normalizeEmail(input.email);
  refuse(await newUserProblems(db, tenantId, input), email);
  const role = input.role ?? 'owner';
  const name = (input.name ?? '').trim();
  const existing = await findAnyUserByEmail(db, tenantId, email);
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await restoreUser(db, tenantId, existing.id, { name, passwordHash, role });
    return existing.id;
  }
  return insertUser(db, tenantId, { email, name, passwordHash, role });
}

/** Every problem of a password change (the current password wrong, the new one too short…), without writing. */
export async function passwordChangeProblems(
  db: Db,
  tenantId: number,
  userId: number,
  input: { current: string; next: string },
): Promise<UserProblem[]> {
  const user = await findActiveUser(db, tenantId, userId);
  const problems: UserProblem[] = [];
  if (!user || !(await verifyPassword(input.current, user.password_hash))) problems.push('password_wrong');
  const next = newPasswordProblem(input.next);
  if (next) problems.push(next);
  return problems;
}

/** A signed-in user changes their own password: the current one is required; their other sessions end. */
export async function changePassword(
  db: Db,
  tenantId: number,
  userId: number,
  input: { current: string; next: string; keepSession: string },
): Promise<void> {
  refuse(await passwordChangeProblems(db, tenantId, userId, input));
  const passwordHash = await hashPassword(input.next);
  await db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, tenantId, userId, passwordHash);
    await deleteUserSessions(trx, tenantId, userId, input.keepSession);
  });
}

/** The operator resets a user's password (command line): every session of that user ends. */
export async function resetPassword(db: Db, tenantId: number, email: string, password: string): Promise<number> {
  const user = await findUserByEmail(db, tenantId, email);
  if (!user) throw new InputError(`No user "${email}" in this tenant.`);
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, tenantId, user.id, passwordHash);
    return deleteUserSessions(trx, tenantId, user.id);
  });
}

/** Removes a user: no sign-in from now on, and their sessions and tokens stop working at once. */
export async function removeUser(db: Db, tenantId: number, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markUserRemoved(trx, tenantId, userId))) return false;
    await deleteUserSessions(trx, tenantId, userId);
    await revokeUserTokens(trx, tenantId, userId);
    return true;
  });
}

/**
 * Makes a user owner or staff (command line). A restaurant always keeps an owner: the last one
 * cannot become staff. A user made staff keeps their tokens, which stop writing at once (scopes.ts).
 */
export async function changeRole(db: Db, tenantId: number, email: string, role: UserRole): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, tenantId, email);
    if (!user) throw new InputError(`No user "${email}" in this tenant.`);
    if (user.role === 'owner' && role !== 'owner') {
      const owners = (await listActiveUsers(trx, tenantId)).filter((u) => u.role === 'owner');
      if (owners.length <= 1)
        throw new InputError(`${user.email} is the restaurant's only owner: make another user an owner first.`);
    }
    await setUserRole(trx, tenantId, user.id, role);
  });
}

// Sign-up on the base address: the rules of the form (name, address word, country, owner e-mail and
// password, invite code), the limits per client address, and the creation of the restaurant, its
// owner and the first verification link in one transaction. Nothing here says whether an e-mail
// already has an account: an e-mail may own several restaurants, and the answer is the same.
import { createHash } from 'node:crypto';
import { insertTenant, slugExists } from '../../accounts/tenants/repo.js';
import { normalizeSlug, type SlugProblem, slugProblem } from '../../accounts/tenants/slug.js';
import { hashPassword } from '../../accounts/users/password.js';
import { insertUser } from '../../accounts/users/repo.js';
import { newPasswordProblem, normalizeEmail, type UserProblem } from '../../accounts/users/service.js';
import { startVerification } from '../../accounts/users/verification.js';
import type { Db } from '../../db/connect.js';
import { writeConflictOf } from '../../db/errors.js';
import { lockInTransaction } from '../../db/locks.js';
import { nowIso } from '../../http/schemas.js';
import { startFirstRun } from '../first-run/state.js';
import { COUNTRIES } from './countries.js';
import { countSignupAttempts, findInvite, pruneSignupAttempts, recordSignupAttempt, spendInvite } from './repo.js';

/** Sign-ups sent from one client address (an IPv4 address or an IPv6 /64) in an hour, whatever their outcome. */
export const ATTEMPTS_PER_HOUR = 20;
/** Restaurants one client address may create in a day. */
export const CREATED_PER_DAY = 5;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SignupProblem =
  | SlugProblem
  | 'slug_taken'
  | 'name_empty'
  | 'name_long'
  | 'country'
  | 'invite_invalid'
  | Extract<UserProblem, 'email_invalid' | 'password_short' | 'password_long'>;

export interface SignupInput {
  name: string;
  slug: string;
  country: string;
  email: string;
  password: string;
  invite: string;
}

export type FieldProblems = Partial<Record<keyof SignupInput, SignupProblem>>;

export const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
const clientHash = (client: string) => hashOf(`signup:${client}`);
/** Invite codes are compared in one spelling: upper case, no spaces or hyphens. */
export const inviteHash = (code: string) => hashOf(`invite:${code.toUpperCase().replace(/[\s-]/g, '')}`);

/** The address word as typed becomes (normalizeSlug), and what is wrong with it, availability included. */
export async function slugStatus(db: Db, typed: string): Promise<{ slug: string; problem: SignupProblem | undefined }> {
  const slug = normalizeSlug(typed);
  const problem = slugProblem(slug) ?? ((await slugExists(db, slug)) ? 'slug_taken' : undefined);
  return { slug, problem };
}

/** Every problem of the form, each on its field (the address word already normalised by the caller). */
export async function signupProblems(db: Db, input: SignupInput, mode: 'open' | 'invite'): Promise<FieldProblems> {
  const problems: FieldProblems = {};
  const name = input.name.trim();
  if (name === '') problems.name = 'name_empty';
  else if (name.length > 200) problems.name = 'name_long';
  const slug = await slugStatus(db, input.slug);
  if (slug.problem) problems.slug = slug.problem;
  if (!COUNTRIES[input.country]) problems.country = 'country';
  const email = normalizeEmail(input.email);
  if (!EMAIL.test(email) || email.length > 254) problems.email = 'email_invalid';
  const password = newPasswordProblem(input.password);
  if (password === 'password_short' || password === 'password_long') problems.password = password;
  if (mode === 'invite') {
    const invite = input.invite.trim() ? await findInvite(db, inviteHash(input.invite)) : undefined;
    if (!invite || invite.used_at !== null || Date.parse(invite.expires_at) <= Date.now()) {
      problems.invite = 'invite_invalid';
    }
  }
  return problems;
}

export interface Held {
  retryAt: number;
  minutes: number;
}

function heldUntil(oldest: string | undefined, window: number, now: number): Held {
  const retryAt = (oldest ? Date.parse(oldest) : now) + window;
  return { retryAt, minutes: Math.max(1, Math.ceil((retryAt - now) / 60_000)) };
}

/**
 * Counts this sign-up against the client's hourly budget, as one step under a lock on the client
 * (parallel posts cannot pass the count): held back past ATTEMPTS_PER_HOUR.
 */
export async function claimSignupAttempt(db: Db, client: string, now: number): Promise<Held | undefined> {
  const hash = clientHash(client);
  return db.transaction().execute(async (trx) => {
    await lockInTransaction(trx, `signup:${hash}`);
    const { count, oldest } = await countSignupAttempts(trx, hash, nowIso(new Date(now - HOUR)), 'attempt');
    if (count >= ATTEMPTS_PER_HOUR) return heldUntil(oldest, HOUR, now);
    await recordSignupAttempt(trx, hash, nowIso(new Date(now)), false);
    await pruneSignupAttempts(trx, nowIso(new Date(now - DAY)));
    return undefined;
  });
}

export type SignupOutcome =
  | { kind: 'created'; tenantId: number; slug: string; email: string; secret: string | undefined }
  | { kind: 'held'; held: Held }
  | { kind: 'refused'; problems: FieldProblems };

/**
 * Creates the restaurant (offline, awaiting verification, in the country's language, currency and
 * time zone), its owner and the first verification link, and spends the invite code, in one
 * transaction under the client's lock: at most CREATED_PER_DAY restaurants per client address,
 * however many posts arrive together; a slug or code taken meanwhile refuses it.
 */
export async function signUp(
  db: Db,
  input: SignupInput,
  options: { client: string; now: number; mode: 'open' | 'invite' },
): Promise<SignupOutcome> {
  const problems = await signupProblems(db, input, options.mode);
  if (Object.keys(problems).length > 0) return { kind: 'refused', problems };
  const { now } = options;
  const slug = normalizeSlug(input.slug);
  const email = normalizeEmail(input.email);
  const country = COUNTRIES[input.country]!;
  const passwordHash = await hashPassword(input.password);
  const hash = clientHash(options.client);
  const create = db.transaction().execute(async (trx): Promise<SignupOutcome> => {
    await lockInTransaction(trx, `signup:${hash}`);
    const { count, oldest } = await countSignupAttempts(trx, hash, nowIso(new Date(now - DAY)), 'created');
    if (count >= CREATED_PER_DAY) return { kind: 'held', held: heldUntil(oldest, DAY, now) };
    if (await slugExists(trx, slug)) return { kind: 'refused', problems: { slug: 'slug_taken' } };
    const locales = country.locale === 'en' ? ['en'] : [country.locale, 'en'];
    const tenantId = await insertTenant(trx, {
      slug,
      name: input.name.trim(),
      signUp: {
        locale: country.locale,
        supportedLocales: locales,
        currency: country.currency,
        timezone: country.timezone,
      },
    });
    const at = nowIso(new Date(now));
    if (options.mode === 'invite' && !(await spendInvite(trx, inviteHash(input.invite), tenantId, at))) {
      throw new InviteSpentError();
    }
    const userId = await insertUser(trx, tenantId, { email, name: '', passwordHash, role: 'owner' });
    const secret = await startVerification(trx, tenantId, userId, now);
    await recordSignupAttempt(trx, hash, at, true);
    // Its panel opens on the first-run checklist (panel/first-run).
    await startFirstRun(trx, tenantId, now);
    return { kind: 'created', tenantId, slug, email, secret };
  });
  try {
    return await create;
  } catch (err) {
    if (err instanceof InviteSpentError) return { kind: 'refused', problems: { invite: 'invite_invalid' } };
    // Another sign-up took the same address between the check and the insert (its unique index).
    if (writeConflictOf(err) && (await slugExists(db, slug)))
      return { kind: 'refused', problems: { slug: 'slug_taken' } };
    throw err;
  }
}

/** The invite code was spent by a parallel sign-up between the check and the creation (the transaction rolls back). */
export class InviteSpentError extends Error {}

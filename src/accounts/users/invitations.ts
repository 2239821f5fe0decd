// Staff invited by e-mail: an owner names an e-mail, a name and a role; the person receives a
// single-use link, with the rules of password recovery (recovery.ts: a random secret stored only
// as its SHA-256, another restaurant's address refuses it, spent once used), valid 7 days (see
// docs/DESIGN-NOTES.md: an hour is too short for a waiter who reads mail the next morning); with
// it they set their own password and the account is created. A pending invitation can be sent
// again (a new link; the old one is dead) or withdrawn.
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import {
  deleteInvitations,
  findInvitation,
  findInvitationByHash,
  type InvitationRow,
  insertInvitation,
  renewInvitation,
  useInvitation,
} from './invitation-repo.js';
import { createUser, newUserProblems, normalizeEmail, type UserProblem } from './service.js';

export const INVITATION_VALID_MS = 7 * 24 * 60 * 60 * 1000;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newLink = (now: number) => {
  const secret = randomBytes(32).toString('base64url');
  return {
    secret,
    row: {
      token_hash: hashOf(secret),
      created_at: nowIso(new Date(now)),
      expires_at: nowIso(new Date(now + INVITATION_VALID_MS)),
    },
  };
};

/**
 * Invites an e-mail (replacing a pending invitation of the same e-mail). The problems of the
 * e-mail (not an address, already a user here) come back instead, and nothing is stored.
 */
export async function invite(
  db: Db,
  tenantId: number,
  input: { email: string; name: string; role: 'owner' | 'staff'; invitedBy: number },
  now: number,
): Promise<{ secret: string; email: string } | { problems: UserProblem[] }> {
  const email = normalizeEmail(input.email);
  // The password is the person's to choose later: only the e-mail's rules apply now.
  const problems = (await newUserProblems(db, tenantId, { email, password: 'x'.repeat(64) })).filter((p) =>
    p.startsWith('email'),
  );
  if (problems.length > 0) return { problems };
  const link = newLink(now);
  await db.transaction().execute(async (trx) => {
    await deleteInvitations(trx, tenantId, { email });
    await insertInvitation(trx, tenantId, {
      email,
      name: input.name.trim(),
      role: input.role,
      invited_by: input.invitedBy,
      ...link.row,
    });
  });
  return { secret: link.secret, email };
}

/** A new link for a pending invitation (the old link stops working), or undefined when there is none. */
export async function resendInvitation(
  db: Db,
  tenantId: number,
  id: number,
  now: number,
): Promise<{ secret: string; email: string } | undefined> {
  const row = await findInvitation(db, tenantId, id);
  if (!row) return undefined;
  const link = newLink(now);
  return (await renewInvitation(db, tenantId, id, link.row)) ? { secret: link.secret, email: row.email } : undefined;
}

export async function withdrawInvitation(db: Db, tenantId: number, id: number): Promise<boolean> {
  return (await deleteInvitations(db, tenantId, { id })) > 0;
}

/** The invitation a link's secret opens, while it may still be used. */
export async function usableInvitation(
  db: Db,
  tenantId: number,
  secret: string,
  now: number,
): Promise<InvitationRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  const row = await findInvitationByHash(db, tenantId, hashOf(secret));
  return row && row.used_at === null && Date.parse(row.expires_at) > now ? row : undefined;
}

/**
 * Creates the invited account with the password the person chose, once: the invitation is spent
 * and the user created in one transaction. The password's and e-mail's rules throw
 * UserInputError before anything changes. Undefined for a dead link.
 */
export async function acceptInvitation(
  db: Db,
  tenantId: number,
  secret: string,
  password: string,
  now: number,
): Promise<{ userId: number; email: string } | undefined> {
  const row = await usableInvitation(db, tenantId, secret, now);
  if (!row) return undefined;
  return db.transaction().execute(async (trx) => {
    if (!(await useInvitation(trx, tenantId, row.id, nowIso(new Date(now))))) return undefined;
    const role = row.role === 'owner' ? 'owner' : 'staff';
    const userId = await createUser(trx, tenantId, { email: row.email, password, name: row.name, role });
    return { userId, email: row.email };
  });
}

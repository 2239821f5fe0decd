// Invite codes for SIGNUP=invite: the operator makes one (command line, operator console) and
// hands it to a restaurant; one sign-up spends it. Only the code's SHA-256 is stored, so the code
// is shown once, when it is made.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { nowIso } from '../../http/schemas.js';
import { type InviteRow, insertInvite, listInvites } from './repo.js';
import { inviteHash } from './service.js';

/** Letters and digits that cannot be read as one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_DAYS = 30;

/** `XXXX-XXXX-XXXX`: 12 characters of a 31-letter alphabet (about 59 bits), easy to read aloud or type. */
function newCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8, 12)].map((g) => g.join('')).join('-');
}

export async function createInvite(
  db: Db,
  input: { note: string; createdBy: string; days?: number; now?: number },
): Promise<{ code: string; expiresAt: string }> {
  const note = input.note.trim();
  if (note.length > 200) throw new RangeError('The note must be at most 200 characters.');
  const days = input.days ?? INVITE_DAYS;
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new RangeError('An invite lasts 1 to 365 days.');
  const now = input.now ?? Date.now();
  const code = newCode();
  const expiresAt = nowIso(new Date(now + days * 24 * 60 * 60 * 1000));
  await db.transaction().execute((trx) =>
    insertInvite(trx, {
      code_hash: inviteHash(code),
      note,
      created_by: input.createdBy,
      created_at: nowIso(new Date(now)),
      expires_at: expiresAt,
    }),
  );
  return { code, expiresAt };
}

export type InviteState = 'unused' | 'used' | 'expired';

export function inviteState(row: InviteRow, now = Date.now()): InviteState {
  if (row.used_at !== null) return 'used';
  return Date.parse(row.expires_at) <= now ? 'expired' : 'unused';
}

export { listInvites };

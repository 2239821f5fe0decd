// Personal access token text: `<id>|<40 random [A-Za-z0-9]><crc32b of those 40, 8 hex>` (Sanctum's
// format). Only the SHA-256 of the part after `|` is stored.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The secret part: 40 random characters followed by their CRC32 (lets scanners spot a typo'd token). */
export function generateSecret(): string {
  let random = '';
  for (let i = 0; i < 40; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return random + crc32(random).toString(16).padStart(8, '0');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Reads `Authorization: Bearer <id>|<secret>`. Anything else (other scheme, no `|`, a
 * non-numeric id, an empty secret) is undefined: the caller answers 401.
 */
export function parseBearer(header: string | undefined): { id: number; secret: string } | undefined {
  if (!header) return undefined;
  const match = /^Bearer +(\d{1,10})\|([A-Za-z0-9]{1,200})$/i.exec(header.trim());
  if (!match) return undefined;
  const id = Number(match[1]);
  // Token ids are 32-bit; a larger one names no token (and must not reach PostgreSQL as an int4).
  return id > 0 && id <= 2_147_483_647 ? { id, secret: match[2] } : undefined;
}

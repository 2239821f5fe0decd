// Password hashing with node:crypto scrypt: `scrypt$N$r$p$<salt b64>$<hash b64>`.
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, len: number, opts: object) => Promise<Buffer>;
/**
 * scrypt's cost for new hashes. A stored hash names its own cost, so verifying works whatever it
 * was; the test harness (test/helper.ts) lowers it, as Laravel's phpunit.xml lowers BCRYPT_ROUNDS,
 * since a test suite hashes hundreds of passwords that protect nothing.
 */
export const hashCost = { N: 16384 };
const R = 8;
const P = 1;
const LENGTH = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N } = hashCost;
  const hash = await scrypt(password, salt, LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** A readable random password for accounts created without one (shown once). */
export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

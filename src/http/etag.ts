// Strong ETags of admin objects and the If-Match check. A tag is a hash of the stored row (every
// column, values as text so both databases' drivers give the same tag), so it changes with every
// write of the row and with nothing else; a read and the check inside a write compute it alike.
import { createHash } from 'node:crypto';

/** The ETag of a stored row of `kind` (categories, items, settings, ...). */
export function rowTag(kind: string, row: object): string {
  const text = Object.entries(row)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value === null || value === undefined ? '\u0000' : String(value)}`)
    .join('\u0001');
  return `"${createHash('sha256').update(`${kind}\u0002${text}`).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-Match` header lets a write go ahead for a resource whose tag is `tag`: absent,
 * `*`, or a list naming the tag (strong comparison: a weak `W/` tag never matches).
 */
export function ifMatchHolds(header: string | undefined, tag: string): boolean {
  if (header === undefined) return true;
  const wanted = header.split(',').map((part) => part.trim());
  return wanted.includes('*') || wanted.includes(tag);
}

/** The ETag of a restaurant's whole menu (GET /admin/menu/export, If-Match of PUT /admin/menu): its version. */
export function menuTag(version: number): string {
  return `"menu-${version}"`;
}

// Which client a request counts as for every limit (sign-in throttling, the public and admin rate
// limits, unknown-address lookups, analytics): an IPv4 address by itself, an IPv6 address by its
// network prefix (a /64 by default: one home or phone line gets a whole /64 and can rotate inside
// it freely). `::ffff:a.b.c.d` counts as the IPv4 address it carries.
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The default prefix length an IPv6 client is counted by (`IPV6_PREFIX_LENGTH`). */
export const DEFAULT_IPV6_PREFIX = 64;

/** The eight 16-bit groups of an IPv6 address (`isIP(address) === 6`), zone id dropped. */
function groupsOf(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  // An embedded dotted quad (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) becomes its two groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(zeros).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
}

/**
 * The key of the client at `address` for counting: the IPv4 address itself, or the IPv6 address
 * cut to `prefix` bits, written `2001:db8:1:2::/64`. Anything that is not an address (a test's
 * made-up peer, an unknown socket) is returned as it is.
 */
export function clientKey(address: string | undefined, prefix: number = DEFAULT_IPV6_PREFIX): string {
  if (address === undefined) return 'unknown';
  // The common case, an IPv4 peer, costs one scan for a colon.
  if (!address.includes(':')) return address;
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) return address.slice(7);
  if (isIP(address) !== 6) return address;
  if (prefix >= 128) return address.toLowerCase();
  const groups = groupsOf(address);
  const kept: string[] = [];
  for (let i = 0; i < 8; i++) {
    const bits = Math.min(16, Math.max(0, prefix - i * 16));
    if (bits === 0) break;
    const mask = bits === 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff;
    kept.push(((groups[i] ?? 0) & mask).toString(16));
  }
  return `${kept.join(':')}::/${prefix}`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The client this request counts as for every limit: `clientKey(request.ip, IPV6_PREFIX_LENGTH)`. */
    readonly client: string;
  }
}

/** Gives every request its `client` (computed when first read). */
export function decorateClient(app: FastifyInstance, prefix: number): void {
  app.decorateRequest('client', {
    getter(this: FastifyRequest) {
      return clientKey(this.ip, prefix);
    },
  });
}

// Which hops of X-Forwarded-For are believed: the trust function handed to Fastify, built from
// TRUST_PROXY. Fastify 5.12 ignores a numeric `trustProxy` (it trusts nothing), so a hop count and
// an address list are both turned into a function here, the form Fastify honours as given.
import { BlockList, isIP } from 'node:net';
import { parseProxyEntry, plainAddress, type TrustProxy } from '../config.js';

/** `(address, hop)`: hop 0 is the socket's peer, hop 1 the rightmost X-Forwarded-For entry, and so on. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * `false` (and a hop count of 0): X-Forwarded-For is never read, the client is the socket's peer.
 * A hop count N: the N nearest hops are proxies, so the client is the Nth entry from the right and
 * whatever a client wrote further left is ignored. A list: hops are believed while they are in it.
 * `true` believes every hop, so the leftmost entry, which any client can write (a warning at start).
 */
export function trustFunction(setting: TrustProxy): TrustFunction | false {
  if (setting === false) return false;
  if (setting === true) return () => true;
  if (typeof setting === 'number') {
    const hops = setting;
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const entry of setting) {
    const parsed = parseProxyEntry(entry);
    if (!parsed) throw new Error(`not an address or CIDR: ${entry}`);
    const type = parsed.family === 4 ? 'ipv4' : 'ipv6';
    if (parsed.prefix === undefined) list.addAddress(parsed.address, type);
    else list.addSubnet(parsed.address, parsed.prefix, type);
  }
  return (address) => {
    const a = plainAddress(address ?? '');
    const family = isIP(a);
    return family !== 0 && list.check(a, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/** What `menu serve` logs at start when TRUST_PROXY=true. */
export const TRUST_ALL_WARNING =
  'TRUST_PROXY=true believes every X-Forwarded-For entry, including the leftmost one, which any client can write: ' +
  "rate limits and sign-in throttling can be evaded. Set the hop count (TRUST_PROXY=1) or the proxies' addresses instead.";

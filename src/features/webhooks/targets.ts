// Where a webhook may be sent. Without WEBHOOKS_ALLOW_PRIVATE=true: https only, and never to an
// address inside the operator's network (loopback, private, link-local and cloud metadata,
// shared, reserved, multicast), whatever its spelling: IPv4-mapped, IPv4-translated,
// IPv4-compatible, NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48), 6to4 and Teredo forms of IPv6 are read for the IPv4 address they carry. A literal address is
// checked when the webhook is registered; every address a name resolves to is checked again at
// delivery, on the very address the socket connects to (see delivery.ts), so a name that
// resolves outside at registration and inside later (DNS rebinding) is refused too.
import { isIP } from 'node:net';

/** An IPv4 address as a 32-bit unsigned integer, from the dotted form `net.isIP` accepts. */
function v4Number(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** [first address, prefix length] of every IPv4 range that is not the public Internet. */
const V4_INSIDE: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (shared); 100.100.100.200 is a cloud metadata address
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local; 169.254.169.254 is the cloud metadata address
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V4_RANGES = V4_INSIDE.map(([first, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: (v4Number(first) & mask) >>> 0, mask };
});

function insideV4(n: number): boolean {
  return V4_RANGES.some(({ base, mask }) => (n & mask) >>> 0 === base);
}

/** The eight 16-bit groups of an IPv6 address (`net.isIP` already said it is one; no zone). */
function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 stands for the last two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

const v4Of = (hi: number, lo: number) => ((hi << 16) >>> 0) + lo;

/** The IPv4 address an IPv6 address carries (mapped, compatible, NAT64, 6to4, Teredo), if any. */
export function embeddedV4(ip: string): { form: string; v4: number } | undefined {
  if (isIP(ip) !== 6) return undefined;
  const g = v6Groups(ip.replace(/%.*$/, ''));
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(5) && g[5] === 0xffff) return { form: 'mapped', v4: v4Of(g[6], g[7]) };
  // IPv4-translated (::ffff:0:0/96, SIIT): ::ffff:0:7f00:1 is 127.0.0.1.
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return { form: 'translated', v4: v4Of(g[6], g[7]) };
  if (zeroUpTo(6) && (g[6] !== 0 || g[7] > 1)) return { form: 'compatible', v4: v4Of(g[6], g[7]) };
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return { form: 'nat64', v4: v4Of(g[6], g[7]) };
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return { form: 'nat64-local', v4: v4Of(g[6], g[7]) };
  if (g[0] === 0x2002) return { form: '6to4', v4: v4Of(g[1], g[2]) };
  // Teredo: the client's address is stored inverted in the last two groups.
  if (g[0] === 0x2001 && g[1] === 0) return { form: 'teredo', v4: v4Of(g[6] ^ 0xffff, g[7] ^ 0xffff) };
  return undefined;
}

function insideV6(ip: string): boolean {
  if (ip.includes('%')) return true; // a zone index only makes sense for link-local addresses
  const g = v6Groups(ip);
  const embedded = embeddedV4(ip);
  if (embedded) return embedded.form === 'nat64-local' || insideV4(embedded.v4);
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  const first = g[0];
  return (
    (first & 0xfe00) === 0xfc00 || // fc00::/7 unique local (fd00:ec2::254 is a cloud metadata address)
    (first & 0xffc0) === 0xfe80 || // fe80::/10 link-local
    (first & 0xffc0) === 0xfec0 || // fec0::/10 site-local (deprecated, still routed inside some networks)
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x100 && g[1] === 0 && g[2] === 0 && g[3] === 0) || // 100::/64 discard
    (first === 0x2001 && g[1] === 0xdb8) // documentation
  );
}

/** True for every address that is not on the public Internet (and for anything that is not an address). */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const kind = isIP(bare.replace(/%.*$/, ''));
  if (kind === 4) return insideV4(v4Number(bare));
  if (kind === 6) return insideV6(bare);
  return true;
}

/** The URL's host name without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Names that only ever mean a machine inside the network. */
function insideName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home.arpa'].some((suffix) => name.endsWith(suffix)) ||
    !name.includes('.') // a single label resolves through the operator's search domains
  );
}

export type TargetProblem = 'url' | 'webhook_https_required' | 'webhook_private_target';

/** Why a URL cannot be registered, or undefined when it can. */
export function urlProblem(raw: string, allowPrivate: boolean): TargetProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url';
  if (url.username || url.password) return 'url';
  if (allowPrivate) return undefined;
  if (url.protocol !== 'https:') return 'webhook_https_required';
  const host = hostOf(url);
  if (isIP(host)) {
    // An IPv6 literal spelling an IPv4 address has no honest use as a webhook target.
    if (isPrivateAddress(host) || embeddedV4(host)) return 'webhook_private_target';
    return undefined;
  }
  return insideName(host) ? 'webhook_private_target' : undefined;
}

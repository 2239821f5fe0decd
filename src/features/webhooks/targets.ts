// Where a webhook may be sent: http(s) URLs only, and never to a private, loopback or link-local
// address (the service would otherwise probe its own network for whoever registers a URL) unless
// WEBHOOKS_ALLOW_PRIVATE=true. Checked when the URL is registered and again, on the resolved
// addresses, before every attempt.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

function privateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** True for loopback, private, link-local, shared, multicast and unspecified addresses. */
export function isPrivateAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return privateV4(ip);
  if (kind !== 6) return true;
  const v6 = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return privateV4(mapped[1]);
  return (
    v6 === '::' ||
    v6 === '::1' ||
    v6.startsWith('fc') ||
    v6.startsWith('fd') ||
    /^fe[89ab]/.test(v6) ||
    v6.startsWith('ff')
  );
}

/** The URL's host name without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Why a URL cannot be registered ('url' | 'webhook_private_target'), or undefined when it can. */
export function urlProblem(raw: string, allowPrivate: boolean): 'url' | 'webhook_private_target' | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url';
  if (url.username || url.password) return 'url';
  if (allowPrivate) return undefined;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return 'webhook_private_target';
  }
  if (isIP(host) && isPrivateAddress(host)) return 'webhook_private_target';
  return undefined;
}

/** Before an attempt: refuses a host name that now resolves to a private address. */
export async function resolvesPrivately(raw: string): Promise<boolean> {
  const host = hostOf(new URL(raw));
  if (isIP(host)) return isPrivateAddress(host);
  const addresses = await lookup(host, { all: true });
  return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address));
}

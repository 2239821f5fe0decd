// One webhook POST, guarded: the name is resolved here and every address checked (targets.ts)
// before the socket connects to exactly that address, so what was checked is what is reached;
// redirects are never followed; the outcome is one of a few plain classes. A refused connection,
// a reset, a time-out and a failed TLS handshake are all "unreachable" ("could not deliver"): the
// delivery log must not tell an open port from a closed or filtered one, nor a port that speaks
// another protocol, or it would be a port scanner of the operator's network (the dispatcher keeps
// no response time either unless an HTTP status came back).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostOf, isPrivateAddress } from './targets.js';

export type DeliveryOutcome =
  | { result: 'delivered'; status: number }
  | { result: 'http_error'; status: number }
  | { result: 'redirect_not_followed'; status: number }
  | { result: 'refused_target' }
  | { result: 'unreachable' };

export interface DeliveryRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs: number;
}

class RefusedTarget extends Error {}

/** dns.lookup that refuses a name when any of its addresses is inside the network. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      if (!allowPrivate && (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address)))) {
        return callback(new RefusedTarget('refused target'), '', 4);
      }
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily), else for one.
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Every failure before an HTTP answer is one class: which one it was would map the network. */
function classify(err: unknown): DeliveryOutcome {
  if (err instanceof RefusedTarget) return { result: 'refused_target' };
  return { result: 'unreachable' };
}

/** POSTs the body; never throws. */
export function deliver(d: DeliveryRequest): Promise<DeliveryOutcome> {
  let url: URL;
  try {
    url = new URL(d.url);
  } catch {
    return Promise.resolve({ result: 'refused_target' });
  }
  const https = url.protocol === 'https:';
  if (!https && (url.protocol !== 'http:' || !d.allowPrivate)) return Promise.resolve({ result: 'refused_target' });
  const host = hostOf(url);
  // A literal address never reaches the lookup: check it here.
  if (isIP(host) && !d.allowPrivate && isPrivateAddress(host)) return Promise.resolve({ result: 'refused_target' });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: DeliveryOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const send = https ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: { ...d.headers, 'content-length': String(Buffer.byteLength(d.body)) },
        lookup: guardedLookup(d.allowPrivate),
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume(); // the receiver's body is not read: only the status counts
        res.on('error', () => {});
        if (status >= 200 && status < 300) finish({ result: 'delivered', status });
        else if (status >= 300 && status < 400) finish({ result: 'redirect_not_followed', status });
        else finish({ result: 'http_error', status });
        req.destroy();
      },
    );
    // One deadline for everything (resolution, connection, TLS, the answer's head).
    const timer = setTimeout(() => {
      finish({ result: 'unreachable' });
      req.destroy();
    }, d.timeoutMs);
    req.on('error', (err) => finish(classify(err)));
    req.end(d.body);
  });
}

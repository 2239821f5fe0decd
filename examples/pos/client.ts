// The typed client of a point-of-sale system: openapi-fetch over the types openapi-typescript
// generated from /api/v1/openapi.json (menu-api.d.ts, `npm run openapi:types`). In production the
// restaurant's address is a real https host and global fetch is all you need; MENU_CONNECT
// (host:port) sends the requests there instead, keeping the restaurant's Host header, which is
// how a test or a laptop reaches `demo.localhost` (Node's fetch neither resolves nor sets Host).
import { request } from 'node:http';
import createClient from 'openapi-fetch';
import type { paths } from './menu-api.js';

/** fetch over node:http to `connect`, with the URL's host as the Host header. */
function connectingFetch(connect: string): typeof fetch {
  const [hostname, port] = connect.split(':');
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const headers: Record<string, string> = { host: url.host };
    req.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { hostname, port: Number(port), method: req.method, path: `${url.pathname}${url.search}`, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const responseHeaders = new Headers();
            for (const [key, value] of Object.entries(res.headers)) {
              if (typeof value === 'string') responseHeaders.set(key, value);
              else if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
            }
            const status = res.statusCode ?? 500;
            const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, headers: responseHeaders }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

/**
 * openapi-fetch writes every body as JSON unless told otherwise. A file (a photo, a workbook: typed
 * `Blob`) and a CSV text (typed `string`; no JSON body of the API is a bare string) go as they are,
 * with the Content-Type the call names.
 */
function bodyAsIs(body: unknown): BodyInit {
  return body instanceof Blob || typeof body === 'string' ? body : JSON.stringify(body);
}

export function menuClient(baseUrl: string, token: string, connect?: string) {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    bodySerializer: bodyAsIs,
    ...(connect ? { fetch: connectingFetch(connect) } : {}),
  });
}

export type MenuClient = ReturnType<typeof menuClient>;

// Server process: a bare node:http server answering every request with one recorded response (the app's ceiling).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveAsChild } from './child-ipc.js';

/** What bench/menu-read.ts records from the app: the headers to replay and the body, base64. */
export interface RecordedResponse {
  headers: Record<string, string>;
  body: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx bench/bare-child.ts <recorded-response.json>');

const recorded = JSON.parse(readFileSync(file, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
// Fastify's default, so even the Keep-Alive header matches the app's.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  serveAsChild((server.address() as AddressInfo).port, async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

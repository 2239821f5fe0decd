// Server process: a bare node:http server answering every request with one recorded response (the
// app's ceiling). Plain JavaScript, no IPC, like the app it is compared with (bench/children.ts).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/bare-child.mjs <recorded-response.json>');

/** @type {import('./recorded.ts').RecordedResponse} */
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(recorded.body, 'base64');
const headers = { ...recorded.headers, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
// Fastify's default, so even the Keep-Alive header matches the app's.
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`Bare server listening on 127.0.0.1:${server.address().port}\n`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// Server process: a bare node:http server holding many recorded responses in a Map keyed by Host
// and URL (the many-restaurants ceiling: the same bytes and headers the app gave, no routing, no
// hooks, no cache bookkeeping). Reads <dir>/index.json, written by bench/scale.ts after its warm
// pass: [{ host, url, headers, file }], each file the body as it was sent.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bench/bare-many.mjs <dump folder>');

/** @type {{ host: string, url: string, headers: Record<string, string>, file: string }[]} */
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const answers = new Map();
for (const entry of index) {
  const body = readFileSync(join(dir, entry.file));
  // Copied property by property, like the app's (src/features/menu/disk-tier.ts, withHeaders): an
  // object spread followed by a new property gets a hidden class of its own in V8, which made this
  // reference slower than it need be (5,000 classes, every writeHead missing its inline caches).
  const headers = {};
  for (const name in entry.headers) headers[name] = entry.headers[name];
  headers['content-length'] = String(body.length);
  answers.set(`${entry.host} ${entry.url}`, { body, headers });
}

const server = createServer((request, response) => {
  const answer = answers.get(`${request.headers.host} ${request.url}`);
  if (!answer) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, answer.headers);
  response.end(answer.body);
});
// Fastify's default, so even the Keep-Alive header matches the app's.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`Bare server listening on 127.0.0.1:${server.address().port} with ${answers.size} answers\n`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

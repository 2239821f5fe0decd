// Server process: the real app (buildApp) on the benchmark's SQLite file, listening on 127.0.0.1 at a free port.
// First, as in src/cli.ts: see src/runtime/tick-shape.ts.
import '../src/runtime/tick-shape.js';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { serveAsChild } from './child-ipc.js';

const file = process.argv[2];
if (!file) throw new Error('usage: node --import tsx bench/server-child.ts <sqlite-file>');

const config = loadConfig({
  DATABASE_URL: `sqlite:${file}`,
  LOG_LEVEL: 'warn',
  // Public rate limiting would turn a load test into a 429 test.
  PUBLIC_RATE_LIMIT: '0',
});
const app = await buildApp(config);
await app.listen({ host: '127.0.0.1', port: 0 });
serveAsChild((app.server.address() as AddressInfo).port, () => app.close());

// Webhooks fair between restaurants (issue 33 point 1): one restaurant holds 40 endpoints that
// accept connections and never answer (WEBHOOKS_MAX_PER_RESTAURANT raised to 40 for it, as the
// probe had it), 20 more restaurants hold one working endpoint each. The silent restaurant changes
// its menu three times, then each of the 20 changes a price; measured: how long after its write
// each working restaurant's delivery arrives (the target: every one within 1 s), while the silent
// one's 120 deliveries are being attempted. The app runs in this process (its dispatcher is what
// is measured), on a SQLite file. Run: npx tsx bench/webhooks-fair.ts; write the load beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenant } from '../src/accounts/tenants/service.js';
import { createToken } from '../src/accounts/tokens/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { fillRestaurant } from '../src/seed/demo.js';
import { benchRestaurant } from './fixture.js';

export interface WebhooksFairReport {
  loadAverage: number[];
  working: number;
  silentEndpoints: number;
  arrivalMs: { median: number; max: number };
  allWithin1s: boolean;
}

export async function runWebhooksFair(o: {
  workDir: string;
  working: number;
  silent: number;
}): Promise<WebhooksFairReport> {
  const handle = openDatabase(`sqlite:${join(o.workDir, 'hooks.db')}`);
  await migrateToLatest(handle);
  const { restaurant } = benchRestaurant(65);
  const tokens: { slug: string; token: string; dish: number }[] = [];
  for (let i = 0; i <= o.working; i++) {
    const slug = i === 0 ? 'silent' : `w${i}`;
    const id = await createTenant(handle.db, { slug, name: slug }, 'localhost', (trx, t) =>
      fillRestaurant(trx, t, restaurant),
    );
    await createUser(handle.db, id, { email: `owner@${slug}.test`, password: 'bench-owner-password' });
    const token = (
      await createToken(handle.db, id, { email: `owner@${slug}.test`, name: 'bench', scopes: ['menu:write'] })
    ).plain;
    const dish = (
      await handle.db.selectFrom('items').select('id').where('tenant_id', '=', id).executeTakeFirstOrThrow()
    ).id;
    tokens.push({ slug, token, dish });
  }
  const arrivals = new Map<string, number>();
  const working = createServer((req, res) => {
    req.resume();
    arrivals.set(String(req.url), performance.now());
    res.writeHead(204).end();
  });
  const silent = createServer(() => {});
  const port = (s: ReturnType<typeof createServer>) =>
    new Promise<number>((resolve) => s.listen(0, '127.0.0.1', () => resolve((s.address() as AddressInfo).port)));
  const workingPort = await port(working);
  const silentPort = await port(silent);
  const config = loadConfig(
    {
      LOG_LEVEL: 'silent',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      WEBHOOKS_MAX_PER_RESTAURANT: String(o.silent),
      ADMIN_RATE_LIMIT: '100000',
    },
    {},
  );
  const app = await buildApp(config, { database: handle });
  await app.ready();
  app.webhooks.start();
  const call = (t: (typeof tokens)[number], method: string, url: string, body: unknown) =>
    app.inject({
      method: method as 'POST',
      url,
      headers: { host: `${t.slug}.localhost`, authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  try {
    const [loud, ...rest] = tokens as [(typeof tokens)[number], ...typeof tokens];
    for (let i = 0; i < o.silent; i++) {
      const r = await call(loud, 'POST', '/api/v1/admin/webhooks', {
        url: `http://127.0.0.1:${silentPort}/s${i}`,
        events: ['menu.updated'],
      });
      if (r.statusCode !== 201) throw new Error(`silent endpoint ${i}: ${r.statusCode} ${r.body}`);
    }
    for (const t of rest) {
      const r = await call(t, 'POST', '/api/v1/admin/webhooks', {
        url: `http://127.0.0.1:${workingPort}/${t.slug}`,
        events: ['menu.updated'],
      });
      if (r.statusCode !== 201) throw new Error(`working endpoint: ${r.statusCode}`);
    }
    for (let i = 0; i < 3; i++) await call(loud, 'PATCH', `/api/v1/admin/items/${loud.dish}`, { price: 10 + i });
    const wrote = new Map<string, number>();
    for (const t of rest) {
      await call(t, 'PATCH', `/api/v1/admin/items/${t.dish}`, { price: 12.5 });
      wrote.set(`/${t.slug}`, performance.now());
    }
    const deadline = performance.now() + 20_000;
    while (arrivals.size < rest.length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    const delays = rest.map((t) => (arrivals.get(`/${t.slug}`) ?? Number.POSITIVE_INFINITY) - wrote.get(`/${t.slug}`)!);
    delays.sort((a, b) => a - b);
    return {
      loadAverage: loadavg(),
      working: rest.length,
      silentEndpoints: o.silent,
      arrivalMs: { median: delays[Math.floor(delays.length / 2)]!, max: delays.at(-1)! },
      allWithin1s: delays.every((d) => d <= 1000),
    };
  } finally {
    silent.closeAllConnections();
    await app.close();
    await handle.close();
    working.close();
    silent.close();
  }
}

export function formatWebhooksFair(r: WebhooksFairReport): string {
  return [
    `Webhooks: ${r.working} restaurants with a working endpoint beside one with ${r.silentEndpoints} silent ones, load average ${r.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
    `delivery after the write: median ${r.arrivalMs.median.toFixed(0)} ms, max ${r.arrivalMs.max.toFixed(0)} ms; every one within 1 s: ${r.allWithin1s ? 'yes' : 'NO'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), 'menu-bench-hooks-'));
  try {
    process.stdout.write(`${formatWebhooksFair(await runWebhooksFair({ workDir, working: 20, silent: 40 }))}\n`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  process.exit(0);
}

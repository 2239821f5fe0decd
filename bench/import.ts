// Cost of a whole-menu import (issue 21 point 2: "a 300-dish import answers within a second"):
// PUT /api/v1/admin/menu of a document with 300 dishes in 12 sections, through the real app
// (app.inject, no network), on SQLite (a temporary file) and PostgreSQL when reachable: the first
// load (every row created), an update of every price, and the untouched document sent back.
// Median of BENCH_IMPORT_ROUNDS (default 5) wall times; the load average is printed beside them.
// Run: npx tsx bench/import.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTenant } from '../src/accounts/tenants/service.js';
import { createToken } from '../src/accounts/tokens/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';

const rounds = Number(process.env.BENCH_IMPORT_ROUNDS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function documentOf(dishes: number, round: number) {
  const perSection = Math.ceil(dishes / 12);
  return {
    wineries: [{ external_id: 'w-1', name: 'Cantina', region: 'Langhe', country: 'Italia' }],
    sections: Array.from({ length: 12 }, (_, s) => ({
      external_id: `s-${s}`,
      name: { it: `Sezione ${s}`, en: `Section ${s}` },
      items: Array.from({ length: Math.min(perSection, dishes - s * perSection) }, (_, i) => ({
        external_id: `d-${s}-${i}`,
        name: { it: `Piatto ${s}.${i}`, en: `Dish ${s}.${i}`, de: `Gericht ${s}.${i}` },
        description: { it: 'Con ingredienti di stagione', en: 'With seasonal ingredients' },
        price: 8 + ((s * perSection + i) % 20) + round / 100,
        allergens: ['latte', 'uova'],
        winery_external_id: i % 10 === 0 ? 'w-1' : null,
      })),
    })),
  };
}

async function run(label: string, databaseUrl: string, schema?: string): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    ADMIN_RATE_LIMIT: '100000',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  });
  const database = openDatabase(config.databaseUrl, config.databaseSchema);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await app.ready();
  try {
    const times: Record<string, number[]> = {
      'first load (300 created)': [],
      'every price changed': [],
      'untouched (nothing written)': [],
    };
    for (let r = 0; r < rounds; r++) {
      const slug = `bench-import-${Date.now()}-${r}`;
      const tenantId = await createTenant(database.db, { slug, name: 'Bench' }, config.baseDomain);
      const user = `owner-${r}@bench.test`;
      await createUser(database.db, tenantId, { email: user, password: 'bench password 123' });
      const token = (await createToken(database.db, tenantId, { email: user, name: 'bench', scopes: ['menu:write'] }))
        .plain;
      const put = async (payload: unknown) => {
        const started = process.hrtime.bigint();
        const res = await app.inject({
          method: 'PUT',
          url: '/api/v1/admin/menu',
          headers: { host: `${slug}.localhost`, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        return Number(process.hrtime.bigint() - started) / 1e6;
      };
      times['first load (300 created)'].push(await put(documentOf(300, 0)));
      times['every price changed'].push(await put(documentOf(300, 1)));
      times['untouched (nothing written)'].push(await put(documentOf(300, 1)));
    }
    for (const [name, values] of Object.entries(times)) {
      console.log(
        `${label.padEnd(10)} ${name.padEnd(30)} median ${median(values).toFixed(0).padStart(5)} ms  (${values.map((v) => v.toFixed(0)).join(', ')})`,
      );
    }
  } finally {
    await app.close();
    await database.close();
  }
}

console.log(
  `whole-menu import of 300 dishes, ${rounds} rounds; load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const dir = mkdtempSync(join(tmpdir(), 'menu-bench-import-'));
try {
  await run('SQLite', `sqlite:${join(dir, 'menu.db')}`);
  const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  await run('PostgreSQL', pgUrl, `bench_import_${process.pid}`).catch((err) =>
    console.log(`PostgreSQL   skipped: ${(err as Error).message}`),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

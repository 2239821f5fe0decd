// Issue 32 point 6: a 2,000-dish spreadsheet previews in ≤ 2 s and applies in ≤ 5 s, and the
// process stays under 100 MB above idle meanwhile. For each database (SQLite in a temporary file;
// PostgreSQL at BENCH_POSTGRES_URL when reachable) and each form (xlsx; CSV saved as Excel on
// Windows saves it: Windows-1252, `;`, 12,50), through the real app (app.inject, no network):
//   1. a seeding process loads 2,000 dishes in 12 sections (JSON import), exports the file and
//      edits every price in it, as the heaviest realistic edit;
//   2. a fresh measuring process (the production heap cap, --max-old-space-size=192) opens the
//      same database, reads the file, and, as `menu serve` does once it listens, readies the
//      import (features/sync/warm.ts: the job worker with ExcelJS loaded, the row checks
//      compiled); collects garbage, notes its idle RSS, then times `PUT /admin/menu?dry_run=true`
//      (the panel's preview) twice (a fresh process's first, then a warm one) and `PUT
//      /admin/menu` (apply), and reports the peak RSS (getrusage maxrss) above idle;
//   3. another fresh process without the warm-up (a process whose worker ended, or an app that
//      never listened) times its first preview only, with its idle RSS and peak above it.
// The seeding is in its own process so its memory does not count as the import's. Load average
// before and after is printed beside the figures. Run: npx tsx bench/spreadsheet-import.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import pg from 'pg';
import { createTenant } from '../src/accounts/tenants/service.js';
import { createToken } from '../src/accounts/tokens/service.js';
import { createUser } from '../src/accounts/users/service.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { warmImport } from '../src/features/sync/warm.js';

const DISHES = Number(process.env.BENCH_SHEET_DISHES ?? 2000);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SELF = fileURLToPath(import.meta.url);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function documentOf(dishes: number) {
  const perSection = Math.ceil(dishes / 12);
  return {
    wineries: [{ external_id: 'w-1', name: 'Cantina', region: 'Langhe', country: 'Italia' }],
    sections: Array.from({ length: 12 }, (_, s) => ({
      external_id: `s-${s}`,
      name: { it: `Sezione ${s}`, en: `Section ${s}` },
      items: Array.from({ length: Math.min(perSection, dishes - s * perSection) }, (_, i) => ({
        external_id: `d-${s}-${i}`,
        name: { it: `Tagliatelle al ragù ${s}.${i}`, en: `Dish ${s}.${i}`, de: `Gericht ${s}.${i} mit Soße` },
        description: { it: 'Con ingredienti di stagione, perché sì', en: 'With seasonal ingredients' },
        price: 8 + ((s * perSection + i) % 20),
        allergens: ['latte', 'uova'],
        winery_external_id: i % 10 === 0 ? 'w-1' : null,
      })),
    })),
  };
}

async function appOn(databaseUrl: string, schema: string | undefined) {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    ADMIN_RATE_LIMIT: '100000',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
  });
  const database = openDatabase(config.databaseUrl, config.databaseSchema);
  await migrateToLatest(database);
  const app = await buildApp(config, { database });
  await app.ready();
  return { config, database, app };
}

/** Step 1, in its own process: the restaurant, its 2,000 dishes, and the edited file on disk. */
async function seed(databaseUrl: string, schema: string | undefined, form: 'csv' | 'xlsx', file: string) {
  const { config, database, app } = await appOn(databaseUrl, schema);
  try {
    const slug = `bench-sheet-${form}`;
    const tenantId = await createTenant(database.db, { slug, name: 'Bench' }, config.baseDomain);
    await createUser(database.db, tenantId, { email: `owner@${slug}.test`, password: 'bench password 123' });
    const token = (
      await createToken(database.db, tenantId, { email: `owner@${slug}.test`, name: 'bench', scopes: ['menu:write'] })
    ).plain;
    const headers = { host: `${slug}.localhost`, authorization: `Bearer ${token}` };
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/admin/menu',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(documentOf(DISHES)),
    });
    if (put.statusCode !== 200) throw new Error(`seeding answered ${put.statusCode}: ${put.body.slice(0, 300)}`);
    let bytes: Buffer;
    if (form === 'xlsx') {
      const exported = await app.inject({ url: '/api/v1/admin/menu/export.xlsx', headers });
      if (exported.statusCode !== 200) throw new Error(`export.xlsx answered ${exported.statusCode}: ${exported.body}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.getWorksheet('Dishes')!;
      const price = (sheet.getRow(1).values as string[]).indexOf('price');
      sheet.eachRow((row, n) => {
        if (n > 1) row.getCell(price).value = Number(row.getCell(price).value) + 0.5;
      });
      bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    } else {
      const exported = await app.inject({ url: '/api/v1/admin/menu/export.csv?delimiter=semicolon', headers });
      const records: string[][] = parse(exported.rawPayload, { bom: true, delimiter: ';' });
      const price = records[0].indexOf('price');
      for (const row of records.slice(1))
        row[price] = `${Number(row[price].replace(',', '.')) + 0.5}`.replace('.', ',');
      bytes = iconv.encode(stringify(records, { delimiter: ';', record_delimiter: 'windows' }), 'windows-1252');
    }
    writeFileSync(file, bytes);
    writeFileSync(`${file}.json`, JSON.stringify({ slug, token }));
  } finally {
    await app.close();
    await database.close();
  }
}

/** Statements sent to PostgreSQL by this process: the round trips a step costs, whatever the machine's load. */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

/** Step 2, in a fresh process: idle RSS, then the preview and the apply, timed, with the peak RSS. */
async function measure(
  databaseUrl: string,
  schema: string | undefined,
  form: 'csv' | 'xlsx',
  file: string,
  warm: boolean,
) {
  const { database, app } = await appOn(databaseUrl, schema);
  try {
    const { slug, token } = JSON.parse(readFileSync(`${file}.json`, 'utf8'));
    const bytes = readFileSync(file);
    const headers = {
      host: `${slug}.localhost`,
      authorization: `Bearer ${token}`,
      'content-type': form === 'xlsx' ? XLSX : 'text/csv',
    };
    // The menu's snapshot is loaded once, as on a warm server, before idle is noted.
    await app.inject({
      url: '/api/v1/admin/menu/export',
      headers: { host: headers.host, authorization: headers.authorization },
    });
    // What the server does once it listens (src/server.ts).
    if (warm) await warmImport(app);
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idle = process.memoryUsage().rss;
    const peakAbove = () => (process.resourceUsage().maxRSS * 1024 - idle) / 2 ** 20;
    const timed = async (url: string) => {
      const sent = statements;
      const started = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      const res = await app.inject({ method: 'PUT', url, headers, payload: bytes });
      const used = process.cpuUsage(cpu);
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      const updated = res.json().data.summary.items.updated;
      // CPU time of every thread of the process (the job worker's included): steadier than the wall
      // time on a shared machine.
      const cpuMs = (used.user + used.system) / 1000;
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, cpuMs, updated, statements: statements - sent };
    };
    // The first preview of a process also pays for compiling the import's code paths; the second is a warm server's.
    const cold = await timed('/api/v1/admin/menu?dry_run=true');
    if (!warm) {
      // The cold process measures its first preview only; the warm one then applies (and drops the schema).
      process.stdout.write(`${JSON.stringify({ idleMB: idle / 2 ** 20, cold, coldPeak: peakAbove() })}\n`);
      return;
    }
    const preview = await timed('/api/v1/admin/menu?dry_run=true');
    const previewPeak = peakAbove();
    const apply = await timed('/api/v1/admin/menu');
    const applyPeak = peakAbove();
    if (schema) await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(database.db);
    process.stdout.write(
      `${JSON.stringify({ bytes: bytes.length, idleMB: idle / 2 ** 20, cold, preview, previewPeak, apply, applyPeak })}\n`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

function child(step: 'seed' | 'measure' | 'cold', args: string[]): string {
  const flags = ['--import', 'tsx', '--expose-gc', '--max-old-space-size=192'];
  return execFileSync(process.execPath, [...flags, SELF, step, ...args], {
    encoding: 'utf8',
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '16384' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const [step, databaseUrl, schemaArg, form, file] = process.argv.slice(2);
if (step === 'seed' || step === 'measure' || step === 'cold') {
  const schema = schemaArg === '-' ? undefined : schemaArg;
  const sheet = form as 'csv' | 'xlsx';
  if (step === 'seed') await seed(databaseUrl, schema, sheet, file);
  else await measure(databaseUrl, schema, sheet, file, step === 'measure');
  process.exit(0);
}

console.log(`${DISHES}-dish spreadsheet preview and apply (every price edited); load average before: ${load()}`);
const dir = mkdtempSync(join(tmpdir(), 'menu-bench-sheet-'));
try {
  const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  // BENCH_SHEET_DATABASES=postgres (or sqlite) measures one of them only.
  const only = process.env.BENCH_SHEET_DATABASES;
  const targets = [
    { label: 'SQLite', url: (form: string) => `sqlite:${join(dir, `${form}.db`)}`, schema: () => '-' },
    { label: 'PostgreSQL', url: () => pgUrl, schema: (form: string) => `bench_sheet_${form}_${process.pid}` },
  ].filter((target) => !only || only.split(',').some((name) => target.label.toLowerCase().startsWith(name)));
  for (const target of targets) {
    for (const form of ['xlsx', 'csv'] as const) {
      const file = join(dir, `dishes.${form}`);
      try {
        child('seed', [target.url(form), target.schema(form), form, file]);
        const c = JSON.parse(child('cold', [target.url(form), target.schema(form), form, file]));
        console.log(
          `${target.label.padEnd(10)} ${form.padEnd(4)} no warm-up: first preview ${c.cold.ms.toFixed(0).padStart(5)} ms (CPU ${c.cold.cpuMs.toFixed(0)} ms)  idle RSS ${c.idleMB.toFixed(0)} MB, peak above idle ${c.coldPeak.toFixed(0)} MB  (load ${load()})`,
        );
        const r = JSON.parse(child('measure', [target.url(form), target.schema(form), form, file]));
        console.log(
          `${target.label.padEnd(10)} ${form.padEnd(4)} ${(r.bytes / 1024).toFixed(0).padStart(5)} KiB  warmed as served: preview ${r.cold.ms.toFixed(0).padStart(5)} ms first, ${r.preview.ms.toFixed(0).padStart(5)} ms again (${r.preview.updated} changed; CPU ${r.cold.cpuMs.toFixed(0)} / ${r.preview.cpuMs.toFixed(0)} ms)  apply ${r.apply.ms.toFixed(0).padStart(5)} ms (CPU ${r.apply.cpuMs.toFixed(0)} ms)${target.label === 'PostgreSQL' ? `  statements: preview ${r.preview.statements}, apply ${r.apply.statements}` : ''}  idle RSS ${r.idleMB.toFixed(0)} MB, peak above idle: preview ${r.previewPeak.toFixed(0)} MB, apply ${r.applyPeak.toFixed(0)} MB  (load ${load()})`,
        );
      } catch (err) {
        console.log(
          `${target.label.padEnd(10)} ${form.padEnd(4)} failed or skipped: ${(err as Error).message.split('\n')[0]}`,
        );
      }
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`load average after: ${load()}`);

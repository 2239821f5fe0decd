// The disk tier's hit, alone (issue 37, point 2): the CPU one answer from disk costs in the
// document cache (lookup, the read, the answer's form, the buffer back to the pool), against a hit
// in memory measured in the same run. Documents are ~22 kB of random bytes (a demo menu in brotli),
// five locales a restaurant, all five in its one pack; uniform random access. No HTTP: that part is
// the same for both.
//
//   npx tsx bench/disk-hit.ts                 (BENCH_DISK_FILES, BENCH_DISK_SECONDS to change it)
//   prlimit --nofile=8192 npx tsx bench/disk-hit.ts   (4,096 descriptors for 4,000 packs: every
//                                                     pack kept open, as 10,000 for 10,000
//                                                     restaurants under a limit of 20,000)
//   prlimit --nofile=4096 npx tsx bench/disk-hit.ts   (2,048 for 4,000: half the reads open one)
import { randomBytes } from 'node:crypto';
import { CacheBudget } from '../src/catalog/budget.js';
import { DiskTier } from '../src/features/menu/disk-tier.js';
import { DocumentCache } from '../src/features/menu/document.js';
import { ReadPool } from '../src/features/menu/read-pool.js';

const files = Number(process.env.BENCH_DISK_FILES ?? 20_000);
const seconds = Number(process.env.BENCH_DISK_SECONDS ?? 5);
const LOCALES = ['it', 'en', 'fr', 'de', 'es'];
const tenants = Math.ceil(files / LOCALES.length);
const BODY = 22_000;

const headers = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' };

async function main() {
  const disk = DiskTier.open({ dir: undefined, maxBytes: 4 * 1024 ** 3, log: () => undefined });
  // Memory holds about 1 in 50 of them: nearly every answer comes from disk.
  const budget = new CacheBudget(Math.ceil((files * BODY) / 50));
  const documents = new DocumentCache(budget, { upgrade: false, disk });
  const bodies = Array.from({ length: 64 }, () => randomBytes(BODY));
  for (let t = 1; t <= tenants; t++) {
    for (const [i, locale] of LOCALES.entries()) {
      disk.write(t, 1, `menu|${locale}|`, {
        encoding: 'br',
        etag: `"e${t}-${i}"`,
        formEtag: `"e${t}-${i}-br"`,
        headers,
        brBest: false,
        body: bodies[(t * 5 + i) % bodies.length],
      });
    }
    if (t % 500 === 0) await disk.settled();
  }
  await disk.settled();
  const pool = new ReadPool();
  const key = () => {
    const n = Math.floor(Math.random() * tenants * LOCALES.length);
    return { tenantId: 1 + Math.floor(n / LOCALES.length), locale: LOCALES[n % LOCALES.length] };
  };
  const answer = (tenantId: number, locale: string): number => {
    const got = documents.lookup(tenantId, 1, `menu|${locale}|`, 'br', pool);
    if (!got) throw new Error(`no document for ${tenantId} ${locale}`);
    // From disk for this answer only (a DiskAnswer), else a document in memory.
    const rep = 'body' in got ? got : documents.ready(got, 'br');
    if (!rep) throw new Error('no brotli form');
    const length = rep.body.length + Object.keys(rep.headers).length;
    if ('body' in got) pool.release(got.body);
    return length;
  };
  const run = (label: string, next: () => { tenantId: number; locale: string }) => {
    // Warm-up: a second of the same work.
    let sink = 0;
    for (const end = Date.now() + 1000; Date.now() < end; )
      sink += answer(...(Object.values(next()) as [number, string]));
    const hitsBefore = documents.stats.diskHits;
    const cpu = process.cpuUsage();
    const start = performance.now();
    let n = 0;
    while (performance.now() - start < seconds * 1000) {
      for (let i = 0; i < 100; i++, n++) {
        const k = next();
        sink += answer(k.tenantId, k.locale);
      }
    }
    const used = process.cpuUsage(cpu);
    const cpuUs = (used.user + used.system) / n;
    const disk = (documents.stats.diskHits - hitsBefore) / n;
    console.log(
      `${label}: ${n.toLocaleString('en')} answers, ${cpuUs.toFixed(1)} µs of CPU each (user ${(used.user / n).toFixed(1)}, system ${(used.system / n).toFixed(1)}), ${(disk * 100).toFixed(1)}% from disk${sink < 0 ? '!' : ''}`,
    );
    return cpuUs;
  };
  // The baseline: the same answers from memory, uniform over as many menus as memory holds.
  const held = Math.max(1, Math.floor(tenants / 100));
  const memory = run(`memory hits (uniform over ${held * LOCALES.length} menus)`, () => ({
    tenantId: 1 + Math.floor(Math.random() * held),
    locale: LOCALES[Math.floor(Math.random() * LOCALES.length)],
  }));
  const fromDisk = run(
    `uniform over ${files.toLocaleString('en')} forms in ${tenants.toLocaleString('en')} packs`,
    key,
  );
  console.log(
    `disk hit ÷ memory hit: ${(fromDisk / memory).toFixed(1)}×, ${disk.descriptors.toLocaleString('en')} descriptors kept open (load ${(await import('node:os')).loadavg()[0].toFixed(2)})`,
  );
  await disk.close();
}

await main();

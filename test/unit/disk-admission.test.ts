// What comes back from the disk tier into memory once memory is full: only documents read well above
// the average file (document.ts, DISK_KEEP_READS). Under uniform traffic over more menus than memory
// holds, keeping any of them only evicts another (1,400 a second at 10,000 restaurants, and the
// promoted garbage kept V8 marking a third of the time). Counted, not timed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CacheBudget } from '../../src/catalog/budget.js';
import { DiskTier } from '../../src/features/menu/disk-tier.js';
import { DISK_KEEP_READS, DocumentCache } from '../../src/features/menu/document.js';
import { ReadPool } from '../../src/features/menu/read-pool.js';

const HEADERS = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' };

/** Ten tenants' menus, each built and compressed once, with memory room for about two of them. */
async function tenMenus() {
  const disk = DiskTier.open({ dir: undefined, maxBytes: 64 * 1024 * 1024, log: () => undefined });
  // Random bytes do not compress: each brotli form is ~20 kB.
  const budget = new CacheBudget(45_000);
  const documents = new DocumentCache(budget, { disk, upgrade: false });
  for (let tenantId = 1; tenantId <= 10; tenantId++) {
    const doc = documents.document(tenantId, 1, 'menu|en|', () => ({
      body: Buffer.from(randomBytes(15_000).toString('base64')),
      headers: HEADERS,
    }));
    await documents.representation(doc, 'br');
  }
  await disk.settled();
  return { disk, documents };
}

test('memory full, uniform reads over more menus than it holds keep none of them; a menu read often comes back', async () => {
  const { disk, documents } = await tenMenus();
  const pool = new ReadPool();
  try {
    const inMemory = () => Array.from({ length: 10 }, (_, i) => documents.peek(i + 1, 1, 'menu|en|')).filter(Boolean);
    const held = inMemory().length;
    assert.ok(held >= 1 && held <= 3, `memory holds a few menus: ${held}`);
    // Every menu asked once, which fills what room memory had left (kept while there is room)...
    const readAll = () => {
      let fromDisk = 0;
      let kept = 0;
      for (let tenantId = 1; tenantId <= 10; tenantId++) {
        if (documents.peek(tenantId, 1, 'menu|en|')) continue;
        const got = documents.lookup(tenantId, 1, 'menu|en|', 'br', pool);
        assert.ok(got, `tenant ${tenantId} read back`);
        fromDisk++;
        if ('body' in got) pool.release(got.body);
        else kept++;
      }
      return { fromDisk, kept };
    };
    readAll();
    // ...then in turn, up to DISK_KEEP_READS - 1 reads each: as often as each other, none kept.
    let fromDisk = 0;
    let kept = 0;
    for (let round = 0; round < DISK_KEEP_READS - 2; round++) {
      const pass = readAll();
      fromDisk += pass.fromDisk;
      kept += pass.kept;
    }
    assert.ok(fromDisk >= 7 * (DISK_KEEP_READS - 2), `read from disk: ${fromDisk}`);
    assert.equal(kept, 0, 'none kept: no menu is read more than the others');
    assert.equal(documents.stats.builds, 10, 'nothing built again');

    // One menu asked far more often than the rest: from its DISK_KEEP_READS-th read in the window, kept.
    const hot = Array.from({ length: 10 }, (_, i) => i + 1).find((id) => !documents.peek(id, 1, 'menu|en|'))!;
    const got = documents.lookup(hot, 1, 'menu|en|', 'br', pool);
    assert.ok(got && !('body' in got), 'the often-read menu is kept in memory');
    assert.ok(documents.peek(hot, 1, 'menu|en|'));
  } finally {
    await disk.close();
  }
});

test('a second tenant’s reads do not count for the first: each file has its own window', async () => {
  const { disk, documents } = await tenMenus();
  const pool = new ReadPool();
  try {
    const cold = Array.from({ length: 10 }, (_, i) => i + 1).filter((id) => !documents.peek(id, 1, 'menu|en|'));
    const [first, second] = cold;
    // The second tenant's menu read often enough to be kept...
    for (let i = 0; i < DISK_KEEP_READS; i++) {
      const got = documents.lookup(second, 1, 'menu|en|', 'br', pool);
      if (got && 'body' in got) pool.release(got.body);
    }
    assert.ok(documents.peek(second, 1, 'menu|en|'), 'the second tenant’s menu kept');
    // ...and the first tenant's, read once, is not.
    const got = documents.lookup(first, 1, 'menu|en|', 'br', pool);
    assert.ok(got && 'body' in got, 'the first tenant’s menu sent from a pooled buffer, not kept');
    pool.release(got.body);
    assert.equal(documents.peek(first, 1, 'menu|en|'), undefined);
  } finally {
    await disk.close();
  }
});

test('every stored form’s headers share one hidden class (an object spread made one per object)', () => {
  // V8's own check, in a child with --allow-natives-syntax: the same fields in the same order.
  const script = `
    import { formHeaders } from ${JSON.stringify(fileURLToPath(new URL('../../src/features/menu/disk-tier.js', import.meta.url)))};
    const base = () => JSON.parse(JSON.stringify(${JSON.stringify(HEADERS)}));
    const all = Array.from({ length: 50 }, (_, i) => formHeaders(base(), 'br', 1000 + i, '"e' + i + '"'));
    const same = all.filter((h) => %HaveSameMap(h, all[0])).length;
    process.stdout.write(String(same));
  `;
  const child = spawnSync(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, '50');
});

// The disk tier's own bookkeeping: one pack per restaurant and menu version holding all its forms,
// forms and bytes counted exactly (dead regions included), one descriptor per pack, least recently
// used restaurants dropped over the cap, versions never mixed, failed writes and damaged records
// forgotten, packs adopted after a restart, the folder gone at close. Counts, never times.
import assert from 'node:assert/strict';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import { DiskTier, type MenuStamps, type StoredForm, workerDirectory } from '../../src/features/menu/disk-tier.js';
import { runScopedName } from '../helper.js';

const form = (text: string, encoding: StoredForm['encoding'] = 'br'): StoredForm => ({
  encoding,
  etag: `"${text}"`,
  formEtag: `"${text}-${encoding}"`,
  headers: { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding' },
  brBest: false,
  body: Buffer.from(text.repeat(100)),
});

function tier(maxBytes = 1024 * 1024) {
  const errors: string[] = [];
  const disk = DiskTier.open({ dir: undefined, maxBytes, log: (_err, message) => errors.push(message) });
  return { disk, errors };
}

/** A tenant's pack for a menu version. */
function packOf(disk: DiskTier, tenantId: number, version: number): string {
  return join(disk.dir, String(tenantId), `${version}.pack`);
}

/** Overwrites bytes of a file in place (the same inode: a descriptor kept open reads them). */
function overwrite(path: string, position: number, bytes: Buffer): void {
  const fd = openSync(path, 'r+');
  try {
    writeSync(fd, bytes, 0, bytes.length, position);
  } finally {
    closeSync(fd);
  }
}

/** Flips one byte of a file in place. */
function flip(path: string, position: number): void {
  const fd = openSync(path, 'r+');
  try {
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, position);
    byte[0] ^= 0xff;
    writeSync(fd, byte, 0, 1, position);
  } finally {
    closeSync(fd);
  }
}

/** Where `text` first lies in a file. */
function positionOf(path: string, text: string): number {
  const at = readFileSync(path).indexOf(text);
  assert.ok(at >= 0, `${text} in ${path}`);
  return at;
}

/** This process's descriptors open on files under `dir` (/proc/self/fd), by file; `dir` may be gone. */
function descriptorsUnder(dir: string): Map<string, number> {
  const real = join(realpathSync(dirname(dir)), basename(dir));
  const found = new Map<string, number>();
  for (const fd of readdirSync('/proc/self/fd')) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue;
    }
    if (target.startsWith(`${real}/`)) found.set(target, (found.get(target) ?? 0) + 1);
  }
  return found;
}

function bytesOnDisk(dir: string): number {
  let total = 0;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else total += statSync(path).size;
    }
  };
  walk(dir);
  return total;
}

test('a written form reads back whole, only for its tenant, version, key and encoding', async () => {
  const { disk } = tier();
  try {
    disk.write(1, 3, 'menu|en|', form('alpha'));
    await disk.settled();
    const read = disk.read(1, 3, 'menu|en|', 'br');
    assert.deepEqual(read, form('alpha'));
    assert.equal(disk.read(2, 3, 'menu|en|', 'br'), undefined, 'another tenant');
    assert.equal(disk.read(1, 4, 'menu|en|', 'br'), undefined, 'another version');
    assert.equal(disk.read(1, 3, 'menu|it|', 'br'), undefined, 'another key');
    assert.equal(disk.read(1, 3, 'menu|en|', 'gzip'), undefined, 'another encoding');
    assert.equal(disk.files, 1);
    assert.equal(disk.bytes, bytesOnDisk(disk.dir));
    assert.equal(disk.writes, 1);
  } finally {
    await disk.close();
  }
});

test('a form is read while its record is being written; written again (an upgrade), it is read as the new one; a record damaged before its first read is dropped, and the form written again is read', async () => {
  const { disk, errors } = tier();
  try {
    disk.write(1, 3, 'menu|en|', form('alpha'));
    disk.write(2, 3, 'menu|en|', form('other'));
    // Before its file is in place, a read is answered from the form being written.
    assert.deepEqual(disk.read(1, 3, 'menu|en|', 'br'), form('alpha'));
    await disk.settled();
    assert.deepEqual(disk.read(1, 3, 'menu|en|', 'br'), form('alpha'));
    disk.write(1, 3, 'menu|en|', {
      ...form('alpha'),
      formEtag: '"alpha-br-11"',
      brBest: true,
      body: Buffer.from('best'),
    });
    await disk.settled();
    const upgraded = disk.read(1, 3, 'menu|en|', 'br');
    assert.equal(upgraded?.formEtag, '"alpha-br-11"');
    assert.equal(upgraded?.body.toString(), 'best');
    assert.equal(disk.files, 2);
    assert.deepEqual(disk.read(2, 3, 'menu|en|', 'br'), form('other'), 'the other tenant’s file of the same key');

    // A body damaged before any read fails its CRC-32: the record goes, the key reads as missing,
    // the pack's other records are still served.
    disk.write(1, 3, 'menu|it|', form('italian'));
    await disk.settled();
    const pack = packOf(disk, 1, 3);
    flip(pack, positionOf(pack, 'italian'.repeat(100)) + 50);
    assert.equal(disk.read(1, 3, 'menu|it|', 'br'), undefined);
    assert.equal(disk.read(1, 3, 'menu|it|', 'br'), undefined, 'still missing: its record went');
    assert.equal(disk.files, 2);
    assert.equal(disk.read(1, 3, 'menu|en|', 'br')?.body.toString(), 'best', 'the same pack’s other record');
    assert.deepEqual(errors, []);
    // Written again, it is found by its key again: a new record at the pack's end.
    const before = statSync(pack).size;
    disk.write(1, 3, 'menu|it|', form('italian'));
    await disk.settled();
    assert.deepEqual(disk.read(1, 3, 'menu|it|', 'br'), form('italian'));
    assert.ok(statSync(pack).size > before, 'appended');
    assert.equal(disk.bytes, bytesOnDisk(disk.dir), 'the damaged region still counted');
  } finally {
    await disk.close();
  }
});

test('a newer version replaces the older one’s files; an older one is not written', async () => {
  const { disk } = tier();
  try {
    disk.write(1, 3, 'menu|en|', form('old'));
    disk.write(1, 4, 'menu|en|', form('new'));
    disk.write(1, 3, 'menu|it|', form('late'));
    await disk.settled();
    assert.deepEqual(readdirSync(join(disk.dir, '1')), ['4.pack']);
    assert.equal(disk.files, 1);
    assert.equal(disk.bytes, bytesOnDisk(disk.dir));
    disk.retire(1, 5);
    await disk.settled();
    assert.equal(existsSync(join(disk.dir, '1')), false);
    assert.equal(disk.bytes, 0);
  } finally {
    await disk.close();
  }
});

test('over the cap the least recently used tenants go, in bytes; a tenant alone above it is not kept', async () => {
  // One file's bytes (header and body; every form here has the same size), measured on a first tier.
  const probe = tier().disk;
  probe.write(1, 1, 'k', form('a'));
  const one = probe.bytes;
  await probe.close();
  const { disk } = tier(Math.floor(2.5 * one));
  try {
    disk.write(1, 1, 'k', form('a'));
    disk.write(2, 1, 'k', form('b'));
    await disk.settled();
    assert.ok(disk.read(1, 1, 'k', 'br'), 'tenant 1 used: tenant 2 is now the least recent');
    disk.write(3, 1, 'k', form('c'));
    await disk.settled();
    assert.deepEqual(readdirSync(disk.dir).sort(), ['1', '3']);
    assert.equal(disk.evictions, 1);
    // Used in memory until the budget evicted its form: tenant 1 stays, tenant 3 is the least recent.
    disk.used(1);
    disk.write(4, 1, 'k', form('f'));
    await disk.settled();
    assert.deepEqual(readdirSync(disk.dir).sort(), ['1', '4']);
    assert.equal(disk.evictions, 2);
    assert.ok(disk.bytes <= disk.maxBytes);
    assert.equal(disk.bytes, bytesOnDisk(disk.dir));
    // Three forms of one tenant do not fit at all: its files go rather than pass the cap.
    disk.write(4, 1, 'k2', form('d'));
    disk.write(4, 1, 'k3', form('e'));
    await disk.settled();
    assert.deepEqual(readdirSync(disk.dir), []);
    assert.ok(disk.bytes <= disk.maxBytes);
    assert.equal(disk.bytes, bytesOnDisk(disk.dir));
  } finally {
    await disk.close();
  }
});

test('a write that fails is logged and forgotten (a pack left without records goes); the folder is removed at close', async () => {
  const { disk, errors } = tier();
  // A file where the tenant's folder should be: mkdir fails.
  writeFileSync(join(disk.dir, '7'), 'in the way');
  disk.write(7, 1, 'k', form('a'));
  await disk.settled();
  assert.equal(disk.files, 0);
  assert.equal(disk.bytes, 0);
  assert.equal(disk.writes, 0);
  assert.deepEqual(errors, ['disk cache write failed']);
  assert.equal(disk.read(7, 1, 'k', 'br'), undefined);
  // A directory where the pack should be: the open fails, the record is dropped, the tenant's
  // folder goes with its empty pack, and the form written again is kept.
  mkdirSync(join(disk.dir, '8', '1.pack'), { recursive: true });
  disk.write(8, 1, 'k', form('b'));
  assert.deepEqual(disk.read(8, 1, 'k', 'br'), form('b'), 'answered from the form being written');
  await disk.settled();
  assert.equal(disk.read(8, 1, 'k', 'br'), undefined, 'its write failed: dropped');
  assert.equal(disk.files, 0);
  assert.equal(disk.bytes, 0);
  assert.equal(errors.length, 2);
  disk.write(8, 1, 'k', form('b'));
  await disk.settled();
  assert.deepEqual(disk.read(8, 1, 'k', 'br'), form('b'));
  assert.equal(disk.bytes, bytesOnDisk(join(disk.dir, '8')));
  await disk.close();
  assert.equal(existsSync(disk.dir), false);
});

test('a default folder left by a process that is gone is removed at the next start; a live one stays', async () => {
  const dead = join(tmpdir(), 'menu-cache-999999999-0123456789ab');
  const live = join(tmpdir(), `menu-cache-${process.ppid}-0123456789ab`);
  mkdirSync(join(dead, '1', '1'), { recursive: true });
  writeFileSync(join(dead, '1', '1', 'x.br'), 'left by a killed process');
  mkdirSync(live, { recursive: true });
  const { disk } = tier();
  try {
    assert.equal(existsSync(dead), false);
    assert.equal(existsSync(live), true);
  } finally {
    await disk.close();
    rmSync(live, { recursive: true, force: true });
    rmSync(dead, { recursive: true, force: true });
  }
});

test('a cluster worker gets its own folder; folders of workers that are gone are removed', () => {
  const parent = join(tmpdir(), runScopedName('menu-workers'));
  try {
    mkdirSync(join(parent, 'worker-999999999'), { recursive: true });
    mkdirSync(join(parent, `worker-${process.ppid}`), { recursive: true });
    const mine = workerDirectory(parent);
    assert.equal(mine, join(parent, `worker-${process.pid}`));
    assert.deepEqual(readdirSync(parent).sort(), [`worker-${process.ppid}`]);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('a close with many packs returns at once: the packs move aside and a detached process deletes them', async () => {
  const dir = join(tmpdir(), runScopedName('menu-disk-many'));
  const parent = join(dir, '..');
  const isTrash = (name: string) => name.startsWith(`${runScopedName('menu-disk-many')}.removing-`);
  // A trash folder whose deleting process died: removed at the next start.
  const leftover = `${dir}.removing-999999999-0123456789ab`;
  mkdirSync(join(leftover, '1'), { recursive: true });
  const disk = DiskTier.open({ dir, maxBytes: 64 * 1024 * 1024, log: () => undefined });
  try {
    assert.equal(existsSync(leftover), false, 'a dead process’s trash is removed at start');
    // More packs than a close deletes in place: 600 restaurants, two forms each.
    for (let i = 0; i < 1200; i++) disk.write(1 + (i % 600), 1, `menu|k${i}|`, form(`f${i}`));
    await disk.settled();
    assert.equal(disk.files, 1200);
    await disk.close();
    assert.equal(existsSync(dir), false, 'the cache folder is gone when close returns');
    // The detached process finishes the deletion on its own.
    for (let waited = 0; readdirSync(parent).some(isTrash); waited += 50) {
      assert.ok(waited < 10_000, 'the trash folder is deleted');
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    for (const name of readdirSync(parent).filter(isTrash))
      rmSync(join(parent, name), { recursive: true, force: true });
  }
});

test('every form of a restaurant and version is a record of one pack, read through one descriptor; a second tenant has its own', async () => {
  const { disk, errors } = tier();
  const LOCALES = ['it', 'en', 'fr', 'de', 'es', 'nl', 'pl', 'pt', 'ro', 'sv'];
  const mine = (tenantId: number, locale: string, encoding: StoredForm['encoding']) =>
    form(`t${tenantId}-${locale}`, encoding);
  try {
    for (const tenantId of [1, 2])
      for (const locale of LOCALES)
        for (const encoding of ['br', 'gzip'] as const)
          disk.write(tenantId, 3, `menu|${locale}|`, mine(tenantId, locale, encoding));
    await disk.settled();
    assert.deepEqual(readdirSync(disk.dir).sort(), ['1', '2']);
    assert.deepEqual(readdirSync(join(disk.dir, '1')), ['3.pack'], 'one file holds tenant 1’s 20 forms');
    assert.equal(disk.files, 40, 'files counts forms');
    assert.equal(disk.bytes, bytesOnDisk(disk.dir));
    assert.equal(disk.descriptors, 0, 'nothing read yet');
    for (let round = 0; round < 2; round++)
      for (const locale of LOCALES)
        for (const encoding of ['br', 'gzip'] as const)
          for (const tenantId of [1, 2])
            assert.deepEqual(
              disk.read(tenantId, 3, `menu|${locale}|`, encoding),
              mine(tenantId, locale, encoding),
              `${tenantId} ${locale} ${encoding}: its own form`,
            );
    assert.equal(disk.descriptors, 2, 'one descriptor per pack');
    const open = descriptorsUnder(disk.dir);
    assert.deepEqual(
      [...open.entries()].sort(),
      [
        [realpathSync(packOf(disk, 1, 3)), 1],
        [realpathSync(packOf(disk, 2, 3)), 1],
      ],
      'the process holds exactly one descriptor on each pack',
    );
    assert.deepEqual(errors, []);
  } finally {
    await disk.close();
  }
  assert.equal(descriptorsUnder(disk.dir).size, 0, 'closed with the tier');
});

test('an upgraded form is appended: its old region is never served again, and it still counts against the cap', async () => {
  // One record's bytes (every form here has the same size), measured on a first tier.
  const probe = tier().disk;
  probe.write(1, 1, 'k', form('a'));
  const one = probe.bytes;
  await probe.close();
  const { disk, errors } = tier(Math.floor(2.5 * one));
  try {
    disk.write(1, 1, 'k', form('a'));
    disk.write(2, 1, 'k', form('b'));
    await disk.settled();
    assert.deepEqual(disk.read(1, 1, 'k', 'br'), form('a'), 'read once: checked, its descriptor open');
    const upgraded = { ...form('a'), formEtag: '"a-best"', brBest: true, body: Buffer.from('z'.repeat(100)) };
    disk.write(1, 1, 'k', upgraded);
    await disk.settled();
    // Two records of tenant 1 (one dead) and one of tenant 2 pass 2.5 records: tenant 2 goes.
    assert.equal(disk.evictions, 1, 'the dead region counted: the least recent tenant went');
    assert.deepEqual(readdirSync(disk.dir), ['1']);
    const pack = packOf(disk, 1, 1);
    assert.equal(disk.files, 1, 'one live form');
    assert.equal(disk.bytes, statSync(pack).size, 'the pack’s every byte counted, the dead region too');
    assert.ok(disk.bytes > 1.9 * one);
    assert.ok(readFileSync(pack).includes('a'.repeat(100)), 'the old body is still in the pack, dead');
    for (let i = 0; i < 5; i++) assert.deepEqual(disk.read(1, 1, 'k', 'br'), upgraded, `read ${i}: the new form`);
    assert.equal(disk.descriptors, 1, 'the descriptor opened before the append reads the appended record');
    assert.deepEqual([...descriptorsUnder(disk.dir).values()], [1]);
    // The next upgrade would pass the cap with this tenant alone: its pack goes rather than pass it.
    disk.write(1, 1, 'k', { ...upgraded, body: Buffer.from('y'.repeat(100)) });
    await disk.settled();
    assert.equal(disk.bytes, 0);
    assert.equal(disk.files, 0);
    assert.equal(disk.descriptors, 0);
    assert.deepEqual(readdirSync(disk.dir), []);
    assert.deepEqual(errors, []);
  } finally {
    await disk.close();
  }
});

test('more restaurants than descriptors kept: every read succeeds, descriptors recycled, each tenant reads only its own pack', async () => {
  const errors: string[] = [];
  const disk = DiskTier.open({
    dir: undefined,
    maxBytes: 1024 * 1024,
    maxOpen: 3,
    log: (_err, message) => errors.push(message),
  });
  const mine = (tenantId: number, locale: string) => form(`tenant-${tenantId}-${locale}`);
  try {
    // The same keys and version for every tenant: only the tenant tells their forms apart.
    for (let tenantId = 1; tenantId <= 12; tenantId++)
      for (const locale of ['it', 'en']) disk.write(tenantId, 1, `menu|${locale}|`, mine(tenantId, locale));
    await disk.settled();
    assert.equal(disk.files, 24);
    // Tenant 2's first record damaged before any read: only tenant 2's form goes.
    const pack2 = packOf(disk, 2, 1);
    flip(pack2, positionOf(pack2, 'tenant-2-it'.repeat(100)) + 3);
    let reads = 0;
    for (let round = 0; round < 3; round++) {
      for (let tenantId = 1; tenantId <= 12; tenantId++) {
        for (const locale of ['it', 'en']) {
          const got = disk.read(tenantId, 1, `menu|${locale}|`, 'br');
          if (tenantId === 2 && locale === 'it') {
            assert.equal(got, undefined, 'the damaged record is never served');
            continue;
          }
          assert.deepEqual(got, mine(tenantId, locale), `round ${round}, tenant ${tenantId} ${locale}`);
          reads++;
          assert.ok(disk.descriptors <= 3, `${disk.descriptors} descriptors kept`);
          const open = descriptorsUnder(disk.dir);
          assert.ok(open.size <= 3 && [...open.values()].every((n) => n === 1), 'at most 3 open, one per pack');
        }
      }
    }
    assert.equal(reads, 3 * 23);
    assert.equal(disk.files, 23);
    assert.equal(disk.descriptors, 3);
    assert.deepEqual(errors, []);
    // A tenant whose pack was read is forgotten: its descriptor is closed with it.
    disk.forget(12);
    await disk.settled();
    assert.equal(disk.descriptors, 2);
    assert.equal(descriptorsUnder(disk.dir).size, 2);
  } finally {
    await disk.close();
  }
});

test('a restart adopts the packs of a format-2 manifest whose menus are current; a record is checked whole on its first read; a format-1 manifest is none', async () => {
  const dir = join(tmpdir(), runScopedName('menu-disk-adopt'));
  const stamps: MenuStamps = new Map([
    [1, { version: 3, stamp: 's1' }],
    [2, { version: 3, stamp: 's2' }],
    [3, { version: 1, stamp: 's3' }],
    [4, { version: 1, stamp: 's4' }],
  ]);
  const errors: string[] = [];
  const start = () =>
    DiskTier.open({
      dir,
      keep: { database: 'test', stamps: async () => stamps },
      maxBytes: 1024 * 1024,
      log: (_err, message) => errors.push(message),
    });
  const best = { ...form('english'), formEtag: '"english-best"', brBest: true, body: Buffer.from('best'.repeat(50)) };
  let disk = start();
  try {
    assert.deepEqual(await disk.adopt(), { tenants: 0, files: 0 });
    disk.write(1, 3, 'menu|en|', form('english'));
    disk.write(1, 3, 'menu|en|', form('english', 'gzip'));
    disk.write(1, 3, 'menu|it|', form('italian'));
    disk.write(1, 3, 'menu|en|', best); // the first record is now dead
    disk.write(2, 3, 'menu|en|', form('second'));
    disk.write(2, 3, 'menu|it|', form('secondo'));
    disk.write(3, 1, 'menu|en|', form('third'));
    disk.write(4, 1, 'menu|en|', form('fourth'));
    await disk.settled();
    assert.deepEqual(disk.read(1, 3, 'menu|en|', 'br'), best);
    await disk.close();
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    assert.equal(manifest.format, 2);
    assert.deepEqual(Object.keys(manifest.tenants).sort(), ['1', '2', '3', '4']);
    const listed1 = manifest.tenants['1'];
    assert.equal(listed1.version, 3);
    assert.equal(listed1.stamp, 's1');
    assert.equal(listed1.bytes, statSync(join(dir, '1', '3.pack')).size, 'the pack’s length, its dead record too');
    assert.deepEqual(listed1.records.map((r: { key: string; encoding: string }) => `${r.key} ${r.encoding}`).sort(), [
      'menu|en| br',
      'menu|en| gzip',
      'menu|it| br',
    ]);

    // While stopped: tenant 3's menu changed; tenant 4's pack was cut short; a byte of the key in the
    // header of tenant 2's Italian record changed (its body and length intact: only a whole read sees it).
    stamps.set(3, { version: 2, stamp: 's3-new' });
    truncateSync(join(dir, '4', '1.pack'), statSync(join(dir, '4', '1.pack')).size - 1);
    const pack2 = join(dir, '2', '3.pack');
    overwrite(pack2, positionOf(pack2, '"key":"menu|it|"') + '"key":"menu|'.length, Buffer.from('x'));

    disk = start();
    assert.deepEqual(await disk.adopt(), { tenants: 2, files: 5 });
    assert.deepEqual(readdirSync(dir).sort(), ['1', '2'], 'the changed menu’s and the cut pack’s folders went');
    assert.equal(existsSync(join(dir, 'manifest.json')), false, 'read once, then gone');
    assert.equal(disk.bytes, bytesOnDisk(dir));
    assert.deepEqual(disk.read(1, 3, 'menu|en|', 'br'), best, 'the live record, never the dead one');
    assert.deepEqual(disk.read(1, 3, 'menu|en|', 'gzip'), form('english', 'gzip'));
    assert.deepEqual(disk.read(1, 3, 'menu|it|', 'br'), form('italian'));
    assert.deepEqual(disk.read(2, 3, 'menu|en|', 'br'), form('second'), 'tenant 2’s own form of the same key');
    assert.equal(disk.read(2, 3, 'menu|it|', 'br'), undefined, 'its header is not its own: dropped');
    assert.equal(disk.files, 4);
    assert.equal(disk.read(3, 1, 'menu|en|', 'br'), undefined, 'the changed menu’s form is not served');
    assert.deepEqual(disk.read(1, 3, 'menu|en|', 'br'), best, 'read again: the body alone');
    // A new record goes after every byte found on disk.
    const before = statSync(pack2).size;
    disk.write(2, 3, 'menu|it|', form('secondo'));
    await disk.settled();
    assert.deepEqual(disk.read(2, 3, 'menu|it|', 'br'), form('secondo'));
    assert.ok(statSync(pack2).size > before);
    assert.equal(disk.bytes, bytesOnDisk(dir));
    assert.deepEqual(errors, []);
    await disk.close();

    // The manifest of the format before packs (one file per form): treated as none, the directory emptied.
    const kept = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    assert.equal(kept.tenants['2'].records.length, 2);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...kept, format: 1 }));
    disk = start();
    assert.deepEqual(readdirSync(dir), [], 'nothing kept');
    assert.deepEqual(await disk.adopt(), { tenants: 0, files: 0 });
    assert.equal(disk.read(1, 3, 'menu|en|', 'br'), undefined);
  } finally {
    await disk.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// The disk tier's own bookkeeping: files and bytes counted exactly, least recently used restaurants
// dropped over the cap, versions never mixed, failed writes forgotten, the folder gone at close.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DiskTier, type StoredForm, workerDirectory } from '../../src/features/menu/disk-tier.js';
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

test('a form is read while its file is being written; written again (an upgrade), it is read as the new one; a file damaged before its first read is dropped, and checked once it is read whole', async () => {
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

    // A body damaged before any read fails its CRC-32: the record goes, the key reads as missing.
    disk.write(1, 3, 'menu|it|', form('italian'));
    await disk.settled();
    const folder = join(disk.dir, '1', '3');
    const italian = readdirSync(folder)
      .map((name) => join(folder, name))
      .find((path) => readFileSync(path).includes('italian'));
    assert.ok(italian);
    const bytes = readFileSync(italian);
    bytes[bytes.length - 1] ^= 0xff;
    writeFileSync(italian, bytes);
    assert.equal(disk.read(1, 3, 'menu|it|', 'br'), undefined);
    assert.equal(disk.read(1, 3, 'menu|it|', 'br'), undefined, 'still missing: its record went');
    assert.equal(disk.files, 2);
    assert.deepEqual(errors, []);
    // Written again, it is found by its key again.
    disk.write(1, 3, 'menu|it|', form('italian'));
    await disk.settled();
    assert.deepEqual(disk.read(1, 3, 'menu|it|', 'br'), form('italian'));
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
    assert.deepEqual(readdirSync(join(disk.dir, '1')), ['4']);
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

test('a write that fails is logged and forgotten; the folder is removed at close', async () => {
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

test('a close with many files returns at once: the files move aside and a detached process deletes them', async () => {
  const dir = join(tmpdir(), runScopedName('menu-disk-many'));
  const parent = join(dir, '..');
  const isTrash = (name: string) => name.startsWith(`${runScopedName('menu-disk-many')}.removing-`);
  // A trash folder whose deleting process died: removed at the next start.
  const leftover = `${dir}.removing-999999999-0123456789ab`;
  mkdirSync(join(leftover, '1'), { recursive: true });
  const disk = DiskTier.open({ dir, maxBytes: 64 * 1024 * 1024, log: () => undefined });
  try {
    assert.equal(existsSync(leftover), false, 'a dead process’s trash is removed at start');
    // More files than a close deletes in place, over 40 restaurants.
    for (let i = 0; i < 600; i++) disk.write(1 + (i % 40), 1, `menu|k${i}|`, form(`f${i}`));
    await disk.settled();
    assert.equal(disk.files, 600);
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

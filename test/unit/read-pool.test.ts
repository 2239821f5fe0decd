// The read pool behind disk-tier answers sent once: a buffer handed back is the next one of its size
// class, bodies past the largest class and buffers it never gave are not kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ReadPool } from '../../src/features/menu/read-pool.js';

test('a released buffer is reused for the next body of its size class, cut to that body', () => {
  const pool = new ReadPool();
  const first = pool.acquire(22_000);
  assert.equal(first.length, 22_000);
  pool.release(first);
  const second = pool.acquire(17_000);
  assert.equal(second.length, 17_000);
  assert.equal(second.buffer, first.buffer, 'the same memory (32 kB class)');
  const third = pool.acquire(17_000);
  assert.notEqual(third.buffer, first.buffer, 'in use: a new one');
  const small = pool.acquire(10);
  assert.equal(small.length, 10);
});

test('past 1 MB bodies get a buffer of their own; buffers the pool never gave are not kept', () => {
  const pool = new ReadPool();
  const big = pool.acquire(2 * 1024 * 1024);
  pool.release(big);
  assert.notEqual(pool.acquire(2 * 1024 * 1024).buffer, big.buffer);
  const foreign = Buffer.from('not pooled');
  pool.release(foreign);
  pool.release(Buffer.alloc(20_000).subarray(5));
  assert.equal(pool.acquire(16).length, 16);
});

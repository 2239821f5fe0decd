// The worker pool that runs heavy jobs (table-card PDFs) off the request thread: jobs run in
// another thread, one per owner at a time, a bounded queue refuses the rest, a failing or endless
// job fails alone, and closing refuses what waits.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { UnavailableError } from '../../src/core/errors.js';
import { readSheet } from '../../src/features/sync/sheet-jobs.js';
import { renderXlsx } from '../../src/features/sync/xlsx.js';
import { JobRefusedError, JobTimeoutError, WorkerPool } from '../../src/runtime/worker-pool.js';
import { POOL_JOBS } from './pool-jobs.js';

type Ran = { label: string; thread: number; start: number; end: number };
const job = (owner: string, ms: number, label = owner) => ({ module: POOL_JOBS, fn: 'wait', args: [ms, label], owner });

test('a job runs in a worker thread and its bytes come back', async () => {
  const pool = new WorkerPool();
  try {
    const ran = await pool.run<Ran>(job('a', 1));
    assert.notEqual(ran.thread, threadId);
    const bytes = await pool.run<Uint8Array>({ module: POOL_JOBS, fn: 'bytes', args: [1000], owner: 'a' });
    assert.equal(bytes.length, 1000);
    assert.equal(bytes[999], 7);
    assert.deepEqual(pool.counts, { done: 2, refused: 0, failed: 0 });
  } finally {
    await pool.close();
  }
});

test('a worker runs under the heap limits asked for: old and young generation (a job’s young objects are collected early)', async () => {
  const pool = new WorkerPool({ heapMb: 64 });
  try {
    const limits = await pool.run<Record<string, number>>({ module: POOL_JOBS, fn: 'limits', args: [], owner: 'a' });
    assert.equal(limits.maxOldGenerationSizeMb, 64);
    assert.equal(limits.maxYoungGenerationSizeMb, 16, 'the default young generation');
  } finally {
    await pool.close();
  }
});

test('one owner runs one job at a time; another owner is not held behind it', async () => {
  const pool = new WorkerPool({ size: 2 });
  try {
    const [a1, a2, b] = await Promise.all([
      pool.run<Ran>(job('a', 150, 'a1')),
      pool.run<Ran>(job('a', 10, 'a2')),
      pool.run<Ran>(job('b', 10, 'b')),
    ]);
    assert.ok(a2.start >= a1.end, 'the second job of owner a started after the first ended');
    assert.ok(b.end <= a1.end, "owner b's job did not wait for owner a's");
  } finally {
    await pool.close();
  }
});

test('the queue is bounded, per owner and in all; refused jobs say when to ask again', async () => {
  const pool = new WorkerPool({ maxQueued: 3, maxQueuedPerOwner: 2 });
  try {
    const running = pool.run(job('a', 100));
    const waiting = [pool.run(job('a', 1)), pool.run(job('a', 1))];
    await assert.rejects(pool.run(job('a', 1)), (err: unknown) => {
      assert.ok(err instanceof JobRefusedError);
      assert.equal(err.reason, 'busy');
      assert.ok(err.retryAfterSeconds > 0);
      return true;
    });
    waiting.push(pool.run(job('b', 1)));
    await assert.rejects(pool.run(job('c', 1)), JobRefusedError);
    await Promise.all([running, ...waiting]);
    assert.equal(pool.counts.refused, 2);
  } finally {
    await pool.close();
  }
});

test('a failing job and an endless one fail alone; the pool goes on', async () => {
  const pool = new WorkerPool({ timeoutMs: 1000 });
  try {
    await assert.rejects(pool.run({ module: POOL_JOBS, fn: 'fails', args: [], owner: 'a' }), /this job fails/);
    await assert.rejects(
      pool.run({ module: POOL_JOBS, fn: 'spins', args: [], owner: 'a' }),
      (err) => err instanceof JobTimeoutError && /took too long/.test(err.message),
    );
    assert.equal((await pool.run<Ran>(job('a', 1))).label, 'a');
  } finally {
    await pool.close();
  }
});

test('closing refuses the waiting jobs and abandons the running one', async () => {
  const pool = new WorkerPool();
  const running = pool.run(job('a', 5_000));
  const waiting = pool.run(job('b', 1));
  const settled = Promise.allSettled([running, waiting]);
  await new Promise((resolve) => setTimeout(resolve, 50));
  await pool.close();
  for (const result of await settled) {
    assert.equal(result.status, 'rejected');
    const err = (result as PromiseRejectedResult).reason;
    assert.ok(err instanceof JobRefusedError && err.reason === 'closed', String(err));
  }
  await assert.rejects(pool.run(job('c', 1)), JobRefusedError);
});

test('a spreadsheet whose reading runs past the deadline is "busy, try again" (503), not "not a readable workbook"', async () => {
  // Too short a deadline for any file: what a loaded machine does to a good one.
  const pool = new WorkerPool({ timeoutMs: 1 });
  const app = { jobs: pool } as unknown as FastifyInstance;
  try {
    for (const xlsx of [true, false]) {
      const file = xlsx
        ? await renderXlsx({ dishes: [], options: [], sections: [], types: [], wineries: [] })
        : Buffer.from('name_it\nTiramisù\n');
      await assert.rejects(readSheet(app, 1, Buffer.from(file), xlsx), (err) => {
        assert.ok(err instanceof UnavailableError, `${xlsx ? 'xlsx' : 'csv'}: ${String(err)}`);
        return true;
      });
    }
  } finally {
    await pool.close();
  }
});

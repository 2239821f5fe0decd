// The image encoder's queue: one encode at a time, the rest in arrival order, a full queue refused.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UnavailableError } from '../../src/core/errors.js';
import { encoderQueue } from '../../src/resources/media/encode.js';

test('encodes run one at a time in arrival order; past the bound the next is refused with 503', async () => {
  const queue = encoderQueue(2);
  const order: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let running = 0;
  let most = 0;
  const job = (name: string, wait?: Promise<void>) =>
    queue.run(async () => {
      running++;
      most = Math.max(most, running);
      order.push(`start ${name}`);
      await wait;
      order.push(`end ${name}`);
      running--;
      return name;
    });
  const a = job('a', gate);
  const b = job('b');
  const c = job('c');
  assert.equal(queue.waiting, 2);
  await assert.rejects(job('d'), (err) => err instanceof UnavailableError && err.statusCode === 503);
  release();
  assert.deepEqual(await Promise.all([a, b, c]), ['a', 'b', 'c']);
  assert.deepEqual(order, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  assert.equal(most, 1);
  assert.equal(await job('e'), 'e', 'the queue works again once drained');
});

test('a failed encode hands its turn on', async () => {
  const queue = encoderQueue(1);
  const failed = queue.run(async () => {
    throw new Error('broken pixels');
  });
  const next = queue.run(async () => 'next');
  await assert.rejects(failed, /broken pixels/);
  assert.equal(await next, 'next');
});

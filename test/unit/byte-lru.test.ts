// The QR codes' cache: bounded in bytes, least recently used out first, one make per key however
// many requests miss it at once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ByteLru } from '../../src/features/qr/cache.js';

test('evicts the least recently used entries once over its bytes, never keeps an entry larger than the budget', () => {
  const lru = new ByteLru<Buffer>(10);
  lru.set('a', Buffer.alloc(4));
  lru.set('b', Buffer.alloc(4));
  assert.ok(lru.get('a'), 'a is now the most recently used');
  lru.set('c', Buffer.alloc(4));
  assert.equal(lru.get('b'), undefined, 'b was the least recently used');
  assert.ok(lru.get('a'));
  assert.ok(lru.get('c'));
  assert.deepEqual(lru.size, { entries: 2, bytes: 8 });
  lru.set('huge', Buffer.alloc(11));
  assert.equal(lru.get('huge'), undefined);
  assert.deepEqual(lru.size, { entries: 2, bytes: 8 });
});

test('concurrent misses of one key make it once; later gets are hits', async () => {
  const lru = new ByteLru<string>(1000);
  let makes = 0;
  const make = async () => {
    makes += 1;
    await new Promise((resolve) => setImmediate(resolve));
    return 'svg';
  };
  const all = await Promise.all([lru.getOrMake('k', make), lru.getOrMake('k', make), lru.getOrMake('k', make)]);
  assert.deepEqual(all, ['svg', 'svg', 'svg']);
  assert.equal(await lru.getOrMake('k', make), 'svg');
  assert.equal(makes, 1);
});

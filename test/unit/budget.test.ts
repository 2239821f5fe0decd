// The byte budget: cheap entries first, then least recently used, across owners, down to 90% of the budget.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BudgetEntry, CacheBudget } from '../../src/catalog/budget.js';

function entries(budget: CacheBudget, sizes: number[], evicted: string[], tenantId = 1): BudgetEntry[] {
  return sizes.map((bytes, i) => {
    const entry: BudgetEntry = { bytes, stamp: 0, kind: 'menu.br', tenantId, evict: () => evicted.push(`e${i}`) };
    budget.charge(entry);
    return entry;
  });
}

test('stays within its bytes by evicting the least recently used first, down to 90%', () => {
  const evicted: string[] = [];
  const budget = new CacheBudget(1000);
  const [e0, , e2] = entries(budget, [300, 300, 300], evicted);
  assert.equal(budget.stats().bytes, 900);
  budget.touch(e0); // e1 is now the least recently used
  entries(budget, [200], evicted);
  // 1100 > 1000: evict e1 (least recent) → 800 ≤ 900, stop.
  assert.deepEqual(evicted, ['e1']);
  assert.equal(budget.stats().bytes, 800);
  assert.equal(budget.stats().evictions, 1);
  assert.ok(budget.has(e0) && budget.has(e2));
});

test('never evicts the entry being charged, and released entries stop counting', () => {
  const evicted: string[] = [];
  const budget = new CacheBudget(1000);
  const [small] = entries(budget, [100], evicted);
  const big: BudgetEntry = { bytes: 950, stamp: 0, kind: 'menu.br', tenantId: 1, evict: () => evicted.push('big') };
  budget.charge(big);
  assert.deepEqual(evicted, ['e0']);
  assert.ok(budget.has(big) && !budget.has(small));
  budget.release(big);
  assert.equal(budget.stats().bytes, 0);
  assert.equal(budget.stats().entries, 0);
});

test('resizing an entry moves the total', () => {
  const budget = new CacheBudget(1000);
  const [e] = entries(budget, [400], []);
  budget.resize(e, 100);
  assert.equal(budget.stats().bytes, 100);
});

test('cheap entries (snapshots, identity bodies beside a compressed form) go before any costly one, however recent', () => {
  const evicted: string[] = [];
  const budget = new CacheBudget(1000);
  const [oldDoc] = entries(budget, [300], evicted, 1);
  const snapshot: BudgetEntry = {
    bytes: 300,
    stamp: 0,
    kind: 'snapshot',
    tenantId: 2,
    cheap: true,
    evict: () => evicted.push('snapshot'),
  };
  budget.charge(snapshot);
  budget.touch(snapshot); // the most recent of all
  const [newDoc] = entries(budget, [300], [], 3);
  budget.charge({ bytes: 200, stamp: 0, kind: 'menu.gzip', tenantId: 3, evict: () => evicted.push('gzip') });
  // 1100 > 1000: the snapshot goes first (800 ≤ 900), the least recent document stays.
  assert.deepEqual(evicted, ['snapshot']);
  assert.ok(budget.has(oldDoc) && budget.has(newDoc));
  assert.equal(budget.stats().evictions, 1);
  assert.equal(budget.stats().costlyEvictions, 0);
});

test('bytes, entries, restaurants and evictions per kind', () => {
  const budget = new CacheBudget(10_000);
  const [a] = entries(budget, [100, 200], [], 1);
  entries(budget, [300], [], 2);
  budget.charge({ bytes: 1000, stamp: 0, kind: 'snapshot', tenantId: 1, cheap: true, evict: () => undefined });
  assert.deepEqual(budget.byKind().get('menu.br'), { bytes: 600, entries: 3, restaurants: 2, evictions: 0 });
  assert.deepEqual(budget.byKind().get('snapshot'), { bytes: 1000, entries: 1, restaurants: 1, evictions: 0 });
  budget.release(a);
  budget.resize([...entries(budget, [50], [], 3)][0], 70);
  assert.deepEqual(budget.byKind().get('menu.br'), { bytes: 570, entries: 3, restaurants: 3, evictions: 0 });
});

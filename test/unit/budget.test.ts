// The byte budget: least recently used goes first, across owners, down to 90% of the budget.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BudgetEntry, CacheBudget } from '../../src/catalog/budget.js';

function entries(budget: CacheBudget, sizes: number[], evicted: string[]): BudgetEntry[] {
  return sizes.map((bytes, i) => {
    const entry: BudgetEntry = { bytes, stamp: 0, evict: () => evicted.push(`e${i}`) };
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
  const big: BudgetEntry = { bytes: 950, stamp: 0, evict: () => evicted.push('big') };
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

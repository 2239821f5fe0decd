// The analytics period: an unreadable `to` is a 422 on `to`, never a crash while the default `from`
// is counted back from it (the panel passes its query unchecked; found by the fuzz suite).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ValidationError } from '../../src/core/errors.js';
import { rangeOf } from '../../src/features/analytics/admin.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0);

test('an unreadable or impossible `to` without `from` is a validation error on `to`', () => {
  for (const to of ['\uFFFD\uFFFD', '2026-02-30', '', 'zz']) {
    assert.throws(
      () => rangeOf(1, 'Europe/Rome', { to }, NOW),
      (err) => err instanceof ValidationError && err.issues.some((i) => i.field === 'to' && i.rule === 'date'),
      JSON.stringify(to),
    );
  }
  assert.deepEqual(rangeOf(1, 'Europe/Rome', { to: '2026-11-20' }, NOW), {
    tenantId: 1,
    from: '2026-10-22',
    to: '2026-11-20',
  });
});

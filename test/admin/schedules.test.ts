// Section schedules (issue 23 point 2): chosen weekdays and a season on top of the time window, in
// the restaurant's time zone, change the cached menu exactly at the boundary (injected clock).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

/** Friday 2026-11-20 and Saturday 2026-11-21, around local midnight in Rome (UTC+1). */
const FRIDAY_NOON = Date.parse('2026-11-20T11:00:00Z');
const FRIDAY_2359 = Date.parse('2026-11-20T22:59:00Z');
const SATURDAY_0000 = Date.parse('2026-11-20T23:00:00Z');

for (const dialect of dialects) {
  describe(`section schedules (${dialect})`, () => {
    let clock = FRIDAY_NOON;
    const { restaurant } = menuSuite(dialect, 'sch', undefined, () => clock);
    const names = async (r: Awaited<ReturnType<typeof restaurant>>) =>
      (await r.pub('/menu/it')).json.data.sections.map((s: any) => s.name);

    test('a weekday rule: a lunch menu Monday to Friday is gone at Saturday 00:00 local, with a new ETag; another restaurant keeps it', async () => {
      clock = FRIDAY_NOON;
      const r = await restaurant();
      const other = await restaurant();
      const primi = (await r.sections()).Primi;
      const put = await r.admin('PATCH', `/categories/${primi.id}`, { weekdays: [5, 1, 2, 3, 4] });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual(put.json.data.weekdays, [1, 2, 3, 4, 5]);
      assert.ok((await names(r)).includes('Primi'));
      clock = FRIDAY_2359;
      const before = await r.pub('/menu/it');
      assert.ok(before.json.data.sections.some((s: any) => s.name === 'Primi'));
      clock = SATURDAY_0000;
      const after = await r.pub('/menu/it');
      assert.ok(!after.json.data.sections.some((s: any) => s.name === 'Primi'), 'hidden on Saturday');
      assert.notEqual(after.headers.etag, before.headers.etag);
      assert.ok((await names(other)).includes('Primi'), 'another restaurant has no such rule');
      // The owner still sees it, with its rule.
      assert.deepEqual((await r.sections()).Primi.weekdays, [1, 2, 3, 4, 5]);
    });

    test('a season between two dates, inclusive; wrong dates are 422 and change nothing', async () => {
      clock = FRIDAY_NOON;
      const r = await restaurant();
      const dolci = (await r.sections()).Dolci;
      const bad = await r.admin('PATCH', `/categories/${dolci.id}`, { date_from: '2026-12-01', date_to: '2026-11-01' });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(Object.keys(bad.json.errors), ['date_to']);
      const wrong = await r.admin('PATCH', `/categories/${dolci.id}`, { date_from: '2026-02-30' });
      assert.deepEqual(Object.keys(wrong.json.errors), ['date_from']);
      assert.equal((await r.sections()).Dolci.date_from, null);
      const ok = await r.admin('PATCH', `/categories/${dolci.id}`, { date_from: '2026-11-21', date_to: '2026-11-30' });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.ok(!(await names(r)).includes('Dolci'), 'not yet on Friday the 20th');
      clock = SATURDAY_0000;
      assert.ok((await names(r)).includes('Dolci'), 'from Saturday the 21st, local time');
      const cleared = await r.admin('PATCH', `/categories/${dolci.id}`, { date_from: null, date_to: null });
      assert.equal(cleared.statusCode, 200);
      clock = FRIDAY_NOON;
      assert.ok((await names(r)).includes('Dolci'));
    });
  });
}

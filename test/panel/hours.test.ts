// Opening hours on the settings page: per weekday one or two ranges (an empty day is closed),
// dated exceptions, written through the settings service into the public restaurant JSON; every
// problem on its own day's or exception's row at once; another restaurant untouched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

const SETTINGS = {
  name: 'Osteria Nuova',
  logo_url: '',
  cover_image_url: '',
  review_url: '',
  business_name: '',
  vat_number: '',
  address: '',
  phone: '',
  email: '',
  supported_locales: ['it', 'en'],
  default_locale: 'it',
  timezone: 'Europe/Rome',
  currency: 'EUR',
  is_active: '1',
  hours_form: '1',
};

for (const dialect of dialects) {
  describe(`panel opening hours (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    const hours = async (host = 'alpha') =>
      (await call(bed.app, { url: '/api/v1/restaurant', host })).json.data.opening_hours;

    test('lunch and dinner on weekdays, an evening past midnight, Monday closed, Christmas closed', async () => {
      await c.get('/admin/settings');
      const form = {
        ...SETTINGS,
        // Tuesday to Friday: 12:00–15:00 and 19:00–23:00.
        ...Object.fromEntries(
          [2, 3, 4, 5].flatMap((d) => [
            [`hours_${d}_0_opens`, '12:00'],
            [`hours_${d}_0_closes`, '15:00'],
            [`hours_${d}_1_opens`, '19:00'],
            [`hours_${d}_1_closes`, '23:00'],
          ]),
        ),
        hours_6_0_opens: '19:00',
        hours_6_0_closes: '1:30',
        hours_7_0_opens: '12.00',
        hours_7_0_closes: '16:00',
        exception_0_date: '2026-12-25',
        exception_1_date: '2026-12-31',
        exception_1_0_opens: '20:00',
        exception_1_0_closes: '02:00',
      };
      const res = await c.post('/admin/settings', form);
      assert.equal(res.statusCode, 303, res.body.slice(0, 500));
      const stored = await hours();
      assert.deepEqual(stored.weekly[0], { weekday: 1, ranges: [] }, 'Monday closed');
      assert.deepEqual(stored.weekly[1].ranges, [
        { opens: '12:00', closes: '15:00' },
        { opens: '19:00', closes: '23:00' },
      ]);
      assert.deepEqual(stored.weekly[5].ranges, [{ opens: '19:00', closes: '01:30' }], 'typed times read');
      assert.deepEqual(stored.weekly[6].ranges, [{ opens: '12:00', closes: '16:00' }]);
      assert.deepEqual(stored.exceptions, [
        { date: '2026-12-25', ranges: [] },
        { date: '2026-12-31', ranges: [{ opens: '20:00', closes: '02:00' }] },
      ]);
      const page = (await c.get('/admin/settings')).body;
      assert.match(page, /name="hours_2_1_opens" type="time" value="19:00"/);
      assert.match(page, /name="exception_1_date" type="date" value="2026-12-31"/);
      assert.match(page, /name="exception_2_date" type="date" value=""/, 'a spare row for the next exception');
      assert.deepEqual((await hours('beta')).weekly, [], 'beta untouched');

      // A range opening and closing at once, a range without its end, a date twice: all at once, nothing written.
      const bad = await c.post('/admin/settings', {
        ...form,
        hours_1_0_opens: '12:00',
        hours_1_0_closes: '12:00',
        hours_3_0_closes: '',
        exception_1_date: '2026-12-25',
      });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /<fieldset class="hours-day invalid" id="f-opening_hours_weekly_0"/);
      assert.match(bad.body, /<fieldset class="hours-day invalid" id="f-opening_hours_weekly_2"/);
      assert.match(bad.body, /<fieldset class="hours-day invalid" id="f-opening_hours_exceptions_1"/);
      assert.match(bad.body, /<a href="#f-opening_hours_weekly_0">Monday: /);
      // A range typed with one of its times says what is missing, not a bare "is required".
      assert.match(bad.body, /For Wednesday, type both the opening and the closing time\./);
      assert.match(bad.body, /name="hours_1_0_closes" type="time" value="12:00"/, 'what was typed stays');
      assert.deepEqual(await hours(), stored);

      // Every day emptied, no exceptions: no hours at all.
      const none = await c.post('/admin/settings', SETTINGS);
      assert.equal(none.statusCode, 303);
      assert.deepEqual(await hours(), { weekly: [], exceptions: [] });
    });

    test('an ordinary week typed once: Monday to Saturday lunch and dinner, Sunday closed, applied on save', async () => {
      const page = (await c.get('/admin/settings')).body;
      assert.match(page, /<select id="f-hours_preset" name="hours_preset"/);
      assert.match(page, /<option value="mon_sat">Monday to Saturday<\/option>/);
      const res = await c.post('/admin/settings', {
        ...SETTINGS,
        hours_preset: 'mon_sat',
        hours_quick_0_opens: '12:00',
        hours_quick_0_closes: '14:30',
        hours_quick_1_opens: '19:00',
        hours_quick_1_closes: '23:00',
        // Something typed on Sunday before choosing the quick week is replaced: Sunday is closed.
        hours_7_0_opens: '10:00',
        hours_7_0_closes: '11:00',
      });
      assert.equal(res.statusCode, 303, res.body.slice(0, 300));
      const lunchAndDinner = [
        { opens: '12:00', closes: '14:30' },
        { opens: '19:00', closes: '23:00' },
      ];
      const stored = await hours();
      assert.deepEqual(
        stored.weekly.map((d: { ranges: unknown[] }) => d.ranges),
        [lunchAndDinner, lunchAndDinner, lunchAndDinner, lunchAndDinner, lunchAndDinner, lunchAndDinner, []],
      );
      // The page shows Sunday switched to closed, and the quick week empty again.
      const after = (await c.get('/admin/settings')).body;
      assert.match(after, /<input id="f-hours_7_closed" type="checkbox" name="hours_7_closed" value="1" checked/);
      assert.match(after, /<input id="f-hours_1_closed" type="checkbox" name="hours_1_closed" value="1" aria-label/);
      assert.match(after, /name="hours_quick_0_opens" type="time" value=""/);
      assert.deepEqual((await hours('beta')).weekly, [], 'beta untouched');
    });

    test('the closed switch closes a day whatever its times say; days chosen without a time change nothing', async () => {
      const week = Object.fromEntries(
        [1, 2, 3, 4, 5, 6, 7].flatMap((d) => [
          [`hours_${d}_0_opens`, '18:00'],
          [`hours_${d}_0_closes`, '22:00'],
        ]),
      );
      const res = await c.post('/admin/settings', {
        ...SETTINGS,
        ...week,
        hours_2_closed: '1',
        hours_preset: 'mon_fri',
      });
      assert.equal(res.statusCode, 303);
      const stored = await hours();
      assert.deepEqual(stored.weekly[1], { weekday: 2, ranges: [] }, 'Tuesday closed');
      assert.deepEqual(stored.weekly[6].ranges, [{ opens: '18:00', closes: '22:00' }], 'no quick time: Sunday kept');
      assert.deepEqual((await hours('beta')).weekly, [], 'beta untouched');
    });
  });
}

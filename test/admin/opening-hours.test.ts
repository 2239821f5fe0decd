// Opening hours, structured (issue 23 point 3): per weekday with one or two ranges, dated
// exceptions, checked on write, served in the public restaurant JSON, shown on the page in the
// diner's language and in JSON-LD as openingHoursSpecification for search engines.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

const HOURS = {
  weekly: [
    { weekday: 2, ranges: [{ opens: '19:00', closes: '23:30' }] },
    { weekday: 1, ranges: [] },
    {
      weekday: 5,
      ranges: [
        { opens: '12:00', closes: '15:00' },
        { opens: '19:00', closes: '01:00' },
      ],
    },
  ],
  exceptions: [{ date: '2026-12-25', ranges: [] }],
};

for (const dialect of dialects) {
  describe(`opening hours (${dialect})`, () => {
    const { suite, restaurant } = menuSuite(dialect, 'oh');

    test('written through settings, stored in order, served in the public JSON; another restaurant has none', async () => {
      const r = await restaurant();
      const other = await restaurant();
      assert.deepEqual((await r.pub('/restaurant')).json.data.opening_hours, { weekly: [], exceptions: [] });
      const put = await r.admin('PUT', '/settings', { opening_hours: HOURS });
      assert.equal(put.statusCode, 200, put.body);
      const served = (await r.pub('/restaurant')).json.data.opening_hours;
      assert.deepEqual(
        served.weekly.map((d: any) => d.weekday),
        [1, 2, 5],
      );
      assert.deepEqual(served.exceptions, HOURS.exceptions);
      assert.deepEqual((await r.pub('/menu/it')).json.data.settings.opening_hours, served);
      assert.deepEqual((await other.pub('/restaurant')).json.data.opening_hours, { weekly: [], exceptions: [] });
    });

    test('bad hours answer 422 on their paths and change nothing', async () => {
      const r = await restaurant();
      const put = (opening_hours: unknown) =>
        r.admin('PUT', '/settings', { opening_hours }, { 'accept-language': 'en' });
      // The shape: a weekday 1..7, times as HH:MM.
      const shape = await put({
        weekly: [{ weekday: 8, ranges: [] }],
        exceptions: [{ date: '2026-12-24', ranges: [{ opens: '25:00', closes: '10:00' }] }],
      });
      assert.equal(shape.statusCode, 422, shape.body);
      assert.deepEqual(Object.keys(shape.json.errors).sort(), [
        'opening_hours.exceptions.0.ranges.0.opens',
        'opening_hours.weekly.0.weekday',
      ]);
      // The rules: each weekday and date once, a real date, a range that opens and closes.
      const rules = await put({
        weekly: [
          { weekday: 2, ranges: [{ opens: '19:00', closes: '19:00' }] },
          { weekday: 2, ranges: [] },
        ],
        exceptions: [{ date: '2026-13-40', ranges: [] }],
      });
      assert.equal(rules.statusCode, 422, rules.body);
      assert.deepEqual(Object.keys(rules.json.errors).sort(), [
        'opening_hours.exceptions.0.date',
        'opening_hours.weekly.0.ranges.0.closes',
        'opening_hours.weekly.1.weekday',
      ]);
      assert.deepEqual((await r.pub('/restaurant')).json.data.opening_hours, { weekly: [], exceptions: [] });
    });

    test('the page shows the week in the diner’s language and gives search engines openingHoursSpecification', async () => {
      const r = await restaurant();
      await r.admin('PUT', '/settings', { opening_hours: HOURS });
      const page = await call(suite().app, { url: '/?lang=de', host: r.slug });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<h2 id="hours-h">Öffnungszeiten<\/h2>/);
      assert.match(page.body, /<th scope="row">Montag<\/th><td>Geschlossen<\/td>/);
      assert.match(page.body, /<th scope="row">Freitag<\/th><td>12:00–15:00, 19:00–01:00<\/td>/);
      assert.match(page.body, /<th scope="row">25\. Dezember 2026<\/th><td>Geschlossen<\/td>/);
      const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]);
      assert.deepEqual(ld.openingHoursSpecification[0], {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: 'https://schema.org/Tuesday',
        opens: '19:00',
        closes: '23:30',
      });
      assert.equal(ld.openingHoursSpecification.length, 3);
      assert.deepEqual(ld.specialOpeningHoursSpecification, [
        {
          '@type': 'OpeningHoursSpecification',
          validFrom: '2026-12-25',
          validThrough: '2026-12-25',
          opens: '00:00',
          closes: '00:00',
        },
      ]);
    });
  });
}

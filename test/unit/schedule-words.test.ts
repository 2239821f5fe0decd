// A section's schedule said in words in the panel's language ("Monday to Friday, 12:00–15:00").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scheduleInWords, weekdaysInWords } from '../../src/panel/menu/schedule.js';

test('weekdays: runs of three or more as a range, the rest named, every day when none or all', () => {
  assert.equal(weekdaysInWords('en', [1, 2, 3, 4, 5]), 'Monday to Friday');
  assert.equal(weekdaysInWords('it', [1, 2, 3, 4, 5]), 'Da lunedì a venerdì');
  assert.equal(weekdaysInWords('en', [6, 7]), 'Saturday and Sunday');
  assert.equal(weekdaysInWords('en', [5, 1, 3]), 'Monday, Wednesday and Friday');
  assert.equal(weekdaysInWords('en', [1, 2, 3, 5, 6, 7]), 'Monday to Wednesday and Friday to Sunday');
  assert.equal(weekdaysInWords('it', [6, 7]), 'Sabato e domenica');
  assert.equal(weekdaysInWords('en', []), 'Every day');
  assert.equal(weekdaysInWords('en', [1, 2, 3, 4, 5, 6, 7]), 'Every day');
});

test('the whole rule: days, time window, season; always shown when there is none', () => {
  const lunch = { weekdays: [1, 2, 3, 4, 5], window: { start: '12:00', end: '15:00' }, date_from: null, date_to: null };
  assert.equal(scheduleInWords('en', lunch), 'Monday to Friday, 12:00–15:00');
  assert.equal(scheduleInWords('it', lunch), 'Da lunedì a venerdì, 12:00–15:00');
  assert.equal(
    scheduleInWords('en', { weekdays: [], window: { start: '22:00', end: '02:00' }, date_from: null, date_to: null }),
    'Every day, 22:00–02:00 (into the next day)',
  );
  assert.equal(
    scheduleInWords('en', { weekdays: [], window: null, date_from: '2026-06-01', date_to: '2026-09-30' }),
    'From 1 June 2026 to 30 September 2026',
  );
  assert.equal(
    scheduleInWords('it', { weekdays: [6, 7], window: null, date_from: '2026-06-01', date_to: null }),
    'Sabato e domenica, dal 1 giugno 2026',
  );
  assert.equal(scheduleInWords('en', { weekdays: [], window: null, date_from: null, date_to: null }), 'Always shown');
  assert.equal(
    scheduleInWords('it', { weekdays: [], window: null, date_from: null, date_to: '2026-01-06' }),
    'Fino al 6 gennaio 2026',
  );
});

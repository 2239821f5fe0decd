// Time-of-day windows and wall-clock time in the restaurant's zone.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addDays,
  canonicalTimezone,
  daysBetween,
  isWithinWindow,
  localDayHour,
  wallClock,
} from '../../src/catalog/clock.js';

test('windows: start inclusive, end exclusive, crossing midnight, equal means all day', () => {
  assert.equal(isWithinWindow('17:00', '20:00', '17:00'), true);
  assert.equal(isWithinWindow('17:00', '20:00', '19:59'), true);
  assert.equal(isWithinWindow('17:00', '20:00', '20:00'), false);
  assert.equal(isWithinWindow('17:00', '20:00', '16:59'), false);
  assert.equal(isWithinWindow('22:00', '02:00', '23:30'), true);
  assert.equal(isWithinWindow('22:00', '02:00', '01:59'), true);
  assert.equal(isWithinWindow('22:00', '02:00', '02:00'), false);
  assert.equal(isWithinWindow('22:00', '02:00', '12:00'), false);
  assert.equal(isWithinWindow('09:00', '09:00', '03:00'), true);
});

test('wall clock follows the zone, daylight saving included', () => {
  assert.equal(wallClock('Europe/Rome', Date.UTC(2026, 0, 15, 12, 0)), '13:00');
  assert.equal(wallClock('Europe/Rome', Date.UTC(2026, 6, 15, 12, 0)), '14:00');
  assert.equal(wallClock('America/New_York', Date.UTC(2026, 6, 15, 12, 30)), '08:30');
  assert.equal(wallClock('Europe/Rome', Date.UTC(2026, 0, 15, 23, 30)), '00:30');
});

test('time zone names are checked and stored canonically', () => {
  assert.equal(canonicalTimezone('europe/rome'), 'Europe/Rome');
  assert.equal(canonicalTimezone('Mars/Olympus'), undefined);
});

test('local day and hour of an instant, and calendar arithmetic', () => {
  assert.deepEqual(localDayHour('Europe/Rome', Date.UTC(2026, 10, 21, 23, 30)), { day: '2026-11-22', hour: 0 });
  assert.deepEqual(localDayHour('Asia/Kolkata', Date.UTC(2026, 10, 21, 18, 29)), { day: '2026-11-21', hour: 23 });
  assert.deepEqual(localDayHour('Asia/Kolkata', Date.UTC(2026, 10, 21, 18, 30)), { day: '2026-11-22', hour: 0 });
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
  assert.equal(daysBetween('2026-11-01', '2026-11-30'), 30);
});

// Opening hours, structured: per ISO weekday (1 = Monday) one or two ranges, and dated exceptions
// (holidays, a closed week) that replace the weekday's ranges; in the restaurant's time zone. A
// range whose closing time is before its opening time ends after midnight. Additive: a restaurant
// that never set them has none, and nothing is shown.
import { type Static, Type } from '@sinclair/typebox';
import type { FieldIssue } from '../../core/errors.js';
import { RULE } from '../../http/validator.js';
import { isCalendarDate, parseJson } from '../../i18n/text.js';

const Time = Type.String({
  pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
  [RULE]: 'date_format',
  'x-params': { format: 'HH:MM' },
  examples: ['19:00'],
});
const Range = Type.Object({ opens: Time, closes: Time }, { additionalProperties: false });
const Ranges = Type.Array(Range, { maxItems: 2 });

export const OpeningHours = Type.Object(
  {
    weekly: Type.Array(
      Type.Object(
        {
          weekday: Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 = Monday … 7 = Sunday' }),
          ranges: Ranges,
        },
        { additionalProperties: false },
      ),
      { maxItems: 7, description: 'A weekday not listed, or listed with no range, is a closed day.' },
    ),
    exceptions: Type.Array(
      Type.Object(
        {
          date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', [RULE]: 'date', examples: ['2026-12-25'] }),
          ranges: Ranges,
        },
        { additionalProperties: false },
      ),
      { maxItems: 100, description: 'Dates whose ranges replace the weekday’s; no range = closed that day.' },
    ),
  },
  { additionalProperties: false },
);
export type OpeningHours = Static<typeof OpeningHours>;

export const NO_HOURS: OpeningHours = { weekly: [], exceptions: [] };

export function parseHours(json: string | null | undefined): OpeningHours {
  const value = parseJson<OpeningHours>(json ?? '', NO_HOURS);
  return { weekly: value.weekly ?? [], exceptions: value.exceptions ?? [] };
}

/** Rules the schema cannot say: each weekday and date once, a range that opens and closes. */
export function hoursIssues(hours: OpeningHours): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const seen = new Set<number>();
  hours.weekly.forEach((day, i) => {
    if (seen.has(day.weekday)) issues.push({ field: `opening_hours.weekly.${i}.weekday`, rule: 'distinct' });
    seen.add(day.weekday);
    day.ranges.forEach((r, j) => {
      if (r.opens === r.closes)
        issues.push({
          field: `opening_hours.weekly.${i}.ranges.${j}.closes`,
          rule: 'different',
          params: { other: 'opens' },
        });
    });
  });
  const dates = new Set<string>();
  hours.exceptions.forEach((day, i) => {
    if (dates.has(day.date) || !isCalendarDate(day.date)) {
      issues.push({ field: `opening_hours.exceptions.${i}.date`, rule: dates.has(day.date) ? 'distinct' : 'date' });
    }
    dates.add(day.date);
  });
  return issues;
}

/** Weekly ranges in order (Monday first), exceptions by date: how the hours are stored and shown. */
export function normalizedHours(hours: OpeningHours): OpeningHours {
  return {
    weekly: [...hours.weekly]
      .sort((a, b) => a.weekday - b.weekday)
      .map((d) => ({ weekday: d.weekday, ranges: d.ranges })),
    exceptions: [...hours.exceptions].sort((a, b) => a.date.localeCompare(b.date)),
  };
}

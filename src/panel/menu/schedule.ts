// When a section is shown, said in words in the panel's language: the weekdays ("Monday to
// Friday"), the time window ("12:00–15:00") and the season ("from 1 June 2026 to 30 September
// 2026"), as the owner would say it: "Monday to Friday, 12:00–15:00".
import type { CategoryRow } from '../../db/schema.js';
import { parseJson } from '../../i18n/text.js';
import type { PanelLocale } from '../context.js';

export interface Schedule {
  /** ISO weekdays 1 (Monday) .. 7 (Sunday); none or all seven: every day. */
  weekdays: number[];
  window: { start: string; end: string } | null;
  date_from: string | null;
  date_to: string | null;
}

const WORDS = {
  en: {
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    everyDay: 'Every day',
    always: 'Always shown',
    to: (a: string, b: string) => `${a} to ${b}`,
    and: ' and ',
    allDay: 'all day',
    nextDay: (start: string, end: string) => `${start}–${end} (into the next day)`,
    from: (d: string) => `from ${d}`,
    until: (d: string) => `until ${d}`,
    between: (a: string, b: string) => `from ${a} to ${b}`,
  },
  it: {
    days: ['lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato', 'domenica'],
    everyDay: 'Tutti i giorni',
    always: 'Sempre visibile',
    to: (a: string, b: string) => `da ${a} a ${b}`,
    and: ' e ',
    allDay: 'tutto il giorno',
    nextDay: (start: string, end: string) => `${start}–${end} (fino al giorno dopo)`,
    from: (d: string) => `dal ${d}`,
    until: (d: string) => `fino al ${d}`,
    between: (a: string, b: string) => `dal ${a} al ${b}`,
  },
};

/** The schedule's words (panel-agreement.test.ts reads every panel word table). */
export const scheduleTexts = (locale: PanelLocale) => WORDS[locale];

/** `[1,2,3,4,5]` → "Monday to Friday"; runs of three days or more are ranges, shorter ones named. */
export function weekdaysInWords(locale: PanelLocale, weekdays: number[]): string {
  const w = WORDS[locale];
  const days = [...new Set(weekdays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (days.length === 0 || days.length === 7) return w.everyDay;
  const runs: number[][] = [];
  for (const d of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === d - 1) run.push(d);
    else runs.push([d]);
  }
  const parts = runs.flatMap((run) =>
    run.length >= 3 ? [w.to(w.days[run[0] - 1], w.days[run.at(-1)! - 1])] : run.map((d) => w.days[d - 1]),
  );
  const said = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')}${w.and}${parts.at(-1)}`;
  return locale === 'it' ? said.charAt(0).toUpperCase() + said.slice(1) : said;
}

/** A calendar date (YYYY-MM-DD) as the panel's language writes it: "1 June 2026", "1 giugno 2026". */
function dateInWords(locale: PanelLocale, day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return day;
  return new Intl.DateTimeFormat(locale === 'it' ? 'it-IT' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** The whole rule in one line: "Monday to Friday, 12:00–15:00, from 1 June 2026 to 30 September 2026". */
export function scheduleInWords(locale: PanelLocale, s: Schedule): string {
  const w = WORDS[locale];
  const everyDay = s.weekdays.length === 0 || new Set(s.weekdays).size === 7;
  const parts: string[] = [];
  if (!everyDay || s.window) parts.push(weekdaysInWords(locale, s.weekdays));
  if (s.window) {
    const { start, end } = s.window;
    parts.push(start === end ? w.allDay : start > end ? w.nextDay(start, end) : `${start}–${end}`);
  }
  const from = s.date_from ? dateInWords(locale, s.date_from) : '';
  const to = s.date_to ? dateInWords(locale, s.date_to) : '';
  if (from && to) parts.push(w.between(from, to));
  else if (from) parts.push(w.from(from));
  else if (to) parts.push(w.until(to));
  if (parts.length === 0) return w.always;
  const line = parts.join(', ');
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** A stored section's rule in words ("Monday to Friday, 12:00–15:00"), as the overview's badge says it. */
export function sectionScheduleWords(
  locale: PanelLocale,
  row: Pick<CategoryRow, 'weekdays' | 'date_from' | 'date_to' | 'time_visibility_enabled' | 'time_start' | 'time_end'>,
): string {
  return scheduleInWords(locale, {
    weekdays: parseJson<number[]>(row.weekdays, []),
    window:
      row.time_visibility_enabled && row.time_start && row.time_end
        ? { start: row.time_start, end: row.time_end }
        : null,
    date_from: row.date_from,
    date_to: row.date_to,
  });
}

/**
 * The words as templates (`{a} to {b}`), for the section form's script, which says the rule again
 * as the owner ticks days and types times (menu-editor.js); the same words as above.
 */
export function scheduleTemplates(locale: PanelLocale): Record<string, string | string[]> {
  const w = WORDS[locale];
  return {
    days: w.days,
    everyDay: w.everyDay,
    always: w.always,
    to: w.to('{a}', '{b}'),
    and: w.and,
    allDay: w.allDay,
    nextDay: w.nextDay('{start}', '{end}'),
    from: w.from('{d}'),
    until: w.until('{d}'),
    between: w.between('{a}', '{b}'),
    capitalizeDays: locale === 'it' ? '1' : '',
    dateLocale: locale === 'it' ? 'it-IT' : 'en-GB',
  };
}

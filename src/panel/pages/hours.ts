// The opening hours on the settings page: per weekday one or two ranges (a day left empty is
// closed; a range closing before it opens ends after midnight), and dated exceptions (a holiday
// closed, a special evening) that replace that day's hours. Read into the API's `opening_hours`;
// each problem lands on its day's or exception's row.

import type { FieldIssue } from '../../core/errors.js';
import { attrs, type Html, html } from '../../http/html.js';
import { hoursIssues, type OpeningHours } from '../../resources/settings/hours.js';
import type { PanelContext, PanelLocale } from '../context.js';
import { type FieldErrors, type FormBody, fieldError, fieldId, str } from '../forms.js';
import { weekdaysInWords } from '../menu/schedule.js';
import { typedTime } from '../menu/sections.js';

const WORDS = {
  en: {
    title: 'Opening hours',
    hint: 'One or two ranges a day, in the restaurant’s time zone. Leave a day empty when closed; a range closing before it opens ends after midnight. None at all: no hours are shown.',
    opens: 'opens',
    closes: 'closes',
    second: 'second range',
    exceptions: 'Exceptions (holidays, special days)',
    exceptionsHint: 'A date’s hours replace its weekday’s; a date without hours is closed.',
    exception: (n: number) => `Exception ${n}`,
    date: 'Date',
  },
  it: {
    title: 'Orari di apertura',
    hint: 'Una o due fasce al giorno, nel fuso orario del ristorante. Lascia vuoto un giorno di chiusura; una fascia che chiude prima di aprire finisce dopo mezzanotte. Nessun orario: non ne viene mostrato nessuno.',
    opens: 'apre',
    closes: 'chiude',
    second: 'seconda fascia',
    exceptions: 'Eccezioni (festività, giorni speciali)',
    exceptionsHint: 'Gli orari di una data sostituiscono quelli del suo giorno; una data senza orari è chiusa.',
    exception: (n: number) => `Eccezione ${n}`,
    date: 'Data',
  },
} satisfies Record<PanelLocale, unknown>;

/** Exception rows shown beyond the filled ones (more after each save). */
const SPARE_EXCEPTIONS = 2;
const MAX_EXCEPTIONS = 100;

type Range = { opens: string; closes: string };

/** The two ranges of a row as typed: a range with neither time is left out. */
function readRanges(body: FormBody, prefix: string): Range[] {
  const out: Range[] = [];
  for (const j of [0, 1]) {
    const opens = typedTime(str(body, `${prefix}_${j}_opens`));
    const closes = typedTime(str(body, `${prefix}_${j}_closes`));
    if (opens !== '' || closes !== '') out.push({ opens, closes });
  }
  return out;
}

/**
 * The form as the API's `opening_hours`: all seven days (index = weekday − 1, so a problem finds its
 * day), or none when every day is empty; the filled exception rows in their order.
 */
export function readHours(body: FormBody): OpeningHours {
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: readRanges(body, `hours_${weekday}`) }));
  const exceptions: OpeningHours['exceptions'] = [];
  for (let k = 0; k < MAX_EXCEPTIONS; k++) {
    const date = str(body, `exception_${k}_date`).trim();
    const ranges = readRanges(body, `exception_${k}`);
    if (date !== '' || ranges.length > 0) exceptions.push({ date, ranges });
  }
  return { weekly: weekly.some((d) => d.ranges.length > 0) ? weekly : [], exceptions };
}

/**
 * What is wrong with the hours as typed, on the form's own rows: a range with one of its times, an
 * exception without its date, and the API's rules (a range opening and closing at once, a date
 * twice). While there is any, the API is sent the stored hours (see `hoursForApi`), so each problem
 * is said once, next to its row, with every other field's.
 */
export function hoursFormIssues(hours: OpeningHours): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const partial = (path: string, ranges: Range[]) =>
    ranges.forEach((r, j) => {
      for (const end of ['opens', 'closes'] as const) {
        if (r[end] === '') issues.push({ field: `${path}.ranges.${j}.${end}`, rule: 'range_needs_both' });
      }
    });
  for (const [i, day] of hours.weekly.entries()) partial(`opening_hours.weekly.${i}`, day.ranges);
  hours.exceptions.forEach((day, k) => {
    if (day.date === '') issues.push({ field: `opening_hours.exceptions.${k}.date`, rule: 'required' });
    partial(`opening_hours.exceptions.${k}`, day.ranges);
  });
  const reported = new Set(issues.map((i) => i.field));
  for (const issue of hoursIssues(hours)) if (!reported.has(issue.field)) issues.push(issue);
  return issues;
}

/** The hours the API is sent: as typed, or the stored ones while the form has problems of its own. */
export function hoursForApi(typed: OpeningHours, stored: OpeningHours): OpeningHours {
  return hoursFormIssues(typed).length > 0 ? stored : typed;
}

/** Labels of the rows, for messages and the error summary (`opening_hours.weekly.3…` lands on Thursday). */
export function hoursLabels(ctx: PanelContext): Record<string, string> {
  const w = WORDS[ctx.locale];
  const out: Record<string, string> = { opening_hours: w.title };
  for (let i = 0; i < 7; i++) out[`opening_hours_weekly_${i}`] = weekdaysInWords(ctx.locale, [i + 1]);
  for (let k = 0; k < MAX_EXCEPTIONS; k++) out[`opening_hours_exceptions_${k}`] = w.exception(k + 1);
  return out;
}

function timeInput(name: string, label: string, value: string, describedBy: string | undefined): Html {
  return html`<div class="field"><label for="${fieldId(name)}">${label}</label><input${attrs({
    id: fieldId(name),
    name,
    type: 'time',
    value,
    'aria-describedby': describedBy,
  })}></div>`;
}

/** One row's two ranges: opens and closes, then the second range's. */
function rangeInputs(ctx: PanelContext, prefix: string, label: string, ranges: Range[], describedBy?: string): Html {
  const w = WORDS[ctx.locale];
  return html`${[0, 1].map((j) => {
    const r = ranges[j] ?? { opens: '', closes: '' };
    const suffix = j === 0 ? '' : ` (${w.second})`;
    return html`<div class="pair">${timeInput(`${prefix}_${j}_opens`, `${label}: ${w.opens}${suffix}`, r.opens, describedBy)}${timeInput(
      `${prefix}_${j}_closes`,
      `${label}: ${w.closes}${suffix}`,
      r.closes,
      describedBy,
    )}</div>`;
  })}`;
}

export function hoursFields(ctx: PanelContext, hours: OpeningHours, errors: FieldErrors): Html {
  const w = WORDS[ctx.locale];
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const key = `opening_hours_weekly_${weekday - 1}`;
    const messages = errors[key] ?? [];
    const ranges = hours.weekly.find((d) => d.weekday === weekday)?.ranges ?? [];
    const day = weekdaysInWords(ctx.locale, [weekday]);
    return html`<fieldset class="hours-day${messages.length ? ' invalid' : ''}" id="${fieldId(key)}" tabindex="-1"><legend>${day}</legend>${fieldError(
      fieldId(key),
      messages,
    )}${rangeInputs(ctx, `hours_${weekday}`, day, ranges, messages.length ? `${fieldId(key)}-error` : undefined)}</fieldset>`;
  });
  const rows = Math.min(MAX_EXCEPTIONS, hours.exceptions.length + SPARE_EXCEPTIONS);
  const exceptions = Array.from({ length: rows }, (_, k) => {
    const key = `opening_hours_exceptions_${k}`;
    const messages = errors[key] ?? [];
    const day = hours.exceptions[k] ?? { date: '', ranges: [] };
    const name = w.exception(k + 1);
    const describedBy = messages.length ? `${fieldId(key)}-error` : undefined;
    return html`<fieldset class="hours-day${messages.length ? ' invalid' : ''}" id="${fieldId(key)}" tabindex="-1"><legend>${name}</legend>${fieldError(
      fieldId(key),
      messages,
    )}<div class="field"><label for="${fieldId(`exception_${k}_date`)}">${name}: ${w.date}</label><input${attrs({
      id: fieldId(`exception_${k}_date`),
      name: `exception_${k}_date`,
      type: 'date',
      value: day.date,
      'aria-describedby': describedBy,
    })}></div>${rangeInputs(ctx, `exception_${k}`, name, day.ranges, describedBy)}</fieldset>`;
  });
  return html`<fieldset class="hours" id="${fieldId('opening_hours')}" tabindex="-1"><legend>${w.title}</legend><p class="hint">${w.hint}</p>${fieldError(
    fieldId('opening_hours'),
    errors.opening_hours ?? [],
  )}${days}
<details class="hours-exceptions"${hours.exceptions.length > 0 || Object.keys(errors).some((k) => k.startsWith('opening_hours_exceptions')) ? html` open` : ''}><summary>${w.exceptions}</summary><p class="hint">${w.exceptionsHint}</p>${exceptions}</details></fieldset>`;
}

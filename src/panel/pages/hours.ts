// The opening hours on the settings page: per weekday one or two ranges (a day left empty or
// switched to closed is closed; a range closing before it opens ends after midnight), the same
// hours typed once for a preset of days (every day, Monday–Friday, Monday–Saturday) and "copy to
// every day", and dated exceptions (a holiday closed, a special evening) that replace that day's hours. Read into the API's `opening_hours`;
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
    quick: 'The same hours on several days',
    quickHint:
      'Choose the days, type the hours once and save (or press Apply to see them below first). The other days are closed.',
    preset: 'Days',
    presets: { every_day: 'Every day', mon_fri: 'Monday to Friday', mon_sat: 'Monday to Saturday' },
    lunch: 'First range',
    dinner: 'Second range',
    none: '— keep the days as they are below —',
    apply: 'Apply to these days',
    closed: 'Closed',
    closedNamed: (day: string) => `Closed (${day})`,
    copyToAll: 'Copy to every day',
    copyToAllNamed: (day: string) => `Copy to every day (${day}’s hours)`,
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
    quick: 'Gli stessi orari su più giorni',
    quickHint:
      'Scegli i giorni, scrivi gli orari una volta e salva (oppure premi Applica per vederli prima qui sotto). Gli altri giorni sono chiusi.',
    preset: 'Giorni',
    presets: { every_day: 'Tutti i giorni', mon_fri: 'Dal lunedì al venerdì', mon_sat: 'Dal lunedì al sabato' },
    lunch: 'Prima fascia',
    dinner: 'Seconda fascia',
    none: '— lascia i giorni come sono qui sotto —',
    apply: 'Applica a questi giorni',
    closed: 'Chiuso',
    closedNamed: (day: string) => `Chiuso (${day})`,
    copyToAll: 'Copia su tutti i giorni',
    copyToAllNamed: (day: string) => `Copia su tutti i giorni (orari di ${day})`,
  },
} satisfies Record<PanelLocale, unknown>;

/** The quick week's choices: which weekdays (1 = Monday) get the hours typed once. */
/** The page's words (panel-agreement.test.ts reads every panel word table). */
export const hoursTexts = (locale: PanelLocale) => WORDS[locale];

export const PRESETS = {
  every_day: [1, 2, 3, 4, 5, 6, 7],
  mon_fri: [1, 2, 3, 4, 5],
  mon_sat: [1, 2, 3, 4, 5, 6],
} as const;
type Preset = keyof typeof PRESETS;
const isPreset = (v: string): v is Preset => Object.hasOwn(PRESETS, v);

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
  // A day switched to "closed" has no ranges, whatever its time fields still hold.
  let weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    ranges: str(body, `hours_${weekday}_closed`) === '1' ? [] : readRanges(body, `hours_${weekday}`),
  }));
  // The quick week, when its days are chosen and a time typed: those days get its ranges, the
  // others are closed (without script this is how the preset is applied: on save).
  const preset = str(body, 'hours_preset');
  const template = readRanges(body, 'hours_quick');
  if (isPreset(preset) && template.length > 0) {
    const days: readonly number[] = PRESETS[preset];
    weekly = weekly.map((d) => ({ weekday: d.weekday, ranges: days.includes(d.weekday) ? template : [] }));
  }
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

/** Days, the two ranges typed once, and Apply (script: fills the days below; without: applied on save). */
function quickWeek(ctx: PanelContext): Html {
  const w = WORDS[ctx.locale];
  const options = [
    html`<option value="">${w.none}</option>`,
    ...(Object.keys(PRESETS) as Preset[]).map((p) => html`<option value="${p}">${w.presets[p]}</option>`),
  ];
  const pair = (j: number, label: string) =>
    html`<div class="pair">${timeInput(`hours_quick_${j}_opens`, `${label}: ${w.opens}`, '', undefined)}${timeInput(
      `hours_quick_${j}_closes`,
      `${label}: ${w.closes}`,
      '',
      undefined,
    )}</div>`;
  return html`<fieldset class="hours-quick"><legend>${w.quick}</legend><p class="hint">${w.quickHint}</p><div class="field"><label for="${fieldId('hours_preset')}">${w.preset}</label><select id="${fieldId('hours_preset')}" name="hours_preset" data-presets="${JSON.stringify(PRESETS)}">${options}</select></div>${pair(0, w.lunch)}${pair(1, w.dinner)}<p class="script-only" hidden><button type="button" class="hours-apply">${w.apply}</button></p></fieldset>`;
}

export function hoursFields(ctx: PanelContext, hours: OpeningHours, errors: FieldErrors): Html {
  const w = WORDS[ctx.locale];
  const anyHours = hours.weekly.some((d) => d.ranges.length > 0);
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) => {
    const key = `opening_hours_weekly_${weekday - 1}`;
    const messages = errors[key] ?? [];
    const ranges = hours.weekly.find((d) => d.weekday === weekday)?.ranges ?? [];
    const day = weekdaysInWords(ctx.locale, [weekday]);
    const closed = anyHours && ranges.length === 0;
    const closedId = fieldId(`hours_${weekday}_closed`);
    const tools = html`<div class="hours-tools"><label class="closed-switch" for="${closedId}"><input${attrs({
      id: closedId,
      type: 'checkbox',
      name: `hours_${weekday}_closed`,
      value: '1',
      checked: closed,
      'aria-label': w.closedNamed(day),
    })}> ${w.closed}</label><span class="script-only" hidden><button${attrs({
      type: 'button',
      class: 'link-button hours-copy',
      'data-day': String(weekday),
      'aria-label': w.copyToAllNamed(day),
    })}>${w.copyToAll}</button></span></div>`;
    return html`<fieldset class="hours-day${messages.length ? ' invalid' : ''}${closed ? ' closed' : ''}" id="${fieldId(key)}" tabindex="-1" data-day="${weekday}"><legend>${day}</legend>${fieldError(
      fieldId(key),
      messages,
    )}${tools}<div class="hours-ranges">${rangeInputs(ctx, `hours_${weekday}`, day, ranges, messages.length ? `${fieldId(key)}-error` : undefined)}</div></fieldset>`;
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
  )}${quickWeek(ctx)}${days}
<details class="hours-exceptions"${hours.exceptions.length > 0 || Object.keys(errors).some((k) => k.startsWith('opening_hours_exceptions')) ? html` open` : ''}><summary>${w.exceptions}</summary><p class="hint">${w.exceptionsHint}</p>${exceptions}</details></fieldset>`;
}

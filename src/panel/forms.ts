// Form helpers: reading urlencoded bodies, turning validation issues into messages next to their
// fields (in the panel's language), and drawing labelled controls with their hints and errors.
import { randomBytes } from 'node:crypto';
import type { FieldIssue } from '../core/errors.js';
import { type AttrValue, attrs, type Html, type HtmlValue, html, join } from '../http/html.js';
import { formatMessage } from '../i18n/messages.js';
import type { PanelContext } from './context.js';

export type FormBody = Record<string, string | string[]>;
/** Field name → messages, shown next to the field and in the summary at the top of the form. */
export type FieldErrors = Record<string, string[]>;

/** application/x-www-form-urlencoded → fields; a repeated name (checkboxes) becomes a list. */
export function parseForm(text: string): FormBody {
  const out: FormBody = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

export function asForm(body: unknown): FormBody {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as FormBody) : {};
}

/** A field's single value ('' when absent; the first one when sent twice). */
export function str(body: FormBody, key: string): string {
  const v = body[key];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

export function list(body: FormBody, key: string): string[] {
  const v = body[key];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

export function addError(errors: FieldErrors, field: string, message: string): void {
  const messages = errors[field] ?? [];
  if (!messages.includes(message)) messages.push(message);
  errors[field] = messages;
}

/**
 * The form's field an issue belongs to: the longest leading part of its path that the form names
 * (`name.it` → `name_it`, `opening_hours.weekly.3.ranges.0.closes` → `opening_hours_weekly_3`),
 * otherwise the top-level field.
 */
function formField(issue: FieldIssue, fields: Set<string>): string {
  const parts = issue.field.split('.');
  for (let n = parts.length; n >= 2; n--) {
    const nested = parts.slice(0, n).join('_');
    if (fields.has(nested)) return nested;
  }
  return parts[0];
}

/** Validation issues (the API's rules) as messages in the panel's language, keyed by the form's field. */
export function fieldErrors(ctx: PanelContext, issues: FieldIssue[], labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  const fields = new Set(Object.keys(labels));
  for (const issue of issues) {
    const field = formField(issue, fields);
    const attribute = labels[field] ?? field.replace(/_/g, ' ');
    // A rule naming another field of the form ("after or equal to date_from") names it by its label.
    const params = { ...issue.params };
    if (typeof params.date === 'string' && labels[params.date]) params.date = labels[params.date];
    addError(errors, field, formatMessage(ctx.locale, issue.rule, { attribute, ...params }));
  }
  return errors;
}

export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}

/** A one-time nonce: the server acts on a form carrying it once, however often it is sent. */
export function nonceField(): Html {
  return hidden('_nonce', randomBytes(18).toString('base64url'));
}

export function csrfField(ctx: PanelContext): Html {
  return hidden('_csrf', ctx.csrf);
}

/** The list of problems at the top of a form, each linking to its field. */
export function errorSummary(ctx: PanelContext, errors: FieldErrors, labels: Record<string, string>): Html {
  const fields = Object.keys(errors);
  if (fields.length === 0) return html``;
  const items = fields.flatMap((f) =>
    errors[f].map((m) => html`<li><a href="#${fieldId(f)}">${labels[f] ?? f}: ${m}</a></li>`),
  );
  return html`<div class="error-summary" role="alert" tabindex="-1"><p>${ctx.t.fixErrors(fields.length)}</p><ul>${items}</ul></div>`;
}

export function notice(kind: 'success' | 'info' | 'error', body: HtmlValue): Html {
  return html`<div class="notice notice-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${body}</div>`;
}

export interface FieldOptions {
  name: string;
  label: string;
  errors?: FieldErrors;
  hint?: string;
  required?: boolean;
  /** More attributes of the control (inputmode, list, lang…), escaped like every other value. */
  extra?: Record<string, AttrValue>;
  /** More classes of the field's wrapper. */
  className?: string;
}

/** A field's messages under its label (several joined by line breaks). */
export function fieldError(id: string, messages: readonly string[]): Html {
  return messages.length ? html`<p class="field-error" id="${id}-error">${join(messages, html`<br>`)}</p>` : html``;
}

/** Label, hint, error and the aria attributes that tie them to the control. */
function parts(o: FieldOptions) {
  const id = fieldId(o.name);
  const messages = o.errors?.[o.name] ?? [];
  const invalid = messages.length > 0;
  const aria = {
    'aria-describedby': [o.hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''],
    'aria-invalid': invalid ? 'true' : undefined,
    required: o.required,
  };
  const hint = o.hint ? html`<p class="hint" id="${id}-hint">${o.hint}</p>` : html``;
  const error = fieldError(id, messages);
  const wrapper = (...classes: string[]) => attrs({ class: [...classes, o.className, invalid && 'invalid'] });
  return { id, aria, hint, error, invalid, wrapper };
}

export function input(
  o: FieldOptions & { value: string; type?: string; autocomplete?: string; maxlength?: number },
): Html {
  const p = parts(o);
  const control = attrs({
    id: p.id,
    name: o.name,
    type: o.type ?? 'text',
    value: o.value,
    autocomplete: o.autocomplete,
    maxlength: o.maxlength,
    ...o.extra,
    ...p.aria,
  });
  return html`<div${p.wrapper('field')}><label for="${p.id}">${o.label}</label>${p.hint}${p.error}<input${control}></div>`;
}

export function textarea(o: FieldOptions & { value: string; rows?: number; maxlength?: number }): Html {
  const p = parts(o);
  const control = attrs({ id: p.id, name: o.name, rows: o.rows ?? 3, maxlength: o.maxlength, ...o.extra, ...p.aria });
  return html`<div${p.wrapper('field')}><label for="${p.id}">${o.label}</label>${p.hint}${p.error}<textarea${control}>${o.value}</textarea></div>`;
}

export interface Option {
  value: string;
  label: string;
}

export function options(list: readonly Option[], selected: string): Html[] {
  return list.map(
    (opt) => html`<option${attrs({ value: opt.value, selected: opt.value === selected })}>${opt.label}</option>`,
  );
}

/** A select; `groups` puts options under headings (each `<optgroup>`), after the plain `options`. */
export function select(
  o: FieldOptions & {
    value: string;
    options: readonly Option[];
    groups?: readonly { label: string; options: readonly Option[] }[];
  },
): Html {
  const p = parts(o);
  const groups = (o.groups ?? []).map(
    (g) => html`<optgroup label="${g.label}">${options(g.options, o.value)}</optgroup>`,
  );
  return html`<div${p.wrapper('field')}><label for="${p.id}">${o.label}</label>${p.hint}${p.error}<select${attrs({ id: p.id, name: o.name, ...o.extra, ...p.aria })}>${options(o.options, o.value)}${groups}</select></div>`;
}

export function checkbox(o: FieldOptions & { checked: boolean; value?: string }): Html {
  const p = parts(o);
  const control = attrs({
    id: p.id,
    name: o.name,
    type: 'checkbox',
    value: o.value ?? '1',
    checked: o.checked,
    ...o.extra,
    ...p.aria,
  });
  return html`<div${p.wrapper('field', 'check')}><input${control}><label for="${p.id}">${o.label}</label>${p.hint}${p.error}</div>`;
}

/** A group of checkboxes sharing one name (each `value` is what is sent), in a fieldset with its legend. */
export function checkboxGroup(
  o: FieldOptions & { values: string[]; options: { value: string; label: string; help?: string }[] },
): Html {
  const p = parts(o);
  const boxes = o.options.map((opt, i) => {
    const id = `${p.id}-${i}`;
    const help = opt.help ? html` <span class="hint">${opt.help}</span>` : '';
    const box = attrs({ id, name: o.name, type: 'checkbox', value: opt.value, checked: o.values.includes(opt.value) });
    return html`<div class="check"><input${box}><label for="${id}">${opt.label}${help}</label></div>`;
  });
  const aria = { ...p.aria, required: undefined };
  return html`<fieldset${p.wrapper('field')}${attrs({ id: p.id, ...aria })}><legend>${o.label}</legend>${p.hint}${p.error}${boxes}</fieldset>`;
}

// Form helpers: reading urlencoded bodies, turning validation issues into messages next to their
// fields (in the panel's language), and drawing labelled controls with their hints and errors.
import { randomBytes } from 'node:crypto';
import type { FieldIssue } from '../core/errors.js';
import { esc } from '../http/html.js';
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

/** Validation issues (the API's rules) as messages in the panel's language, keyed by the form's field. */
export function issuesToErrors(ctx: PanelContext, issues: FieldIssue[], labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.field.split('.')[0];
    const attribute = labels[field] ?? field.replace(/_/g, ' ');
    addError(errors, field, formatMessage(ctx.locale, issue.rule, { attribute, ...issue.params }));
  }
  return errors;
}

export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`;
}

/** A one-time nonce: the server acts on a form carrying it once, however often it is sent. */
export function nonceField(): string {
  return hidden('_nonce', randomBytes(18).toString('base64url'));
}

export function csrfField(ctx: PanelContext): string {
  return hidden('_csrf', ctx.csrf);
}

/** The list of problems at the top of a form, each linking to its field. */
export function errorSummary(ctx: PanelContext, errors: FieldErrors, labels: Record<string, string>): string {
  const fields = Object.keys(errors);
  if (fields.length === 0) return '';
  const items = fields
    .flatMap((f) => errors[f].map((m) => `<li><a href="#${fieldId(f)}">${esc(labels[f] ?? f)}: ${esc(m)}</a></li>`))
    .join('');
  return `<div class="error-summary" role="alert" tabindex="-1"><p>${esc(ctx.t.fixErrors(fields.length))}</p><ul>${items}</ul></div>`;
}

export function notice(kind: 'success' | 'info' | 'error', html: string): string {
  return `<div class="notice notice-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${html}</div>`;
}

interface FieldOptions {
  name: string;
  label: string;
  errors?: FieldErrors;
  hint?: string;
  required?: boolean;
}

/** Label, hint, error and the aria attributes that tie them to the control. */
function parts(o: FieldOptions) {
  const id = fieldId(o.name);
  const messages = o.errors?.[o.name] ?? [];
  const describedBy = [o.hint ? `${id}-hint` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = `${describedBy ? ` aria-describedby="${describedBy}"` : ''}${messages.length ? ' aria-invalid="true"' : ''}${o.required ? ' required' : ''}`;
  const hint = o.hint ? `<p class="hint" id="${id}-hint">${esc(o.hint)}</p>` : '';
  const error = messages.length
    ? `<p class="field-error" id="${id}-error">${messages.map((m) => esc(m)).join('<br>')}</p>`
    : '';
  return { id, aria, hint, error, invalid: messages.length > 0 };
}

export function input(
  o: FieldOptions & { value: string; type?: string; autocomplete?: string; maxlength?: number },
): string {
  const p = parts(o);
  const extra = `${o.autocomplete ? ` autocomplete="${o.autocomplete}"` : ''}${o.maxlength ? ` maxlength="${o.maxlength}"` : ''}`;
  return `<div class="field${p.invalid ? ' invalid' : ''}"><label for="${p.id}">${esc(o.label)}</label>${p.hint}${p.error}<input id="${p.id}" name="${esc(o.name)}" type="${o.type ?? 'text'}" value="${esc(o.value)}"${extra}${p.aria}></div>`;
}

export function textarea(o: FieldOptions & { value: string; rows?: number }): string {
  const p = parts(o);
  return `<div class="field${p.invalid ? ' invalid' : ''}"><label for="${p.id}">${esc(o.label)}</label>${p.hint}${p.error}<textarea id="${p.id}" name="${esc(o.name)}" rows="${o.rows ?? 3}"${p.aria}>${esc(o.value)}</textarea></div>`;
}

export function select(o: FieldOptions & { value: string; options: { value: string; label: string }[] }): string {
  const p = parts(o);
  const opts = o.options
    .map(
      (opt) =>
        `<option value="${esc(opt.value)}"${opt.value === o.value ? ' selected' : ''}>${esc(opt.label)}</option>`,
    )
    .join('');
  return `<div class="field${p.invalid ? ' invalid' : ''}"><label for="${p.id}">${esc(o.label)}</label>${p.hint}${p.error}<select id="${p.id}" name="${esc(o.name)}"${p.aria}>${opts}</select></div>`;
}

export function checkbox(o: FieldOptions & { checked: boolean; value?: string }): string {
  const p = parts(o);
  return `<div class="field check${p.invalid ? ' invalid' : ''}"><input id="${p.id}" name="${esc(o.name)}" type="checkbox" value="${esc(o.value ?? '1')}"${o.checked ? ' checked' : ''}${p.aria}><label for="${p.id}">${esc(o.label)}</label>${p.hint}${p.error}</div>`;
}

/** A group of checkboxes sharing one name (each `value` is what is sent), in a fieldset with its legend. */
export function checkboxGroup(
  o: FieldOptions & { values: string[]; options: { value: string; label: string; help?: string }[] },
): string {
  const p = parts(o);
  const boxes = o.options
    .map((opt, i) => {
      const id = `${p.id}-${i}`;
      const help = opt.help ? ` <span class="hint">${esc(opt.help)}</span>` : '';
      return `<div class="check"><input id="${id}" name="${esc(o.name)}" type="checkbox" value="${esc(opt.value)}"${
        o.values.includes(opt.value) ? ' checked' : ''
      }><label for="${id}">${esc(opt.label)}${help}</label></div>`;
    })
    .join('');
  return `<fieldset class="field${p.invalid ? ' invalid' : ''}" id="${p.id}"${p.aria.replace(' required', '')}><legend>${esc(o.label)}</legend>${p.hint}${p.error}${boxes}</fieldset>`;
}

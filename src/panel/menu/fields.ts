// What the menu editor's forms share: translations side by side (one column per language of the
// menu, missing ones flagged), prices typed as people type them, the API's validation issues as
// messages next to their field, and one save path through the resources' services.
import type { FastifyInstance } from 'fastify';
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import { type MenuWrite, writeMenu } from '../../catalog/write.js';
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from '../../core/errors.js';
import { esc } from '../../http/html.js';
import type { Schema } from '../../http/validation/rules.js';
import { checkedBody, inOnePass } from '../../http/validator.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { formatMessage } from '../../i18n/messages.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';
import type { PanelContext } from '../context.js';
import { addError, type FieldErrors, type FormBody, fieldId, str } from '../forms.js';
import { panelActor } from '../pages/actor.js';
import { menuTexts } from './texts.js';

/** The languages a form edits: Italian (the API requires it) first, then the menu's other languages. */
export function editLocales(snapshot: MenuSnapshot): Locale[] {
  const supported = parseJson<string[]>(snapshot.settings.supported_locales, []).filter(isLocale);
  return ['it', ...supported.filter((l) => l !== 'it')];
}

export function languageName(ctx: PanelContext, locale: string): string {
  return ctx.t.localeNames[locale] ?? locale;
}

/** A stored translations object. */
export function translations(json: string): Translations {
  return parseJson<Translations>(json, {});
}

/** The name to show in the panel: in the panel's language when the menu has it, else the default one. */
export function displayName(snapshot: MenuSnapshot, ctx: PanelContext, json: string): string {
  return pickText(translations(json), ctx.locale, defaultLocaleOf(snapshot)) || '—';
}

/** Supported languages whose text is empty. */
export function missingLocales(snapshot: MenuSnapshot, t: Translations): Locale[] {
  return editLocales(snapshot).filter((l) => !(t[l] ?? '').trim());
}

/**
 * The form's `<prefix>_<locale>` fields over the stored translations: a language the menu no longer
 * offers keeps its text, an emptied field removes the translation.
 */
export function readTranslations(body: FormBody, prefix: string, locales: Locale[], current: Translations) {
  const out: Record<string, string> = { ...(current as Record<string, string>) };
  for (const locale of locales) {
    const value = str(body, `${prefix}_${locale}`).trim();
    if (value === '') delete out[locale];
    else out[locale] = value;
  }
  return out;
}

/** `name.it` → `name_it` when the form has such a field; otherwise the top-level field. */
function formField(issue: FieldIssue, fields: Set<string>): string {
  const [top, second] = issue.field.split('.');
  const nested = `${top}_${second}`;
  return second !== undefined && fields.has(nested) ? nested : top;
}

/** Validation issues as messages in the panel's language, on the form's fields. */
export function menuErrors(ctx: PanelContext, issues: FieldIssue[], labels: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  const fields = new Set(Object.keys(labels));
  for (const issue of issues) {
    const field = formField(issue, fields);
    const attribute = labels[field] ?? field.replace(/_/g, ' ');
    addError(errors, field, formatMessage(ctx.locale, issue.rule, { attribute, ...issue.params }));
  }
  return errors;
}

export type SaveResult<T> =
  | { ok: true; result: T }
  | { ok: false; errors: FieldErrors; message?: string; notFound?: boolean };

/**
 * Checks `raw` with the API's schema and runs `work` through writeMenu (one pass: schema and
 * service rules reported together) as the signed-in user:
 * the same service, transaction and version bump as the admin API. Refusals come back as field
 * messages (or one message for a rule about the whole object, e.g. "section not empty").
 */
export async function saveThrough<T>(
  app: FastifyInstance,
  ctx: PanelContext,
  schema: Schema | null,
  raw: Record<string, unknown>,
  labels: Record<string, string>,
  work: (w: MenuWrite, value: never) => Promise<T>,
): Promise<SaveResult<T>> {
  const write = (value: unknown, settle: () => void) =>
    writeMenu(app, ctx.tenantId, panelActor(ctx), async (w) => {
      const result = await work(w, value as never);
      settle();
      return result;
    });
  try {
    // One pass, as on the API: the schema's issues and the service's rules in one list.
    const result = schema
      ? await (async () => {
          const value = checkedBody(schema, raw);
          return inOnePass(value, schema, (settle) => write(value, settle));
        })()
      : await write(raw, () => {});
    return { ok: true, result };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, errors: menuErrors(ctx, err.issues, labels) };
    if (err instanceof ConflictError) {
      const message = formatMessage(ctx.locale, err.messageKey, {});
      if (err.field) return { ok: false, errors: { [err.field]: [message] } };
      return { ok: false, errors: {}, message };
    }
    if (err instanceof NotFoundError)
      return { ok: false, errors: {}, message: menuTexts(ctx.locale).notFound, notFound: true };
    throw err;
  }
}

export interface TranslatedText {
  prefix: string;
  values: Translations;
  label: (language: string) => string;
  multiline?: boolean;
  maxlength: number;
  requireItalian?: boolean;
}

/** One text's input for one language, flagged when missing. */
function translationInput(ctx: PanelContext, locale: Locale, o: TranslatedText, errors: FieldErrors): string {
  const mt = menuTexts(ctx.locale);
  const name = `${o.prefix}_${locale}`;
  const id = fieldId(name);
  const value = o.values[locale] ?? '';
  const messages = errors[name] ?? [];
  const missing = value.trim() === '' && messages.length === 0;
  const describedBy = [missing ? `${id}-missing` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ');
  const aria = `${describedBy ? ` aria-describedby="${describedBy}"` : ''}${messages.length ? ' aria-invalid="true"' : ''}${
    o.requireItalian && locale === 'it' ? ' required' : ''
  }`;
  const flag = missing ? ` <span class="badge warn" id="${id}-missing">${esc(mt.missing)}</span>` : '';
  const error = messages.length ? `<p class="field-error" id="${id}-error">${messages.map(esc).join('<br>')}</p>` : '';
  const control = o.multiline
    ? `<textarea id="${id}" name="${name}" rows="3" maxlength="${o.maxlength}" lang="${locale}"${aria}>${esc(value)}</textarea>`
    : `<input id="${id}" name="${name}" type="text" value="${esc(value)}" maxlength="${o.maxlength}" lang="${locale}"${aria}>`;
  return `<div class="field${messages.length ? ' invalid' : ''}"><label for="${id}">${esc(o.label(languageName(ctx, locale)))}${flag}</label>${error}${control}</div>`;
}

/** The texts of every language side by side: one column per language, each text's field in it. */
export function languageColumns(
  ctx: PanelContext,
  locales: Locale[],
  texts: TranslatedText[],
  errors: FieldErrors,
): string {
  return `<div class="langs">${locales
    .map(
      (locale) =>
        `<fieldset class="lang-col" lang="${ctx.locale}"><legend>${esc(languageName(ctx, locale))} (${locale})</legend>${texts
          .map((o) => translationInput(ctx, locale, o, errors))
          .join('')}</fieldset>`,
    )
    .join('')}</div>`;
}

/** Labels of the per-language fields, for messages and the error summary. */
export function translationLabels(
  ctx: PanelContext,
  prefix: string,
  locales: Locale[],
  label: (language: string) => string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const locale of locales) out[`${prefix}_${locale}`] = label(languageName(ctx, locale));
  return out;
}

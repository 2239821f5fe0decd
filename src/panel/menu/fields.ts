// What the menu editor's forms share: translations side by side (one column per language of the
// menu, missing ones flagged) and names shown in the panel's language.
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import { attrs, type Html, html } from '../../http/html.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';
import type { PanelContext } from '../context.js';
import { type FieldErrors, type FormBody, fieldError, fieldId, str } from '../forms.js';
import { menuTexts } from './texts.js';

/**
 * The languages a form edits: the menu's default language first (the API requires a name in it),
 * then the menu's other languages.
 */
export function editLocales(snapshot: MenuSnapshot): Locale[] {
  const supported = parseJson<string[]>(snapshot.settings.supported_locales, []).filter(isLocale);
  const first = defaultLocaleOf(snapshot);
  return [first, ...supported.filter((l) => l !== first)];
}

/** The hint over a form's translations, naming the menu's actual default language. */
export function translationsHint(ctx: PanelContext, snapshot: MenuSnapshot): string {
  return menuTexts(ctx.locale).translationsHint(languageName(ctx, defaultLocaleOf(snapshot)));
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

/** Links back to the menu and, when there is one, to the section the row is in. */
export function menuBreadcrumb(ctx: PanelContext, snapshot: MenuSnapshot, sectionId: number | null): Html {
  const mt = menuTexts(ctx.locale);
  const section = snapshot.sections.find((s) => s.id === sectionId);
  const link = section
    ? html` · <a href="/admin/menu/sections/${section.id}">${mt.backToSection(displayName(snapshot, ctx, section.name_translations))}</a>`
    : '';
  return html`<p class="breadcrumb"><a href="/admin/menu">${mt.backToMenu}</a>${link}</p>`;
}

/** A row of the snapshot's rows grouped by section (dishes, sub-categories), by id. */
export function findGrouped<Row extends { id: number }>(groups: Map<number, Row[]>, id: number): Row | undefined {
  for (const rows of groups.values()) {
    const row = rows.find((r) => r.id === id);
    if (row) return row;
  }
  return undefined;
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

export interface TranslatedText {
  prefix: string;
  values: Translations;
  label: (language: string) => string;
  multiline?: boolean;
  maxlength: number;
  /** A name: its text in the default language (the first column) is required. */
  requireDefault?: boolean;
}

/** The stored row a form edits, for its texts' "to check" flags (`settings/1`, `items/7`). */
export interface CheckedRow {
  resource: 'settings' | 'theme' | 'categories' | 'items' | 'types' | 'wineries' | 'option_groups' | 'options';
  id: number;
}

/**
 * A text left as it was when its default-language text changed (features/translations): the
 * "to check" badge and a box to say it is still right (the editor clears ticked ones on save).
 */
function toCheck(ctx: PanelContext, id: string, key: string | undefined) {
  if (!key || !ctx.toCheck.has(key)) return { badge: html``, box: html``, describedBy: '' };
  const mt = menuTexts(ctx.locale);
  // Diners in that language read the default language's current text until it is checked.
  const locale = key.slice(key.lastIndexOf('/') + 1);
  const seen = mt.dinersSeeDefault(languageName(ctx, locale), languageName(ctx, ctx.menuLocale));
  const box = html`<p class="hint" id="${id}-seen">${seen}</p><div class="check still-right"><input${attrs({ id: `${id}-still`, name: STILL_RIGHT, type: 'checkbox', value: key })}><label for="${id}-still">${mt.stillRight}</label></div>`;
  return {
    badge: html` <span class="badge check-flag" id="${id}-check">${mt.toCheck}</span>`,
    box,
    describedBy: `${id}-check ${id}-seen`,
  };
}

/** The form field of the "still right" boxes. */
export const STILL_RIGHT = 'still_right';

/** One text's input for one language, flagged when missing or to check. */
export function translationInput(
  ctx: PanelContext,
  locale: Locale,
  o: TranslatedText,
  errors: FieldErrors,
  isDefault: boolean,
  row?: CheckedRow,
): Html {
  const mt = menuTexts(ctx.locale);
  const name = `${o.prefix}_${locale}`;
  const id = fieldId(name);
  const value = o.values[locale] ?? '';
  const messages = errors[name] ?? [];
  const missing = value.trim() === '' && messages.length === 0;
  // The default language's own text is never flagged (features/translations), so no test for it here.
  const flagged = toCheck(ctx, id, row && `${row.resource}/${row.id}/${o.prefix}/${locale}`);
  const control = attrs({
    id,
    name,
    rows: o.multiline ? 3 : undefined,
    type: o.multiline ? undefined : 'text',
    value: o.multiline ? undefined : value,
    maxlength: o.maxlength,
    lang: locale,
    'aria-describedby': [missing ? `${id}-missing` : '', flagged.describedBy, messages.length ? `${id}-error` : ''],
    'aria-invalid': messages.length ? 'true' : undefined,
    required: o.requireDefault && isDefault,
  });
  const flag = missing ? html` <span class="badge warn" id="${id}-missing">${mt.missing}</span>` : '';
  const input = o.multiline ? html`<textarea${control}>${value}</textarea>` : html`<input${control}>`;
  return html`<div class="field${messages.length ? ' invalid' : ''}"><label for="${id}">${o.label(languageName(ctx, locale))}${flag}${flagged.badge}</label>${fieldError(id, messages)}${input}${flagged.box}</div>`;
}

/**
 * The texts of every language side by side: one column per language, each text's field in it;
 * `row` (the stored row being edited) shows the "to check" flags of its texts.
 */
export function languageColumns(
  ctx: PanelContext,
  locales: Locale[],
  texts: TranslatedText[],
  errors: FieldErrors,
  row?: CheckedRow,
): Html {
  const columns = locales.map(
    (locale, i) =>
      html`<fieldset class="lang-col" lang="${ctx.locale}"><legend>${languageName(ctx, locale)} (${locale})</legend>${texts.map(
        (o) => translationInput(ctx, locale, o, errors, i === 0, row),
      )}</fieldset>`,
  );
  return html`<div class="langs">${columns}</div>`;
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

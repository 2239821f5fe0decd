// /admin/settings: every settings field, checked with the API's own schema (SettingsInput) and
// written through the same service and transaction as PUT /api/v1/admin/settings, on the panel's
// one editor (owners only, as on the API's roles).

import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { html } from '../../http/html.js';
import { LOCALES } from '../../i18n/locales.js';
import type { Translations } from '../../i18n/text.js';
import { setSettingsImage } from '../../resources/settings/images.js';
import { type Settings, settingsView } from '../../resources/settings/schema.js';
import { SettingsInput, updateRestaurantSettings } from '../../resources/settings/service.js';
import { registerSingleEditor, type SingleEditor } from '../editor.js';
import { checkbox, checkboxGroup, type FormBody, input, list, select, str } from '../forms.js';
import { editLocales, languageColumns, readTranslations, translationLabels } from '../menu/fields.js';
import { pictureField, registerPictureRoutes } from '../photos.js';
import { hoursFields, hoursForApi, hoursFormIssues, hoursLabels, readHours } from './hours.js';

const TEXT_FIELDS = [
  'name',
  'logo_url',
  'cover_image_url',
  'review_url',
  'business_name',
  'vat_number',
  'address',
  'phone',
  'email',
  'default_locale',
  'timezone',
] as const;

/** The diner-facing texts, edited in every language of the menu side by side. */
const TRANSLATED = [
  { field: 'cover_charge_text', maxlength: 500, multiline: false },
  { field: 'recommended_label', maxlength: 100, multiline: false },
  { field: 'allergen_info', maxlength: 5000, multiline: true },
] as const;

type Translated = (typeof TRANSLATED)[number]['field'];
const translationsOf = (values: Settings, field: Translated) => values[`${field}_translations`] as Translations;

/** The form's fields over the stored settings (what the page shows again after a refusal). */
function readForm(body: FormBody, stored: Settings, snapshot: MenuSnapshot): Settings {
  const typed: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) typed[field] = str(body, field).trim();
  for (const { field } of TRANSLATED) {
    typed[`${field}_translations`] = readTranslations(
      body,
      field,
      editLocales(snapshot),
      translationsOf(stored, field),
    );
  }
  return {
    ...stored,
    ...typed,
    // A form without the currency (an older page, a script) keeps the stored one.
    currency: body.currency === undefined ? stored.currency : str(body, 'currency').trim().toUpperCase(),
    supported_locales: list(body, 'supported_locales'),
    is_active: str(body, 'is_active') === '1',
    // A form without the hours (an older page, a script) keeps the stored ones.
    opening_hours: body.hours_form === undefined ? stored.opening_hours : readHours(body),
  } as Settings;
}

/**
 * The values as the API's input: every field, so the form states the whole settings, except a
 * logo or cover address left as shown: the page shows an uploaded image's /media address, and
 * sending it back would overwrite the typed address (and record a change nobody made).
 */
function toInput(values: Settings, snapshot: MenuSnapshot): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const shown = settingsView(snapshot);
  for (const field of TEXT_FIELDS) input[field] = values[field];
  // Every language's text as typed: the plain field would set only the default language's.
  for (const { field } of TRANSLATED) input[`${field}_translations`] = translationsOf(values, field);
  for (const media of ['logo_url', 'cover_image_url'] as const) {
    if ((values[media] ?? '') === (shown[media] ?? '')) delete input[media];
  }
  if (input.cover_image_url === '') input.cover_image_url = null;
  input.currency = values.currency;
  input.supported_locales = values.supported_locales;
  input.is_active = values.is_active;
  input.opening_hours = hoursForApi(values.opening_hours, shown.opening_hours);
  return input;
}

let zones: string[] | undefined;
function timeZones(current: string): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

export const settingsEditor: SingleEditor<Settings, typeof SettingsInput> = {
  path: '/settings',
  active: 'settings',
  // The business data and the public switch (is_active) are the owner's.
  audience: 'owner',
  schema: SettingsInput,
  title: (ctx) => ctx.t.settings,
  labels: (ctx, snapshot) => {
    const l = ctx.t.labels;
    const locales = editLocales(snapshot);
    return Object.assign(
      { ...l, ...hoursLabels(ctx) },
      ...TRANSLATED.map(({ field }) =>
        translationLabels(ctx, field, locales, (language) => `${l[field]} (${language})`),
      ),
    );
  },
  load: (snapshot) => settingsView(snapshot),
  read: (body, snapshot) => readForm(body, settingsView(snapshot), snapshot),
  toInput,
  save: updateRestaurantSettings,
  issues: (values) => hoursFormIssues(values.opening_hours),
  // The logo and the cover are uploaded by forms of their own, above the settings' form.
  layout: (ctx, _values, { summary, form, side, snapshot }) => html`<p>${ctx.t.settingsIntro}</p>
<div class="pictures">${PICTURES.map((kind) =>
    pictureField(ctx, {
      kind,
      stored: kind === 'logo' ? snapshot.settings.logo_image : snapshot.settings.cover_image,
      action: `/admin/settings/${kind}`,
      errors: side,
    }),
  )}</div>
${summary}
${form}`,
  fields(ctx, snapshot, values, errors) {
    const { t } = ctx;
    const l = t.labels;
    const text = (name: keyof Settings & string, extra: { type?: string; required?: boolean } = {}) =>
      input({ name, label: l[name], value: String(values[name] ?? ''), errors, hint: t.hints[name], ...extra });
    const locales = LOCALES.map((code) => ({ value: code, label: `${t.localeNames[code]} (${code})` }));
    const zones = timeZones(values.timezone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));
    return html`<fieldset><legend>${t.general}</legend>
${text('name', { required: true })}${text('logo_url', { type: 'url' })}${text('cover_image_url', { type: 'url' })}
${text('review_url', { type: 'url' })}</fieldset>
<fieldset><legend>${t.dinerTexts}</legend><p class="hint">${t.dinerTextsHint}</p>
${languageColumns(
  ctx,
  editLocales(snapshot),
  TRANSLATED.map(({ field, maxlength, multiline }) => ({
    prefix: field,
    values: translationsOf(values, field),
    label: (language: string) => `${l[field]} (${language})`,
    maxlength,
    multiline,
  })),
  errors,
  { resource: 'settings', id: snapshot.settings.id },
)}</fieldset>
<fieldset><legend>${t.contacts}</legend>
${text('business_name')}${text('vat_number')}${text('address')}${text('phone', { type: 'tel' })}${text('email', { type: 'email' })}</fieldset>
<fieldset><legend>${t.languagesAndTime}</legend>
${checkboxGroup({ name: 'supported_locales', label: l.supported_locales, values: values.supported_locales, errors, options: locales })}
${select({ name: 'default_locale', label: l.default_locale, value: values.default_locale, errors, options: locales })}
${select({ name: 'timezone', label: l.timezone, value: values.timezone, errors, hint: t.hints.timezone, options: zones })}
${input({ name: 'currency', label: l.currency, value: values.currency, errors, hint: t.hints.currency, maxlength: 3, extra: { autocomplete: 'off' } })}
${checkbox({ name: 'is_active', label: l.is_active, checked: values.is_active, errors, hint: t.hints.is_active })}</fieldset>
<input type="hidden" name="hours_form" value="1">${hoursFields(ctx, values.opening_hours, errors)}`;
  },
};

const PICTURES = ['logo', 'cover'] as const;

/** The settings page, and the upload and removal of the logo and the cover beside its form. */
export function registerSettings(app: FastifyInstance): void {
  const settings = registerSingleEditor(app, settingsEditor);
  for (const kind of PICTURES) {
    registerPictureRoutes(app, {
      kind,
      path: `/settings/${kind}`,
      purpose: kind,
      audience: 'owner',
      check: () => {},
      write: (w, _request, image) => setSettingsImage(w, kind, image),
      page: (ctx, snapshot, _request, side) => settings.page(ctx, snapshot, side),
      back: () => '/admin/settings',
    });
  }
}

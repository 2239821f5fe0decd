// /admin/settings: every settings field, checked with the API's own schema (SettingsInput) and
// written through the same service and transaction as PUT /api/v1/admin/settings.
import type { FastifyInstance } from 'fastify';
import { ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { ValidationError } from '../../core/errors.js';
import { esc } from '../../http/html.js';
import { validate } from '../../http/validator.js';
import { LOCALES } from '../../i18n/locales.js';
import { type Settings, settingsView } from '../../resources/settings/schema.js';
import { SettingsInput, updateRestaurantSettings } from '../../resources/settings/service.js';
import { type PanelContext, seeOther, sendPage } from '../context.js';
import {
  asForm,
  checkbox,
  checkboxGroup,
  csrfField,
  errorSummary,
  type FieldErrors,
  type FormBody,
  input,
  issuesToErrors,
  list,
  notice,
  select,
  str,
  textarea,
} from '../forms.js';
import { renderPage } from '../layout.js';
import { panelActor } from './actor.js';

const TEXT_FIELDS = [
  'name',
  'logo_url',
  'cover_image_url',
  'cover_charge_text',
  'allergen_info',
  'review_url',
  'recommended_label',
  'business_name',
  'vat_number',
  'address',
  'phone',
  'email',
  'default_locale',
  'timezone',
] as const;

/** The form as the API's input: every field sent, so the form states the whole settings. */
export function settingsInput(body: FormBody): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) input[field] = str(body, field).trim();
  if (input.cover_image_url === '') input.cover_image_url = null;
  input.supported_locales = list(body, 'supported_locales');
  input.is_active = str(body, 'is_active') === '1';
  return input;
}

let zones: string[] | undefined;
function timeZones(current: string): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
}

function settingsPage(ctx: PanelContext, values: Settings, errors: FieldErrors = {}, saved = false): string {
  const { t } = ctx;
  const l = t.labels;
  const text = (name: keyof Settings & string, extra: { type?: string; hint?: string; required?: boolean } = {}) =>
    input({ name, label: l[name], value: String(values[name] ?? ''), errors, hint: t.hints[name], ...extra });
  const locales = LOCALES.map((code) => ({ value: code, label: `${t.localeNames[code]} (${code})` }));
  const body = `${saved ? notice('success', esc(t.saved)) : ''}<p>${esc(t.settingsIntro)}</p>${errorSummary(ctx, errors, l)}
<form method="post" action="/admin/settings" class="stack" novalidate>${csrfField(ctx)}
<fieldset><legend>${esc(t.general)}</legend>
${text('name', { required: true })}${text('logo_url', { type: 'url' })}${text('cover_image_url', { type: 'url' })}
${text('cover_charge_text')}${text('recommended_label')}
${textarea({ name: 'allergen_info', label: l.allergen_info, value: values.allergen_info, errors, rows: 4 })}
${text('review_url', { type: 'url' })}</fieldset>
<fieldset><legend>${esc(t.contacts)}</legend>
${text('business_name')}${text('vat_number')}${text('address')}${text('phone', { type: 'tel' })}${text('email', { type: 'email' })}</fieldset>
<fieldset><legend>${esc(t.languagesAndTime)}</legend>
${checkboxGroup({ name: 'supported_locales', label: l.supported_locales, values: values.supported_locales, errors, options: locales })}
${select({ name: 'default_locale', label: l.default_locale, value: values.default_locale, errors, options: locales })}
${select({ name: 'timezone', label: l.timezone, value: values.timezone, errors, hint: t.hints.timezone, options: timeZones(values.timezone).map((z) => ({ value: z, label: z.replace(/_/g, ' ') })) })}
${checkbox({ name: 'is_active', label: l.is_active, checked: values.is_active, errors, hint: t.hints.is_active })}</fieldset>
<div class="actions"><button type="submit" class="primary">${esc(t.save)}</button></div>
</form>`;
  return renderPage(ctx, { title: t.settings, body, active: 'settings' });
}

export function registerSettings(app: FastifyInstance): void {
  app.get('/settings', async (request, reply) => {
    const saved = (request.query as { saved?: string }).saved === '1';
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    return sendPage(reply, settingsPage(request.panel, settingsView(snapshot), {}, saved));
  });

  app.post('/settings', async (request, reply) => {
    const ctx = request.panel;
    const raw = settingsInput(asForm(request.body));
    const { value, issues } = validate(SettingsInput, raw, false);
    let errors = issuesToErrors(ctx, issues, ctx.t.labels);
    if (issues.length === 0) {
      try {
        await writeMenu(app, request.tenant.id, panelActor(ctx), (w) =>
          updateRestaurantSettings(w, value as SettingsInput),
        );
        return seeOther(reply, '/admin/settings?saved=1');
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        errors = issuesToErrors(ctx, err.issues, ctx.t.labels);
      }
    }
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    // Show what was typed, so nothing is lost while the owner fixes one field.
    const typed = { ...settingsView(snapshot), ...raw, cover_image_url: (raw.cover_image_url as string | null) ?? '' };
    return sendPage(reply, settingsPage(ctx, typed as Settings, errors), 422);
  });
}

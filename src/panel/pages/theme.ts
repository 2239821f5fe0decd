// /admin/theme: colours, font, radius, layout, header and footer, checked with the API's own
// schema (ThemeInput) and written through the same service as PUT /api/v1/admin/theme, beside a
// live preview of the public page (pages/preview.ts) that follows the form before it is saved.
import type { FastifyInstance } from 'fastify';
import { ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { ValidationError } from '../../core/errors.js';
import { esc } from '../../http/html.js';
import { validate } from '../../http/validator.js';
import { HEADER_STYLES, LAYOUT_VARIANTS, type Theme, themeView } from '../../resources/theme/schema.js';
import { ThemeInput, updateThemeSettings } from '../../resources/theme/service.js';
import { type PanelContext, seeOther, sendPage } from '../context.js';
import {
  asForm,
  csrfField,
  errorSummary,
  type FieldErrors,
  input,
  issuesToErrors,
  notice,
  select,
  textarea,
} from '../forms.js';
import { renderPage } from '../layout.js';
import { panelActor } from './actor.js';
import { registerPreview } from './preview.js';
import { COLOUR_FIELDS, THEME_FIELDS, themeInput } from './theme-fields.js';

/** A few font stacks that need no download; any other family can be typed. */
const FONT_SUGGESTIONS = [
  'Georgia, serif',
  "'Palatino Linotype', Palatino, serif",
  'system-ui, sans-serif',
  "'Helvetica Neue', Arial, sans-serif",
  "'Trebuchet MS', sans-serif",
  "'Courier New', monospace",
];

function previewQuery(values: Theme): string {
  return new URLSearchParams(THEME_FIELDS.map((f) => [f, String(values[f])])).toString();
}

function themePage(ctx: PanelContext, values: Theme, errors: FieldErrors = {}, saved = false): string {
  const { t } = ctx;
  const l = t.labels;
  const colours = COLOUR_FIELDS.map(
    (name) =>
      `<div class="swatch">${input({ name, label: l[name], value: values[name].toLowerCase(), type: 'color', errors })}</div>`,
  ).join('');
  const body = `${saved ? notice('success', esc(t.saved)) : ''}<p>${esc(t.themeIntro)}</p>${errorSummary(ctx, errors, l)}
<div class="theme-grid">
<form method="post" action="/admin/theme" class="stack" id="theme-form" novalidate>${csrfField(ctx)}
<fieldset><legend>${esc(t.colours)}</legend><div class="swatches">${colours}</div></fieldset>
<fieldset><legend>${esc(t.typeAndLayout)}</legend>
${input({ name: 'font_family', label: l.font_family, value: values.font_family, errors, required: true }).replace('<input ', '<input list="font-suggestions" ')}
<datalist id="font-suggestions">${FONT_SUGGESTIONS.map((f) => `<option value="${esc(f)}"></option>`).join('')}</datalist>
${input({ name: 'font_url', label: l.font_url, value: values.font_url, errors, hint: t.hints.font_url })}
${input({ name: 'border_radius', label: l.border_radius, value: values.border_radius, errors, hint: t.hints.border_radius, maxlength: 32 })}
${select({ name: 'layout_variant', label: l.layout_variant, value: values.layout_variant, errors, options: LAYOUT_VARIANTS.map((v) => ({ value: v, label: t.layouts[v] })) })}
${select({ name: 'header_style', label: l.header_style, value: values.header_style, errors, options: HEADER_STYLES.map((v) => ({ value: v, label: t.headers[v] })) })}
${textarea({ name: 'footer_text', label: l.footer_text, value: values.footer_text, errors, rows: 2 })}</fieldset>
<div class="actions"><button type="submit" class="primary">${esc(t.save)}</button></div>
</form>
<section class="preview" aria-labelledby="preview-title"><h2 id="preview-title">${esc(t.preview)}</h2>
<iframe id="theme-preview" name="preview" title="${esc(t.previewFrame)}" sandbox="" src="/admin/theme/preview?${esc(previewQuery(values))}"></iframe></section>
</div>`;
  return renderPage(ctx, { title: t.theme, body, active: 'theme', scripts: ['theme-preview.js'] });
}

export function registerTheme(app: FastifyInstance): void {
  registerPreview(app);

  app.get('/theme', async (request, reply) => {
    const saved = (request.query as { saved?: string }).saved === '1';
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    return sendPage(reply, themePage(request.panel, themeView(snapshot), {}, saved));
  });

  app.post('/theme', async (request, reply) => {
    const ctx = request.panel;
    const raw = themeInput(asForm(request.body));
    const { value, issues } = validate(ThemeInput, raw, false);
    let errors = issuesToErrors(ctx, issues, ctx.t.labels);
    if (issues.length === 0) {
      try {
        await writeMenu(app, request.tenant.id, panelActor(ctx), (w) => updateThemeSettings(w, value as ThemeInput));
        return seeOther(reply, '/admin/theme?saved=1');
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        errors = issuesToErrors(ctx, err.issues, ctx.t.labels);
      }
    }
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const typed = { ...themeView(snapshot), ...raw } as Theme;
    return sendPage(reply, themePage(ctx, typed, errors), 422);
  });
}

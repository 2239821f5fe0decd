// /admin/theme: colours, font, radius, layout, header and footer, checked with the API's own
// schema (ThemeInput) and written through the same service as PUT /api/v1/admin/theme, on the
// panel's one editor, beside a live preview of the public page (pages/preview.ts) that follows the
// form before it is saved.
import { html } from '../../http/html.js';
import { HEADER_STYLES, LAYOUT_VARIANTS, type Theme, themeView } from '../../resources/theme/schema.js';
import { ThemeInput, updateThemeSettings } from '../../resources/theme/service.js';
import type { SingleEditor } from '../editor.js';
import { input, select, textarea } from '../forms.js';
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

export const themeEditor: SingleEditor<Theme, typeof ThemeInput> = {
  path: '/theme',
  active: 'theme',
  audience: 'owner',
  scripts: ['theme-preview.js'],
  schema: ThemeInput,
  formId: 'theme-form',
  title: (ctx) => ctx.t.theme,
  labels: (ctx) => ctx.t.labels,
  load: (snapshot) => themeView(snapshot),
  // What was typed over the stored theme, so a refused form keeps every change.
  read: (body, snapshot) => ({ ...themeView(snapshot), ...themeInput(body) }) as Theme,
  toInput: (values) => themeInput(Object.fromEntries(THEME_FIELDS.map((f) => [f, String(values[f])]))),
  save: updateThemeSettings,
  fields(ctx, _snapshot, values, errors) {
    const { t } = ctx;
    const l = t.labels;
    const colours = COLOUR_FIELDS.map(
      (name) =>
        html`<div class="swatch">${input({ name, label: l[name], value: values[name].toLowerCase(), type: 'color', errors })}</div>`,
    );
    return html`<fieldset><legend>${t.colours}</legend><div class="swatches">${colours}</div></fieldset>
<fieldset><legend>${t.typeAndLayout}</legend>
${input({ name: 'font_family', label: l.font_family, value: values.font_family, errors, required: true, extra: { list: 'font-suggestions' } })}
<datalist id="font-suggestions">${FONT_SUGGESTIONS.map((f) => html`<option value="${f}"></option>`)}</datalist>
${input({ name: 'font_url', label: l.font_url, value: values.font_url, errors, hint: t.hints.font_url })}
${input({ name: 'border_radius', label: l.border_radius, value: values.border_radius, errors, hint: t.hints.border_radius, maxlength: 32 })}
${select({ name: 'layout_variant', label: l.layout_variant, value: values.layout_variant, errors, options: LAYOUT_VARIANTS.map((v) => ({ value: v, label: t.layouts[v] })) })}
${select({ name: 'header_style', label: l.header_style, value: values.header_style, errors, options: HEADER_STYLES.map((v) => ({ value: v, label: t.headers[v] })) })}
${textarea({ name: 'footer_text', label: l.footer_text, value: values.footer_text, errors, rows: 2 })}</fieldset>`;
  },
  layout: (ctx, values, { summary, form }) => html`<p>${ctx.t.themeIntro}</p>${summary}
<div class="theme-grid">
${form}
<section class="preview" aria-labelledby="preview-title"><h2 id="preview-title">${ctx.t.preview}</h2>
<iframe id="theme-preview" name="preview" title="${ctx.t.previewFrame}" sandbox="" src="/admin/theme/preview?${previewQuery(values)}"></iframe></section>
</div>`,
};

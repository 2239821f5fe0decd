// /admin/theme: colours, font, radius, layout, header and footer, checked with the API's own
// schema (ThemeInput) and written through the same service as PUT /api/v1/admin/theme, on the
// panel's one editor, beside a live preview of the public page (pages/preview.ts) that follows the
// form before it is saved.
import { html } from '../../http/html.js';
import type { Translations } from '../../i18n/text.js';
import { HEADER_STYLES, LAYOUT_VARIANTS, type Theme, themeView } from '../../resources/theme/schema.js';
import { ThemeInput, updateThemeSettings } from '../../resources/theme/service.js';
import type { SingleEditor } from '../editor.js';
import { input, select } from '../forms.js';
import { editLocales, languageColumns, readTranslations, translationLabels } from '../menu/fields.js';
import { COLOUR_FIELDS, THEME_FIELDS, themeInput } from './theme-fields.js';

/**
 * The fonts served by the app itself (features/page/fonts.ts), then a few stacks that need no
 * download; any other family can be typed.
 */
const FONT_SUGGESTIONS = [
  "'Playfair Display', serif",
  'Lora, serif',
  'Merriweather, serif',
  'Inter, sans-serif',
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
  labels: (ctx, snapshot) => ({
    ...ctx.t.labels,
    ...translationLabels(
      ctx,
      'footer_text',
      editLocales(snapshot),
      (language) => `${ctx.t.labels.footer_text} (${language})`,
    ),
  }),
  load: (snapshot) => themeView(snapshot),
  // What was typed over the stored theme, so a refused form keeps every change. The footer comes
  // in every language (footer_text_<lang>); a form with the plain footer_text sets the default's.
  read: (body, snapshot) => {
    const stored = themeView(snapshot);
    const typed = { ...stored, ...themeInput(body) } as Theme;
    const locales = editLocales(snapshot);
    if (!locales.some((l) => body[`footer_text_${l}`] !== undefined)) {
      if (body.footer_text === undefined) return typed;
      const plain: Record<string, string> = { ...stored.footer_text_translations, [locales[0]]: typed.footer_text };
      return { ...typed, footer_text_translations: plain };
    }
    const footer = readTranslations(body, 'footer_text', locales, stored.footer_text_translations as Translations);
    return { ...typed, footer_text_translations: footer, footer_text: footer[locales[0]] ?? '' };
  },
  toInput: (values, snapshot) => ({
    ...themeInput(
      Object.fromEntries(THEME_FIELDS.filter((f) => f !== 'footer_text').map((f) => [f, String(values[f])])),
    ),
    // Every language's footer as typed (the plain field would set only the default language's).
    footer_text_translations: values.footer_text_translations ?? { [editLocales(snapshot)[0]]: values.footer_text },
  }),
  save: updateThemeSettings,
  fields(ctx, snapshot, values, errors) {
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
</fieldset>
<fieldset><legend>${l.footer_text}</legend><p class="hint">${t.footerHint}</p>
${languageColumns(
  ctx,
  editLocales(snapshot),
  [
    {
      prefix: 'footer_text',
      values: values.footer_text_translations as Translations,
      label: (language: string) => `${l.footer_text} (${language})`,
      maxlength: 500,
      multiline: true,
    },
  ],
  errors,
  { resource: 'theme', id: snapshot.theme.id },
)}</fieldset>`;
  },
  layout: (ctx, values, { summary, form }) => html`<p>${ctx.t.themeIntro}</p>${summary}
<div class="theme-grid">
${form}
<section class="preview" aria-labelledby="preview-title"><h2 id="preview-title">${ctx.t.preview}</h2>
<iframe id="theme-preview" name="preview" title="${ctx.t.previewFrame}" sandbox="" src="/admin/theme/preview?${previewQuery(values)}"></iframe></section>
</div>`,
};

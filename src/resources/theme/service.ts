// Theme writes (partial): colours as #RRGGBB (stored upper-case so equal colours compare equal),
// a CSS length for the radius, the known layout variants and header styles.
import { type Static, Type } from '@sinclair/typebox';
import { findSettings, findTheme } from '../../catalog/repo.js';
import { changesAnything } from '../../catalog/rows.js';
import type { MenuWrite } from '../../catalog/write.js';
import { CssLength, HexColor, TranslatableInput, TranslationsInput } from '../../http/inputs.js';
import { nowIso } from '../../http/schemas.js';
import { isLocale } from '../../i18n/locales.js';
import { storedTranslations, type Translations, writeTranslatable } from '../../i18n/text.js';
import { type ThemeChanges, updateTheme } from './repo.js';
import { HEADER_STYLES, LAYOUT_VARIANTS } from './schema.js';

export const ThemeInput = Type.Object(
  {
    primary_color: Type.Optional(HexColor),
    secondary_color: Type.Optional(HexColor),
    accent_color: Type.Optional(HexColor),
    background_color: Type.Optional(HexColor),
    text_color: Type.Optional(HexColor),
    font_family: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    // A path on this site (/fonts/x.css) or an http(s) URL, or '' for none.
    font_url: Type.Optional(Type.String({ maxLength: 500, format: 'font-url' })),
    border_radius: Type.Optional(CssLength),
    layout_variant: Type.Optional(Type.Union(LAYOUT_VARIANTS.map((v) => Type.Literal(v)))),
    header_style: Type.Optional(Type.Union(HEADER_STYLES.map((v) => Type.Literal(v)))),
    // A plain string sets the default locale's text, an object every translation.
    footer_text: Type.Optional(TranslatableInput(500)),
    footer_text_translations: Type.Optional(TranslationsInput({ requiredItalian: false, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ThemeInput = Static<typeof ThemeInput>;

export async function updateThemeSettings(w: MenuWrite, input: ThemeInput): Promise<void> {
  const before = await findTheme(w.trx, w.tenantId);
  const { footer_text, footer_text_translations, ...rest } = input;
  const changes = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, k.endsWith('_color') ? String(v).toUpperCase() : v]),
  ) as ThemeChanges;
  if (footer_text !== undefined || footer_text_translations !== undefined) {
    const code = (await findSettings(w.trx, w.tenantId)).default_locale;
    const defaultLocale = isLocale(code) ? code : 'it';
    let translations = storedTranslations(before.footer_text_translations, before.footer_text, defaultLocale);
    let written = { json: JSON.stringify(translations), plain: before.footer_text };
    for (const value of [footer_text_translations, footer_text]) {
      if (value === undefined) continue;
      written = writeTranslatable(value as string | Translations, translations, defaultLocale);
      translations = JSON.parse(written.json) as Translations;
    }
    changes.footer_text = written.plain;
    changes.footer_text_translations = written.json;
  }
  if (!changesAnything(before, changes)) return;
  const after = await updateTheme(w.trx, w.tenantId, changes, nowIso());
  w.record({ resource: 'theme', id: after.id, action: 'updated', before, after });
}

// Theme object on the wire, and the mapper from its row.
import { type Static, Type } from '@sinclair/typebox';
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import type { ThemeRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { pickText, storedTranslations } from '../../i18n/text.js';

export const LAYOUT_VARIANTS = ['classic', 'cards', 'compact'] as const;
export const HEADER_STYLES = ['cover', 'logo', 'minimal'] as const;

export const Theme = Type.Object({
  id: Type.Integer(),
  primary_color: Type.String(),
  secondary_color: Type.String(),
  accent_color: Type.String(),
  background_color: Type.String(),
  text_color: Type.String(),
  font_family: Type.String(),
  font_url: Type.String(),
  border_radius: Type.String(),
  layout_variant: Type.String(),
  header_style: Type.String(),
  footer_text: Type.String(),
  // Addition beyond the contract (issue 11): `footer_text` is served in the requested locale from these.
  footer_text_translations: Translated,
});
export type Theme = Static<typeof Theme>;

export function toTheme(row: ThemeRow, locale: Locale, defaultLocale: Locale): Theme {
  const footer = storedTranslations(row.footer_text_translations, row.footer_text, defaultLocale);
  return {
    id: row.id,
    primary_color: row.primary_color,
    secondary_color: row.secondary_color,
    accent_color: row.accent_color,
    background_color: row.background_color,
    text_color: row.text_color,
    font_family: row.font_family,
    font_url: row.font_url,
    border_radius: row.border_radius,
    layout_variant: row.layout_variant,
    header_style: row.header_style,
    footer_text: pickText(footer, locale, defaultLocale),
    footer_text_translations: footer as Record<string, string>,
  };
}

/** The theme with its footer in `locale` (the restaurant's default locale when not given). */
export function themeView(snapshot: MenuSnapshot, locale?: Locale): Theme {
  const fallback = defaultLocaleOf(snapshot);
  return toTheme(snapshot.theme, locale ?? fallback, fallback);
}

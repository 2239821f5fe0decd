// Winery object on the wire, and the mapper from its row.
import { type Static, Type } from '@sinclair/typebox';
import type { WineryRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { parseJson, pickText, type Translations } from '../../i18n/text.js';

export const Winery = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  region: Type.String(),
  country: Type.String(),
  description: Type.String(),
  description_translations: Translated,
  website_url: Type.String(),
});
export type Winery = Static<typeof Winery>;

export function toWinery(row: WineryRow, locale: Locale, defaultLocale: Locale): Winery {
  const description = parseJson<Translations>(row.description_translations, {});
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    country: row.country,
    description: pickText(description, locale, defaultLocale),
    description_translations: description as Record<string, string>,
    website_url: row.website_url,
  };
}

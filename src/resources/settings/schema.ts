// Settings (restaurant) object on the wire, and the mapper from its row.
import { type Static, Type } from '@sinclair/typebox';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { SettingsRow } from '../../db/schema.js';
import { Translated } from '../../http/schemas.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { parseJson, pickText, storedTranslations } from '../../i18n/text.js';
import { mediaUrl } from '../media/urls.js';
import { OpeningHours, parseHours } from './hours.js';

export const Settings = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  slug: Type.String(),
  logo_url: Type.String(),
  cover_image_url: Type.Union([Type.String(), Type.Null()]),
  cover_charge_text: Type.String(),
  allergen_info: Type.String(),
  review_url: Type.String(),
  recommended_label: Type.String(),
  business_name: Type.String(),
  vat_number: Type.String(),
  address: Type.String(),
  phone: Type.String(),
  email: Type.String(),
  default_locale: Type.String(),
  supported_locales: Type.Array(Type.String()),
  is_active: Type.Boolean(),
  timezone: Type.String(),
  // Additions beyond the contract (issue 11): the translations behind the translated texts above,
  // and the currency prices are in.
  cover_charge_text_translations: Translated,
  allergen_info_translations: Translated,
  recommended_label_translations: Translated,
  currency: Type.String({ description: 'ISO 4217 code of the prices (default EUR)' }),
  opening_hours: OpeningHours,
});
export type Settings = Static<typeof Settings>;

/** The settings' texts that diners read, translated like dish names. */
export const TRANSLATED_SETTINGS = ['cover_charge_text', 'allergen_info', 'recommended_label'] as const;

export function toSettings(row: SettingsRow, slug: string, locale?: Locale): Settings {
  const fallback: Locale = isLocale(row.default_locale) ? row.default_locale : 'it';
  const want = locale ?? fallback;
  const cover = storedTranslations(row.cover_charge_text_translations, row.cover_charge_text, fallback);
  const info = storedTranslations(row.allergen_info_translations, row.allergen_info, fallback);
  const label = storedTranslations(row.recommended_label_translations, row.recommended_label, fallback);
  return {
    id: row.id,
    name: row.name,
    slug,
    logo_url: mediaUrl(row.logo_image) ?? row.logo_url,
    cover_image_url: mediaUrl(row.cover_image) ?? row.cover_image_url,
    cover_charge_text: pickText(cover, want, fallback),
    allergen_info: pickText(info, want, fallback),
    review_url: row.review_url,
    recommended_label: pickText(label, want, fallback),
    business_name: row.business_name,
    vat_number: row.vat_number,
    address: row.address,
    phone: row.phone,
    email: row.email,
    default_locale: row.default_locale,
    supported_locales: parseJson<string[]>(row.supported_locales, []),
    is_active: Boolean(row.is_active),
    timezone: row.timezone,
    cover_charge_text_translations: cover as Record<string, string>,
    allergen_info_translations: info as Record<string, string>,
    recommended_label_translations: label as Record<string, string>,
    currency: row.currency,
    opening_hours: parseHours(row.opening_hours),
  };
}

/** The settings with their texts in `locale` (the restaurant's default locale when not given). */
export function settingsView(snapshot: MenuSnapshot, locale?: Locale): Settings {
  return toSettings(snapshot.settings, snapshot.slug, locale);
}

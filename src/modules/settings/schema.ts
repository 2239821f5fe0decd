// Settings (restaurant) object on the wire, and the mapper from its row.
import { type Static, Type } from '@sinclair/typebox';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { SettingsRow } from '../../db/schema.js';
import { parseJson } from '../../i18n/text.js';

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
});
export type Settings = Static<typeof Settings>;

export function toSettings(row: SettingsRow, slug: string): Settings {
  return {
    id: row.id,
    name: row.name,
    slug,
    logo_url: row.logo_url,
    cover_image_url: row.cover_image_url,
    cover_charge_text: row.cover_charge_text,
    allergen_info: row.allergen_info,
    review_url: row.review_url,
    recommended_label: row.recommended_label,
    business_name: row.business_name,
    vat_number: row.vat_number,
    address: row.address,
    phone: row.phone,
    email: row.email,
    default_locale: row.default_locale,
    supported_locales: parseJson<string[]>(row.supported_locales, []),
    is_active: Boolean(row.is_active),
    timezone: row.timezone,
  };
}

export function settingsView(snapshot: MenuSnapshot): Settings {
  return toSettings(snapshot.settings, snapshot.slug);
}

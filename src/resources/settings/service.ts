// Settings writes (partial): the default locale must be one the restaurant offers, time zones
// are checked and stored by their canonical IANA name.
import { type Static, Type } from '@sinclair/typebox';
import { awaitingVerification } from '../../accounts/tenants/repo.js';
import { canonicalTimezone } from '../../catalog/clock.js';
import { findSettings } from '../../catalog/repo.js';
import { changesAnything } from '../../catalog/rows.js';
import type { MenuWrite } from '../../catalog/write.js';
import { type FieldIssue, ValidationError } from '../../core/errors.js';
import { TranslatableInput, TranslationsInput, UrlOrEmpty } from '../../http/inputs.js';
import { nowIso } from '../../http/schemas.js';
import { isLocale, LOCALES } from '../../i18n/locales.js';
import { parseJson, pickText, storedTranslations, type Translations, writeTranslatable } from '../../i18n/text.js';
import { hoursIssues, normalizedHours, OpeningHours } from './hours.js';
import { type SettingsChanges, updateSettings } from './repo.js';
import { TRANSLATED_SETTINGS } from './schema.js';

const LocaleCode = Type.Union(LOCALES.map((l) => Type.Literal(l)));
const text = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const SettingsInput = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    logo_url: Type.Optional(UrlOrEmpty),
    cover_image_url: Type.Optional(Type.Union([UrlOrEmpty, Type.Null()])),
    // Translated texts: a plain string sets the default locale's text, an object every translation;
    // `<field>_translations` (as GET shows it) is accepted too and applied first.
    cover_charge_text: Type.Optional(TranslatableInput(500)),
    cover_charge_text_translations: Type.Optional(TranslationsInput({ requiredItalian: false, maxLength: 500 })),
    allergen_info: Type.Optional(TranslatableInput(5000)),
    allergen_info_translations: Type.Optional(TranslationsInput({ requiredItalian: false, maxLength: 5000 })),
    review_url: Type.Optional(UrlOrEmpty),
    recommended_label: Type.Optional(TranslatableInput(100)),
    recommended_label_translations: Type.Optional(TranslationsInput({ requiredItalian: false, maxLength: 100 })),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
    business_name: text(200),
    vat_number: text(32),
    address: text(500),
    phone: text(50),
    email: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 254, format: 'email' })])),
    default_locale: Type.Optional(LocaleCode),
    supported_locales: Type.Optional(Type.Array(LocaleCode, { minItems: 1, maxItems: 5, uniqueItems: true })),
    is_active: Type.Optional(Type.Boolean()),
    timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    opening_hours: Type.Optional(OpeningHours),
  },
  { additionalProperties: false },
);
export type SettingsInput = Static<typeof SettingsInput>;

export async function updateRestaurantSettings(w: MenuWrite, input: SettingsInput): Promise<void> {
  const current = await findSettings(w.trx, w.tenantId);
  const supported: string[] = input.supported_locales ?? parseJson<string[]>(current.supported_locales, []);
  const defaultLocale = input.default_locale ?? current.default_locale;
  const issues: FieldIssue[] = [];
  if (!supported.includes(defaultLocale)) issues.push({ field: 'default_locale', rule: 'locale_in_supported' });
  const timezone = input.timezone === undefined ? undefined : canonicalTimezone(input.timezone);
  if (input.timezone !== undefined && timezone === undefined) issues.push({ field: 'timezone', rule: 'in' });
  if (input.currency !== undefined && !Intl.supportedValuesOf('currency').includes(input.currency)) {
    issues.push({ field: 'currency', rule: 'in' });
  }
  if (input.opening_hours !== undefined) issues.push(...hoursIssues(input.opening_hours));
  // A restaurant made by sign-up goes public only once its owner's e-mail is verified.
  if (input.is_active === true && !current.is_active && (await awaitingVerification(w.trx, w.tenantId))) {
    issues.push({ field: 'is_active', rule: 'email_unverified' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  const {
    is_active,
    opening_hours,
    supported_locales,
    cover_charge_text,
    cover_charge_text_translations,
    allergen_info,
    allergen_info_translations,
    recommended_label,
    recommended_label_translations,
    ...rest
  } = input;
  const given = {
    cover_charge_text: [cover_charge_text_translations, cover_charge_text],
    allergen_info: [allergen_info_translations, allergen_info],
    recommended_label: [recommended_label_translations, recommended_label],
  } as const;
  const oldDefault = isLocale(current.default_locale) ? current.default_locale : 'it';
  const newDefault = isLocale(defaultLocale) ? defaultLocale : 'it';
  const texts: SettingsChanges = {};
  for (const field of TRANSLATED_SETTINGS) {
    let translations = storedTranslations(current[`${field}_translations`], current[field], oldDefault);
    let json = JSON.stringify(translations);
    for (const value of given[field]) {
      if (value === undefined) continue;
      ({ json } = writeTranslatable(value as string | Translations, translations, newDefault));
      translations = JSON.parse(json) as Translations;
    }
    // The plain column always holds the (possibly new) default locale's text.
    texts[field] = pickText(translations, newDefault, newDefault);
    texts[`${field}_translations`] = json;
  }
  const changes: SettingsChanges = {
    ...rest,
    ...texts,
    ...(timezone === undefined ? {} : { timezone }),
    ...(is_active === undefined ? {} : { is_active: Number(is_active) }),
    ...(supported_locales === undefined ? {} : { supported_locales: JSON.stringify(supported_locales) }),
    ...(opening_hours === undefined ? {} : { opening_hours: JSON.stringify(normalizedHours(opening_hours)) }),
  };
  if (!changesAnything(current, changes)) return;
  const after = await updateSettings(w.trx, w.tenantId, changes, nowIso());
  w.record({ resource: 'settings', id: after.id, action: 'updated', before: current, after });
}

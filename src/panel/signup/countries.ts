// The countries sign-up offers and what each proposes for a new restaurant: the menu's language
// (one of the service's five; English where the country's own is not among them), the currency
// prices are shown in, and the time zone (the capital's, for countries with several).
import type { Locale } from '../../i18n/locales.js';

export interface CountryDefaults {
  locale: Locale;
  currency: string;
  timezone: string;
}

export const COUNTRIES: Readonly<Record<string, CountryDefaults>> = {
  IT: { locale: 'it', currency: 'EUR', timezone: 'Europe/Rome' },
  SM: { locale: 'it', currency: 'EUR', timezone: 'Europe/San_Marino' },
  VA: { locale: 'it', currency: 'EUR', timezone: 'Europe/Vatican' },
  CH: { locale: 'de', currency: 'CHF', timezone: 'Europe/Zurich' },
  FR: { locale: 'fr', currency: 'EUR', timezone: 'Europe/Paris' },
  MC: { locale: 'fr', currency: 'EUR', timezone: 'Europe/Monaco' },
  BE: { locale: 'fr', currency: 'EUR', timezone: 'Europe/Brussels' },
  LU: { locale: 'fr', currency: 'EUR', timezone: 'Europe/Luxembourg' },
  DE: { locale: 'de', currency: 'EUR', timezone: 'Europe/Berlin' },
  AT: { locale: 'de', currency: 'EUR', timezone: 'Europe/Vienna' },
  LI: { locale: 'de', currency: 'CHF', timezone: 'Europe/Vaduz' },
  ES: { locale: 'es', currency: 'EUR', timezone: 'Europe/Madrid' },
  AD: { locale: 'es', currency: 'EUR', timezone: 'Europe/Andorra' },
  MX: { locale: 'es', currency: 'MXN', timezone: 'America/Mexico_City' },
  AR: { locale: 'es', currency: 'ARS', timezone: 'America/Argentina/Buenos_Aires' },
  GB: { locale: 'en', currency: 'GBP', timezone: 'Europe/London' },
  IE: { locale: 'en', currency: 'EUR', timezone: 'Europe/Dublin' },
  MT: { locale: 'en', currency: 'EUR', timezone: 'Europe/Malta' },
  NL: { locale: 'en', currency: 'EUR', timezone: 'Europe/Amsterdam' },
  PT: { locale: 'en', currency: 'EUR', timezone: 'Europe/Lisbon' },
  GR: { locale: 'en', currency: 'EUR', timezone: 'Europe/Athens' },
  HR: { locale: 'en', currency: 'EUR', timezone: 'Europe/Zagreb' },
  SI: { locale: 'en', currency: 'EUR', timezone: 'Europe/Ljubljana' },
  DK: { locale: 'en', currency: 'DKK', timezone: 'Europe/Copenhagen' },
  SE: { locale: 'en', currency: 'SEK', timezone: 'Europe/Stockholm' },
  NO: { locale: 'en', currency: 'NOK', timezone: 'Europe/Oslo' },
  PL: { locale: 'en', currency: 'PLN', timezone: 'Europe/Warsaw' },
  CZ: { locale: 'en', currency: 'CZK', timezone: 'Europe/Prague' },
  US: { locale: 'en', currency: 'USD', timezone: 'America/New_York' },
  CA: { locale: 'en', currency: 'CAD', timezone: 'America/Toronto' },
  AU: { locale: 'en', currency: 'AUD', timezone: 'Australia/Sydney' },
};

export const DEFAULT_COUNTRY = 'IT';

/** The visitor's country guessed from the browser's languages (`it-CH` → CH, `de` → DE), else Italy. */
export function countryFromLanguages(acceptLanguage: string | undefined): string {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().split(';')[0] ?? '';
    const [language = '', region = ''] = tag.split('-');
    if (region && COUNTRIES[region.toUpperCase()]) return region.toUpperCase();
    const own = language.toUpperCase() === 'EN' ? 'GB' : language.toUpperCase();
    if (COUNTRIES[own]) return own;
  }
  return DEFAULT_COUNTRY;
}

/** The countries in the visitor's language, sorted by their names there. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return Object.keys(COUNTRIES)
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

// The five service locales and how a requested locale is resolved.
export const LOCALES = ['it', 'en', 'fr', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language of a tag: `en-GB`, `de_CH` and `EN` are English, German and English. */
export function languageOf(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/, 1)[0];
}

/** Spec: an unsupported locale is served in Italian; a tag with a region falls back to its language first. */
export function resolveLocale(requested: string | undefined, fallback: Locale): Locale {
  if (requested === undefined || requested === '') return fallback;
  const code = languageOf(requested);
  return isLocale(code) ? code : 'it';
}

/**
 * The locale a public read is served in: the requested one when the restaurant offers it;
 * otherwise (not offered, unknown, any text) Italian when offered, else the default locale.
 * No request for a locale gives the default locale.
 */
export function servedLocaleFrom(
  defaultLocale: Locale,
  offered: readonly string[],
  requested: string | undefined,
): Locale {
  if (requested === undefined || requested === '') return defaultLocale;
  const code = languageOf(requested);
  if (isLocale(code) && (offered.includes(code) || code === defaultLocale)) return code;
  return offered.includes('it') ? 'it' : defaultLocale;
}

// The five service locales and how a requested locale is resolved.
export const LOCALES = ['it', 'en', 'fr', 'de', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Spec: an unsupported locale is served in Italian. */
export function resolveLocale(requested: string | undefined, fallback: Locale): Locale {
  if (requested === undefined || requested === '') return fallback;
  const code = requested.toLowerCase();
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
  const code = requested.toLowerCase();
  if (isLocale(code) && (offered.includes(code) || code === defaultLocale)) return code;
  return offered.includes('it') ? 'it' : defaultLocale;
}

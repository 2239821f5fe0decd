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

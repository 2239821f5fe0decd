// The locale of error and validation messages: Accept-Language when it names a service locale, else Italian.
import { isLocale, type Locale } from '../i18n/locales.js';

export function messageLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'it';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((e) => e.q > 0 && isLocale(e.code))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.length > 0 ? (ranked[0].code as Locale) : 'it';
}

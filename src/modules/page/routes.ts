// GET / : the public menu page diners reach from the QR code, and its one script.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { publicContext } from '../../catalog/context.js';
import { defaultLocaleOf, type MenuSnapshot, servedLocale } from '../../catalog/snapshot.js';
import { isLocale, type Locale } from '../../i18n/locales.js';
import { menuData } from '../menu/compose.js';
import { matchesEtag } from '../menu/document.js';
import { MENU_SCRIPT } from './menu-script.js';
import { renderMenuPage } from './render.js';

const SCRIPT = Buffer.from(MENU_SCRIPT);
const SCRIPT_ETAG = `"${createHash('sha1').update(SCRIPT).digest('base64url')}"`;

const CSP = [
  "default-src 'none'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline' https:",
  "font-src 'self' https: data:",
  "script-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** ?lang= first, then the first Accept-Language the restaurant offers, then its default. */
function pageLocale(snapshot: MenuSnapshot, lang: string | undefined, acceptLanguage: string | undefined): Locale {
  const fallback = defaultLocaleOf(snapshot);
  if (lang) return servedLocale(snapshot, lang);
  const offered = new Set(JSON.parse(snapshot.settings.supported_locales) as string[]);
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(code) && offered.has(code)) return code;
  }
  return fallback;
}

interface CachedPage {
  body: Buffer;
  etag: string;
}

export const pageRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      // No query schema: a diner's odd URL (?lang=en&lang=de) still gets the page, never a JSON error.
    },
    async (request, reply) => {
      const { snapshot, openKey } = await publicContext(app, request);
      const lang = (request.query as { lang?: string | string[] }).lang;
      const locale = pageLocale(snapshot, Array.isArray(lang) ? lang[0] : lang, request.headers['accept-language']);
      // Cached with the snapshot like the JSON document: rendered once per version, locale and open sections.
      const key = `page|${locale}|${openKey}`;
      let page = snapshot.documents.get(key) as CachedPage | undefined;
      if (!page) {
        const body = Buffer.from(renderMenuPage(menuData(snapshot, openKey, locale), locale));
        page = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        snapshot.documents.set(key, page);
      }
      reply
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'same-origin')
        .header('cache-control', 'public, no-cache')
        .header('vary', 'Accept-Language')
        .header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(page.body);
    },
  );

  app.get('/assets/menu.js', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('etag', SCRIPT_ETAG);
    if (matchesEtag(request.headers['if-none-match'], SCRIPT_ETAG)) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(SCRIPT);
  });
};

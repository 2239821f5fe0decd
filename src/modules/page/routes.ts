// GET / : the public menu page diners reach from the QR code, and its one script.
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { type Schedule, scheduleOf } from '../../catalog/snapshot.js';
import { isLocale, type Locale, resolveLocale } from '../../i18n/locales.js';
import { menuData } from '../menu/compose.js';
import { matchesEtag, negotiateEncoding } from '../menu/document.js';
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
function pageLocale(schedule: Schedule, lang: string | undefined, acceptLanguage: string | undefined): Locale {
  const fallback = schedule.defaultLocale;
  if (lang) return resolveLocale(lang, fallback);
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isLocale(code) && schedule.supportedLocales.includes(code)) return code;
  }
  return fallback;
}

const PAGE_HEADERS = Object.freeze({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'cache-control': 'public, no-cache',
  vary: 'Accept-Language, Accept-Encoding',
});

export const pageRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      // No query schema: a diner's odd URL (?lang=en&lang=de) still gets the page, never a JSON error.
    },
    async (request, reply) => {
      const tenant = request.tenant;
      const lang = (request.query as { lang?: string | string[] }).lang;
      const acceptLanguage = request.headers['accept-language'];
      // Cached like the JSON document: rendered once per version, locale and open sections, compressed once per encoding.
      const schedule = app.snapshots.schedule(tenant);
      let doc = schedule
        ? app.documents.peek(
            tenant.id,
            tenant.menuVersion,
            `page|${pageLocale(schedule, Array.isArray(lang) ? lang[0] : lang, acceptLanguage)}|${app.snapshots.scheduleKey(schedule)}`,
          )
        : undefined;
      if (!doc) {
        const snapshot = await app.snapshots.get(tenant);
        const current = app.snapshots.schedule(tenant) ?? scheduleOf(snapshot);
        const openKey = app.snapshots.openKey(snapshot, snapshot.settings.timezone);
        const locale = pageLocale(current, Array.isArray(lang) ? lang[0] : lang, acceptLanguage);
        doc = app.documents.document(snapshot.tenantId, snapshot.version, `page|${locale}|${openKey}`, () => ({
          body: Buffer.from(renderMenuPage(menuData(snapshot, openKey, locale), locale)),
          headers: PAGE_HEADERS,
        }));
      }
      const rep = await app.documents.representation(doc, negotiateEncoding(request.headers['accept-encoding']));
      if (matchesEtag(request.headers['if-none-match'], rep.etag, rep.formerEtag)) {
        const {
          'content-type': _type,
          'content-length': _length,
          'content-encoding': _encoding,
          ...kept
        } = rep.headers;
        return reply.code(304).headers(kept).send();
      }
      return reply.headers(rep.headers).send(rep.body);
    },
  );

  app.get('/assets/menu.js', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300').header('etag', SCRIPT_ETAG);
    if (matchesEtag(request.headers['if-none-match'], SCRIPT_ETAG)) return reply.code(304).send();
    return reply.type('text/javascript; charset=utf-8').send(SCRIPT);
  });
};

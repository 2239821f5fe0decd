// GET / : the public menu page diners reach from the QR code, and its one script.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Schedule, scheduleOf } from '../../catalog/snapshot.js';
import { isLocale, type Locale, servedLocaleFrom } from '../../i18n/locales.js';
import { menuData } from '../menu/compose.js';
import { matchesEtag, negotiateEncoding } from '../menu/document.js';
import { stateId } from '../menu/live.js';
import { qrAddresses } from '../qr/address.js';
import { registerFonts } from './fonts.js';
import { HEAD_SCRIPT_HASH, MENU_SCRIPT, MENU_SCRIPT_VERSION } from './menu-script.js';
import { registerServiceWorker } from './offline.js';
import { type PageFilter, pageImages, parseFilter, renderMenuPage } from './render.js';
import { textAsset } from './text-asset.js';

const SCRIPT = textAsset(Buffer.from(MENU_SCRIPT), 'text/javascript; charset=utf-8');

const CSP = [
  "default-src 'none'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline' https:",
  "font-src 'self' https: data:",
  // The page's own script, and the one line in its head that marks it as scripted (menu-script.ts).
  `script-src 'self' ${HEAD_SCRIPT_HASH}`,
  "connect-src 'self'",
  "base-uri 'none'",
  // The allergen filter is a GET form to this same page.
  "form-action 'self'",
  // Restaurants embed their menu in their own web site: the page changes nothing, so any site may frame it.
  'frame-ancestors *',
].join('; ');

/** ?lang= first, then the first Accept-Language the restaurant offers, then its default. */
function pageLocale(schedule: Schedule, lang: string | undefined, acceptLanguage: string | undefined): Locale {
  const fallback = schedule.defaultLocale;
  if (lang) return servedLocaleFrom(fallback, schedule.supportedLocales, lang);
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
  // The public address (own domain or the service's), looked up once per menu version.
  const addressOf = qrAddresses(app);
  /** The menu page (or its A4 form): cached like the JSON document, per version, locale, open sections and filter. */
  // The page takes any query (a diner's link may carry anything); each value is checked where read.
  type PageRequest = FastifyRequest<{ Querystring: Record<string, unknown> }>;
  const servePage = (print: boolean) => async (request: PageRequest, reply: FastifyReply) => {
    const tenant = request.tenant;
    const query = request.query;
    const lang = Array.isArray(query.lang) ? query.lang[0] : query.lang;
    const langCode = typeof lang === 'string' ? lang : undefined;
    const acceptLanguage = request.headers['accept-language'];
    const filter: PageFilter = print ? { exclude: [], diet: [] } : parseFilter(query);
    const variant = `${print ? 'print' : 'page'}|${filter.exclude.join(',')}|${filter.diet.join(',')}|${filter.traces ? 't' : ''}`;
    const schedule = app.snapshots.schedule(tenant);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    // In memory, else on disk (menu/disk-tier.ts), else built below.
    let doc = schedule
      ? app.documents.lookup(
          tenant.id,
          tenant.menuVersion,
          `${variant}|${pageLocale(schedule, langCode, acceptLanguage)}|${app.snapshots.scheduleKey(schedule)}`,
          encoding,
        )
      : undefined;
    if (!doc) {
      const snapshot = await app.snapshots.get(tenant);
      // The canonical, Open Graph and JSON-LD address: the restaurant's own domain when it has one.
      const address = await addressOf(tenant);
      const current = app.snapshots.schedule(tenant) ?? scheduleOf(snapshot);
      const openKey = app.snapshots.openKey(snapshot, snapshot.settings.timezone);
      const locale = pageLocale(current, langCode, acceptLanguage);
      const key = `${variant}|${locale}|${openKey}`;
      // Before a schedule was known (a restart): the disk tier may hold it still.
      doc = schedule ? undefined : app.documents.lookup(snapshot.tenantId, snapshot.version, key, encoding);
      doc ??= app.documents.document(snapshot.tenantId, snapshot.version, key, () => ({
        body: Buffer.from(
          renderMenuPage({
            data: menuData(snapshot, openKey, locale),
            locale,
            images: pageImages(snapshot),
            filter,
            address,
            print,
            state: stateId(snapshot.version, openKey),
          }).toString(),
        ),
        headers: PAGE_HEADERS,
      }));
    }
    const rep = await app.documents.representation(doc, encoding);
    if (matchesEtag(request.headers['if-none-match'], rep.etag, rep.formerEtag)) {
      const { 'content-type': _type, 'content-length': _length, 'content-encoding': _encoding, ...kept } = rep.headers;
      return reply.code(304).headers(kept).send();
    }
    return reply.headers(rep.headers).send(rep.body);
  };

  // No query schema: a diner's odd URL (?lang=en&lang=de) still gets the page, never a JSON error.
  app.get('/', servePage(false));
  // The same menu for A4 paper: every dish open, prices, allergens and their legend, no controls.
  app.get('/print', servePage(true));

  // The theme's font, when it is one of the bundled families (fonts.ts).
  registerFonts(app);
  // The service worker that keeps the menu readable offline (offline.ts).
  registerServiceWorker(app);

  // Pages ask for the script by its version (?v=): that address never changes its bytes, so it is
  // kept for a year; an old or missing version gets today's script, kept briefly.
  app.get<{ Querystring: { v?: string } }>('/assets/menu.js', async (request, reply) =>
    SCRIPT.send(
      request,
      reply,
      request.query.v === MENU_SCRIPT_VERSION ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    ),
  );
};

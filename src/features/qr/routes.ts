// GET /qr.svg and /qr.png (?table=12): the restaurant's QR code; GET /qr/tables?from=1&to=12: an
// A4 sheet of table cards to print and cut. Public like the menu they point to (they carry
// nothing but its address); the panel and `menu qr` link here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { NotFoundError } from '../../core/errors.js';
import { type Html, html, raw, sendHtml } from '../../http/html.js';
import { qrAddresses } from './address.js';
import { ByteLru } from './cache.js';
import { CARD_TEXTS, menuLink, qrPng, qrSvg, TABLE_LABEL } from './codes.js';
import { svgCodes } from './svg-codes.js';

const CACHE = 'public, max-age=300';

const MAX_CARDS = 200;

/** The sheet's own stylesheet: fixed text, not data. */
const SHEET_STYLE = raw(`<style>
@page{size:A4;margin:10mm}body{margin:0;font-family:Georgia,serif;color:#000;background:#fff}
.sheet{display:grid;grid-template-columns:repeat(2,1fr);gap:6mm;padding:6mm}
.card{margin:0;border:1px dashed #999;padding:5mm;text-align:center;break-inside:avoid;height:85mm;display:flex;flex-direction:column;align-items:center;justify-content:center}
.card svg{width:52mm;height:52mm}figcaption{display:flex;flex-direction:column;gap:1mm}strong{font-size:13pt}span{font-size:16pt}small{font-size:9pt}
</style>`);

/** The query of the QR routes, as sent: every value is checked where it is read. */
type QrQuery = { table?: unknown; from?: unknown; to?: unknown };

function tableOf(query: QrQuery): string | undefined {
  const table = query.table;
  if (table === undefined || table === '') return undefined;
  if (typeof table !== 'string' || !TABLE_LABEL.test(table)) throw new NotFoundError();
  return table;
}

const intParam = (value: unknown, fallback: number) =>
  typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : fallback;

export async function qrRoutes(app: FastifyInstance): Promise<void> {
  // The restaurant's own domain when it has one (address.ts), looked up once per menu version.
  const addressOf = qrAddresses(app);
  const address = (request: FastifyRequest) => addressOf(request.tenant);
  // Codes by the link they open (so by address and table), sheets by restaurant, menu version and range.
  const svgs = new ByteLru<string>(8 * 1024 * 1024);
  const pngs = new ByteLru<Buffer>(8 * 1024 * 1024);
  const sheets = new ByteLru<string>(16 * 1024 * 1024);
  const svgOf = (link: string) => svgs.getOrMake(link, () => qrSvg(link));
  // A sheet's codes: many at once, drawn by a worker.
  const codes = svgCodes(app.jobs);

  app.get<{ Querystring: QrQuery }>('/qr.svg', async (request, reply) => {
    const svg = await svgOf(menuLink(await address(request), tableOf(request.query)));
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', CACHE).send(svg);
  });

  app.get<{ Querystring: QrQuery }>('/qr.png', async (request, reply) => {
    const link = menuLink(await address(request), tableOf(request.query));
    const png = await pngs.getOrMake(link, () => qrPng(link));
    return reply.type('image/png').header('cache-control', CACHE).send(png);
  });

  app.get<{ Querystring: QrQuery }>('/qr/tables', async (request, reply) => {
    const q = request.query;
    const from = Math.max(1, intParam(q.from, 1));
    const to = Math.min(from + MAX_CARDS - 1, Math.max(from, intParam(q.to, from + 11)));
    const base = await address(request);
    const key = `${request.tenant.id}|${request.tenant.menuVersion}|${base}|${from}|${to}`;
    const page = await sheets.getOrMake(key, async () => {
      const snapshot = await app.snapshots.get(request.tenant);
      const locale = defaultLocaleOf(snapshot);
      const t = CARD_TEXTS[locale];
      const name = snapshot.settings.name;
      const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const svgs = await codes(
        numbers.map((n) => menuLink(base, String(n))),
        String(request.tenant.id),
      );
      const cards: Html[] = [];
      for (const [i, n] of numbers.entries()) {
        // The SVG is drawn by the qrcode library from our own address: trusted markup.
        const svg = raw(svgs[i]!);
        cards.push(
          html`<figure class="card">${svg}<figcaption><strong>${name}</strong><span>${t.table} ${n}</span><small>${t.scan}</small></figcaption></figure>`,
        );
      }
      return String(
        html`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${name} · QR</title>${SHEET_STYLE}</head><body><main class="sheet">${cards}</main></body></html>`,
      );
    });
    reply
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .header('cache-control', 'no-cache');
    return sendHtml(reply, raw(page));
  });
}

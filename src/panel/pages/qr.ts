// /admin/qr: the restaurant's QR code and one per table (a range, names, or both), previewed from
// the public /qr.svg and downloadable as PNG and SVG (the same cached routes diners' codes come
// from), and /admin/qr/sheet: the table cards to print, an HTML sheet sized for A4 (@page), four
// cards a page with the restaurant's logo in the middle of each code (error correction H keeps it
// readable), the theme's colours, the name, the table and the address in words; /admin/qr/sheet.pdf
// the same cards as a print-ready A4 PDF (qr-pdf.ts). Codes open the restaurant's own domain when
// it has one (features/qr/address.ts, read on every panel request). The sheets are for signed-in users only, the PDF kept per
// menu version and table list.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { UnavailableError } from '../../core/errors.js';
import { qrAddress } from '../../features/qr/address.js';
import { ByteLru } from '../../features/qr/cache.js';
import { CARD_TEXTS, menuLink, TABLE_LABEL } from '../../features/qr/codes.js';
import { svgCodes } from '../../features/qr/svg-codes.js';
import { type Html, html, raw, sendHtml } from '../../http/html.js';
import { findMediaFile } from '../../resources/media/repo.js';
import { mediaName, mediaUrl, parseImageRef } from '../../resources/media/urls.js';
import { JobRefusedError } from '../../runtime/worker-pool.js';
import { assetUrl } from '../assets.js';
import { type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { markFirstRun } from '../first-run/state.js';
import { notice } from '../forms.js';
import { renderPage } from '../layout.js';
import { readPreference, writePreference } from '../repo.js';
import { type CardSheet, QR_PDF_MODULE } from './qr-pdf.js';
import { type QrTexts, qrTexts } from './qr-texts.js';

/** Cards on one sheet at most (a 200-card PDF takes ~1 s of a worker's CPU). */
export const MAX_TABLES = 200;
const DEFAULT_TABLES = '1-12';
/** The panel_preferences row of the tables last typed. */
const QR_TABLES = 'qr_tables';

/** "1-12, terrace bar" → ['1', …, '12', 'terrace', 'bar']; the words that are not table names apart. */
export function parseTables(spec: string): { tables: string[]; bad: string[]; tooMany: boolean } {
  const tables: string[] = [];
  const bad: string[] = [];
  let tooMany = false;
  const add = (name: string) => {
    if (tables.includes(name)) return;
    if (tables.length >= MAX_TABLES) tooMany = true;
    else tables.push(name);
  };
  for (const word of spec.split(/[\s,;]+/).filter(Boolean)) {
    const range = /^(\d{1,4})-(\d{1,4})$/.exec(word);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (from > to || to - from >= MAX_TABLES) tooMany = true;
      else for (let n = from; n <= to; n++) add(String(n));
    } else if (TABLE_LABEL.test(word)) add(word);
    else bad.push(word);
  }
  return { tables, bad, tooMany };
}

/** Links to one code's files, each saved under its own name (qr-table-3.png), not all as qr.png. */
function downloads(q: QrTexts, table: string | undefined, label: string): Html {
  const query = table === undefined ? '' : `?table=${encodeURIComponent(table)}`;
  const file = table === undefined ? 'qr-menu' : `qr-table-${table}`;
  return html`<p class="downloads"><a href="/qr.png${query}" download="${file}.png" aria-label="${q.download(q.png)}: ${label}">${q.png}</a> · <a href="/qr.svg${query}" download="${file}.svg" aria-label="${q.download(q.svg)}: ${label}">${q.svg}</a></p>`;
}

function page(ctx: PanelContext, base: string, spec: string): Html {
  const q = qrTexts(ctx.locale);
  const { tables, bad, tooMany } = parseTables(spec);
  const link = menuLink(base);
  const problems = [bad.length ? q.badTables(bad.join(', ')) : '', tooMany ? q.tooMany : ''].filter(Boolean);
  const cards = tables.map((name) => {
    const tableLink = menuLink(base, name);
    return html`<li class="qr-card"><h3>${q.tableCard(name)}</h3><img src="/qr.svg?table=${encodeURIComponent(name)}" alt="${q.alt(tableLink)}" width="160" height="160"><p class="hint">${tableLink}</p>${downloads(q, name, q.tableCard(name))}</li>`;
  });
  // One form, three buttons: each sends what is typed now, so "Show" is never needed first.
  const form = html`<form method="get" action="/admin/qr" class="qr-tables"><div class="field"><label for="f-tables">${q.tablesLabel}</label><p class="hint" id="f-tables-hint">${q.tablesHint} ${q.remembered}</p><input id="f-tables" name="tables" type="text" value="${spec}" aria-describedby="f-tables-hint" autocomplete="off"></div>
<div class="actions"><button type="submit" class="primary" formaction="/admin/qr/sheet.pdf">${q.print}</button><button type="submit" formaction="/admin/qr/sheet">${q.printPage}</button><button type="submit" formaction="/admin/qr">${q.show}</button></div><p class="hint">${q.printHint}</p></form>`;
  const body = html`<p>${q.intro}</p>
<section aria-labelledby="qr-restaurant"><h2 id="qr-restaurant">${q.restaurant}</h2>
<div class="qr-card"><img src="/qr.svg" alt="${q.alt(link)}" width="200" height="200"><p>${q.opens}: <a href="${link}">${link}</a></p>${downloads(q, undefined, q.restaurant)}</div></section>
<section aria-labelledby="qr-tables"><h2 id="qr-tables">${q.tables}</h2>
${problems.length ? notice('error', problems.join(' ')) : ''}${form}${tables.length ? html`<h3>${q.rangeFor(tables.length)}</h3><ul class="qr-grid">${cards}</ul>` : ''}</section>`;
  return renderPage(ctx, { title: q.title, body, active: 'qr' });
}

/** A colour of the theme as CSS, or the fallback (the theme's rules keep them #RRGGBB). */
const color = (value: string | null | undefined, fallback: string) =>
  value && /^#[0-9A-Fa-f]{3,8}$/.test(value) ? value : fallback;

/** The sheet's own policy: its inline styles, the code's SVG, the logo from here or an https address. */
const SHEET_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: https:; base-uri 'none'; frame-ancestors 'none'";

export function registerQr(app: FastifyInstance): void {
  const addressOf = (tenant: { id: number; slug: string; menuVersion: number }) => qrAddress(app, tenant);
  const pdfs = new ByteLru<Buffer>(16 * 1024 * 1024);
  const codes = svgCodes(app.jobs);

  /**
   * The tables this request asks for: what was typed (remembered for the restaurant when it reads
   * as tables), else what was remembered, else 1-12.
   */
  const tablesAsked = async (request: FastifyRequest): Promise<{ spec: string; ok: boolean }> => {
    const typed = queryParam(request, 'tables')?.trim().slice(0, 500);
    if (typed === undefined) {
      const kept = await readPreference(app.database.db, request.tenant.id, QR_TABLES);
      return { spec: kept ?? DEFAULT_TABLES, ok: true };
    }
    const { tables, bad, tooMany } = parseTables(typed);
    const ok = tables.length > 0 && bad.length === 0 && !tooMany;
    if (ok) await writePreference(app.database.db, request.tenant.id, QR_TABLES, typed, new Date().toISOString());
    return { spec: typed, ok };
  };
  /** A sheet asked for with words that are not tables goes back to the page, which says which. */
  const refused = (reply: FastifyReply, spec: string) =>
    seeOther(reply, `/admin/qr?tables=${encodeURIComponent(spec)}`);

  app.get('/qr', async (request, reply) => {
    const base = await addressOf(request.tenant);
    const { spec } = await tablesAsked(request);
    return sendPage(reply, page(request.panel, base, spec));
  });

  app.get('/qr/sheet.pdf', async (request, reply) => {
    const base = await addressOf(request.tenant);
    const asked = await tablesAsked(request);
    if (!asked.ok) return refused(reply, asked.spec);
    const { tables } = parseTables(asked.spec);
    const tenant = request.tenant;
    const key = `${tenant.id}|${tenant.menuVersion}|${base}|${tables.join(',')}`;
    const pdf = await pdfs.getOrMake(key, async () => {
      const snapshot = await ownerSnapshot(app, tenant.id);
      const { settings, theme } = snapshot;
      // The uploaded logo's 192 px JPEG (or its largest when smaller): sharp enough at 14 mm.
      const ref = parseImageRef(settings.logo_image);
      const width = ref ? (ref.widths.find((w) => w >= 192) ?? Math.max(...ref.widths)) : 0;
      const logo = ref ? await findMediaFile(app.database.db, tenant.id, mediaName(ref.key, width, 'jpg')) : undefined;
      const sheet: CardSheet = {
        name: settings.name,
        address: settings.address ?? '',
        locale: defaultLocaleOf(snapshot),
        base,
        tables,
        colors: { primary: theme.primary_color, background: theme.background_color, text: theme.text_color },
        logo: logo?.body,
      };
      // Built by a worker thread, one sheet per restaurant at a time: other restaurants' requests
      // never wait for it. A full queue or a stopping server: 503 with Retry-After.
      const bytes = await app.jobs
        .run<Uint8Array>({ module: QR_PDF_MODULE, fn: 'tableCardsPdf', args: [sheet], owner: String(tenant.id) })
        .catch((err: unknown) => {
          throw err instanceof JobRefusedError ? new UnavailableError(err.retryAfterSeconds) : err;
        });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
    // The first-run checklist's "print QR cards" step is done with the first sheet downloaded.
    await markFirstRun(app.database.db, tenant.id, 'qr', Date.now());
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${request.tenant.slug}-table-cards.pdf"`)
      .send(pdf);
  });

  app.get('/qr/sheet', async (request, reply) => {
    const ctx = request.panel;
    const base = await addressOf(request.tenant);
    const asked = await tablesAsked(request);
    if (!asked.ok) return refused(reply, asked.spec);
    const { tables } = parseTables(asked.spec);
    const q = qrTexts(ctx.locale);
    const snapshot = await ownerSnapshot(app, ctx.tenantId);
    const locale = defaultLocaleOf(snapshot);
    const words = CARD_TEXTS[locale];
    const { settings, theme } = snapshot;
    // The logo as the API reports it: an uploaded one first, else the address typed in the settings.
    const logoUrl = mediaUrl(settings.logo_image) ?? settings.logo_url;
    const logo = logoUrl ? html`<img class="logo" src="${logoUrl}" alt="">` : '';
    const links = tables.map((name) => menuLink(base, name));
    const svgs = await codes(links, String(request.tenant.id));
    const cards: Html[] = [];
    for (const [i, name] of tables.entries()) {
      const link = links[i]!;
      // The SVG is drawn by the qrcode library from our own address: trusted markup.
      const svg = raw(svgs[i]!);
      cards.push(
        html`<figure class="card"><div class="name">${settings.name}</div><div class="code">${svg}${logo}</div><figcaption><span class="table">${words.table} ${name}</span><small>${words.scan}</small><span class="link">${link.replace(/^https?:\/\//, '')}</span>${settings.address ? html`<span class="address">${settings.address}</span>` : ''}</figcaption></figure>`,
      );
    }
    const primary = color(theme.primary_color, '#222222');
    const background = color(theme.background_color, '#ffffff');
    const text = color(theme.text_color, '#000000');
    const style = html`<style>
@page{size:A4;margin:8mm}*{box-sizing:border-box}body{margin:0;font-family:Georgia,serif;color:${text};background:#fff}
.sheet{display:grid;grid-template-columns:repeat(2,1fr);gap:6mm}
.card{margin:0;height:136mm;border:1.2mm solid ${primary};border-radius:4mm;background:${background};padding:5mm;display:flex;flex-direction:column;align-items:center;justify-content:space-between;text-align:center;break-inside:avoid}
.name{font-size:16pt;font-weight:700;color:${primary}}
.code{position:relative;width:68mm;height:68mm;background:#fff}.code svg{width:100%;height:100%;display:block}
.logo{position:absolute;left:50%;top:50%;width:14mm;height:14mm;transform:translate(-50%,-50%);object-fit:contain;background:#fff;padding:1mm;border-radius:1mm}
figcaption{display:flex;flex-direction:column;gap:1.5mm}.table{font-size:20pt;font-weight:700}small{font-size:9pt}.link{font-family:monospace;font-size:9pt}.address{font-size:9pt}
.tools{display:flex;flex-wrap:wrap;gap:8px;align-items:center;justify-content:center;padding:12px;font-family:system-ui,sans-serif;font-size:16px;background:#fff}
.tools button{font:inherit;padding:8px 20px;border:2px solid #222;border-radius:6px;background:#222;color:#fff;cursor:pointer}.tools a{color:#222}
@media screen{body{background:#ddd}.sheet{max-width:210mm;margin:0 auto;padding:8mm;background:#fff}}
@media screen and (max-width:640px){.sheet{grid-template-columns:1fr;padding:3mm;gap:4mm}.card{height:auto;gap:3mm}.code{width:min(68mm,100%);height:auto;aspect-ratio:1}}
@media print{.tools{display:none}}
</style>`;
    const tools = html`<div class="tools"><button type="button" class="print">${q.printNow}</button><a href="/admin/qr?tables=${encodeURIComponent(asked.spec)}">${q.title}</a><span>${q.sheetHint}</span></div>`;
    reply.header('content-security-policy', `${SHEET_CSP}; script-src 'self'`);
    return sendHtml(
      reply,
      html`<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${settings.name} · QR</title>${style}<script type="module" src="${assetUrl('qr-sheet.js')}"></script></head><body>${tools}<main class="sheet">${cards}</main></body></html>`,
    );
  });
}

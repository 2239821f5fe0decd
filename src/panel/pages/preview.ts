// GET /admin/theme/preview: the public menu page as diners would see it with the theme in the
// query (the unsaved form), for the theme page's iframe. Signed-in only, framed only by the panel,
// and no script at all (the page's analytics must not count the owner's previews). The page's
// inline styles are allowed by their hashes, so the policy stays free of 'unsafe-inline'.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { localMoment, wallClockInstant } from '../../catalog/clock.js';
import { defaultLocaleOf, openSetKey, servedLocale } from '../../catalog/snapshot.js';
import { dinerSnapshot } from '../../catalog/write.js';
import { publicAddress } from '../../config.js';
import { menuData } from '../../features/menu/compose.js';
import { pageImages, renderMenuPage } from '../../features/page/render.js';
import { html } from '../../http/html.js';
import { validate } from '../../http/validator.js';
import { ThemeInput } from '../../resources/theme/service.js';
import { type PanelLocale, queryParam, sendPage } from '../context.js';
import { asForm } from '../forms.js';
import { renderPage } from '../layout.js';
import { themeInput } from './theme-fields.js';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeAttribute = (v: string) => v.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);

/** The policy for one rendered page: its own <style> blocks and style attributes by hash, nothing else inline. */
export function previewPolicy(html: string): string {
  const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1]));
  const attributes = [...html.matchAll(/ style="([^"]*)"/g)].map((m) => hash(unescapeAttribute(m[1])));
  const styles = [...new Set([...blocks, ...attributes])];
  return [
    "default-src 'none'",
    "img-src 'self' https: data:",
    `style-src 'self' https: ${attributes.length ? "'unsafe-hashes' " : ''}${styles.join(' ')}`.trim(),
    "font-src 'self' https: data:",
    "script-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

const WORDS = {
  en: {
    title: 'The menu at a day and time',
    intro:
      'The public menu exactly as diners will see it at the day and time you choose: sections outside their schedule left out, sold-out marks that will have lapsed gone, texts to check in the default language.',
    day: 'Day',
    time: 'Time',
    language: 'Language',
    show: 'Show',
    frame: (day: string, time: string) => `The menu on ${day} at ${time}`,
    now: 'Now',
  },
  it: {
    title: 'Il menu a un giorno e un’ora',
    intro:
      'Il menu pubblico esattamente come lo vedranno i clienti al giorno e all’ora che scegli: senza le sezioni fuori dal loro orario, senza i segni di esaurito che saranno scaduti, con i testi da controllare nella lingua principale.',
    day: 'Giorno',
    time: 'Ora',
    language: 'Lingua',
    show: 'Mostra',
    frame: (day: string, time: string) => `Il menu del ${day} alle ${time}`,
    now: 'Adesso',
  },
};

/** The day and time asked for (`?day=2026-11-28&time=21:30`), else the restaurant's present minute. */
function momentAsked(query: (name: string) => string | undefined, timezone: string, now: number) {
  const here = localMoment(timezone, now);
  const day =
    /^\d{4}-\d\d-\d\d$/.test(query('day') ?? '') && !Number.isNaN(Date.parse(query('day')!)) ? query('day')! : here.day;
  const time = /^([01]\d|2[0-3]):[0-5]\d$/.test(query('time') ?? '') ? query('time')! : here.hhmm;
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return { day, time, at: wallClockInstant(timezone, day, hh, mm) };
}

/** The page's words (panel-agreement.test.ts reads every panel word table). */
export const previewTexts = (locale: PanelLocale) => WORDS[locale];

export function registerPreview(app: FastifyInstance): void {
  // The panel's page: the day, time and language, and the menu of that moment in a frame.
  app.get('/preview', async (request, reply) => {
    const ctx = request.panel;
    const w = WORDS[ctx.locale];
    const snapshot = await dinerSnapshot(app, request.tenant.id);
    const timezone = snapshot.settings.timezone;
    const asked = momentAsked((n) => queryParam(request, n), timezone, snapshot.now());
    const locale = servedLocale(snapshot, queryParam(request, 'lang'));
    const languages = JSON.parse(snapshot.settings.supported_locales) as string[];
    const query = new URLSearchParams({ day: asked.day, time: asked.time, lang: locale });
    const body = html`<p>${w.intro}</p>
<form method="get" action="/admin/preview" class="filters preview-moment"><fieldset><legend>${w.title}</legend>
<div class="field"><label for="f-day">${w.day}</label><input id="f-day" name="day" type="date" value="${asked.day}" required></div>
<div class="field"><label for="f-time">${w.time}</label><input id="f-time" name="time" type="time" value="${asked.time}" required></div>
<div class="field"><label for="f-lang">${w.language}</label><select id="f-lang" name="lang">${languages.map(
      (l) => html`<option value="${l}"${l === locale ? html` selected` : ''}>${l.toUpperCase()}</option>`,
    )}</select></div>
<div class="actions"><button type="submit">${w.show}</button> <a href="/admin/preview">${w.now}</a></div></fieldset></form>
<iframe class="moment-preview" src="/admin/preview/menu?${query.toString()}" title="${w.frame(asked.day, asked.time)}"></iframe>`;
    return sendPage(reply, renderPage(ctx, { title: w.title, body, active: 'menu' }));
  });

  // The public page of that moment: the diners' snapshot, the sections open then, the sold-out marks lapsed by then.
  app.get('/preview/menu', async (request, reply) => {
    const snapshot = await dinerSnapshot(app, request.tenant.id);
    const timezone = snapshot.settings.timezone;
    const asked = momentAsked((n) => queryParam(request, n), timezone, snapshot.now());
    const locale = servedLocale(snapshot, queryParam(request, 'lang'));
    const key = openSetKey(snapshot, localMoment(timezone, asked.at), Math.floor(asked.at / 60_000));
    const page = renderMenuPage({
      data: menuData(snapshot, key, locale),
      locale,
      images: pageImages(snapshot),
      filter: { exclude: [], diet: [] },
      address: publicAddress(app.config, snapshot.slug),
      scripts: false,
    });
    reply.header('content-security-policy', previewPolicy(page.toString())).header('x-frame-options', 'SAMEORIGIN');
    return sendPage(reply, page);
  });

  app.get('/theme/preview', { config: { panelAccess: 'owner' } }, async (request, reply) => {
    // What diners see: a translation flagged "to check" shows the default language's text.
    const snapshot = await dinerSnapshot(app, request.tenant.id);
    const locale = defaultLocaleOf(snapshot);
    const data = menuData(snapshot, app.snapshots.openKey(snapshot, snapshot.settings.timezone), locale);
    // Fields that fail the API's rules keep their saved value: the preview never shows what cannot be saved.
    const wanted = themeInput(asForm(request.query));
    const { issues } = validate(ThemeInput, wanted, false);
    const bad = new Set(issues.map((i) => i.field.split('.')[0]));
    const overrides = Object.fromEntries(Object.entries(wanted).filter(([k]) => !bad.has(k)));
    const page = renderMenuPage({
      data: { ...data, theme: { ...data.theme, ...overrides } },
      locale,
      images: pageImages(snapshot),
      filter: { exclude: [], diet: [] },
      address: publicAddress(app.config, snapshot.slug),
      scripts: false,
    });
    reply.header('content-security-policy', previewPolicy(page.toString())).header('x-frame-options', 'SAMEORIGIN');
    return sendPage(reply, page);
  });
}

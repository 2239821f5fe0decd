// GET /admin/theme/preview: the public menu page as diners would see it with the theme in the
// query (the unsaved form), for the theme page's iframe. Signed-in only, framed only by the panel,
// and no script at all (the page's analytics must not count the owner's previews). The page's
// inline styles are allowed by their hashes, so the policy stays free of 'unsafe-inline'.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { dinerSnapshot } from '../../catalog/write.js';
import { publicAddress } from '../../config.js';
import { menuData } from '../../features/menu/compose.js';
import { pageImages, renderMenuPage } from '../../features/page/render.js';
import { validate } from '../../http/validator.js';
import { ThemeInput } from '../../resources/theme/service.js';
import { sendPage } from '../context.js';
import { asForm } from '../forms.js';
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

export function registerPreview(app: FastifyInstance): void {
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

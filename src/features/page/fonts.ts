// Theme fonts served by the app itself: a few open-licence (SIL OFL 1.1) families shipped through
// npm (@fontsource/*), so a diner's phone asks no other site for them. When the theme's
// font_family names one of them first ("Lora, serif"), the page declares its regular and bold
// faces with font-display: swap (the text shows at once in the fallback, then in the font) and
// preloads both, from /fonts/<family>-latin-<weight>-normal.woff2?v=<hash>. Only the Latin subset
// is served: it holds every letter of the menu's five languages (accents, ß, œ, €).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { NotFoundError } from '../../core/errors.js';

/** The bundled families: the name a theme types → the npm package's file prefix. */
export const BUNDLED_FONTS: Record<string, string> = {
  'playfair display': 'playfair-display',
  lora: 'lora',
  merriweather: 'merriweather',
  inter: 'inter',
};

const WEIGHTS = [400, 700] as const;
/** The Latin subset's code points (as @fontsource declares it). */
const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

interface FontFile {
  body: Buffer;
  version: string;
}

const files = new Map<string, FontFile>();
const require = createRequire(import.meta.url);

const fileName = (prefix: string, weight: number) => `${prefix}-latin-${weight}-normal.woff2`;

/** A bundled file, read once from its package (undefined when the name is not one of ours). */
function fontFile(name: string): FontFile | undefined {
  const hit = files.get(name);
  if (hit) return hit;
  const m = /^([a-z-]+)-latin-(400|700)-normal\.woff2$/.exec(name);
  if (!m || !Object.values(BUNDLED_FONTS).includes(m[1])) return undefined;
  const body = readFileSync(require.resolve(`@fontsource/${m[1]}/files/${name}`));
  const file = { body, version: createHash('sha256').update(body).digest('base64url').slice(0, 12) };
  files.set(name, file);
  return file;
}

/** The theme's first family when it is bundled: its display name and file prefix. */
export function bundledFont(fontFamily: string): { family: string; prefix: string } | undefined {
  const first = (fontFamily.split(',')[0] ?? '').trim().replace(/^['"]|['"]$/g, '');
  const prefix = BUNDLED_FONTS[first.toLowerCase()];
  return prefix ? { family: first, prefix } : undefined;
}

const url = (prefix: string, weight: number) => {
  const name = fileName(prefix, weight);
  return `/fonts/${name}?v=${fontFile(name)?.version ?? ''}`;
};

/** The @font-face rules of a bundled family (text for the page's <style>: checked names only). */
export function fontFaces(font: { family: string; prefix: string }): string {
  return WEIGHTS.map(
    (weight) =>
      `@font-face{font-family:'${font.family.replace(/[^A-Za-z ]/g, '')}';font-style:normal;font-weight:${weight};font-display:swap;src:url(${url(font.prefix, weight)}) format('woff2');unicode-range:${LATIN}}`,
  ).join('\n');
}

/** The files to preload (regular and bold: names, headings and prices are bold). */
export function fontPreloads(font: { prefix: string }): string[] {
  return WEIGHTS.map((weight) => url(font.prefix, weight));
}

/** GET /fonts/<file>: a bundled font file, cached for a year (its address changes with its bytes). */
export function registerFonts(app: FastifyInstance): void {
  app.get<{ Params: { name: string } }>('/fonts/:name', async (request, reply) => {
    const file = fontFile(request.params.name);
    if (!file) throw new NotFoundError();
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(file.body);
  });
}

// The panel's static files (stylesheet, ES modules), served by the app itself under /admin/assets/
// with content-hashed URLs: no build step, no CDN, nothing inline.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { UnknownRestaurantError } from '../core/errors.js';
import { pathParam, queryParam } from './context.js';

/** The panel's own files, in ./assets beside this module (scripts/build.js copies them into dist/). */
const OWN = [
  'panel.css',
  'panel.js',
  'theme-preview.js',
  'menu-editor.js',
  'analytics.js',
  'qr-sheet.js',
  'signup.js',
  'favicon.svg',
];
/**
 * Files served from an installed npm package (the chart library of the analytics page): name under
 * /admin/assets/ → the package and the file beside its main module (packages with an `exports`
 * map only let their main module be resolved).
 */
const FROM_PACKAGES: Record<string, { pkg: string; file: string }> = {
  // Chart.js's self-contained UMD build: sets globalThis.Chart, loads nothing else.
  'chart.umd.js': { pkg: 'chart.js', file: 'chart.umd.min.js' },
};

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
};

interface Asset {
  body: Buffer;
  type: string;
  version: string;
}

let loaded: Map<string, Asset> | undefined;

function load(): Map<string, Asset> {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const files: [string, string][] = [
    ...OWN.map((name): [string, string] => [name, fileURLToPath(new URL(`./assets/${name}`, import.meta.url))]),
    ...Object.entries(FROM_PACKAGES).map(([name, { pkg, file }]): [string, string] => [
      name,
      join(dirname(require.resolve(pkg)), file),
    ]),
  ];
  loaded = new Map(
    files.map(([name, path]) => {
      const body = readFileSync(path);
      const type = TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
      return [name, { body, type, version: createHash('sha256').update(body).digest('base64url').slice(0, 12) }];
    }),
  );
  return loaded;
}

/** The URL of an asset, changing whenever its content does (so it may be cached for a year). */
export function assetUrl(name: string): string {
  const asset = load().get(name);
  if (!asset) throw new Error(`unknown panel asset ${name}`);
  return `/admin/assets/${name}?v=${asset.version}`;
}

/** `base`: the same files on the base address (sign-up, operator console), routed by its host. */
export function registerAssets(app: FastifyInstance, base?: { constraints: { host: RegExp } }): void {
  load();
  const options: RouteShorthandOptions = base
    ? { ...base, config: { untenanted: true } }
    : { config: { panelAccess: 'public' } };
  app.get('/assets/:name', options, async (request, reply) => {
    const name = pathParam(request, 'name');
    const asset = load().get(name);
    // On the base address every unknown path is the "unknown restaurant" page (its 404 handler is the app's).
    if (!asset) return base ? Promise.reject(new UnknownRestaurantError()) : reply.callNotFound();
    const v = queryParam(request, 'v');
    reply
      .header('cache-control', v === asset.version ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', `"${asset.version}"`);
    if (request.headers['if-none-match'] === `"${asset.version}"`) return reply.code(304).send();
    return reply.type(asset.type).send(asset.body);
  });
}

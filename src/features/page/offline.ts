// GET /sw.js: the menu's service worker, so a diner who opened the menu once can open it again with
// no connection (a basement, a restaurant's weak Wi-Fi). Scoped to the restaurant's own address
// (every restaurant has its own origin, so one never sees another's copies), no third-party code:
// - the page (`/`, `/print`) and the JSON menu: network first; each answer kept per address (so per
//   language); with no network the last copy is served, marked with `<meta name="offline-since">`
//   so the page's script says "last updated N minutes ago" with a retry, and reloads when back
//   online. A page is one document of one menu version: old and new data never mix.
// - the script and fonts: served from the cache, refreshed behind it (their names change with them).
// - dish photos: cache first, least recently used beyond PHOTO_BUDGET bytes dropped.
// - the panel, the admin API, the event stream, analytics and everything else: never touched.
// A new worker takes over at once (skipWaiting, clients.claim) and drops the old version's cache.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MENU_SCRIPT, MENU_SCRIPT_URL } from './menu-script.js';
import { textAsset } from './text-asset.js';

/** Photos kept for offline use, in bytes. */
export const PHOTO_BUDGET = 10 * 1024 * 1024;

const WORKER = (version: string) => `'use strict';
const VERSION = ${JSON.stringify(version)};
const PAGES = 'menu-pages-v1';
const STATIC = 'menu-static-' + VERSION;
const PHOTOS = 'menu-photos-v1';
const PHOTO_BUDGET = ${PHOTO_BUDGET};
const NEVER = /^\\/(admin|api\\/v1\\/admin|api\\/v1\\/events|api\\/v1\\/analytics|api\\/docs|api\\/v1\\/openapi|metrics|healthz|readyz|sw\\.js|qr)/;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(STATIC).then((cache) => cache.add(${JSON.stringify(MENU_SCRIPT_URL)})).catch(() => {}).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('menu-static-') && k !== STATIC).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

const saved = (response) => {
  const headers = new Headers(response.headers);
  headers.set('x-saved-at', String(Date.now()));
  return response.clone().arrayBuffer().then((body) => {
    headers.set('x-size', String(body.byteLength));
    return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
  });
};

/** Network first; a good answer is kept; without network, the kept copy (a page marked as offline). */
const networkFirst = (request, url, isPage) =>
  fetch(request).then((response) => {
    if (response.ok) {
      const copy = saved(response);
      caches.open(PAGES).then((cache) => copy.then((c) => cache.put(url.href, c))).catch(() => {});
    }
    return response;
  }, () => caches.open(PAGES).then(async (cache) => {
    let kept = await cache.match(url.href);
    if (!kept && isPage) {
      // The same page in its language without the filters, else the last page kept at all.
      const lang = url.searchParams.get('lang');
      const keys = await cache.keys();
      const pages = keys.filter((k) => new URL(k.url).pathname === url.pathname);
      const sameLang = pages.filter((k) => new URL(k.url).searchParams.get('lang') === lang);
      const pick = sameLang[sameLang.length - 1] || pages[pages.length - 1];
      if (pick) kept = await cache.match(pick);
    }
    if (!kept) return Response.error();
    if (!isPage) return kept;
    const at = kept.headers.get('x-saved-at') || String(Date.now());
    const text = (await kept.text()).replace('<head>', '<head><meta name="offline-since" content="' + at + '">');
    return new Response(text, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'x-menu-offline': at } });
  }));

const fromCache = (request) =>
  caches.open(STATIC).then(async (cache) => {
    const kept = await cache.match(request);
    const fresh = fetch(request).then((response) => {
      if (response.ok) cache.put(request, response.clone());
      return response;
    });
    if (kept) {
      fresh.catch(() => {});
      return kept;
    }
    return fresh;
  });

/** Cache first, least recently used photos dropped beyond the budget. */
const photo = (request) =>
  caches.open(PHOTOS).then(async (cache) => {
    const kept = await cache.match(request);
    if (kept) {
      // Used now: to the end of the order (keys come back in insertion order).
      const again = kept.clone();
      cache.delete(request).then(() => cache.put(request, again)).catch(() => {});
      return kept;
    }
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const copy = await saved(response);
      await cache.put(request, copy);
      const keys = await cache.keys();
      const sizes = await Promise.all(keys.map((k) => cache.match(k).then((r) => Number((r && r.headers.get('x-size')) || 0))));
      let total = sizes.reduce((a, b) => a + b, 0);
      for (let i = 0; total > PHOTO_BUDGET && i < keys.length - 1; i++) {
        await cache.delete(keys[i]);
        total -= sizes[i];
      }
    }
    return response;
  });

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  if (request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/print')) {
    event.respondWith(networkFirst(request, url, true));
  } else if (url.pathname.startsWith('/api/v1/menu')) {
    event.respondWith(networkFirst(request, url, false));
  } else if (url.pathname.startsWith('/media/')) {
    event.respondWith(photo(request));
  } else if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/fonts/')) {
    event.respondWith(fromCache(request));
  }
});
`;

/** The worker's source: its version follows its own code and the page script's. */
export const SERVICE_WORKER = (() => {
  const version = createHash('sha1').update(WORKER('')).update(MENU_SCRIPT).digest('base64url').slice(0, 12);
  return Buffer.from(WORKER(version));
})();
const WORKER_ASSET = textAsset(SERVICE_WORKER, 'text/javascript; charset=utf-8');

export function registerServiceWorker(app: FastifyInstance): void {
  app.get('/sw.js', async (request, reply) => {
    // Always asked again (no-cache): a new version reaches diners on their next visit.
    return WORKER_ASSET.send(request, reply, 'no-cache');
  });
}

// A deploy while diners have the menu open or kept for offline use (issue 36: "updating the worker
// never leaves a diner on a broken version"). A proxy in front of the service plays the new
// version: a page naming a new script, a new script, a new worker. The page of the new version
// runs the new script at once (never the old one the old worker kept), the new worker takes over
// and drops the old version's files, and with the network off the page opens from it with its
// script working. No script error on the way.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MENU_SCRIPT_URL } from '../../src/features/page/menu-script.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createTestApp, type TestApp } from '../helper.js';
import { CHROMIUM, launchChromium, watchProblems } from '../panel/browser.js';

const skip = existsSync(CHROMIUM) ? false : 'Chromium is not installed';
const NEW_SCRIPT_URL = '/assets/menu.js?v=deploy-2';

describe('a new version deployed under open and offline pages (sqlite)', { skip }, () => {
  let t: TestApp;
  let proxy: Server;
  let deployed = false;
  let base: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  before(async () => {
    t = await createTestApp('sqlite', { publicRateLimit: 0 });
    await seedDemo(t.db.db, 'localhost');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (t.app.server.address() as AddressInfo).port;
    // The new version: what the app answers, with the page, the worker and the script of "deploy 2".
    proxy = createServer((req, res) => {
      const headers = { ...req.headers };
      delete headers['accept-encoding'];
      if (deployed) {
        delete headers['if-none-match'];
        delete headers['if-modified-since'];
      }
      const upstream = request(
        { host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers },
        (answer) => {
          const type = String(answer.headers['content-type'] ?? '');
          if (!deployed || !/text\/html|javascript/.test(type)) {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            let body = Buffer.concat(chunks).toString('utf8').replaceAll(MENU_SCRIPT_URL, NEW_SCRIPT_URL);
            if (req.url === '/sw.js') body = body.replace(/const VERSION = "[^"]*";/, 'const VERSION = "deploy-2";');
            if (req.url?.startsWith('/assets/menu.js')) body += '\nwindow.menuDeploy = 2;\n';
            const out = { ...answer.headers };
            delete out['content-length'];
            delete out.etag;
            res.writeHead(answer.statusCode ?? 502, out);
            res.end(body);
          });
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    base = `http://demo.localhost:${(proxy.address() as AddressInfo).port}`;
    browser = await launchChromium();
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'en-GB',
      // demo.localhost is the proxy (Chromium resolves *.localhost to 127.0.0.1 itself).
    });
    page = await context.newPage();
    problems = watchProblems(page);
  });
  after(async () => {
    await browser?.close();
    await new Promise((resolve) => proxy?.close(resolve));
    await t?.close();
  });

  const deploy = () => page.evaluate(() => (window as unknown as { menuDeploy?: number }).menuDeploy ?? 1);
  const staticCaches = () =>
    page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('menu-static-')).sort());

  test('the new page runs the new script at once; the new worker takes over; offline, the page opens working', async () => {
    await page.goto(`${base}/?lang=en`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    assert.equal(await deploy(), 1);
    const before = await staticCaches();
    assert.equal(before.length, 1, `one version's files: ${before}`);
    const dishes = await page.locator('li.dish').count();
    assert.ok(dishes > 10);

    deployed = true;
    await page.reload();
    // The old worker answered this load (the new one installs behind it): a new page, the new script.
    assert.equal(await deploy(), 2, 'the new page never runs the old script');
    await page.waitForFunction(
      async (old) => {
        const keys = (await caches.keys()).filter((k) => k.startsWith('menu-static-'));
        return keys.length === 1 && keys[0] !== old;
      },
      before[0],
      { timeout: 10_000 },
    );
    // The script works: the search box filters the dishes.
    await page.locator('input[type="search"]').fill('tiramis');
    await page.waitForFunction(() => document.querySelectorAll('li.dish:not([hidden])').length < 5);

    assert.deepEqual(problems, [], 'online: no script error, nothing refused');

    await context.setOffline(true);
    await page.reload();
    assert.equal(await page.locator('li.dish').count(), dishes, 'the whole menu, offline');
    await page.locator('.offline-note').waitFor({ timeout: 3000 });
    assert.equal(await deploy(), 2, 'offline, the new script from the new worker');
    await context.setOffline(false);
    // Offline, what is not kept fails to load (the live stream, photos not seen yet): never a script error.
    assert.deepEqual(
      problems.filter((p) => !/^Failed to load resource: net::ERR_(FAILED|INTERNET_DISCONNECTED)/.test(p)),
      [],
    );
  });
});

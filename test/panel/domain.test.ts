// Own domains (issue 35, point 3): an owner claims a domain, is shown the TXT record to create,
// checks it (a DNS resolver given to the app); once verified the domain serves the restaurant,
// canonical links and QR codes use it (every code and card, those made before it was verified
// too, read back by zbarimg), the old address's menu page redirects there, and
// /internal/tls-allowed says yes to it (only from TLS_ASK_FROM). Another restaurant cannot take it.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { setTenantStatus } from '../../src/accounts/tenants/repo.js';
import { createUser } from '../../src/accounts/users/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';
import { GHOSTSCRIPT, pdfPages, ZBARIMG, zbar } from '../zbar.js';
import { PanelClient } from './client.js';

const DOMAIN = 'menu.alpha-trattoria.it';

for (const dialect of dialects) {
  describe(`own domains (${dialect})`, {
    skip: existsSync(ZBARIMG) ? false : 'zbarimg (zbar-tools) is not installed',
  }, () => {
    let t: TestApp;
    const records = new Map<string, string[][]>();
    before(async () => {
      t = await createTestApp(
        dialect,
        {},
        {
          resolveTxt: async (name) => {
            const found = records.get(name);
            if (!found) throw Object.assign(new Error('queryTxt ENOTFOUND'), { code: 'ENOTFOUND' });
            return found;
          },
        },
      );
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      await createUser(t.db.db, alpha, { email: 'owner@alpha.test', password: 'alpha-owner-pw' });
      await createUser(t.db.db, beta, { email: 'owner@beta.test', password: 'beta-owner-pw' });
    });
    after(() => t.close());

    const tlsAsk = (domain: string, remoteAddress = '127.0.0.1') =>
      t.app.inject({
        url: `/internal/tls-allowed?domain=${encodeURIComponent(domain)}`,
        headers: { host: '127.0.0.1:3000' },
        remoteAddress,
      });

    test('claim, the TXT record, check; then served, canonical, QR, redirect and a certificate allowed', async () => {
      const owner = new PanelClient(t.app, 'alpha', { 'accept-language': 'en' });
      await owner.signIn('owner@alpha.test', 'alpha-owner-pw');
      const pageBefore = await owner.get('/admin/domain');
      assert.equal(pageBefore.statusCode, 200);
      assert.match(pageBefore.body, /<h1>Own domain<\/h1>/);
      for (const [value, message] of [
        ['not a domain', 'Write a domain name such as menu.trattoria.it.'],
        ['shop.localhost', 'This is an address of the service itself'],
      ] as const) {
        const bad = await owner.post('/admin/domain', { domain: value });
        assert.equal(bad.statusCode, 422);
        assert.ok(bad.body.includes(message), message);
      }
      // Codes, cards and the menu page made before the domain is verified (kept per menu version).
      const scan = async (path: string, host = 'alpha') => zbar((await call(t.app, { url: path, host })).rawPayload);
      assert.deepEqual(await scan('/qr.png?table=4'), ['http://alpha.localhost:3000/?table=4']);
      assert.match(
        (await call(t.app, { url: '/', host: 'alpha', headers: { accept: 'text/html' } })).body,
        /rel="canonical" href="http:\/\/alpha\.localhost:3000\//,
      );
      assert.equal((await owner.post('/admin/domain', { domain: `https://${DOMAIN.toUpperCase()}/` })).statusCode, 303);
      const page = await owner.get('/admin/domain');
      const token = /menu-verify=([0-9a-f]{32})/.exec(page.body)?.[1];
      assert.ok(token, page.body.slice(0, 3000));
      assert.match(page.body, new RegExp(`<code>_menu-challenge\\.${DOMAIN.replaceAll('.', '\\.')}</code>`));
      assert.match(page.body, /a CNAME record to alpha\.localhost/);
      // Not served, no certificate, before it is verified.
      assert.equal((await call(t.app, { url: '/', host: DOMAIN, headers: { accept: 'text/html' } })).statusCode, 404);
      assert.equal((await tlsAsk(DOMAIN)).statusCode, 404);
      // A claim still waiting changes no code.
      assert.deepEqual(await scan('/qr.png?table=4'), ['http://alpha.localhost:3000/?table=4']);

      const early = await owner.post('/admin/domain/check', { host: DOMAIN });
      assert.equal(early.headers.location, '/admin/domain?not_found=1');
      assert.match((await owner.get('/admin/domain?not_found=1')).body, /The TXT record was not found yet/);
      records.set(`_menu-challenge.${DOMAIN}`, [['menu-verify=', token]]);
      await owner.get('/admin/domain');
      const done = await owner.post('/admin/domain/check', { host: DOMAIN });
      assert.equal(done.headers.location, `/admin/domain?verified=${DOMAIN}`);
      assert.match((await owner.get(done.headers.location as string)).body, /menu\.alpha-trattoria\.it is yours/);

      // Once verified, every code reads the domain at once, those made before included: the
      // restaurant's and a table's (PNG and SVG, the QR page's pictures), the printable sheet's and
      // the PDF's table cards (decoded by zbarimg).
      assert.deepEqual(await scan('/qr.png?table=4'), [`http://${DOMAIN}:3000/?table=4`]);
      assert.deepEqual(await scan('/qr.png'), [`http://${DOMAIN}:3000/`]);
      const svg = (await call(t.app, { url: '/qr.svg?table=4', host: 'alpha' })).rawPayload;
      assert.deepEqual(await zbar(await sharp(svg, { density: 300 }).png().toBuffer()), [
        `http://${DOMAIN}:3000/?table=4`,
      ]);
      const sheet = (await owner.get('/admin/qr/sheet?tables=4')).body;
      const card = /<svg[\s\S]*?<\/svg>/.exec(sheet)?.[0] ?? '';
      assert.deepEqual(
        await zbar(
          await sharp(Buffer.from(card), { density: 300 }).flatten({ background: '#ffffff' }).png().toBuffer(),
        ),
        [`http://${DOMAIN}:3000/?table=4`],
      );
      assert.match(sheet, new RegExp(`<span class="link">${DOMAIN.replaceAll('.', '\\.')}:3000/\\?table=4</span>`));
      if (existsSync(GHOSTSCRIPT)) {
        const pdf = await owner.get('/admin/qr/sheet.pdf?tables=4,5');
        assert.deepEqual(
          (await zbar((await pdfPages(pdf.rawPayload))[0]!)).sort(),
          [4, 5].map((n) => `http://${DOMAIN}:3000/?table=${n}`),
        );
      }

      const served = await call(t.app, { url: '/', host: DOMAIN, headers: { accept: 'text/html' } });
      assert.equal(served.statusCode, 200);
      assert.match(served.body, new RegExp(`rel="canonical" href="http://${DOMAIN.replaceAll('.', '\\.')}:3000/`));
      const moved = await call(t.app, { url: '/?table=4', host: 'alpha', headers: { accept: 'text/html' } });
      assert.equal(moved.statusCode, 301);
      assert.equal(moved.headers.location, `http://${DOMAIN}:3000/?table=4`);
      // The API and the panel stay on both addresses.
      assert.equal((await call(t.app, { url: '/api/v1/menu', host: 'alpha' })).statusCode, 200);
      assert.match((await owner.get('/admin/qr')).body, new RegExp(DOMAIN.replaceAll('.', '\\.')));
      assert.equal((await tlsAsk(DOMAIN)).statusCode, 200);
      assert.equal((await tlsAsk(`${DOMAIN.toUpperCase()}.`)).statusCode, 200);
      assert.equal((await tlsAsk('unknown.example')).statusCode, 404);
      assert.equal((await tlsAsk('')).statusCode, 404);
      assert.equal((await tlsAsk(DOMAIN, '203.0.113.9')).statusCode, 403, 'only TLS_ASK_FROM may ask');
      assert.equal((await tlsAsk(DOMAIN, '::1')).statusCode, 200);
    });

    test('another restaurant cannot claim it; a suspended restaurant gets no certificate', async () => {
      const beta = new PanelClient(t.app, 'beta', { 'accept-language': 'en' });
      await beta.signIn('owner@beta.test', 'beta-owner-pw');
      await beta.get('/admin/domain');
      const taken = await beta.post('/admin/domain', { domain: DOMAIN });
      assert.equal(taken.statusCode, 422);
      assert.match(taken.body, /Another restaurant already uses this domain\./);
      await setTenantStatus(t.db.db, 'alpha', 'suspended');
      assert.equal((await tlsAsk(DOMAIN)).statusCode, 404);
      await setTenantStatus(t.db.db, 'alpha', 'active');
      await eventually(async () => assert.equal((await tlsAsk(DOMAIN)).statusCode, 200));
    });
  });
}

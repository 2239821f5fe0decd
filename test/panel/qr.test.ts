// /admin/qr over HTTP: linked from the overview and the menu page; the restaurant's code and one
// per table (range, names), each downloadable; the A4 sheet of table cards with the logo, the
// theme's colours, the name, the table and the address in words; codes read back by zbarimg, with a
// logo pasted in the middle too (error correction H). Another restaurant gets its own sheet.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { parseTables } from '../../src/panel/pages/qr.js';
import { call, dialects } from '../helper.js';
import { GHOSTSCRIPT, pdfPages, ZBARIMG, zbar } from '../zbar.js';
import type { PanelClient } from './client.js';
import { BETA_OWNER, type PanelBed, panelBed } from './setup.js';

test('table lists: ranges and names, duplicates once, bad names apart, at most 200', () => {
  assert.deepEqual(parseTables('1-3, terrace bar 2'), {
    tables: ['1', '2', '3', 'terrace', 'bar'],
    bad: [],
    tooMany: false,
  });
  assert.deepEqual(parseTables('a/b <x> 4').bad, ['a/b', '<x>']);
  assert.equal(parseTables('1-500').tooMany, true);
  assert.equal(parseTables('1-200').tables.length, 200);
  assert.equal(parseTables('1-200 extra').tooMany, true);
});

for (const dialect of dialects) {
  describe(`panel QR codes (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    test('linked from the overview, the navigation and the menu page', async () => {
      const home = await c.get('/admin');
      assert.match(home.body, /<h2><a href="\/admin\/qr">QR codes<\/a><\/h2>/);
      assert.match((await c.get('/admin/menu')).body, /<a class="button" href="\/admin\/qr">QR codes<\/a>/);
    });

    test('the restaurant’s code and one per table, previewed and downloadable; bad names are said', async () => {
      const page = await c.get('/admin/qr');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<a href="\/admin\/qr" aria-current="page">QR codes<\/a>/);
      assert.match(page.body, /<img src="\/qr.svg" alt="QR code that opens http:\/\/alpha\.localhost:3000\/"/);
      assert.match(page.body, /href="\/qr.png" download="qr-menu\.png"/);
      assert.equal((page.body.match(/<li class="qr-card">/g) ?? []).length, 12, 'tables 1-12 by default');
      const named = await c.get('/admin/qr?tables=terrace%2C+bar+3-4+a%2Fb');
      assert.equal((named.body.match(/<li class="qr-card">/g) ?? []).length, 4);
      assert.match(named.body, /<img src="\/qr.svg\?table=terrace"/);
      assert.match(named.body, /href="\/qr.png\?table=bar" download="qr-table-bar\.png"/);
      assert.match(named.body, /href="\/qr.svg\?table=bar" download="qr-table-bar\.svg"/);
      assert.match(named.body, /These cannot be table names: a\/b/);
      // Every download is a button of the one form: it sends what is typed, "Show" or not.
      const form = /<form method="get" action="\/admin\/qr" class="qr-tables">[\s\S]*?<\/form>/.exec(named.body)![0];
      assert.match(form, /<input id="f-tables" name="tables" type="text" value="terrace, bar 3-4 a\/b"/);
      assert.match(
        form,
        /<button type="submit" class="primary" formaction="\/admin\/qr\/sheet\.pdf">Download the table cards \(A4 PDF\)</,
      );
      assert.match(form, /<button type="submit" formaction="\/admin\/qr\/sheet">/);
      assert.match(form, /<button type="submit" formaction="\/admin\/qr">Show the codes</);
      // A sheet asked for with a word that is not a table goes back to the page, which names it.
      const refused = await c.get('/admin/qr/sheet.pdf?tables=terrace%2C+bar+3-4+a%2Fb');
      assert.equal(refused.statusCode, 303);
      assert.equal(refused.headers.location, '/admin/qr?tables=terrace%2C%20bar%203-4%20a%2Fb');
    });

    test('the range typed is what the PDF and the sheet use without "Show", and it is remembered per restaurant', async () => {
      // Typed 1-40 and pressed the PDF button straight away: the form sends tables=1-40.
      const pdf = await c.get('/admin/qr/sheet.pdf?tables=1-40');
      assert.equal(pdf.statusCode, 200);
      assert.equal((await PDFDocument.load(pdf.rawPayload)).getPageCount(), 10, '40 cards, four a page');
      const sheet = await c.get('/admin/qr/sheet?tables=1-40');
      assert.equal((sheet.body.match(/<figure class="card">/g) ?? []).length, 40);
      // The next visit shows 1-40, and the sheets asked for without a list use it too.
      const again = await c.get('/admin/qr');
      assert.match(again.body, /<input id="f-tables" name="tables" type="text" value="1-40"/);
      assert.equal((again.body.match(/<li class="qr-card">/g) ?? []).length, 40);
      assert.equal(((await c.get('/admin/qr/sheet')).body.match(/<figure class="card">/g) ?? []).length, 40);
      // A refused list is not remembered.
      await c.get('/admin/qr?tables=a%2Fb');
      assert.match((await c.get('/admin/qr')).body, /value="1-40"/);
      // Another restaurant keeps its own (the default).
      const beta = bed.client('beta');
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      assert.match((await beta.get('/admin/qr')).body, /<input id="f-tables" name="tables" type="text" value="1-12"/);
      await beta.get('/admin/qr?tables=terrace');
      assert.match((await beta.get('/admin/qr')).body, /value="terrace"/);
      assert.match((await c.get('/admin/qr')).body, /value="1-40"/);
    });

    test('the HTML sheet has a Print button run by its own script, hidden on paper', async () => {
      const sheet = await c.get('/admin/qr/sheet?tables=1-2');
      assert.match(sheet.body, /<button type="button" class="print">Print<\/button>/);
      assert.match(sheet.body, /<script type="module" src="\/admin\/assets\/qr-sheet\.js\?v=[^"]+"><\/script>/);
      assert.match(sheet.body, /@media print\{\.tools\{display:none\}\}/);
      assert.match(String(sheet.headers['content-security-policy']), /script-src 'self'/);
    });

    test('the A4 sheet: a card per table with logo, colours, name, table, address in words', async () => {
      const sheet = await c.get('/admin/qr/sheet?tables=1-2,terrace');
      assert.equal(sheet.statusCode, 200);
      assert.match(String(sheet.headers['content-security-policy']), /img-src 'self' data: https:/);
      assert.match(sheet.body, /@page\{size:A4/);
      assert.equal((sheet.body.match(/<figure class="card">/g) ?? []).length, 3);
      assert.match(sheet.body, /<img class="logo" src="https:\/\/example\.test\/logo\.png" alt="">/);
      assert.match(sheet.body, /border:1\.2mm solid #112233/);
      assert.match(sheet.body, /<div class="name">Alpha alpha<\/div>/);
      assert.match(sheet.body, /<span class="table">Tavolo terrace<\/span>/);
      assert.match(sheet.body, /<span class="link">alpha\.localhost:3000\/\?table=terrace<\/span>/);
      assert.match(sheet.body, /<span class="address">Via Roma 1, Bologna<\/span>/);
      const beta = bed.client('beta');
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      const theirs = await beta.get('/admin/qr/sheet?tables=1');
      assert.match(theirs.body, /Beta beta/);
      assert.doesNotMatch(theirs.body, /Alpha alpha|alpha\.localhost/);
      const signedOut = await bed.client().get('/admin/qr/sheet');
      assert.equal(signedOut.statusCode, 303);
    });

    test('the A4 PDF: one card per table, four a page, each code scanning back to its table (logo in the middle)', {
      skip: existsSync(ZBARIMG) && existsSync(GHOSTSCRIPT) ? false : 'zbarimg or Ghostscript is not installed',
    }, async () => {
      // An uploaded logo goes in the middle of every code.
      const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c0392b' } })
        .png()
        .toBuffer();
      await c.get('/admin/settings');
      const uploaded = await c.postMultipart(
        '/admin/settings/logo',
        {},
        { field: 'logo', filename: 'logo.png', type: 'image/png', data: logo },
      );
      assert.equal(uploaded.statusCode, 303);
      const res = await c.get('/admin/qr/sheet.pdf?tables=1-4,terrace');
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.match(String(res.headers['content-disposition']), /attachment; filename="alpha-table-cards\.pdf"/);
      const pdf = res.rawPayload;
      const doc = await PDFDocument.load(pdf);
      assert.equal(doc.getPageCount(), 2, 'five cards: four on the first page, one on the second');
      for (const page of doc.getPages()) {
        const { width, height } = page.getSize();
        assert.deepEqual([Math.round(width), Math.round(height)], [595, 842], 'A4 in points');
      }
      assert.match(pdf.toString('latin1'), /\/Subtype \/Image/);
      const pages = await pdfPages(pdf);
      assert.equal(pages.length, 2);
      const read = [...(await zbar(pages[0])), ...(await zbar(pages[1]))].sort();
      assert.deepEqual(
        read,
        ['1', '2', '3', '4', 'terrace'].map((t) => `http://alpha.localhost:3000/?table=${t}`).sort(),
      );
      // Signed out: no sheet.
      const signedOut = await bed.client().get('/admin/qr/sheet.pdf?tables=1');
      assert.equal(signedOut.statusCode, 303);
    });

    test('a restaurant with its own domain: its codes, the QR page and the sheet open that domain with ?table=', {
      skip: existsSync(ZBARIMG) ? false : 'zbarimg (zbar-tools) is not installed',
    }, async () => {
      await bed.db.db
        .insertInto('tenant_domains')
        .values({ tenant_id: bed.beta, host: 'trattoria-beta.example' })
        .execute();
      const res = await call(bed.app, { url: '/qr.png?table=7', host: 'beta' });
      assert.deepEqual(await zbar(res.rawPayload), ['http://trattoria-beta.example:3000/?table=7']);
      const beta = bed.client('beta');
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      const page = await beta.get('/admin/qr?tables=7');
      assert.match(page.body, /<a href="http:\/\/trattoria-beta\.example:3000\/">/);
      const sheet = await beta.get('/admin/qr/sheet?tables=7');
      assert.match(sheet.body, /<span class="link">trattoria-beta\.example:3000\/\?table=7<\/span>/);
      // The page's canonical address is the domain too (search engines index that one); the old
      // address's page moves there (issue 35).
      const old = await call(bed.app, { url: '/', host: 'beta', headers: { accept: 'text/html' } });
      assert.equal(old.statusCode, 301);
      assert.equal(old.headers.location, 'http://trattoria-beta.example:3000/');
      const menuPage = await call(bed.app, {
        url: '/',
        host: 'trattoria-beta.example',
        headers: { accept: 'text/html' },
      });
      assert.match(menuPage.body, /<link rel="canonical" href="http:\/\/trattoria-beta\.example:3000\/\?lang=/);
      // Alpha, without a domain of its own, keeps its address.
      const alpha = await call(bed.app, { url: '/qr.png?table=7', host: 'alpha' });
      assert.deepEqual(await zbar(alpha.rawPayload), ['http://alpha.localhost:3000/?table=7']);
    });

    test('a table’s code reads back as exactly its address, also with a logo over its middle', {
      skip: existsSync(ZBARIMG) ? false : 'zbarimg (zbar-tools) is not installed',
    }, async () => {
      const res = await call(bed.app, { url: '/qr.png?table=terrace', host: 'alpha' });
      assert.equal(res.statusCode, 200);
      const png = res.rawPayload;
      assert.deepEqual(await zbar(png), ['http://alpha.localhost:3000/?table=terrace']);
      // A logo as the sheet lays it: 14 mm of a 68 mm code (about a fifth of its width), opaque.
      const { width = 0 } = await sharp(png).metadata();
      const side = Math.round(width * 0.21);
      const logo = await sharp({
        create: { width: side, height: side, channels: 3, background: '#c0392b' },
      })
        .png()
        .toBuffer();
      const covered = await sharp(png)
        .composite([{ input: logo, left: Math.round((width - side) / 2), top: Math.round((width - side) / 2) }])
        .png()
        .toBuffer();
      assert.deepEqual(await zbar(covered), ['http://alpha.localhost:3000/?table=terrace']);
    });
  });
}

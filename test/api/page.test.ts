// GET / : the public menu page as HTML (content, language choice, escaping, caching, security headers).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createFixtureTenant, NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

for (const dialect of dialects) {
  describe(`public menu page (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, {}, { now: () => NOON_UTC });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
      await t.db.db
        .updateTable('items')
        .set({ name_translations: JSON.stringify({ it: '<script>alert(1)</script> & "Caffè"' }) })
        .where('tenant_id', '=', alpha)
        .where('name_translations', 'like', '%"Caffè"%')
        .execute();
    });
    after(() => t.close());

    test('serves the menu in the default language with sections in menu order, wine last', async () => {
      const res = await call(t.app, { url: '/', host: 'alpha', headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 200);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.match(res.body, /<html lang="it">/);
      assert.match(res.body, /<title>Alpha alpha · Menu<\/title>/);
      const main = res.body.slice(res.body.indexOf('<main>'), res.body.indexOf('</main>'));
      const headings = [...main.matchAll(/<h([234])>([^<]+)<\/h\1>/g)].map((m) => `${m[1]} ${m[2]}`);
      // Headings never skip a level: sub-categories of a section are one level below it.
      assert.deepEqual(headings, ['2 Antipasti', '2 Primi', '3 Pasta', '3 Risotti', '2 Dolci', '2 Vini', '3 Rossi']);
      assert.match(res.body, /6,50\s€/);
      assert.match(res.body, /<span class="badge">Consigliato<\/span>/);
      // Allergens on every dish without a tap: the EU number as icon (hidden from screen readers) and a short name.
      assert.match(
        res.body,
        /<ul class="tags" aria-label="Allergeni"><li class="al" data-allergen="cereali_glutine"><span class="n" aria-hidden="true">1<\/span>Glutine<\/li>/,
      );
      assert.match(
        res.body,
        /<li><span class="n" aria-hidden="true">1<\/span> Cereali contenenti glutine<\/li>/,
        'the legend',
      );
      assert.doesNotMatch(res.body, /Fiori fritti/, 'inactive dishes are not shown');
      assert.doesNotMatch(res.body, /Beta/, "nothing of another tenant's menu");
    });

    test('?lang= and Accept-Language choose among the restaurant languages', async () => {
      const en = await call(t.app, { url: '/?lang=en', host: 'alpha' });
      assert.match(en.body, /<html lang="en">/);
      assert.match(en.body, /<h2>Starters<\/h2>/);
      assert.match(en.body, /€6\.50/);
      const negotiated = await call(t.app, {
        url: '/',
        host: 'alpha',
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      assert.match(negotiated.body, /<html lang="de">/);
      assert.match(negotiated.body, /aria-label="Allergene"/);
      const repeated = await call(t.app, { url: '/?lang=en&lang=de', host: 'alpha' });
      assert.equal(repeated.statusCode, 200);
      assert.match(repeated.body, /<html lang="en">/);
      const unknown = await call(t.app, { url: '/?lang=pt', host: 'alpha' });
      assert.match(unknown.body, /<html lang="it">/);
    });

    test('escapes every text from the database', async () => {
      const res = await call(t.app, { url: '/', host: 'alpha' });
      assert.doesNotMatch(res.body, /<script>alert/);
      assert.match(res.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;Caffè&quot;/);
    });

    test('is cached with an ETag, locked down by CSP, and its script is served', async () => {
      const res = await call(t.app, { url: '/', host: 'alpha' });
      const csp = res.headers['content-security-policy'] as string;
      assert.match(csp, /script-src 'self'/);
      // Every inline script that runs (the head's line marking the page as scripted) is allowed by its hash.
      const inline = [...res.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
      assert.equal(inline.length, 1, 'one inline script, in the head');
      for (const text of inline) {
        const hash = createHash('sha256').update(text).digest('base64');
        assert.ok(csp.includes(`'sha256-${hash}'`), `the CSP allows ${text}`);
      }
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
      const again = await call(t.app, {
        url: '/',
        host: 'alpha',
        headers: { 'if-none-match': res.headers.etag as string },
      });
      assert.equal(again.statusCode, 304);
      const script = await call(t.app, { url: '/assets/menu.js', host: 'alpha' });
      assert.equal(script.statusCode, 200);
      assert.match(script.headers['content-type'] as string, /javascript/);
      assert.match(script.body, /\/api\/v1\/analytics\/events/);
    });

    test('the script and the service worker go out in brotli or gzip, the versioned script kept for a year', async () => {
      const page = await call(t.app, { url: '/', host: 'alpha' });
      const versioned = /<script src="(\/assets\/menu\.js\?v=[\w-]+)" defer>/.exec(page.body)?.[1];
      assert.ok(versioned, 'the page names its script by version');
      for (const url of [versioned, '/sw.js']) {
        const plain = await call(t.app, { url, host: 'alpha' });
        assert.equal(plain.headers['content-encoding'], undefined);
        for (const [encoding, decode] of [
          ['br', brotliDecompressSync],
          ['gzip', gunzipSync],
        ] as const) {
          const packed = await call(t.app, { url, host: 'alpha', headers: { 'accept-encoding': `${encoding}` } });
          assert.equal(packed.statusCode, 200);
          assert.equal(packed.headers['content-encoding'], encoding);
          assert.equal(packed.headers.vary, 'Accept-Encoding');
          assert.ok(packed.rawPayload.length < plain.rawPayload.length / 2, `${url} in ${encoding} is smaller`);
          assert.equal(decode(packed.rawPayload).toString(), plain.body, `${url} in ${encoding} is the same script`);
          const again = await call(t.app, {
            url,
            host: 'alpha',
            headers: { 'accept-encoding': encoding, 'if-none-match': packed.headers.etag as string },
          });
          assert.equal(again.statusCode, 304);
        }
      }
      assert.equal(
        (await call(t.app, { url: versioned, host: 'alpha' })).headers['cache-control'],
        'public, max-age=31536000, immutable',
      );
      // An old page's address gets today's script, kept only briefly; the worker is always asked again.
      assert.equal(
        (await call(t.app, { url: '/assets/menu.js?v=old', host: 'alpha' })).headers['cache-control'],
        'public, max-age=300',
      );
      assert.equal((await call(t.app, { url: '/sw.js', host: 'alpha' })).headers['cache-control'], 'no-cache');
    });

    test('an unknown address answers the branded 404, a known one with its menu switched off too', async () => {
      const unknown = await call(t.app, { url: '/', host: 'nobody' });
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.body, /Menu non trovato/);
      const beta = (await t.app.tenants.lookup('beta.localhost'))!;
      await t.db.db.updateTable('settings').set({ is_active: 0 }).where('tenant_id', '=', beta.id).execute();
      await t.app.tenants.reload(beta.id);
      assert.equal((await call(t.app, { url: '/', host: 'beta' })).statusCode, 404);
      // Switched off, a wrong path on it does not promise a menu either.
      assert.match((await call(t.app, { url: '/old-link', host: 'beta' })).body, /Menu non trovato/);
    });

    test('a path that leads nowhere on a restaurant says the page is missing and leads back to the menu; every 404 has a favicon', async () => {
      const missing = await call(t.app, { url: '/menu/old-link?x=<b>', host: 'alpha' });
      assert.equal(missing.statusCode, 404);
      assert.match(missing.headers['content-type'] as string, /^text\/html/);
      assert.match(missing.body, /<h1>Pagina non trovata<\/h1>/);
      assert.match(missing.body, /<a href="\/" lang="en">Go to the menu<\/a>/);
      assert.doesNotMatch(missing.body, /<b>|old-link/, 'nothing from the request is written into the page');
      const unknown = await call(t.app, { url: '/menu/old-link', host: 'nobody' });
      assert.match(unknown.body, /<h1>Menu non trovato<\/h1>/);
      for (const body of [missing.body, unknown.body]) {
        assert.match(body, /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
      }
      // The CSP of these pages lets the inline icon show (data: images).
      assert.match(String(missing.headers['content-security-policy']), /img-src [^;]*data:/);
    });
  });
}

// Admin API /api/v1/admin/wineries: translations, search, validation, in-use rules, order (the CRUD contract is in crud.test.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite, NOT_FOUND, withoutUpdatedAt } from './menu-suite.js';

const WINERY_IN_USE = 'La cantina non può essere eliminata perché è usata da alcuni piatti.';

for (const dialect of dialects) {
  describe(`admin wineries (${dialect})`, () => {
    const { restaurant, rows } = menuSuite(dialect, 'tw');

    describe('wineries', () => {
      test('GET lists the wineries with the description in ?locale=, falling back to the default locale', async () => {
        const r = await restaurant();
        const list = await r.admin('GET', '/wineries');
        assert.equal(list.statusCode, 200);
        assert.equal(list.json.meta.total, 1);
        const [w] = list.json.data;
        assert.deepEqual(withoutUpdatedAt(w), {
          external_id: null,
          id: w.id,
          name: `Cantina ${r.label}`,
          region: 'Piemonte',
          country: 'Italia',
          description: 'Cantina storica',
          description_translations: { it: 'Cantina storica', en: 'Historic winery' },
          website_url: 'https://cantina.example.test',
        });
        assert.equal(typeof w.id, 'number');
        const description = async (query: string) => {
          const res = await r.admin('GET', `/wineries/${w.id}${query}`);
          assert.equal(res.statusCode, 200);
          return [res.json.meta.locale, res.json.data.description];
        };
        assert.deepEqual(await description('?locale=en'), ['en', 'Historic winery']);
        assert.deepEqual(await description('?locale=fr'), ['fr', 'Cantina storica']);
        assert.deepEqual(await description('?locale=xx'), ['it', 'Cantina storica']);
        assert.deepEqual(await description(''), ['it', 'Cantina storica']);
        // With English as the restaurant's default, French falls back to English.
        const settings = await r.admin('PUT', '/settings', { default_locale: 'en' });
        assert.equal(settings.statusCode, 200);
        assert.deepEqual(await description('?locale=fr'), ['fr', 'Historic winery']);
        assert.deepEqual(await description(''), ['en', 'Historic winery']);
        assert.equal((await r.wineries('?locale=de'))[0].description, 'Historic winery');
        for (const id of ['999999', 'x']) {
          const missing = await r.admin('GET', `/wineries/${id}`);
          assert.equal(missing.statusCode, 404);
          assert.deepEqual(missing.json, NOT_FOUND);
        }
      });

      test('POST creates a winery (201, optional fields empty); search filters the list on name, region and country', async () => {
        const r = await restaurant();
        const res = await r.admin('POST', '/wineries', {
          name: 'Tenuta Sole',
          region: 'Toscana',
          country: 'Italia',
          description: { it: 'Vini toscani', en: 'Tuscan wines' },
          website_url: 'https://sole.example.test/vini',
        });
        assert.equal(res.statusCode, 201);
        assert.equal(res.json.success, true);
        assert.deepEqual(withoutUpdatedAt(res.json.data), {
          external_id: null,
          id: res.json.data.id,
          name: 'Tenuta Sole',
          region: 'Toscana',
          country: 'Italia',
          description: 'Vini toscani',
          description_translations: { it: 'Vini toscani', en: 'Tuscan wines' },
          website_url: 'https://sole.example.test/vini',
        });
        const minimal = await r.admin('POST', '/wineries?locale=en', { name: 'Bodega Ñandú', country: 'España' });
        assert.equal(minimal.statusCode, 201);
        assert.equal(minimal.json.meta.locale, 'en');
        assert.deepEqual(withoutUpdatedAt(minimal.json.data), {
          external_id: null,
          id: minimal.json.data.id,
          name: 'Bodega Ñandú',
          region: '',
          country: 'España',
          description: '',
          description_translations: {},
          website_url: '',
        });
        const row = (await rows('wineries', r.id)).find((w) => w.id === res.json.data.id)!;
        assert.equal(row.name, 'Tenuta Sole');
        assert.equal(row.website_url, 'https://sole.example.test/vini');
        assert.deepEqual(JSON.parse(row.description_translations), { it: 'Vini toscani', en: 'Tuscan wines' });
        assert.deepEqual((await r.admin('GET', `/wineries/${res.json.data.id}`)).json.data, res.json.data);

        const names = async (search: string) =>
          (await r.wineries(`?search=${encodeURIComponent(search)}`)).map((w) => w.name);
        assert.deepEqual(await names('toscana'), ['Tenuta Sole']);
        assert.deepEqual(await names('TENUTA'), ['Tenuta Sole']);
        assert.deepEqual(await names('nandu'), ['Bodega Ñandú']);
        assert.deepEqual(await names('espana'), ['Bodega Ñandú']);
        assert.deepEqual(await names('italia'), [`Cantina ${r.label}`, 'Tenuta Sole']);
        assert.deepEqual(await names('sole italia'), ['Tenuta Sole']);
        assert.deepEqual(await names('sole piemonte'), []);
        assert.equal((await r.wineries()).length, 3);
        const page = await r.admin('GET', '/wineries?per_page=2&page=2');
        assert.equal(page.json.data.length, 1);
        assert.equal(page.json.meta.last_page, 2);
        assert.equal(page.json.meta.total, 3);
      });

      test('validation: name required, website_url an http(s) URL or empty, translations keyed by locale', async () => {
        const r = await restaurant();
        const before = await rows('wineries', r.id);
        const required = {
          success: false,
          message: 'Il campo name è richiesto.',
          errors: { name: ['Il campo name è richiesto.'] },
        };
        assert.deepEqual((await r.admin('POST', '/wineries', {})).json, required);
        const blank = await r.admin('POST', '/wineries', { name: '' });
        assert.equal(blank.statusCode, 422);
        assert.deepEqual(blank.json, required);
        const badUrl = 'Il formato del campo website url non è valido.';
        for (const url of ['not a url', 'www.example.test', 'ftp://files.example.test', 'javascript:alert(1)']) {
          const res = await r.admin('POST', '/wineries', { name: 'X', website_url: url });
          assert.equal(res.statusCode, 422, url);
          assert.deepEqual(res.json, { success: false, message: badUrl, errors: { website_url: [badUrl] } }, url);
        }
        const two = await r.admin('POST', '/wineries', { website_url: 'nope', description: { xx: 'y' } });
        assert.deepEqual(two.json, {
          success: false,
          message: 'Il campo name è richiesto. (e 2 altri errori)',
          errors: {
            name: ['Il campo name è richiesto.'],
            'description.xx': ['Il campo description.xx non è consentito.'],
            website_url: [badUrl],
          },
        });
        const en = await r.admin('POST', '/wineries', { name: 'X', website_url: 'nope' }, { 'accept-language': 'en' });
        assert.equal(en.json.message, 'The website url field must be a valid URL.');
        assert.deepEqual(await rows('wineries', r.id), before);

        const cantina = (await r.wineries())[0];
        const put = await r.admin('PUT', `/wineries/${cantina.id}`, { website_url: 'nope', name: '' });
        assert.equal(put.statusCode, 422);
        assert.deepEqual(Object.keys(put.json.errors).sort(), ['name', 'website_url']);
        assert.deepEqual(await rows('wineries', r.id), before);
        // '' means "no website".
        const empty = await r.admin('POST', '/wineries', { name: 'Senza sito', website_url: '' });
        assert.equal(empty.statusCode, 201);
        assert.equal(empty.json.data.website_url, '');
      });

      test('PUT/PATCH are partial and show at once in the public wine dish winery object', async () => {
        const r = await restaurant();
        const cantina = (await r.wineries())[0];
        const barolo = await r.dish('Barolo');
        assert.equal(barolo.winery_id, cantina.id);
        const etag = (await r.pub('/menu')).headers.etag;

        const put = await r.admin('PUT', `/wineries/${cantina.id}`, { name: 'Cantina Nuova', website_url: '' });
        assert.equal(put.statusCode, 200);
        assert.deepEqual(withoutUpdatedAt(put.json.data), {
          ...withoutUpdatedAt(cantina),
          name: 'Cantina Nuova',
          website_url: '',
        });
        const item = await r.pub(`/items/${barolo.id}`);
        assert.deepEqual(item.json.data.winery, {
          id: cantina.id,
          name: 'Cantina Nuova',
          region: 'Piemonte',
          country: 'Italia',
          description: 'Cantina storica',
          description_translations: { it: 'Cantina storica', en: 'Historic winery' },
          website_url: '',
        });
        const menu = await r.pub('/menu');
        assert.notEqual(menu.headers.etag, etag);
        const rossi = menu.json.data.sections.find((s: any) => s.name === 'Rossi');
        assert.equal(rossi.items[0].winery.name, 'Cantina Nuova');
        const vini = (await r.pub('/categories')).json.data.find((s: any) => s.name === 'Vini');
        assert.equal(vini.children[0].items[0].winery.name, 'Cantina Nuova');

        const patch = await r.admin('PATCH', `/wineries/${cantina.id}`, {
          description: { it: 'Nuova descrizione' },
          region: 'Langhe',
        });
        assert.equal(patch.statusCode, 200);
        assert.equal(patch.json.data.name, 'Cantina Nuova');
        assert.equal(patch.json.data.region, 'Langhe');
        assert.equal(patch.json.data.country, 'Italia');
        assert.deepEqual(patch.json.data.description_translations, { it: 'Nuova descrizione' });
        // English falls back to the Italian text now.
        const en = await r.pub(`/items/${barolo.id}?locale=en`);
        assert.equal(en.json.data.winery.description, 'Nuova descrizione');
        assert.equal(en.json.data.winery.region, 'Langhe');
        const row = (await rows('wineries', r.id)).find((w) => w.id === cantina.id)!;
        assert.equal(row.name, 'Cantina Nuova');
        assert.equal(row.website_url, '');
        assert.equal((await r.admin('PUT', '/wineries/999999', { name: 'X' })).statusCode, 404);
      });

      test('DELETE refuses a winery used by a wine (422, still there); an unused one answers 204 and is gone', async () => {
        const r = await restaurant();
        const cantina = (await r.wineries())[0];
        const refused = await r.admin('DELETE', `/wineries/${cantina.id}`);
        assert.equal(refused.statusCode, 422);
        assert.deepEqual(refused.json, { success: false, message: WINERY_IN_USE });
        assert.equal((await r.admin('GET', `/wineries/${cantina.id}`)).statusCode, 200);
        assert.equal((await r.dish('Barolo')).winery.id, cantina.id);
        assert.equal((await rows('wineries', r.id)).length, 1);

        const spare = (await r.admin('POST', '/wineries', { name: 'Da eliminare' })).json.data;
        const res = await r.admin('DELETE', `/wineries/${spare.id}`);
        assert.equal(res.statusCode, 204);
        assert.equal(res.body, '');
        const gone = await r.admin('GET', `/wineries/${spare.id}`);
        assert.equal(gone.statusCode, 404);
        assert.deepEqual(gone.json, NOT_FOUND);
        assert.deepEqual(
          (await r.wineries()).map((w) => w.id),
          [cantina.id],
        );
        assert.ok(!(await rows('wineries', r.id)).some((w) => w.id === spare.id));
        assert.deepEqual((await r.admin('DELETE', `/wineries/${spare.id}`)).json, NOT_FOUND);
      });

      test('the list is in alphabetical order whatever the case or accents', async () => {
        const r = await restaurant();
        for (const name of ['zeta', 'Ábaco', 'barone']) {
          assert.equal((await r.admin('POST', '/wineries', { name })).statusCode, 201);
        }
        assert.deepEqual(
          (await r.wineries()).map((w) => w.name),
          ['Ábaco', 'barone', `Cantina ${r.label}`, 'zeta'],
        );
      });
    });
  });
}

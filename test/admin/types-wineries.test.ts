// Admin API /api/v1/admin/types (sub-categories) and /api/v1/admin/wineries: CRUD, references, in-use rules, isolation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bumpMenuVersion } from '../../src/modules/tenants/repo.js';
import type { Scope } from '../../src/modules/tokens/scopes.js';
import { NOON_UTC } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { TYPE_KEYS as PUBLIC_TYPE_KEYS } from '../wire-keys.js';

/** The admin API adds the point-of-sale system's `external_id` to the public shape. */
const TYPE_KEYS = [...PUBLIC_TYPE_KEYS, 'external_id'].sort();

import { adminCall, restaurantMaker, tokenFor } from './tokens.js';

const NOT_FOUND = { success: false, message: 'Resource not found.' };
const FORBIDDEN = { success: false, message: 'Invalid ability provided.' };
const TYPE_IN_USE = 'La sottocategoria non può essere eliminata perché è usata da alcuni piatti.';
const WINERY_IN_USE = 'La cantina non può essere eliminata perché è usata da alcuni piatti.';
const BAD_CATEGORY = 'Category id selezionato non è valido.';

for (const dialect of dialects) {
  describe(`admin types and wineries (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 }, { now: () => NOON_UTC });
    });
    after(() => t.close());

    const makeRestaurant = restaurantMaker(() => t, 'tw');
    /** A new restaurant with the fixture menu, a token with `scopes`, and call shortcuts. */
    async function restaurant(scopes?: Scope[]) {
      const r = await makeRestaurant(scopes);
      const { admin, pub } = r;
      /** Sections by Italian name (admin view: all of them). */
      const sections = async (): Promise<Record<string, any>> => {
        const res = await admin('GET', '/categories?per_page=100');
        return Object.fromEntries(res.json.data.map((s: any) => [s.name_translations.it, s]));
      };
      /** Sub-categories by Italian name. */
      const types = async (): Promise<Record<string, any>> => {
        const res = await admin('GET', '/types?per_page=100');
        return Object.fromEntries(res.json.data.map((x: any) => [x.name_translations.it, x]));
      };
      const wineries = async (query = ''): Promise<any[]> => {
        const res = await admin('GET', `/wineries${query}`);
        assert.equal(res.statusCode, 200, res.body);
        return res.json.data;
      };
      const dish = async (name: string) =>
        (await pub('/items?per_page=100')).json.data.find((i: any) => i.name_translations.it === name);
      return { ...r, sections, types, wineries, dish };
    }

    const dbTypes = (tenantId: number) =>
      t.db.db.selectFrom('types').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();
    const dbWineries = (tenantId: number) =>
      t.db.db.selectFrom('wineries').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

    describe('types', () => {
      test('GET lists every sub-category in menu order, inactive included; category_id filters; GET one; 404', async () => {
        const r = await restaurant();
        const s = await r.sections();
        await t.db.db
          .updateTable('types')
          .set({ is_active: 0 })
          .where('tenant_id', '=', r.id)
          .where('name_translations', 'like', '%"Risotti"%')
          .execute();
        await bumpMenuVersion(t.db.db, r.id);

        const res = await r.admin('GET', '/types');
        assert.equal(res.statusCode, 200);
        const { generated_at, ...meta } = res.json.meta;
        assert.ok(generated_at);
        assert.deepEqual(meta, { locale: 'it', total: 2, page: 1, per_page: 50, last_page: 1 });
        assert.deepEqual(
          res.json.data.map((x: any) => [x.name, x.category_id, x.display_order, x.is_active]),
          [
            ['Pasta', s.Primi.id, 10, true],
            ['Risotti', s.Primi.id, 20, false],
          ],
        );
        for (const x of res.json.data) {
          assert.deepEqual(Object.keys(x).sort(), TYPE_KEYS);
          assert.equal(typeof x.id, 'number');
        }
        // The diner does not see the inactive one.
        const primi = (await r.pub(`/categories/${s.Primi.id}`)).json.data;
        assert.deepEqual(
          primi.types.map((x: any) => x.name),
          ['Pasta'],
        );

        const names = async (query: string) =>
          (await r.admin('GET', `/types${query}`)).json.data.map((x: any) => x.name);
        assert.deepEqual(await names(`?category_id=${s.Primi.id}`), ['Pasta', 'Risotti']);
        assert.deepEqual(await names(`?category_id=${s.Antipasti.id}`), []);
        assert.deepEqual(await names('?locale=en'), ['Pasta', 'Risottos']);
        assert.deepEqual(await names('?per_page=1&page=2'), ['Risotti']);
        const bad = await r.admin('GET', '/types?category_id=x');
        assert.equal(bad.statusCode, 422);
        assert.deepEqual(bad.json.errors, { category_id: ['Category id deve essere un numero intero.'] });

        const one = await r.admin('GET', `/types/${res.json.data[1].id}?locale=en`);
        assert.equal(one.statusCode, 200);
        assert.equal(one.json.meta.locale, 'en');
        assert.deepEqual(one.json.data, { ...res.json.data[1], name: 'Risottos' });
        for (const id of ['999999', 'abc']) {
          const missing = await r.admin('GET', `/types/${id}`);
          assert.equal(missing.statusCode, 404);
          assert.deepEqual(missing.json, NOT_FOUND);
        }
      });

      test('POST creates a sub-category: 201, defaults, last in its section, public at once', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const res = await r.admin('POST', '/types', {
          category_id: s.Primi.id,
          name: { it: 'Gnocchi', en: 'Dumplings' },
        });
        assert.equal(res.statusCode, 201);
        assert.equal(res.json.success, true);
        const { id, ...rest } = res.json.data;
        assert.equal(typeof id, 'number');
        assert.deepEqual(rest, {
          external_id: null,
          category_id: s.Primi.id,
          name: 'Gnocchi',
          name_translations: { it: 'Gnocchi', en: 'Dumplings' },
          display_order: 30,
          is_active: true,
        });
        assert.deepEqual((await r.admin('GET', `/types/${id}`)).json.data, res.json.data);
        const row = (await dbTypes(r.id)).find((x) => x.id === id)!;
        assert.equal(row.category_id, s.Primi.id);
        assert.equal(row.display_order, 30);
        // Visible at once in /categories and /menu.
        const primi = (await r.pub(`/categories/${s.Primi.id}?locale=en`)).json.data;
        assert.deepEqual(
          primi.types.map((x: any) => x.name),
          ['Pasta', 'Risottos', 'Dumplings'],
        );
        const menuPrimi = (await r.pub('/menu')).json.data.sections.find((x: any) => x.id === s.Primi.id);
        assert.deepEqual(
          menuPrimi.types.map((x: any) => x.name),
          ['Pasta', 'Risotti', 'Gnocchi'],
        );
        // The first type of an empty section starts the order; explicit values are kept.
        const first = await r.admin('POST', '/types', { category_id: s.Dolci.id, name: { it: 'Torte' } });
        assert.equal(first.json.data.display_order, 10);
        const hidden = await r.admin('POST', '/types', {
          category_id: s.Dolci.id,
          name: { it: 'Gelati' },
          display_order: 1,
          is_active: false,
        });
        assert.equal(hidden.statusCode, 201);
        assert.equal(hidden.json.data.display_order, 1);
        assert.equal(hidden.json.data.is_active, false);
        assert.deepEqual(
          (await r.pub(`/categories/${s.Dolci.id}`)).json.data.types.map((x: any) => x.name),
          ['Torte'],
        );
      });

      test('category_id must name a section of the same tenant; required fields are reported', async () => {
        const r = await restaurant();
        const other = await restaurant();
        const theirs = (await other.sections()).Primi.id;
        const before = await dbTypes(r.id);
        for (const categoryId of [999999, theirs]) {
          const res = await r.admin('POST', '/types', { category_id: categoryId, name: { it: 'Zuppe' } });
          assert.equal(res.statusCode, 422, String(categoryId));
          assert.deepEqual(res.json, {
            success: false,
            message: BAD_CATEGORY,
            errors: { category_id: [BAD_CATEGORY] },
          });
        }
        const empty = await r.admin('POST', '/types', {});
        assert.equal(empty.statusCode, 422);
        assert.deepEqual(empty.json, {
          success: false,
          message: 'Il campo category id è richiesto. (e 2 altri errori)',
          errors: {
            category_id: ['Il campo category id è richiesto.'],
            name: ['Il campo name è richiesto.'],
            'name.it': ['Il campo name.it è richiesto.'],
          },
        });
        const unknown = await r.admin('POST', '/types', { category_id: theirs, name: { it: 'X' }, tenant_id: 1 });
        assert.deepEqual(unknown.json.errors.tenant_id, ['Il campo tenant id non è consentito.']);
        // Moving a type into another tenant's section is refused too.
        const pasta = (await r.types()).Pasta;
        const move = await r.admin('PUT', `/types/${pasta.id}`, { category_id: theirs });
        assert.equal(move.statusCode, 422);
        assert.deepEqual(move.json.errors, { category_id: [BAD_CATEGORY] });
        assert.deepEqual(await dbTypes(r.id), before);
        assert.equal((await dbTypes(other.id)).length, 2);
      });

      test('PUT/PATCH are partial; an unused type moves; a type used by dishes does not move (422)', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const zuppe = (await r.admin('POST', '/types', { category_id: s.Primi.id, name: { it: 'Zuppe' } })).json.data;
        const moved = await r.admin('PATCH', `/types/${zuppe.id}`, { category_id: s.Antipasti.id });
        assert.equal(moved.statusCode, 200);
        assert.deepEqual(moved.json.data, { ...zuppe, category_id: s.Antipasti.id });
        assert.deepEqual(
          (await r.pub(`/categories/${s.Antipasti.id}`)).json.data.types.map((x: any) => x.name),
          ['Zuppe'],
        );

        const pasta = (await r.types()).Pasta;
        const cacio = await r.dish('Cacio e pepe');
        assert.equal(cacio.type_id, pasta.id);
        const refused = await r.admin('PUT', `/types/${pasta.id}`, { category_id: s.Antipasti.id });
        assert.equal(refused.statusCode, 422);
        assert.equal(refused.json.success, false);
        assert.deepEqual(Object.keys(refused.json.errors), ['category_id']);
        assert.equal(refused.json.message, refused.json.errors.category_id[0]);
        // Still where it was, and the dish still points at it.
        assert.equal((await r.admin('GET', `/types/${pasta.id}`)).json.data.category_id, s.Primi.id);
        assert.equal((await dbTypes(r.id)).find((x) => x.id === pasta.id)!.category_id, s.Primi.id);
        assert.equal((await r.dish('Cacio e pepe')).type_id, pasta.id);

        // A type in use can still be renamed, and naming its own section is no move.
        const renamed = await r.admin('PUT', `/types/${pasta.id}?locale=en`, {
          category_id: s.Primi.id,
          name: { it: 'Paste', en: 'Pasta dishes' },
        });
        assert.equal(renamed.statusCode, 200);
        assert.deepEqual(renamed.json.data, {
          ...pasta,
          name: 'Pasta dishes',
          name_translations: { it: 'Paste', en: 'Pasta dishes' },
        });
        const publicPrimi = (await r.pub('/menu/en')).json.data.sections.find((x: any) => x.id === s.Primi.id);
        assert.deepEqual(
          publicPrimi.types.map((x: any) => x.name),
          ['Pasta dishes', 'Risottos'],
        );
        const off = await r.admin('PATCH', `/types/${pasta.id}`, { is_active: false });
        assert.deepEqual(off.json.data, {
          ...pasta,
          name: 'Paste',
          name_translations: renamed.json.data.name_translations,
          is_active: false,
        });
        assert.equal((await r.admin('PUT', '/types/999999', { is_active: true })).statusCode, 404);
        const bad = await r.admin('PATCH', `/types/${pasta.id}`, { category_id: 0, foo: 1 });
        assert.deepEqual(bad.json.errors, {
          category_id: ['Category id deve essere almeno 1.'],
          foo: ['Il campo foo non è consentito.'],
        });
      });

      test('the refusal to move a type in use talks about moving, not deleting', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const pasta = (await r.types()).Pasta;
        const refused = await r.admin('PUT', `/types/${pasta.id}`, { category_id: s.Antipasti.id });
        assert.equal(refused.statusCode, 422);
        assert.doesNotMatch(refused.json.message, /eliminat/);
        assert.equal(
          refused.json.message,
          "La sottocategoria non può essere spostata in un'altra sezione perché è usata da alcuni piatti.",
        );
      });

      test('DELETE refuses a type used by dishes (422, still there); an unused one answers 204 and is gone', async () => {
        const r = await restaurant();
        const s = await r.sections();
        const pasta = (await r.types()).Pasta;
        const refused = await r.admin('DELETE', `/types/${pasta.id}`);
        assert.equal(refused.statusCode, 422);
        assert.deepEqual(refused.json, { success: false, message: TYPE_IN_USE });
        const en = await r.admin('DELETE', `/types/${pasta.id}`, undefined, { 'accept-language': 'en' });
        assert.equal(en.json.message, 'The subcategory cannot be deleted because it is used by some dishes.');
        assert.equal((await r.admin('GET', `/types/${pasta.id}`)).statusCode, 200);
        assert.ok((await dbTypes(r.id)).some((x) => x.id === pasta.id));
        assert.equal((await r.dish('Cacio e pepe')).type_id, pasta.id);

        const zuppe = (await r.admin('POST', '/types', { category_id: s.Primi.id, name: { it: 'Zuppe' } })).json.data;
        assert.equal((await r.pub(`/categories/${s.Primi.id}`)).json.data.types.length, 3);
        const res = await r.admin('DELETE', `/types/${zuppe.id}`);
        assert.equal(res.statusCode, 204);
        assert.equal(res.body, '');
        // The diner's very next request no longer shows it.
        assert.deepEqual(
          (await r.pub(`/categories/${s.Primi.id}`)).json.data.types.map((x: any) => x.name),
          ['Pasta', 'Risotti'],
        );
        const gone = await r.admin('GET', `/types/${zuppe.id}`);
        assert.equal(gone.statusCode, 404);
        assert.deepEqual(gone.json, NOT_FOUND);
        assert.ok(!(await dbTypes(r.id)).some((x) => x.id === zuppe.id));
        assert.deepEqual((await r.admin('DELETE', `/types/${zuppe.id}`)).json, NOT_FOUND);
      });

      test("tenant isolation and scopes: another tenant's types are 404; menu:read cannot write", async () => {
        const a = await restaurant(['menu:read']);
        const b = await restaurant();
        const bPasta = (await b.types()).Pasta;
        for (const [method, body] of [
          ['GET', undefined],
          ['PUT', { name: { it: 'Rubata' } }],
          ['DELETE', undefined],
        ] as const) {
          // A read token gets past the scope check only for GET; writes stop at 403 before any lookup.
          const res = await a.admin(method, `/types/${bPasta.id}`, body);
          assert.equal(res.statusCode, method === 'GET' ? 404 : 403, method);
        }
        const aWriter = await tokenFor(t.db.db, a.id, ['menu:write'], 'writer');
        for (const [method, body] of [
          ['GET', undefined],
          ['PUT', { name: { it: 'Rubata' } }],
          ['PATCH', { is_active: false }],
          ['DELETE', undefined],
        ] as const) {
          const res = await adminCall(t.app, aWriter, {
            method,
            url: `/api/v1/admin/types/${bPasta.id}`,
            host: a.slug,
            body,
          });
          assert.equal(res.statusCode, 404, method);
          assert.deepEqual(res.json, NOT_FOUND);
        }
        assert.deepEqual((await b.admin('GET', `/types/${bPasta.id}`)).json.data, bPasta);
        assert.deepEqual(
          (await a.admin('GET', '/types')).json.data.map((x: any) => x.id).filter((id: number) => id === bPasta.id),
          [],
        );
        const post = await a.admin('POST', '/types', { category_id: 1, name: { it: 'X' } });
        assert.equal(post.statusCode, 403);
        assert.deepEqual(post.json, FORBIDDEN);
        const anonymous = await call(t.app, { url: '/api/v1/admin/types', host: a.slug });
        assert.equal(anonymous.statusCode, 401);
        assert.deepEqual(anonymous.json, { success: false, message: 'Unauthenticated.' });
      });
    });

    describe('wineries', () => {
      test('GET lists the wineries with the description in ?locale=, falling back to the default locale', async () => {
        const r = await restaurant();
        const list = await r.admin('GET', '/wineries');
        assert.equal(list.statusCode, 200);
        assert.equal(list.json.meta.total, 1);
        const [w] = list.json.data;
        assert.deepEqual(w, {
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
        assert.deepEqual(res.json.data, {
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
        assert.deepEqual(minimal.json.data, {
          external_id: null,
          id: minimal.json.data.id,
          name: 'Bodega Ñandú',
          region: '',
          country: 'España',
          description: '',
          description_translations: {},
          website_url: '',
        });
        const row = (await dbWineries(r.id)).find((w) => w.id === res.json.data.id)!;
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
        const before = await dbWineries(r.id);
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
        assert.deepEqual(await dbWineries(r.id), before);

        const cantina = (await r.wineries())[0];
        const put = await r.admin('PUT', `/wineries/${cantina.id}`, { website_url: 'nope', name: '' });
        assert.equal(put.statusCode, 422);
        assert.deepEqual(Object.keys(put.json.errors).sort(), ['name', 'website_url']);
        assert.deepEqual(await dbWineries(r.id), before);
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
        assert.deepEqual(put.json.data, { ...cantina, name: 'Cantina Nuova', website_url: '' });
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
        const row = (await dbWineries(r.id)).find((w) => w.id === cantina.id)!;
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
        assert.equal((await dbWineries(r.id)).length, 1);

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
        assert.ok(!(await dbWineries(r.id)).some((w) => w.id === spare.id));
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

      test("tenant isolation and scopes: another tenant's wineries are 404 and untouched; menu:read cannot write", async () => {
        const a = await restaurant();
        const b = await restaurant();
        const bCantina = (await b.wineries())[0];
        for (const [method, body] of [
          ['GET', undefined],
          ['PUT', { name: 'Rubata' }],
          ['PATCH', { region: 'Altrove' }],
          ['DELETE', undefined],
        ] as const) {
          const res = await a.admin(method, `/wineries/${bCantina.id}`, body);
          assert.equal(res.statusCode, 404, method);
          assert.deepEqual(res.json, NOT_FOUND);
        }
        assert.deepEqual((await b.wineries())[0], bCantina);
        assert.deepEqual(
          (await a.wineries()).map((w) => w.name),
          [`Cantina ${a.label}`],
        );
        assert.equal((await b.dish('Barolo')).winery.name, `Cantina ${b.label}`);

        const reader = await tokenFor(t.db.db, a.id, ['menu:read'], 'reader');
        const read = await adminCall(t.app, reader, { url: '/api/v1/admin/wineries', host: a.slug });
        assert.equal(read.statusCode, 200);
        for (const [method, url] of [
          ['POST', '/api/v1/admin/wineries'],
          ['PUT', `/api/v1/admin/wineries/${read.json.data[0].id}`],
          ['DELETE', `/api/v1/admin/wineries/${read.json.data[0].id}`],
        ] as const) {
          const res = await adminCall(t.app, reader, {
            method,
            url,
            host: a.slug,
            body: method === 'DELETE' ? undefined : { name: 'X' },
          });
          assert.equal(res.statusCode, 403, method);
          assert.deepEqual(res.json, FORBIDDEN);
        }
        const anonymous = await call(t.app, {
          method: 'POST',
          url: '/api/v1/admin/wineries',
          host: a.slug,
          body: { name: 'X' },
        });
        assert.equal(anonymous.statusCode, 401);
        assert.deepEqual(anonymous.json, { success: false, message: 'Unauthenticated.' });
        assert.equal((await dbWineries(a.id)).length, 1);
      });
    });
  });
}

// Whole-menu sync: GET /admin/menu/export and PUT /admin/menu (match by external_id, else id;
// dry run; prune; every error with its path; one transaction), on both databases.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

type Doc = { wineries: any[]; sections: any[] };

for (const dialect of dialects) {
  describe(`whole-menu sync (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'sync');

    const auditCount = async (tenantId: number) =>
      (await suite().db.db.selectFrom('audit_log').select('id').where('tenant_id', '=', tenantId).execute()).length;

    test('an untouched export sent back changes nothing and says so; the menu version stays', async () => {
      const r = await restaurant();
      const exported = await r.admin('GET', '/menu/export');
      assert.equal(exported.statusCode, 200);
      const doc: Doc = exported.json.data;
      assert.ok(doc.sections.length > 0 && doc.wineries.length > 0);
      const dishes = doc.sections.flatMap((s) => [...s.items, ...s.sections.flatMap((c: any) => c.items)]);
      assert.equal(dishes.length, (await rows('items', r.id)).length);
      const etag = (await r.pub('/menu')).headers.etag;
      const audit = await auditCount(r.id);
      const res = await r.admin('PUT', '/menu', doc);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.data.changed, false);
      for (const tally of Object.values(res.json.data.summary) as any[]) {
        assert.equal(tally.created + tally.updated + tally.deleted, 0);
      }
      assert.equal(res.json.data.summary.items.unchanged, dishes.length);
      assert.equal((await r.pub('/menu')).headers.etag, etag);
      assert.equal(await auditCount(r.id), audit);
    });

    test('dry run answers the summary and changes nothing; the same document then applies in one write', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherMenu = (await other.pub('/menu/it')).json.data;
      const doc: Doc = (await r.admin('GET', '/menu/export')).json.data;
      doc.wineries.push({ external_id: 'POS-W-1', name: 'Cantina Nuova', region: 'Langhe', country: 'Italia' });
      doc.sections[0].items[0].price = 42.5;
      doc.sections[0].items.push({
        external_id: 'POS-D-1',
        name: { it: 'Vitello tonnato', en: 'Veal with tuna sauce' },
        price: 14,
        allergens: ['pesce', 'uova'],
        winery_external_id: 'POS-W-1',
      });
      const before = await rows('items', r.id);
      const etag = (await r.pub('/menu')).headers.etag;
      const dry = await r.admin('PUT', '/menu?dry_run=true', doc);
      assert.equal(dry.statusCode, 200, dry.body);
      assert.equal(dry.json.data.dry_run, true);
      assert.equal(dry.json.data.changed, true);
      assert.deepEqual(dry.json.data.summary.wineries, {
        created: 1,
        updated: 0,
        deleted: 0,
        unchanged: doc.wineries.length - 1,
      });
      assert.equal(dry.json.data.summary.items.created, 1);
      assert.equal(dry.json.data.summary.items.updated, 1);
      assert.deepEqual(await rows('items', r.id), before);
      assert.equal((await r.pub('/menu')).headers.etag, etag);

      const applied = await r.admin('PUT', '/menu', doc);
      assert.equal(applied.statusCode, 200, applied.body);
      assert.deepEqual(applied.json.data.summary, dry.json.data.summary);
      const created = (await r.admin('GET', '/items?external_id=POS-D-1')).json.data[0];
      assert.equal(created.price, 14);
      assert.equal(created.winery.name, 'Cantina Nuova');
      assert.equal((await r.admin('GET', `/items/${doc.sections[0].items[0].id}`)).json.data.price, 42.5);
      const entries = await suite().db.db.selectFrom('audit_log').select('via').where('tenant_id', '=', r.id).execute();
      assert.ok(entries.length >= 3 && entries.every((e) => e.via === 'import'), 'the audit log names the import');
      assert.deepEqual((await other.pub('/menu/it')).json.data, otherMenu);
    });

    test('a document with errors answers 422 with every error at its path and changes nothing, dry run or not', async () => {
      const r = await restaurant();
      const doc: Doc = (await r.admin('GET', '/menu/export')).json.data;
      doc.sections[0].items[1].price = -3;
      doc.sections[0].items[0].name = { it: 'Nuovo nome' };
      doc.sections[1].name = { en: 'No Italian name' };
      doc.sections[0].items.push({ name: { it: 'Senza prezzo' }, allergens: ['glutine'], price: 5 });
      const before = await rows('items', r.id);
      for (const url of ['/menu', '/menu?dry_run=1']) {
        const res = await r.admin('PUT', url, doc, { 'accept-language': 'en' });
        assert.equal(res.statusCode, 422, res.body);
        const n = doc.sections[0].items.length - 1;
        assert.deepEqual(Object.keys(res.json.errors).sort(), [
          'sections[0].items[1].price',
          `sections[0].items[${n}].allergens[0]`,
          'sections[1].name.it',
        ]);
      }
      assert.deepEqual(await rows('items', r.id), before, 'the valid rows of the document were not written either');
      const notADocument = await r.admin('PUT', '/menu', { sections: 'all of them' });
      assert.equal(notADocument.statusCode, 422);
      assert.deepEqual(Object.keys(notADocument.json.errors), ['sections']);
    });

    test('omitted rows are kept, or deleted with prune=true; another restaurant can load the export as new rows', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const doc: Doc = (await r.admin('GET', '/menu/export')).json.data;
      const dropped = doc.sections[0].items.pop();
      const kept = await r.admin('PUT', '/menu', doc);
      assert.equal(kept.json.data.summary.items.deleted, 0);
      assert.equal((await r.admin('GET', `/items/${dropped.id}`)).statusCode, 200);
      const pruned = await r.admin('PUT', '/menu?prune=true', doc);
      assert.equal(pruned.statusCode, 200, pruned.body);
      assert.equal(pruned.json.data.summary.items.deleted, 1);
      assert.equal((await r.admin('GET', `/items/${dropped.id}`)).statusCode, 404);

      // Moving a menu: the ids are another restaurant's, so every row is created here.
      const otherBefore = (await rows('items', other.id)).length;
      const moved = await other.admin('PUT', '/menu', doc);
      assert.equal(moved.statusCode, 200, moved.body);
      const dishCount = doc.sections.flatMap((s) => [...s.items, ...s.sections.flatMap((c: any) => c.items)]).length;
      assert.equal(moved.json.data.summary.items.created, dishCount);
      assert.equal((await rows('items', other.id)).length, otherBefore + dishCount);
      assert.equal((await rows('items', r.id)).length, dishCount, 'the source restaurant is untouched');
    });
  });
}

for (const dialect of dialects) {
  describe(`dishes as CSV (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'csv');

    test('export with ; for Italian Excel, edit a price as 12,50 and a name, import: only that dish changes', async () => {
      const r = await restaurant();
      const res = await r.admin('GET', '/menu/export.csv?delimiter=semicolon');
      assert.equal(res.statusCode, 200, res.body);
      assert.match(String(res.headers['content-type']), /^text\/csv/);
      assert.ok(res.body.startsWith('\uFEFF'), 'a byte order mark, so Excel reads UTF-8');
      const [header, first, ...rest] = res.body.slice(1).trimEnd().split('\r\n');
      assert.match(header, /^id;external_id;section;/);
      assert.ok(header.includes('allergen_cereali_glutine') && header.includes('name_de'));
      assert.equal(rest.length + 1, (await rows('items', r.id)).length);
      const cells = first.split(';');
      const columns = header.split(';');
      // Prices as Italian Excel reads numbers (12,50), not 12.5, which it would take for a date.
      assert.match(cells[columns.indexOf('price')], /^\d+,\d{2}$/);
      cells[columns.indexOf('price')] = '12,50';
      cells[columns.indexOf('name_en')] = 'Renamed in English';
      const edited = [header, cells.join(';'), ...rest].join('\r\n');
      const before = await rows('items', r.id);
      const put = await r.admin('PUT', '/menu', edited, { 'content-type': 'text/csv' });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.summary.items.updated, 1);
      assert.equal(put.json.data.summary.items.unchanged, before.length - 1);
      const dish = (await r.admin('GET', `/items/${cells[0]}?locale=en`)).json.data;
      assert.equal(dish.price, 12.5);
      assert.equal(dish.name, 'Renamed in English');
    });

    test('allergens, traces and diets are sets: an untouched CSV sent back, or the same keys reordered, change nothing and record nothing', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const [dish] = await rows('items', r.id);
      // Stored out of the CSV's column order, as a client may send them.
      const reordered = {
        allergens: ['uova', 'cereali_glutine'],
        allergen_traces: ['sesamo', 'latte'],
        dietary: ['vegan', 'vegetarian'],
      };
      assert.equal((await r.admin('PUT', `/items/${dish.id}`, reordered)).statusCode, 200);
      const audit = async (tenantId: number) =>
        (await suite().db.db.selectFrom('audit_log').select('id').where('tenant_id', '=', tenantId).execute()).length;
      const [mine, theirs] = [await audit(r.id), await audit(other.id)];
      // What diners read, not the ETag: every accepted write starts a new menu version (writeMenu
      // bumps it even when nothing changed), and the document rebuilt for it carries a new
      // generated_at (to the second), so its ETag only matches when both builds fall in the same second.
      const menuState = async () => (await r.pub('/menu')).json.data;
      const before = await menuState();
      const csv = (await r.admin('GET', '/menu/export.csv')).body;
      const put = await r.admin('PUT', '/menu', csv, { 'content-type': 'text/csv' });
      assert.equal(put.statusCode, 200, put.body);
      assert.equal(put.json.data.changed, false);
      assert.equal(put.json.data.summary.items.updated, 0);
      const sorted = {
        allergens: ['cereali_glutine', 'uova'],
        allergen_traces: ['latte', 'sesamo'],
        dietary: ['vegetarian', 'vegan'],
      };
      assert.equal((await r.admin('PUT', `/items/${dish.id}`, sorted)).statusCode, 200);
      assert.equal(await audit(r.id), mine);
      assert.equal(await audit(other.id), theirs);
      assert.deepEqual(await menuState(), before);
      const stored = (await r.admin('GET', `/items/${dish.id}`)).json.data;
      assert.deepEqual(stored.allergens, reordered.allergens);
      // A different set is a change, recorded once.
      assert.equal((await r.admin('PUT', `/items/${dish.id}`, { allergens: ['uova'] })).statusCode, 200);
      assert.equal(await audit(r.id), mine + 1);
    });

    test('a CSV with a bad line answers 422 naming the line and field, and changes nothing; a new dish by section name is created', async () => {
      const r = await restaurant();
      const csv = (await r.admin('GET', '/menu/export.csv')).body.trimEnd().split('\r\n');
      const columns = csv[0].split(',');
      assert.match(csv[1].split(',')[columns.indexOf('price')], /^\d+\.\d{2}$/, 'prices for machines: 12.50');
      const blank = columns.map(() => '');
      const row = (values: Record<string, string>) => blank.map((_, i) => values[columns[i]] ?? '').join(',');
      const section = csv[1].split(',')[columns.indexOf('section')];
      const good = row({ section, price: '7', name_it: 'Bruschetta' });
      const bad = row({ section, price: 'gratis', name_it: 'Acqua' });
      const before = await rows('items', r.id);
      const refused = await r.admin('PUT', '/menu', [csv[0], good, bad].join('\n'), {
        'content-type': 'text/csv',
        'accept-language': 'en',
      });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(Object.keys(refused.json.errors), ['rows[3].price']);
      assert.deepEqual(await rows('items', r.id), before);
      const created = await r.admin('PUT', '/menu', [csv[0], good].join('\n'), { 'content-type': 'text/csv' });
      assert.equal(created.statusCode, 200, created.body);
      assert.equal(created.json.data.summary.items.created, 1);
      const unknown = await r.admin(
        'PUT',
        '/menu',
        [csv[0], row({ section: 'Nowhere', price: '1', name_it: 'X' })].join('\n'),
        {
          'content-type': 'text/csv',
        },
      );
      assert.deepEqual(Object.keys(unknown.json.errors), ['rows[2].section']);
    });
  });
}

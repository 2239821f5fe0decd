// /admin/import over HTTP: downloads (JSON as the API exports it, CSV with ';' for the Italian
// panel), a file previewed as a dry run (nothing written), then applied in one write (audit
// entries by the signed-in user, via import); a file with errors lists each by line or path and
// changes nothing; another restaurant's rows are out of reach; staff and forged forms are refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { BETA_OWNER, OWNER, type PanelBed, panelBed } from './setup.js';

/** The key of the draft a preview's apply form carries (the file itself waits on the server). */
function previewedDraft(body: string): string {
  const m =
    /<form method="post" action="\/admin\/import\/apply" class="actions">[\s\S]*?name="draft" value="([^"]+)"/.exec(
      body,
    );
  assert.ok(m, 'the preview has an apply form with its draft');
  assert.doesNotMatch(body, /<textarea name="document"/, 'the file does not travel back');
  return m[1];
}

/** Previews a whole-menu document and applies it, as the owner does in two presses. */
async function importThrough(c: PanelClient, doc: unknown) {
  await c.get('/admin/import');
  const preview = await c.postMultipart('/admin/import/preview', {}, jsonFile(JSON.stringify(doc)));
  assert.equal(preview.statusCode, 200, preview.body);
  return c.post('/admin/import/apply', { draft: previewedDraft(preview.body) });
}

const csvFile = (data: string) => ({ field: 'file', filename: 'dishes.csv', type: 'text/csv', data });
const jsonFile = (data: string) => ({ field: 'file', filename: 'menu.json', type: 'application/json', data });

for (const dialect of dialects) {
  describe(`panel import and export (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    const dishes = async (tenantId: number) =>
      (
        await bed.db.db
          .selectFrom('items')
          .select(['id', 'price_cents', 'name_translations'])
          .where('tenant_id', '=', tenantId)
          .orderBy('id')
          .execute()
      ).map((r) => ({
        id: r.id,
        price: Number(r.price_cents) / 100,
        name: JSON.parse(r.name_translations).it as string,
      }));

    test('the page is in the navigation and offers the JSON and the CSV with a separator choice', async () => {
      const page = await c.get('/admin/import');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<a href="\/admin\/import" aria-current="page">Import and export<\/a>/);
      assert.match(page.body, /href="\/admin\/import\/menu.json" download/);
      assert.match(page.body, /name="delimiter" value="comma" checked/);
      assert.match(page.body, /enctype="multipart\/form-data"/);
      const it = await c.get('/admin/import', { 'accept-language': 'it' });
      assert.match(it.body, /name="delimiter" value="semicolon" checked/);
    });

    test('the JSON download is the API’s whole-menu document of this restaurant only', async () => {
      const res = await c.get('/admin/import/menu.json');
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-disposition']), /attachment; filename="alpha-menu.json"/);
      const doc = JSON.parse(res.body);
      assert.ok(Array.isArray(doc.sections));
      assert.match(res.body, /Bruschetta Alpha/);
      assert.doesNotMatch(res.body, /Bruschetta Beta/);
    });

    test('the CSV uses ; and 6,50 for the Italian panel, , and 6.50 in English, or the separator chosen', async () => {
      const italian = await c.get('/admin/import/dishes.csv', { 'accept-language': 'it' });
      assert.equal(italian.statusCode, 200);
      assert.match(String(italian.headers['content-type']), /^text\/csv/);
      assert.match(italian.body, /^\uFEFFid;external_id;section;/);
      assert.match(italian.body, /;6,50;/);
      const english = await c.get('/admin/import/dishes.csv');
      assert.match(english.body, /^\uFEFFid,external_id,section,/);
      assert.match(english.body, /,6.50,/);
      const chosen = await c.get('/admin/import/dishes.csv?delimiter=semicolon');
      assert.match(chosen.body, /^\uFEFFid;external_id;section;/);
    });

    test('a CSV with one bad row lists the row and the field, and changes nothing', async () => {
      const before = await dishes(bed.alpha);
      const csv = (await c.get('/admin/import/dishes.csv')).body;
      const lines = csv.trimEnd().split('\r\n');
      lines[2] = lines[2].replace(/,9.00,/, ',nove,');
      assert.notEqual(lines[2], csv.split('\r\n')[2], 'the test changed the row');
      await c.get('/admin/import');
      const res = await c.postMultipart('/admin/import/preview', {}, csvFile(`${lines.join('\r\n')}\r\n`));
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /The file has 1 problem/);
      // The row, the column as the header writes it, the value quoted, all in the panel's language.
      assert.match(
        res.body,
        /<div>Row 3, column “price”<\/div><\/td><td data-label="Problem"><div>“nove” is not a price/,
      );
      const italian = bed.client('alpha', { 'accept-language': 'it' });
      await italian.signIn(OWNER.email, OWNER.password);
      await italian.get('/admin/import');
      const it = await italian.postMultipart('/admin/import/preview', {}, csvFile(`${lines.join('\r\n')}\r\n`));
      assert.match(it.body, /Riga 3, colonna “price”<\/div><\/td><td data-label="[^"]+"><div>“nove” non è un prezzo/);
      assert.doesNotMatch(it.body, /must be|deve essere un numero|Price deve/);
      assert.doesNotMatch(res.body, /name="draft"/, 'no apply form');
      assert.deepEqual(await dishes(bed.alpha), before);
    });

    test('a valid CSV is previewed without writing, then applied in one write by the owner', async () => {
      const before = await dishes(bed.alpha);
      const csv = (await c.get('/admin/import/dishes.csv')).body;
      const header = csv.split('\r\n')[0].split(',');
      const lines = csv.trimEnd().split('\r\n');
      lines[2] = lines[2].replace(/,9.00,/, ',9.50,');
      const row = header.map((col) =>
        col === 'section' ? 'Antipasti' : col === 'price' ? '4' : col === 'name_it' ? 'Olive ascolane' : '',
      );
      lines.push(row.join(','));
      await c.get('/admin/import');
      const preview = await c.postMultipart('/admin/import/preview', {}, csvFile(`${lines.join('\r\n')}\r\n`));
      assert.equal(preview.statusCode, 200);
      assert.match(
        preview.body,
        /data-kind="items"><th scope="row" data-label="Rows">Dishes<\/th><td data-label="Created"><div>1<\/div><\/td><td data-label="Changed"><div>1<\/div>/,
      );
      // Which dishes and which fields, by name, each before → after in the panel's number format.
      const changes = /<section aria-labelledby="changes-title"[\s\S]*?<\/section>/.exec(preview.body)?.[0] ?? '';
      assert.match(changes, /<h3>Dishes: 2<\/h3>/);
      assert.match(
        changes,
        /<strong>Olive ascolane<\/strong> <span class="hint">in “Starters”<\/span> <span class="badge">new<\/span>/,
      );
      assert.match(
        changes,
        /<strong>Caprese<\/strong> <span class="badge">changed<\/span><table class="changes">[\s\S]*?<th scope="row">price<\/th><td>.*€9\.00<\/td><td>.*€9\.50<\/td>/,
      );
      assert.doesNotMatch(changes, /Bruschetta Alpha|Tiramis/, 'unchanged dishes are not listed');
      const italian = bed.client('alpha', { 'accept-language': 'it' });
      await italian.signIn(OWNER.email, OWNER.password);
      await italian.get('/admin/import');
      const it = await italian.postMultipart('/admin/import/preview', {}, csvFile(`${lines.join('\r\n')}\r\n`));
      assert.match(it.body, /<th scope="row">prezzo<\/th><td>.*9,00\s€<\/td><td>.*9,50\s€<\/td>/);
      assert.deepEqual(await dishes(bed.alpha), before, 'a preview writes nothing');
      const auditBefore = await bed.db.db
        .selectFrom('audit_log')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .execute();

      // The last preview's draft (each preview replaces the user's draft; the file is the same).
      const draft = previewedDraft(it.body);
      const applied = await c.post('/admin/import/apply', { draft });
      assert.equal(applied.statusCode, 303);
      assert.equal(applied.headers.location, '/admin/import?applied=1');
      const after = await dishes(bed.alpha);
      assert.equal(after.length, before.length + 1);
      assert.equal(after.find((d) => d.name === 'Caprese')?.price, 9.5);
      assert.equal(after.find((d) => d.name === 'Olive ascolane')?.price, 4);
      const entries = await bed.db.db
        .selectFrom('audit_log')
        .select(['via', 'user_id'])
        .where('tenant_id', '=', bed.alpha)
        .where('id', 'not in', auditBefore.length ? auditBefore.map((e) => e.id) : [0])
        .execute();
      assert.ok(entries.length >= 2);
      assert.ok(entries.every((e) => e.via === 'import' && e.user_id !== null));
      const page = await c.get(applied.headers.location as string);
      assert.match(page.body, /The file was imported\./);
    });

    test('a JSON document with errors names each by its path; a file that is not JSON says so', async () => {
      const before = await dishes(bed.alpha);
      const doc = JSON.parse((await c.get('/admin/import/menu.json')).body);
      doc.sections[0].items[0].price = -1;
      doc.sections[0].items[1].allergens = ['gluten'];
      await c.get('/admin/import');
      const res = await c.postMultipart('/admin/import/preview', {}, jsonFile(JSON.stringify(doc)));
      assert.equal(res.statusCode, 422);
      assert.match(res.body, /The file has 2 problems/);
      // Each by its row, its name and the field as the document writes them, the value quoted.
      assert.match(
        res.body,
        /<code>sections\[0\]\.items\[0\]<\/code> “Bruschetta Alpha”, field “price”<\/div><\/td><td data-label="Problem"><div>“-1” is not a price/,
      );
      assert.match(
        res.body,
        /<code>sections\[0\]\.items\[1\]<\/code> “Caprese”, field “allergens\[0\]”<\/div><\/td><td data-label="Problem"><div>“gluten”: The selected “allergens\[0\]” is invalid\./,
      );
      const broken = await c.postMultipart('/admin/import/preview', {}, jsonFile('{"sections": ['));
      assert.equal(broken.statusCode, 422);
      assert.match(broken.body, /The file is not valid JSON/);
      const none = await c.postMultipart('/admin/import/preview', {});
      assert.equal(none.statusCode, 422);
      assert.match(none.body, /Choose a file first\./);
      assert.deepEqual(await dishes(bed.alpha), before);
    });

    test('another restaurant’s dish ids do not reach its rows; its own export and import stay its own', async () => {
      const betaBefore = await dishes(bed.beta);
      const doc = JSON.parse((await c.get('/admin/import/menu.json')).body);
      doc.sections[0].items[0].id = betaBefore[0].id;
      doc.sections[0].items[0].external_id = null;
      doc.sections[0].items[0].price = 1;
      await c.get('/admin/import');
      await importThrough(c, doc);
      assert.deepEqual(await dishes(bed.beta), betaBefore, 'beta untouched');
      const beta = bed.client('beta');
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      const own = await beta.get('/admin/import/menu.json');
      assert.match(own.body, /Bruschetta Beta/);
      assert.doesNotMatch(own.body, /Bruschetta Alpha/);
    });

    test('staff may download but not import; a form without the CSRF token changes nothing', async () => {
      await createUser(bed.db.db, bed.alpha, { email: 'staff@alpha.test', password: 'staff-password', role: 'staff' });
      const staff = bed.client();
      await staff.signIn('staff@alpha.test', 'staff-password');
      const page = await staff.get('/admin/import');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Only the restaurant’s owners can import a menu\./);
      assert.equal((await staff.get('/admin/import/menu.json')).statusCode, 200);
      const before = await dishes(bed.alpha);
      const doc = JSON.parse((await c.get('/admin/import/menu.json')).body);
      doc.sections[0].items[0].price = 99;
      const refused = await staff.postMultipart('/admin/import/preview', {}, jsonFile(JSON.stringify(doc)));
      assert.equal(refused.statusCode, 403);
      await c.get('/admin/import');
      const preview = await c.postMultipart('/admin/import/preview', {}, jsonFile(JSON.stringify(doc)));
      const draft = previewedDraft(preview.body);
      // The owner's draft is the owner's: staff cannot apply it, nor can a form without the token.
      await staff.get('/admin');
      assert.equal((await staff.post('/admin/import/apply', { draft })).statusCode, 403);
      assert.equal((await c.post('/admin/import/apply', { draft }, { csrf: null })).statusCode, 403);
      const forged = await c.postMultipart('/admin/import/preview', {}, jsonFile(JSON.stringify(doc)), { csrf: null });
      assert.equal(forged.statusCode, 403);
      assert.deepEqual(await dishes(bed.alpha), before);
    });

    test('a previewed file is applied once, by the user who previewed it, within the hour', async () => {
      await createUser(bed.db.db, bed.alpha, {
        email: 'owner2@alpha.test',
        password: 'owner2-password',
        role: 'owner',
      });
      const other = bed.client();
      await other.signIn('owner2@alpha.test', 'owner2-password');
      const doc = JSON.parse((await c.get('/admin/import/menu.json')).body);
      doc.sections[0].items[0].price = 42;
      await c.get('/admin/import');
      const draft = previewedDraft(
        (await c.postMultipart('/admin/import/preview', {}, jsonFile(JSON.stringify(doc)))).body,
      );
      await other.get('/admin/import');
      const notTheirs = await other.post('/admin/import/apply', { draft });
      assert.equal(notTheirs.statusCode, 422);
      assert.match(notTheirs.body, /no longer waiting to be applied/);
      assert.equal((await c.post('/admin/import/apply', { draft })).statusCode, 303);
      assert.ok((await dishes(bed.alpha)).some((d) => d.price === 42));
      const again = await c.post('/admin/import/apply', { draft });
      assert.equal(again.statusCode, 422, 'applied once');
      const left = await bed.db.db.selectFrom('import_drafts').selectAll().where('tenant_id', '=', bed.alpha).execute();
      assert.deepEqual(left, [], 'an applied draft is forgotten');
    });
  });
}

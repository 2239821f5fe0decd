// What the import page's preview names (issue 31, point 3): every row a prune deletes by name and
// where it sits (sections, sub-sections, sub-categories, dishes, wineries); rows going into a
// section or sub-category the same file creates read that row's name, never the id the dry run
// gave it; a JSON document's errors said as a spreadsheet's are: in the panel's language, the row
// and the field as the file writes them, the value quoted.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { OWNER, type PanelBed, panelBed } from './setup.js';

const jsonFile = (data: unknown) => ({
  field: 'file',
  filename: 'menu.json',
  type: 'application/json',
  data: JSON.stringify(data),
});

/** The preview's part under a heading id (`deleted-title`, `changes-title`), or '' when it is not there. */
const part = (body: string, id: string) =>
  new RegExp(`<section aria-labelledby="${id}"[\\s\\S]*?</section>`).exec(body)?.[0] ?? '';

/** A part's text as read aloud: tags dropped, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

for (const dialect of dialects) {
  describe(`the import preview names every row (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let it: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
      it = bed.client('alpha', { 'accept-language': 'it' });
      await it.signIn(OWNER.email, OWNER.password);
      await it.get('/admin/import');
    });
    after(() => bed.close());

    const exported = async () => JSON.parse((await c.get('/admin/import/menu.json')).body);
    const counts = async () =>
      Promise.all(
        (['categories', 'types', 'items', 'wineries'] as const).map(async (table) =>
          Number(
            (
              await bed.db.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .where('tenant_id', '=', bed.alpha)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );

    test('a prune lists each section, sub-category, dish and winery it deletes by name, with its section', async () => {
      const before = await counts();
      const doc = await exported();
      doc.sections = doc.sections.filter((s: { name: { it: string } }) => !['Primi', 'Vini'].includes(s.name.it));
      doc.wineries = [];
      await c.get('/admin/import');
      const res = await c.postMultipart('/admin/import/preview', { prune: '1' }, jsonFile(doc));
      assert.equal(res.statusCode, 200, res.body);
      const deleted = part(res.body, 'deleted-title');
      const list = (kind: string) =>
        text(new RegExp(`<ul class="deletions" data-kind="${kind}">[\\s\\S]*?</ul>`).exec(deleted)?.[0] ?? '');
      // Named in the panel's language (English, else the menu's Italian), each where it sits.
      assert.equal(list('sections'), 'Reds in “Wines” Wines First courses');
      assert.equal(list('sub_categories'), 'Pasta in “First courses” Risottos in “First courses”');
      assert.equal(
        list('items'),
        'Barolo in “Reds” Cacio e pepe in “First courses” Mushroom risotto in “First courses”',
      );
      assert.equal(list('wineries'), 'Cantina Alpha');
      const italian = await it.postMultipart('/admin/import/preview', { prune: '1' }, jsonFile(doc));
      assert.match(
        text(part(italian.body, 'deleted-title')),
        /Sezioni: 3 Rossi in “Vini” Vini Primi Sottocategorie: 2 Pasta in “Primi” Risotti in “Primi” Piatti: 3 Barolo in “Rossi”/,
      );
      assert.deepEqual(await counts(), before, 'a preview deletes nothing');
    });

    test('dishes going into a section the same file creates read its name, not an id', async () => {
      const before = await counts();
      const doc = await exported();
      const caprese = doc.sections[0].items.find((i: { name: { it: string } }) => i.name.it === 'Caprese');
      doc.sections[0].items = doc.sections[0].items.filter((i: unknown) => i !== caprese);
      const risotto = doc.sections[2].items.find((i: { name: { it: string } }) => i.name.it === 'Risotto ai funghi');
      // A new sub-category of an existing section, named by a dish the file keeps there.
      doc.sections[2].sub_categories.push({ external_id: 'sub-al-forno', name: { it: 'Al forno', en: 'Baked' } });
      risotto.type_id = null;
      risotto.type_external_id = 'sub-al-forno';
      doc.sections.push({
        external_id: 'sec-pizze',
        menu_type: 'standard',
        name: { it: 'Pizze', en: 'Pizzas' },
        sub_categories: [{ external_id: 'sub-rosse', name: { it: 'Rosse', en: 'Red' } }],
        items: [caprese, { name: { it: 'Margherita' }, price: 8, type_external_id: 'sub-rosse' }],
      });
      await c.get('/admin/import');
      const res = await c.postMultipart('/admin/import/preview', {}, jsonFile(doc));
      assert.equal(res.statusCode, 200, res.body);
      const changes = text(part(res.body, 'changes-title'));
      assert.match(changes, /Sections: 1 Pizzas new/);
      assert.match(changes, /Red in “Pizzas” new/);
      assert.match(changes, /Caprese changed Field changed Before After section Before: Starters After: Pizzas/);
      assert.match(changes, /Mushroom risotto changed .*sub-category Before: Risottos After: Baked/);
      assert.match(changes, /Margherita in “Pizzas” new/);
      assert.doesNotMatch(changes, /After: \d|sec-pizze|sub-rosse|sub-al-forno/, 'no id nor reference of the file');
      const italian = text(
        part((await it.postMultipart('/admin/import/preview', {}, jsonFile(doc))).body, 'changes-title'),
      );
      assert.match(italian, /Caprese modificato .*sezione Prima: Antipasti Dopo: Pizze/);
      assert.match(italian, /Margherita in “Pizze” nuovo/);
      assert.deepEqual(await counts(), before, 'a preview creates nothing');
    });

    test('a JSON document’s errors: the row and field as written, the value quoted, all in the panel’s language', async () => {
      const doc = await exported();
      doc.sections[0].items[1].price = -1;
      doc.sections[0].items[2].allergens = ['gluten'];
      doc.sections[2].items[0].variants = [{ label: { it: 'Piccola' }, price: 3.333 }];
      doc.sections[2].items[1].type_external_id = 'nope';
      await c.get('/admin/import');
      const en = await c.postMultipart('/admin/import/preview', {}, jsonFile(doc));
      assert.equal(en.statusCode, 422);
      const row = (where: string, problem: string) =>
        new RegExp(`<div>${where}</div></td><td data-label="[^"]+"><div>${problem}[^<]*</div>`);
      assert.match(
        en.body,
        row('<code>sections\\[0\\]\\.items\\[1\\]</code> “Caprese”, field “price”', '“-1” is not a price \\(a number'),
      );
      assert.match(
        en.body,
        row(
          '<code>sections\\[0\\]\\.items\\[2\\]</code> “Fiori fritti”, field “allergens\\[0\\]”',
          '“gluten”: The selected “allergens\\[0\\]” is invalid\\.',
        ),
      );
      assert.match(
        en.body,
        row(
          '<code>sections\\[2\\]\\.items\\[0\\]</code> “Cacio e pepe”, field “variants\\[0\\]\\.price”',
          '“3\\.333” is not a price',
        ),
      );
      assert.match(
        en.body,
        row(
          '<code>sections\\[2\\]\\.items\\[1\\]</code> “Mushroom risotto”, field “type_external_id”',
          '“nope”: The selected “type_external_id” is invalid\\.',
        ),
      );
      const itBody = (await it.postMultipart('/admin/import/preview', {}, jsonFile(doc))).body;
      assert.match(
        itBody,
        row('<code>sections\\[0\\]\\.items\\[1\\]</code> “Caprese”, campo “price”', '“-1” non è un prezzo'),
      );
      assert.match(
        itBody,
        row(
          '<code>sections\\[2\\]\\.items\\[1\\]</code> “Risotto ai funghi”, campo “type_external_id”',
          '“nope”: Il valore scelto per il campo “type_external_id” non è valido\\.',
        ),
      );
      // Nothing of another language, no field capitalised into a sentence ("Price deve…").
      assert.doesNotMatch(itBody, /must be|is invalid|Price deve|Allergens\b/);
      // A document that fails its shape: the value quoted as well.
      doc.sections[0].items[0].price = 'dodici';
      const shape = await it.postMultipart('/admin/import/preview', {}, jsonFile(doc));
      assert.match(
        shape.body,
        row(
          '<code>sections\\[0\\]\\.items\\[0\\]</code> “Bruschetta Alpha”, campo “price”',
          '“dodici” non è un prezzo',
        ),
      );
    });
  });
}

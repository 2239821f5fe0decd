// Option groups through the whole-menu document (issue 34): a POS menu with modifier groups loads
// in one import and reads back the same; an untouched export sent back changes nothing; dry run;
// every error with its JSON path and nothing stored; prune detaches and deletes what the document
// leaves out; references to another restaurant's group refused — on both databases.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { menuSuite } from './menu-suite.js';

/** A point-of-sale catalogue: modifier lists with modifiers, and items naming them by the POS's ids. */
function posDocument() {
  return {
    option_groups: [
      {
        external_id: 'ML-PASTA',
        name: { it: 'Scegli la pasta', en: 'Choose your pasta' },
        min_choices: 1,
        max_choices: 1,
        options: [
          { external_id: 'M-SPAG', name: { it: 'Spaghetti' }, allergens: ['cereali_glutine'] },
          { external_id: 'M-RIGA', name: { it: 'Rigatoni' }, allergens: ['cereali_glutine'] },
          { external_id: 'M-GF', name: { it: 'Senza glutine', en: 'Gluten-free' }, price_change: 2 },
        ],
      },
      {
        external_id: 'ML-ADD',
        name: { it: 'Aggiunte', en: 'Add-ons' },
        max_choices: 5,
        options: [
          {
            external_id: 'M-BUR',
            name: { it: 'Burrata' },
            price_change: 3,
            allergens: ['latte'],
            dietary: ['vegetarian'],
          },
          { external_id: 'M-ACC', name: { it: 'Acciughe' }, price_change: 1.5, allergens: ['pesce'] },
          { external_id: 'M-NOCHEESE', name: { it: 'Senza formaggio' }, price_change: -0.5 },
        ],
      },
    ],
    sections: [
      {
        external_id: 'CAT-PRIMI',
        name: { it: 'Primi del POS' },
        items: [
          {
            external_id: 'IT-AMATRICIANA',
            name: { it: 'Amatriciana' },
            price: 12,
            allergens: ['cereali_glutine'],
            option_groups: [{ external_id: 'ML-PASTA' }, { external_id: 'ML-ADD' }],
          },
          {
            external_id: 'IT-POMODORO',
            name: { it: 'Pomodoro' },
            price: 9,
            option_groups: [{ external_id: 'ML-PASTA' }],
          },
        ],
      },
    ],
  };
}

/** What the POS cares about in an export: its ids, names, rules, prices and the dishes' groups by its ids. */
function posView(doc: any) {
  return {
    groups: doc.option_groups.map((g: any) => ({
      external_id: g.external_id,
      name: g.name,
      min: g.min_choices,
      max: g.max_choices,
      options: g.options.map((o: any) => [o.external_id, o.name, o.price_change, o.allergens, o.dietary]),
    })),
    dishes: doc.sections
      .flatMap((s: any) => s.items)
      .filter((i: any) => i.external_id?.startsWith('IT-'))
      .map((i: any) => [i.external_id, i.option_groups.map((g: any) => g.external_id)]),
  };
}

for (const dialect of dialects) {
  describe(`option groups in the whole-menu document (${dialect})`, () => {
    const { suite, restaurant, rows } = menuSuite(dialect, 'optsync');

    test('a POS menu with modifier groups loads in one import and reads back the same; sent back it changes nothing', async () => {
      const r = await restaurant();
      const before = await r.admin('GET', '/menu/export');
      const doc = {
        ...before.json.data,
        ...posDocument(),
        sections: [...before.json.data.sections, ...posDocument().sections],
      };
      const dry = await r.admin('PUT', '/menu?dry_run=true', doc);
      assert.equal(dry.statusCode, 200, dry.body);
      assert.deepEqual(dry.json.data.summary.option_groups, { created: 2, updated: 0, deleted: 0, unchanged: 0 });
      assert.deepEqual(dry.json.data.summary.options, { created: 6, updated: 0, deleted: 0, unchanged: 0 });
      assert.equal((await rows('option_groups', r.id)).length, 0, 'a dry run stores nothing');
      const version = await suite()
        .db.db.selectFrom('tenants')
        .select('menu_version')
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      const res = await r.admin('PUT', '/menu', doc);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json.data.changed, true);
      const after = await suite()
        .db.db.selectFrom('tenants')
        .select('menu_version')
        .where('id', '=', r.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(after.menu_version), Number(version.menu_version) + 1, 'one write, one version');
      const exported = (await r.admin('GET', '/menu/export')).json.data;
      const expected = posDocument();
      assert.deepEqual(posView(exported), {
        groups: expected.option_groups.map((g) => ({
          external_id: g.external_id,
          name: g.name,
          min: g.min_choices ?? 0,
          max: g.max_choices,
          options: g.options.map((o: any) => [
            o.external_id,
            o.name,
            o.price_change ?? 0,
            o.allergens ?? [],
            o.dietary ?? [],
          ]),
        })),
        dishes: [
          ['IT-AMATRICIANA', ['ML-PASTA', 'ML-ADD']],
          ['IT-POMODORO', ['ML-PASTA']],
        ],
      });
      // Diners see the groups on the dish.
      const items = (await r.pub('/items?search=amatriciana')).json.data;
      assert.deepEqual(
        items[0].option_groups.map((g: any) => g.name),
        ['Scegli la pasta', 'Aggiunte'],
      );
      // The export sent back unchanged changes nothing.
      const again = await r.admin('PUT', '/menu', exported);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(again.json.data.changed, false);
      assert.deepEqual(again.json.data.summary.options, { created: 0, updated: 0, deleted: 0, unchanged: 6 });
      // The same POS document a second time: matched by external_id, nothing new.
      const repeat = await r.admin('PUT', '/menu', doc);
      assert.equal(repeat.json.data.summary.option_groups.created, 0);
      assert.equal((await rows('options', r.id)).length, 6);
    });

    test('every error with its JSON path, all at once; nothing stored', async () => {
      const r = await restaurant();
      const doc: any = posDocument();
      doc.option_groups[0].min_choices = 3;
      doc.option_groups[1].options[1].price_change = 0.001;
      doc.option_groups[1].options[0].allergens = ['cheese'];
      doc.sections[0].items[1].option_groups = [{ external_id: 'ML-NOWHERE' }];
      doc.sections[0].items[0].option_groups = [{ id: 999999 }];
      const res = await r.admin('PUT', '/menu', doc, { 'accept-language': 'en' });
      assert.equal(res.statusCode, 422, res.body);
      assert.deepEqual(Object.keys(res.json.errors).sort(), [
        'option_groups[0].min_choices',
        'option_groups[1].options[0].allergens[0]',
        'option_groups[1].options[1].price_change',
        'sections[0].items[0].option_groups[0].id',
        'sections[0].items[1].option_groups[0].external_id',
      ]);
      for (const table of ['option_groups', 'options'] as const) assert.equal((await rows(table, r.id)).length, 0);
    });

    test("prune: a group or an option the document leaves out goes (its dishes lose it); another restaurant's group is not found", async () => {
      const r = await restaurant();
      const base = await r.admin('GET', '/menu/export');
      const doc = {
        ...base.json.data,
        ...posDocument(),
        sections: [...base.json.data.sections, ...posDocument().sections],
      };
      assert.equal((await r.admin('PUT', '/menu', doc)).statusCode, 200);
      const exported = (await r.admin('GET', '/menu/export')).json.data;
      exported.option_groups = exported.option_groups.filter((g: any) => g.external_id !== 'ML-ADD');
      exported.option_groups[0].options = exported.option_groups[0].options.filter(
        (o: any) => o.external_id !== 'M-RIGA',
      );
      for (const item of exported.sections.flatMap((s: any) => s.items)) {
        if (item.option_groups) item.option_groups = item.option_groups.filter((g: any) => g.external_id !== 'ML-ADD');
      }
      const dry = await r.admin('PUT', '/menu?prune=true&dry_run=true', exported);
      assert.equal(dry.statusCode, 200, dry.body);
      assert.deepEqual(
        dry.json.data.deletions.option_groups.map((d: any) => d.name),
        ['Aggiunte'],
      );
      assert.equal(dry.json.data.summary.options.deleted, 4, 'Rigatoni and the three add-ons');
      const res = await r.admin('PUT', '/menu?prune=true', exported);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        (await rows('option_groups', r.id)).map((g: any) => g.external_id),
        ['ML-PASTA'],
      );
      const amatriciana = (await r.admin('GET', '/items?external_id=IT-AMATRICIANA')).json.data[0];
      assert.equal(amatriciana.option_groups.length, 1);
      // Another restaurant: its own ids are its own; naming this one's group by id is an error there.
      const other = await restaurant();
      const pasta = (await rows('option_groups', r.id))[0] as { id: number };
      const theirs: any = posDocument();
      theirs.sections[0].items[0].option_groups = [{ id: pasta.id }];
      const refused = await other.admin('PUT', '/menu', theirs);
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(Object.keys(refused.json.errors), ['sections[0].items[0].option_groups[0].id']);
      theirs.sections[0].items[0].option_groups = [{ external_id: 'ML-PASTA' }];
      const ok = await other.admin('PUT', '/menu', theirs);
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal((await rows('option_groups', other.id)).length, 2);
      assert.equal((await rows('option_groups', r.id)).length, 1, 'the first restaurant untouched');
    });
  });
}

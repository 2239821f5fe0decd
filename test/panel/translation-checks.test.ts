// Translations to check (issue 19 point 3): a diner text changed in the default language flags the
// other languages that kept their old text, next to their field and on the overview, until each is
// saved again (changed, or ticked "still right"); API and panel writes flag alike, a deleted row's
// flags go, a change of the default language flags nothing, another restaurant's flags are apart.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { deleteItem, updateItem } from '../../src/resources/items/service.js';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { settingsForm as form, type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel translations to check (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let settingsId: number;
    const flags = async (tenant: number) =>
      (
        await bed.db.db
          .selectFrom('translation_checks')
          .select(['resource', 'resource_id', 'field', 'locale'])
          .where('tenant_id', '=', tenant)
          .orderBy('resource')
          .orderBy('resource_id')
          .orderBy('field')
          .orderBy('locale')
          .execute()
      ).map((r) => `${r.resource}/${r.resource_id}/${r.field}/${r.locale}`);

    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
      settingsId = (
        await bed.db.db.selectFrom('settings').select('id').where('tenant_id', '=', bed.alpha).executeTakeFirstOrThrow()
      ).id;
      await c.get('/admin/settings');
      assert.equal((await c.post('/admin/settings', form())).statusCode, 303);
    });
    after(() => bed.close());

    test('a cover charge changed in Italian only: English and German are to check, by the field and on the overview', async () => {
      await c.get('/admin/settings');
      assert.equal((await c.post('/admin/settings', form({ cover_charge_text_it: 'Coperto 3,50 €' }))).statusCode, 303);
      assert.deepEqual(await flags(bed.alpha), [
        `settings/${settingsId}/cover_charge_text/de`,
        `settings/${settingsId}/cover_charge_text/en`,
      ]);
      const page = await c.get('/admin/settings');
      assert.match(
        page.body,
        /<label for="f-cover_charge_text_en">[^<]*<span class="badge check-flag" id="f-cover_charge_text_en-check">to check<\/span><\/label>/,
      );
      assert.match(
        page.body,
        /id="f-cover_charge_text_en"[^>]*aria-describedby="f-cover_charge_text_en-check f-cover_charge_text_en-seen"/,
      );
      assert.match(
        page.body,
        /<p class="hint" id="f-cover_charge_text_en-seen">English diners see the Italian text until you check this\.<\/p>/,
      );
      assert.match(
        page.body,
        new RegExp(
          `name="still_right" type="checkbox" value="settings/${settingsId}/cover_charge_text/en"><label for="f-cover_charge_text_en-still">Checked: still right after the change in the default language</label>`,
        ),
      );
      // The Italian one and the untouched allergen note are not flagged.
      assert.doesNotMatch(page.body, /id="f-cover_charge_text_it-check"|id="f-allergen_info_en-check"/);
      const home = await c.get('/admin');
      assert.match(home.body, /<h2 id="to-check-title">Translations to check \(2\)<\/h2>/);
      assert.match(
        home.body,
        /<a href="\/admin\/settings#f-cover_charge_text_en">Settings · Cover charge[^<]*· English<\/a>/,
      );
    });

    test('saved again: English corrected, German ticked still right; the overview is clear', async () => {
      await c.get('/admin/settings');
      await c.post(
        '/admin/settings',
        form({ cover_charge_text_it: 'Coperto 3,50 €', cover_charge_text_en: 'Cover charge €3.50' }),
      );
      assert.deepEqual(await flags(bed.alpha), [`settings/${settingsId}/cover_charge_text/de`]);
      await c.post(
        '/admin/settings',
        form({
          cover_charge_text_it: 'Coperto 3,50 €',
          cover_charge_text_en: 'Cover charge €3.50',
          still_right: `settings/${settingsId}/cover_charge_text/de`,
        }),
      );
      assert.deepEqual(await flags(bed.alpha), []);
      assert.doesNotMatch((await c.get('/admin')).body, /to-check-title/);
    });

    test('a dish renamed in the default language through the API service flags its translations; deleted, they go', async () => {
      const dish = await bed.db.db
        .selectFrom('items')
        .select(['id', 'name_translations'])
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const names = JSON.parse(dish.name_translations) as Record<string, string>;
      assert.ok(names.en, 'the fixture dish has an English name');
      await writeMenu(bed.app, bed.alpha, CLI_ACTOR, (w) =>
        updateItem(w, dish.id, { name: { ...names, it: `${names.it} nuova` } }),
      );
      assert.ok((await flags(bed.alpha)).includes(`items/${dish.id}/name/en`));
      const page = await c.get(`/admin/menu/dishes/${dish.id}`);
      assert.match(page.body, /id="f-name_en-check">to check</);
      const home = await c.get('/admin');
      assert.match(home.body, new RegExp(`href="/admin/menu/dishes/${dish.id}#f-name_en"`));
      await writeMenu(bed.app, bed.alpha, CLI_ACTOR, (w) => deleteItem(w, dish.id));
      assert.deepEqual(
        (await flags(bed.alpha)).filter((f) => f.startsWith(`items/${dish.id}/`)),
        [],
      );
    });

    test('a change of the default language flags nothing; another restaurant’s flags are its own', async () => {
      await c.get('/admin/settings');
      await c.post('/admin/settings', form({ default_locale: 'en', cover_charge_text_it: 'Coperto 4 €' }));
      assert.deepEqual(await flags(bed.alpha), []);
      await c.post('/admin/settings', form({ default_locale: 'it' }));

      // Beta's cover charge changes in Italian: beta's English is to check, alpha sees nothing of it.
      const betaSettings = await bed.db.db
        .selectFrom('settings')
        .select(['id', 'cover_charge_text_translations'])
        .where('tenant_id', '=', bed.beta)
        .executeTakeFirstOrThrow();
      const { updateRestaurantSettings } = await import('../../src/resources/settings/service.js');
      const texts = { ...JSON.parse(betaSettings.cover_charge_text_translations), it: 'Coperto 9 €', en: 'Cover €2' };
      await writeMenu(bed.app, bed.beta, CLI_ACTOR, (w) =>
        updateRestaurantSettings(w, { cover_charge_text_translations: texts } as never),
      );
      await writeMenu(bed.app, bed.beta, CLI_ACTOR, (w) =>
        updateRestaurantSettings(w, { cover_charge_text_translations: { ...texts, it: 'Coperto 10 €' } } as never),
      );
      const betaKey = `settings/${betaSettings.id}/cover_charge_text/en`;
      assert.deepEqual(await flags(bed.beta), [betaKey]);
      assert.doesNotMatch((await c.get('/admin')).body, /to-check-title/);
      // Alpha's form ticking beta's key clears nothing of beta's.
      await c.get('/admin/settings');
      await c.post('/admin/settings', form({ still_right: betaKey }));
      assert.deepEqual(await flags(bed.beta), [betaKey]);
    });
  });
}

// Every diner text in every language on the panel (issue 19 point 3): the settings page edits the
// cover charge, the recommended label and the allergen note side by side per language; a cover
// charge changed in English is what /?lang=en and the API in English show, the Italian one stays.
// The dish form names the menu's actual default language as the required one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { settingsForm as form, type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel diner texts in every language (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    test('the settings page has a column per language for the cover charge, label and allergen note', async () => {
      const page = await c.get('/admin/settings');
      for (const locale of ['it', 'en', 'fr', 'de', 'es']) {
        assert.match(page.body, new RegExp(`name="cover_charge_text_${locale}"`));
        assert.match(page.body, new RegExp(`name="allergen_info_${locale}"`));
        assert.match(page.body, new RegExp(`name="recommended_label_${locale}"`));
      }
      assert.match(page.body, /id="f-cover_charge_text_it"[^>]*value="Coperto 2 €"/);
    });

    test('a cover charge changed in English is what diners read in English; each language keeps its own', async () => {
      await c.get('/admin/settings');
      const res = await c.post('/admin/settings', form());
      assert.equal(res.statusCode, 303);
      const en = await call(bed.app, { url: '/api/v1/restaurant?locale=en', host: 'alpha' });
      assert.equal(en.json.data.cover_charge_text, 'Cover charge €3.00');
      assert.equal(en.json.data.allergen_info, 'Ask our staff.');
      const de = await call(bed.app, { url: '/api/v1/restaurant?locale=de', host: 'alpha' });
      assert.equal(de.json.data.cover_charge_text, 'Gedeck 3,00 €');
      const it = await call(bed.app, { url: '/api/v1/restaurant?locale=it', host: 'alpha' });
      assert.equal(it.json.data.cover_charge_text, 'Coperto 3,00 €');
      const page = await call(bed.app, { url: '/?lang=en', host: 'alpha', headers: { accept: 'text/html' } });
      assert.ok(page.body.includes('Cover charge €3.00'));
      assert.ok(!page.body.includes('Coperto 2 €'));
      // Emptied in English: English diners read the default language's text, never the old price.
      await c.get('/admin/settings');
      await c.post('/admin/settings', form({ cover_charge_text_en: '' }));
      const fallback = await call(bed.app, { url: '/api/v1/restaurant?locale=en', host: 'alpha' });
      assert.equal(fallback.json.data.cover_charge_text, 'Coperto 3,00 €');
      // Another restaurant's settings are untouched.
      const beta = await call(bed.app, { url: '/api/v1/restaurant?locale=en', host: 'beta' });
      assert.notEqual(beta.json.data.cover_charge_text, 'Cover charge €3.00');
    });

    test('the footer (where opening hours go) in every language, on the theme page', async () => {
      const page = await c.get('/admin/theme');
      assert.match(page.body, /name="footer_text_en"/);
      const theme = {
        primary_color: '#aa0000',
        secondary_color: '#00aa00',
        accent_color: '#0000aa',
        background_color: '#ffffff',
        text_color: '#111111',
        font_family: 'Georgia, serif',
        font_url: '',
        border_radius: '12px',
        layout_variant: 'cards',
        header_style: 'logo',
        footer_text_it: 'Aperti 12-15, 19-23',
        footer_text_en: 'Open 12-3 pm, 7-11 pm',
      };
      assert.equal((await c.post('/admin/theme', theme)).statusCode, 303);
      const en = await call(bed.app, { url: '/api/v1/theme?locale=en', host: 'alpha' });
      assert.equal(en.json.data.footer_text, 'Open 12-3 pm, 7-11 pm');
      const it = await call(bed.app, { url: '/api/v1/theme?locale=it', host: 'alpha' });
      assert.equal(it.json.data.footer_text, 'Aperti 12-15, 19-23');
    });

    test('the dish form names the menu’s default language as the required one, in the first column', async () => {
      await c.get('/admin/settings');
      assert.equal((await c.post('/admin/settings', form({ default_locale: 'de' }))).statusCode, 303);
      const dish = await bed.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .executeTakeFirstOrThrow();
      const page = await c.get(`/admin/menu/dishes/${dish.id}`);
      assert.match(page.body, /German, the menu’s default language, is required/);
      assert.doesNotMatch(page.body, /Italian is required/);
      // The default language's name first (before the price), the other languages after.
      const at = (needle: string) => page.body.indexOf(needle);
      assert.ok(at('id="f-name_de"') > 0 && at('id="f-name_de"') < at('id="f-price"'));
      assert.ok(at('id="f-price"') < at('<legend>Italian (it)</legend>'));
      assert.doesNotMatch(page.body, /<legend>German \(de\)<\/legend>/, 'no column of its own');
      assert.match(page.body, /id="f-name_de"[^>]*required/);
      assert.doesNotMatch(page.body, /id="f-name_it"[^>]*required/);
    });
  });
}

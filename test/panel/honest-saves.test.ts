// Honest saves and the menu at a day and time: on a Saturday evening (the app's clock), a saved
// lunch-only section says diners do not see it now and when they will, a dish in it says its
// section's schedule, a hidden or sold-out dish says so, an ordinary one "now"; the preview at
// Monday 13:00 shows the lunch section and at Saturday 21:30 it does not; another restaurant's
// preview never shows it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { createCategory, updateCategory } from '../../src/resources/categories/service.js';
import { createItem, updateItem } from '../../src/resources/items/service.js';
import { createType } from '../../src/resources/types/service.js';
import { createWinery } from '../../src/resources/wineries/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { PanelClient } from './client.js';
import { BETA_OWNER, OWNER } from './setup.js';

/** Saturday 28 November 2026, 21:30 in Rome. */
const SATURDAY_EVENING = Date.UTC(2026, 10, 28, 20, 30);

for (const dialect of dialects) {
  describe(`honest saves and the menu at a day and time (${dialect})`, () => {
    let t: TestApp;
    let c: PanelClient;
    let alpha: number;
    let lunch: number;
    let lunchDish: number;
    let dish: number;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100_000 }, { now: () => SATURDAY_EVENING });
      alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(t.db.db, 'beta', 'Beta');
      await createUser(t.db.db, alpha, OWNER);
      await createUser(t.db.db, beta, BETA_OWNER);
      lunch = await writeMenu(t.app, alpha, CLI_ACTOR, (w) =>
        createCategory(w, {
          name: { it: 'Pranzo di lavoro', en: 'Business lunch' },
          menu_type: 'standard',
          time_visibility_enabled: true,
          time_start: '12:00',
          time_end: '15:00',
          weekdays: [1, 2, 3, 4, 5],
        }),
      );
      lunchDish = await writeMenu(t.app, alpha, CLI_ACTOR, (w) =>
        createItem(w, { category_id: lunch, name: { it: 'Menu del giorno', en: 'Set menu' }, price: 14 }),
      );
      const first = await t.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', alpha)
        .where('is_active', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      dish = first.id;
      c = new PanelClient(t.app, 'alpha', { 'accept-language': 'en' });
      assert.equal((await c.signIn(OWNER.email, OWNER.password)).statusCode, 303);
    });
    after(() => t.close());

    const notice = async (path: string, lang = 'en') =>
      /<div class="notice notice-success"[^>]*>([\s\S]*?)<\/div>/.exec(
        (await c.get(path, { 'accept-language': lang })).body,
      )?.[1] ?? '';

    test('a lunch-only section saved on a Saturday night: not now, and when', async () => {
      const message = await notice(`/admin/menu/sections/${lunch}?saved=1`);
      assert.match(
        message,
        /“Business lunch” was saved\. Diners do not see it now: it is shown monday to friday, 12:00/i,
      );
      assert.doesNotMatch(message, /shows the change now/);
      const it = await notice(`/admin/menu/sections/${lunch}?saved=1`, 'it');
      assert.match(it, /“Pranzo di lavoro” è stata salvata\. I clienti non la vedono ora: è visibile/);
    });

    test('a dish: its section’s schedule, hidden, sold out, or now', async () => {
      assert.match(
        await notice(`/admin/menu/dishes/${lunchDish}?saved=1`),
        /Diners do not see it now: its section “Business lunch” is shown monday to friday/i,
      );
      assert.match(await notice(`/admin/menu/dishes/${dish}?saved=1`), /was saved\. Diners see it now\./);
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateItem(w, dish, { sold_out: true }));
      assert.match(await notice(`/admin/menu/dishes/${dish}?saved=1`), /Diners see it marked sold out until/);
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateItem(w, dish, { sold_out: false, is_active: false }));
      assert.match(
        await notice(`/admin/menu/dishes/${dish}?created=1`),
        /was created\. Diners do not see it: it is hidden/,
      );
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateItem(w, dish, { is_active: true }));
    });

    test('a sub-category and a winery: seen with their dishes, or why not', async () => {
      const open = (
        await t.db.db.selectFrom('items').select(['id', 'category_id']).where('id', '=', dish).executeTakeFirstOrThrow()
      ).category_id;
      const [lunchType, openType, winery, unused] = await writeMenu(t.app, alpha, CLI_ACTOR, async (w) => [
        await createType(w, { category_id: lunch, name: { it: 'Primi', en: 'First courses' } }),
        await createType(w, { category_id: open, name: { it: 'Classici', en: 'Classics' } }),
        await createWinery(w, { name: 'Cantina Alpha' }),
        await createWinery(w, { name: 'Cantina Vuota' }),
      ]);
      // In a section closed tonight: not now, and when.
      assert.match(
        await notice(`/admin/menu/subcategories/${lunchType}?saved=1`),
        /was saved\. Diners do not see it now: its section “Business lunch” is shown monday to friday/i,
      );
      assert.match(
        await notice(`/admin/menu/subcategories/${lunchType}?saved=1`, 'it'),
        /è stata salvata\. I clienti non la vedono ora: la sua sezione “Pranzo di lavoro” è visibile/,
      );
      // An open section that does not show sub-categories, then one that does, without and with a dish.
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateCategory(w, open, { show_subcategories: false }));
      assert.match(
        await notice(`/admin/menu/subcategories/${openType}?saved=1`),
        /Diners do not see it as a heading: its section “.+” does not show sub-categories/,
      );
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateCategory(w, open, { show_subcategories: true }));
      assert.match(await notice(`/admin/menu/subcategories/${openType}?saved=1`), /no dish shown is in it/);
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateItem(w, dish, { type_id: openType, winery_id: winery }));
      assert.match(await notice(`/admin/menu/subcategories/${openType}?saved=1`), /was saved\. Diners see it now\./);
      // A winery is seen with the wines that name it.
      assert.match(await notice(`/admin/menu/wineries/${winery}?saved=1`), /Diners see it now, with 1 wine\./);
      assert.match(
        await notice(`/admin/menu/wineries/${winery}?saved=1`, 'it'),
        /I clienti la vedono già, con 1 vino\./,
      );
      assert.match(
        await notice(`/admin/menu/wineries/${unused}?saved=1`),
        /Diners do not see it: no wine on the menu names it\./,
      );
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) => updateItem(w, dish, { type_id: null, winery_id: null }));
    });

    test('the preview at a day and time shows the menu as diners will see it then', async () => {
      const page = await c.get('/admin/preview?day=2026-11-30&time=13:00&lang=en');
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /<input id="f-day" name="day" type="date" value="2026-11-30" required>/);
      assert.match(
        page.body,
        /<iframe class="moment-preview" src="\/admin\/preview\/menu\?day=2026-11-30&amp;time=13%3A00&amp;lang=en"/,
      );
      const monday = await c.get('/admin/preview/menu?day=2026-11-30&time=13:00&lang=en');
      assert.equal(monday.statusCode, 200);
      assert.match(monday.body, /Set menu/);
      assert.match(String(monday.headers['content-security-policy']), /script-src 'none'/);
      const saturday = await c.get('/admin/preview/menu?day=2026-11-28&time=21:30&lang=en');
      assert.doesNotMatch(saturday.body, /Set menu/);
      assert.match(saturday.body, /Bruschetta Alpha/);
      // Without a day and time: now (Saturday evening), no lunch.
      assert.doesNotMatch((await c.get('/admin/preview/menu')).body, /Menu del giorno|Set menu/);
      // A sold-out mark that lapses at 05:00 is gone in the preview of the next morning.
      await writeMenu(t.app, alpha, CLI_ACTOR, (w) =>
        updateItem(w, dish, { sold_out: true, sold_out_until: '2026-11-29T04:00:00Z' }),
      );
      const tonight = await c.get('/admin/preview/menu?day=2026-11-28&time=22:00&lang=en');
      const tomorrow = await c.get('/admin/preview/menu?day=2026-11-29&time=12:00&lang=en');
      const soldOutMarks = (body: string) => (body.match(/sold-out/g) ?? []).length;
      assert.ok(soldOutMarks(tonight.body) > soldOutMarks(tomorrow.body), 'the mark lapsed by Sunday noon');
    });

    test('another restaurant’s preview never shows this one’s sections', async () => {
      const beta = new PanelClient(t.app, 'beta', { 'accept-language': 'en' });
      await beta.signIn(BETA_OWNER.email, BETA_OWNER.password);
      const monday = await beta.get('/admin/preview/menu?day=2026-11-30&time=13:00&lang=en');
      assert.equal(monday.statusCode, 200);
      assert.doesNotMatch(monday.body, /Set menu|Bruschetta Alpha/);
      assert.match(monday.body, /Bruschetta Beta/);
      assert.equal((await beta.get(`/admin/menu/sections/${lunch}?saved=1`)).statusCode, 404);
    });
  });
}

// One-tap changes on a section page's dish rows, as a waiter on a phone would use them: sold out
// (tonight, or until switched back) and back, the price typed in place, the visible switch. Each
// is a write through the dish's service: the public JSON shows it at once; another restaurant's
// dish is not found; a wrong price is refused with the API's message in the panel's language.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { insertEndpoint } from '../../src/features/webhooks/repo.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel one-tap dish changes (${dialect})`, () => {
    let bed: PanelBed;
    let waiter: PanelClient;
    let sectionId: number;
    let dishId: number;
    before(async () => {
      bed = await panelBed(dialect);
      await createUser(bed.db.db, bed.alpha, {
        email: 'waiter@alpha.test',
        password: 'waiter-password',
        role: 'staff',
      });
      waiter = bed.client();
      assert.equal((await waiter.signIn('waiter@alpha.test', 'waiter-password')).statusCode, 303);
      const dish = await bed.db.db
        .selectFrom('items')
        .select(['id', 'category_id'])
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      dishId = dish.id;
      sectionId = dish.category_id;
    });
    after(() => bed.close());

    const publicDish = async (id = dishId) => {
      const res = await call(bed.app, { url: '/api/v1/menu/it', host: 'alpha' });
      return res.json.data.sections
        .flatMap((s: { items: { id: number }[] }) => s.items)
        .find((d: { id: number }) => d.id === id);
    };
    const sectionPage = () => waiter.get(`/admin/menu/sections/${sectionId}`);

    test('sold out in one tap from the section page, shown on the menu; back on sale in one more', async () => {
      const page = await sectionPage();
      assert.equal(page.statusCode, 200);
      assert.match(page.body, new RegExp(`action="/admin/menu/dishes/${dishId}/sold-out"`));
      const res = await waiter.post(`/admin/menu/dishes/${dishId}/sold-out`, {
        sold_out: 'tonight',
        back: `/admin/menu/sections/${sectionId}`,
      });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/admin/menu/sections/${sectionId}#row-dishes-${dishId}`);
      const shown = await publicDish();
      assert.equal(shown.sold_out, true);
      assert.match(shown.sold_out_until, /T04:00:00\+00:00$/, 'until the next 05:00 in Rome');
      const row = new RegExp(`<tr id="row-dishes-${dishId}"[^]*?</tr>`).exec((await sectionPage()).body)![0];
      assert.match(row, /sold out until 05:00/);
      assert.match(row, /Back on sale/);
      const back = await waiter.post(`/admin/menu/dishes/${dishId}/sold-out`, { sold_out: 'off', back: '/admin/menu' });
      assert.equal(back.statusCode, 303);
      assert.equal((await publicDish()).sold_out, false);
      await waiter.post(`/admin/menu/dishes/${dishId}/sold-out`, { sold_out: 'held', back: '/admin/menu' });
      const held = await publicDish();
      assert.deepEqual([held.sold_out, held.sold_out_until], [true, null]);
      await waiter.post(`/admin/menu/dishes/${dishId}/sold-out`, { sold_out: 'off', back: '/admin/menu' });
    });

    test('sold out from the overview: one tap on the dish under its section; the write has its audit entry and webhook row', async () => {
      await insertEndpoint(
        bed.db.db,
        bed.alpha,
        { url: 'https://pos.alpha.test/hook', events: ['menu.updated'], secret: 'whsec_test' },
        new Date().toISOString(),
      );
      const betaEndpoint = await insertEndpoint(
        bed.db.db,
        bed.beta,
        { url: 'https://pos.beta.test/hook', events: ['menu.updated'], secret: 'whsec_beta' },
        new Date().toISOString(),
      );
      const overview = (await waiter.get('/admin/menu')).body;
      const row = new RegExp(`<li id="row-dishes-${dishId}"[^]*?</li>`).exec(overview)?.[0] ?? '';
      assert.match(row, new RegExp(`action="/admin/menu/dishes/${dishId}/sold-out"`));
      assert.match(row, /<input type="hidden" name="back" value="\/admin\/menu">/);
      assert.doesNotMatch(overview, /Beta/, 'only this restaurant’s dishes');
      const res = await waiter.post(`/admin/menu/dishes/${dishId}/sold-out`, {
        sold_out: 'tonight',
        back: '/admin/menu',
      });
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/admin/menu#row-dishes-${dishId}`);
      assert.equal((await publicDish()).sold_out, true);
      const marked = new RegExp(`<li id="row-dishes-${dishId}"[^]*?</li>`).exec(
        (await waiter.get('/admin/menu')).body,
      )![0];
      assert.match(marked, /sold out until 05:00/);

      const audit = await bed.db.db
        .selectFrom('audit_log')
        .selectAll()
        .where('tenant_id', '=', bed.alpha)
        .where('resource', '=', 'items')
        .where('resource_id', '=', dishId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(audit.via, 'panel');
      assert.equal(audit.user_email, 'waiter@alpha.test');
      assert.deepEqual(JSON.parse(audit.changes).sold_out, { before: false, after: true });
      const deliveries = await bed.db.db
        .selectFrom('webhook_deliveries')
        .select(['tenant_id', 'endpoint_id', 'event_type', 'payload'])
        .orderBy('id', 'desc')
        .execute();
      assert.equal(deliveries[0]?.tenant_id, bed.alpha);
      assert.equal(deliveries[0]?.event_type, 'menu.updated');
      assert.deepEqual(
        JSON.parse(deliveries[0]!.payload).data.changes.map((c: { resource: string; id: number }) => [
          c.resource,
          c.id,
        ]),
        [['items', dishId]],
      );
      assert.ok(
        deliveries.every((d) => d.endpoint_id !== betaEndpoint.id),
        'the other restaurant’s endpoint hears nothing',
      );
      await waiter.post(`/admin/menu/dishes/${dishId}/sold-out`, { sold_out: 'off', back: '/admin/menu' });
      assert.equal((await publicDish()).sold_out, false);
    });

    test('the price typed in place, as people write it; a wrong one is refused and nothing changes', async () => {
      const res = await waiter.post(`/admin/menu/dishes/${dishId}/price`, { price: '13,50', back: '/admin/menu' });
      assert.equal(res.statusCode, 303);
      assert.equal((await publicDish()).price, 13.5);
      assert.match((await sectionPage()).body, new RegExp(`id="price-${dishId}"[^>]*value="13.50"`));
      const bad = await waiter.post(`/admin/menu/dishes/${dishId}/price`, { price: '12,345', back: '/admin/menu' });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /Price/);
      assert.equal((await publicDish()).price, 13.5);
    });

    test('the visible switch hides and shows the dish', async () => {
      await waiter.post(`/admin/menu/dishes/${dishId}/visible`, { is_active: '0', back: '/admin/menu' });
      assert.equal(await publicDish(), undefined);
      const row = new RegExp(`<tr id="row-dishes-${dishId}"[^]*?</tr>`).exec((await sectionPage()).body)![0];
      assert.match(row, /role="switch" aria-checked="false"/);
      await waiter.post(`/admin/menu/dishes/${dishId}/visible`, { is_active: '1', back: '/admin/menu' });
      assert.equal((await publicDish()).id, dishId);
    });

    test('a section page shows its dishes first; the section’s own form is folded away unless it has errors', async () => {
      const page = (await sectionPage()).body;
      const dishes = page.indexOf('<table class="list dishes"');
      const form = page.indexOf(`<form method="post" action="/admin/menu/sections/${sectionId}"`);
      assert.ok(dishes > 0 && form > dishes, 'dishes before the section form');
      assert.match(page, /<details class="row-settings"><summary>Section settings/);
      const refused = await waiter.post(`/admin/menu/sections/${sectionId}`, { name_it: '', menu_type: 'standard' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /<details class="row-settings" open><summary>Section settings/);
    });

    test('another restaurant’s dish is not found, and a post without the form’s token changes nothing', async () => {
      const beta = await bed.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', bed.beta)
        .executeTakeFirstOrThrow();
      const res = await waiter.post(`/admin/menu/dishes/${beta.id}/sold-out`, {
        sold_out: 'tonight',
        back: '/admin/menu',
      });
      assert.equal(res.statusCode, 404);
      const forged = await waiter.post(
        `/admin/menu/dishes/${dishId}/sold-out`,
        { sold_out: 'tonight' },
        { csrf: null },
      );
      assert.equal(forged.statusCode, 403);
      assert.equal((await publicDish()).sold_out, false);
    });
  });
}

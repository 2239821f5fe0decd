// Pictures in the panel over HTTP: a dish's photo and the logo and cover uploaded through their
// own multipart forms (the API's rules: real images only, 10 MiB), seen on the page and as the
// list's thumbnail, replaced and removed; a refusal is a message next to the field in the panel's
// language and changes nothing; a settings save leaves pictures it did not touch alone; another
// restaurant's dish, staff on the logo and a form without its token are refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { createUser } from '../../src/accounts/users/service.js';
import { call, dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { BETA_OWNER, type PanelBed, panelBed } from './setup.js';

const png = (width: number, height: number, color = '#c0392b') =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const file = (field: string, data: Buffer | string, filename = 'dish.png', type = 'image/png') => ({
  field,
  filename,
  type,
  data,
});

/** The field's own message (`<p class="field-error" id="f-photo-error">…`). */
const fieldMessage = (body: string, field: string) =>
  new RegExp(`<p class="field-error" id="f-${field}-error">([^<]*)</p>`).exec(body)?.[1];

for (const dialect of dialects) {
  describe(`panel pictures (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    let dishId: number;
    let betaDishId: number;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
      const first = (tenant: number) =>
        bed.db.db
          .selectFrom('items')
          .select('id')
          .where('tenant_id', '=', tenant)
          .orderBy('id')
          .executeTakeFirstOrThrow();
      dishId = (await first(bed.alpha)).id;
      betaDishId = (await first(bed.beta)).id;
    });
    after(() => bed.close());

    const storedImage = async (id: number) =>
      (await bed.db.db.selectFrom('items').select('image').where('id', '=', id).executeTakeFirstOrThrow()).image;

    test('the dish page has a photo form: file input that is a drop zone, image types only', async () => {
      const page = await c.get(`/admin/menu/dishes/${dishId}`);
      assert.equal(page.statusCode, 200);
      assert.match(
        page.body,
        /<form method="post" action="\/admin\/menu\/dishes\/\d+\/photo" enctype="multipart\/form-data"/,
      );
      assert.match(page.body, /<div class="field drop-zone" data-drop="">/);
      assert.match(
        page.body,
        /<input id="f-photo" name="photo" type="file" accept="image\/jpeg,image\/png,image\/webp"/,
      );
      assert.match(page.body, /No photo yet\./);
      // A dish not created yet says where its photo will go.
      const blank = await c.get('/admin/menu/dishes/new');
      assert.match(blank.body, /You can add a photo once the dish is created\./);
      assert.doesNotMatch(blank.body, /enctype="multipart\/form-data"/);
    });

    test('a real image uploaded: stored, shown on the dish page and as the list thumbnail; replaced; removed', async () => {
      const res = await c.postMultipart(`/admin/menu/dishes/${dishId}/photo`, {}, file('photo', await png(400, 300)));
      assert.equal(res.statusCode, 303);
      assert.equal(res.headers.location, `/admin/menu/dishes/${dishId}?picture=photo-saved#f-photo-title`);
      const stored = JSON.parse((await storedImage(dishId)) ?? 'null');
      assert.deepEqual(stored.widths, [320, 400]);
      const page = await c.get(`/admin/menu/dishes/${dishId}?picture=photo-saved`);
      assert.match(page.body, /Photo saved\./);
      assert.match(
        page.body,
        new RegExp(`<img class="picture-current" src="/media/${stored.key}-320.jpg" alt="Current photo"`),
      );
      assert.match(page.body, />Replace</);
      assert.match(page.body, /Remove the photo/);
      const media = await call(bed.app, { url: `/media/${stored.key}-320.jpg`, host: 'alpha' });
      assert.equal(media.statusCode, 200);
      assert.equal(media.headers['content-type'], 'image/jpeg');
      // The section's list shows the smallest width beside the dish's name.
      const item = await bed.db.db
        .selectFrom('items')
        .select('category_id')
        .where('id', '=', dishId)
        .executeTakeFirstOrThrow();
      const list = await c.get(`/admin/menu/sections/${item.category_id}`);
      assert.match(list.body, new RegExp(`<img class="thumb" src="/media/${stored.key}-320.jpg"`));
      // And the menu's overview, where waiters find a dish from the first page.
      const overview = await c.get('/admin/menu');
      assert.match(
        overview.body,
        new RegExp(`<a href="/admin/menu/dishes/${dishId}"><img class="thumb" src="/media/${stored.key}-320.jpg"`),
      );
      // The public menu carries it too.
      const api = await call(bed.app, { url: `/api/v1/items/${dishId}`, host: 'alpha' });
      assert.equal(api.json.data.image_url, `/media/${stored.key}-400.jpg`);

      const replaced = await c.postMultipart(
        `/admin/menu/dishes/${dishId}/photo`,
        {},
        file('photo', await png(200, 200, '#2980b9')),
      );
      assert.equal(replaced.statusCode, 303);
      const after = JSON.parse((await storedImage(dishId)) ?? 'null');
      assert.notEqual(after.key, stored.key);
      // The replaced picture's files are gone.
      const oldFiles = await bed.db.db
        .selectFrom('media')
        .select('name')
        .where('tenant_id', '=', bed.alpha)
        .where('name', 'like', `${stored.key}%`)
        .execute();
      assert.deepEqual(oldFiles, []);

      const removed = await c.post(`/admin/menu/dishes/${dishId}/photo/remove`, {});
      assert.equal(removed.statusCode, 303);
      assert.equal(removed.headers.location, `/admin/menu/dishes/${dishId}?picture=photo-removed#f-photo-title`);
      assert.equal(await storedImage(dishId), null);
      assert.match((await c.get(removed.headers.location as string)).body, /Photo removed\./);
    });

    test('not a picture, nothing chosen, or over 10 MiB: the message next to the field, nothing stored', async () => {
      const fake = await c.postMultipart(
        `/admin/menu/dishes/${dishId}/photo`,
        {},
        file('photo', 'this is text, not a picture', 'dish.png'),
      );
      assert.equal(fake.statusCode, 422);
      assert.equal(
        fieldMessage(fake.body, 'photo'),
        'This file is not a picture the menu can show: choose a JPEG, PNG or WebP image.',
      );
      assert.match(fake.body, /aria-invalid="true"/);
      const none = await c.postMultipart(`/admin/menu/dishes/${dishId}/photo`, {}, file('photo', Buffer.alloc(0), ''));
      assert.equal(none.statusCode, 422);
      assert.equal(fieldMessage(none.body, 'photo'), 'Choose a file first.');
      const big = Buffer.alloc(10 * 1024 * 1024 + 10, 1);
      const large = await c.postMultipart(`/admin/menu/dishes/${dishId}/photo`, {}, file('photo', big));
      assert.equal(large.statusCode, 413);
      assert.match(fieldMessage(large.body, 'photo') ?? '', /larger than 10 MB/);
      assert.equal(await storedImage(dishId), null);
      // In the panel's language.
      const italian = bed.client('alpha', { 'accept-language': 'it' });
      await italian.signIn('owner@alpha.test', 'alpha-owner-pw');
      await italian.get('/admin');
      const it = await italian.postMultipart(`/admin/menu/dishes/${dishId}/photo`, {}, file('photo', 'testo'));
      assert.equal(it.statusCode, 422);
      assert.match(fieldMessage(it.body, 'photo') ?? '', /non è un’immagine/);
    });

    test('logo and cover on the settings page, with a preview; a settings save leaves them alone', async () => {
      const page = await c.get('/admin/settings');
      assert.match(page.body, /action="\/admin\/settings\/logo" enctype="multipart\/form-data"/);
      assert.match(page.body, /action="\/admin\/settings\/cover" enctype="multipart\/form-data"/);
      const logo = await c.postMultipart('/admin/settings/logo', {}, file('logo', await png(300, 300), 'logo.png'));
      assert.equal(logo.statusCode, 303);
      const cover = await c.postMultipart('/admin/settings/cover', {}, file('cover', await png(800, 400), 'cover.png'));
      assert.equal(cover.statusCode, 303);
      const row = () =>
        bed.db.db
          .selectFrom('settings')
          .select(['logo_image', 'cover_image', 'logo_url', 'cover_image_url'])
          .where('tenant_id', '=', bed.alpha)
          .executeTakeFirstOrThrow();
      const stored = await row();
      const logoKey = JSON.parse(stored.logo_image ?? 'null').key;
      const shown = await c.get('/admin/settings');
      assert.match(
        shown.body,
        new RegExp(`<img class="picture-current" src="/media/${logoKey}-96.jpg" alt="Current logo"`),
      );

      // The settings form sent back exactly as shown (the logo field shows the uploaded /media address).
      const value = (name: string) =>
        new RegExp(`name="${name}" type="[a-z]+" value="([^"]*)"`).exec(shown.body)?.[1] ?? '';
      const auditBefore = await bed.db.db
        .selectFrom('audit_log')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .execute();
      const saved = await c.post('/admin/settings', {
        name: 'Alpha renamed',
        logo_url: value('logo_url'),
        cover_image_url: value('cover_image_url'),
        supported_locales: ['it', 'en'],
        default_locale: 'it',
        timezone: 'Europe/Rome',
        currency: 'EUR',
        is_active: '1',
      });
      assert.equal(saved.statusCode, 303);
      const afterSave = await row();
      assert.deepEqual({ ...afterSave }, { ...stored }, 'the pictures and their typed addresses are as they were');
      const entries = await bed.db.db
        .selectFrom('audit_log')
        .select(['changes'])
        .where('tenant_id', '=', bed.alpha)
        .where('id', 'not in', auditBefore.length ? auditBefore.map((a) => a.id) : [0])
        .execute();
      assert.equal(entries.length, 1);
      const changed = Object.keys(JSON.parse(String(entries[0].changes)));
      assert.ok(changed.includes('name'), changed.join());
      assert.ok(!changed.some((f) => /^(logo|cover_image)/.test(f)), `no picture field recorded: ${changed.join()}`);

      const removed = await c.post('/admin/settings/cover/remove', {});
      assert.equal(removed.statusCode, 303);
      assert.equal((await row()).cover_image, null);
      assert.equal((await row()).logo_image, stored.logo_image);
    });

    test('another restaurant’s dish is not found; staff cannot change the logo; a form without its token is refused', async () => {
      const before = await bed.db.db
        .selectFrom('items')
        .select('image')
        .where('id', '=', betaDishId)
        .executeTakeFirstOrThrow();
      const other = await c.postMultipart(
        `/admin/menu/dishes/${betaDishId}/photo`,
        {},
        file('photo', await png(50, 50)),
      );
      assert.equal(other.statusCode, 404);
      const otherRemove = await c.post(`/admin/menu/dishes/${betaDishId}/photo/remove`, {});
      assert.equal(otherRemove.statusCode, 404);
      const after = await bed.db.db
        .selectFrom('items')
        .select('image')
        .where('id', '=', betaDishId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(after, before);

      await createUser(bed.db.db, bed.alpha, {
        email: 'waiter@alpha.test',
        password: 'waiter-password',
        role: 'staff',
      });
      const waiter = bed.client();
      await waiter.signIn('waiter@alpha.test', 'waiter-password');
      await waiter.get('/admin');
      const staff = await waiter.postMultipart('/admin/settings/logo', {}, file('logo', await png(50, 50)));
      assert.equal(staff.statusCode, 403);
      // Staff may set a dish's photo (they edit the menu).
      const staffPhoto = await waiter.postMultipart(
        `/admin/menu/dishes/${dishId}/photo`,
        {},
        file('photo', await png(60, 60)),
      );
      assert.equal(staffPhoto.statusCode, 303);

      const forged = await c.postMultipart(`/admin/menu/dishes/${dishId}/photo`, {}, file('photo', await png(70, 70)), {
        csrf: null,
      });
      assert.equal(forged.statusCode, 403);
      void BETA_OWNER;
    });
  });
}

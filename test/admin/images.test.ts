// Dish photos, logo and cover: PUT/DELETE with the image as the body, sniffed content, re-encoded
// files (EXIF gone) served from /media with year-long immutable caching, isolation between restaurants.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';
import { restaurantMaker } from './tokens.js';

/** A 1600×1000 JPEG carrying EXIF (camera model and GPS-like text), as a phone would upload. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Secret Model 9', Copyright: 'GPS 44.49N 11.34E' } })
    .jpeg()
    .toBuffer();
}

for (const dialect of dialects) {
  describe(`images (${dialect})`, () => {
    let t: TestApp;
    let photo: Buffer;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
      photo = await phonePhoto();
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'img');
    const media = (slug: string, url: string, headers: Record<string, string> = {}) =>
      call(t.app, { url, host: slug, headers });

    test('a dish photo is re-encoded at several widths as JPEG and WebP, EXIF stripped, cached immutably', async () => {
      const r = await restaurant();
      const dish = (await r.admin('GET', '/items')).json.data[0];
      const put = await r.admin('PUT', `/items/${dish.id}/image`, photo, { 'content-type': 'image/jpeg' });
      assert.equal(put.statusCode, 200, put.body);
      const url: string = put.json.data.image_url;
      assert.match(url, /^\/media\/[0-9a-f]{24}-1024\.jpg$/);
      assert.equal((await r.pub(`/items/${dish.id}`)).json.data.image_url, url);
      const key = url.slice('/media/'.length, -'-1024.jpg'.length);
      for (const width of [320, 640, 1024]) {
        for (const [ext, type] of [
          ['jpg', 'image/jpeg'],
          ['webp', 'image/webp'],
        ]) {
          const res = await media(r.slug, `/media/${key}-${width}.${ext}`);
          assert.equal(res.statusCode, 200, `${width}.${ext}`);
          assert.equal(res.headers['content-type'], type);
          assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
          const meta = await sharp(res.rawPayload).metadata();
          assert.equal(meta.width, width);
          assert.equal(meta.exif, undefined, 'no EXIF left');
        }
      }
      const again = await media(r.slug, url, { 'if-none-match': (await media(r.slug, url)).headers.etag as string });
      assert.equal(again.statusCode, 304);
      // The same picture uploaded again keeps its address (content-addressed).
      const same = await r.admin('PUT', `/items/${dish.id}/image`, photo, { 'content-type': 'image/jpeg' });
      assert.equal(same.json.data.image_url, url);

      // Another restaurant's address does not serve it.
      const other = await restaurant();
      assert.equal((await media(other.slug, url)).statusCode, 404);

      const del = await r.admin('DELETE', `/items/${dish.id}/image`);
      assert.equal(del.statusCode, 204);
      assert.equal((await r.pub(`/items/${dish.id}`)).json.data.image_url, null);
      const rows = await t.db.db.selectFrom('media').select('name').where('tenant_id', '=', r.id).execute();
      assert.deepEqual(rows, [], 'files of an unused image are deleted');
    });

    test('PNG and WebP uploads are accepted; the content decides, not the header', async () => {
      const r = await restaurant();
      const dish = (await r.admin('GET', '/items')).json.data[1];
      const png = await sharp({ create: { width: 200, height: 100, channels: 4, background: '#00ff0080' } })
        .png()
        .toBuffer();
      // A PNG declared as JPEG is still a PNG: accepted, and never wider than uploaded.
      const res = await r.admin('PUT', `/items/${dish.id}/image`, png, { 'content-type': 'image/jpeg' });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(res.json.data.image_url, /-200\.jpg$/);
      const webp = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#123456' } })
        .webp()
        .toBuffer();
      const w = await r.admin('PUT', `/items/${dish.id}/image`, webp, { 'content-type': 'image/webp' });
      assert.equal(w.statusCode, 200, w.body);
      assert.match(w.json.data.image_url, /-500\.jpg$/);
    });

    test('refusals: not an image 422, another content type 415, over 10 MB 413, unknown dish 404, no token 401', async () => {
      const r = await restaurant();
      const dish = (await r.admin('GET', '/items')).json.data[0];
      const fake = await r.admin('PUT', `/items/${dish.id}/image`, Buffer.from('GIF89a not really'), {
        'content-type': 'image/png',
      });
      assert.equal(fake.statusCode, 422);
      assert.deepEqual(Object.keys(fake.json.errors), ['image']);
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      assert.equal(
        (await r.admin('PUT', `/items/${dish.id}/image`, gif, { 'content-type': 'image/jpeg' })).statusCode,
        422,
        'a real GIF is not one of the accepted formats',
      );
      const truncated = photo.subarray(0, 2000);
      assert.equal(
        (await r.admin('PUT', `/items/${dish.id}/image`, truncated, { 'content-type': 'image/jpeg' })).statusCode,
        422,
      );
      const json = await r.admin('PUT', `/items/${dish.id}/image`, { url: 'x' });
      assert.equal(json.statusCode, 415);
      assert.equal(json.json.success, false);
      const gifType = await r.admin('PUT', `/items/${dish.id}/image`, photo, { 'content-type': 'image/gif' });
      assert.equal(gifType.statusCode, 415);
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
      assert.equal(
        (await r.admin('PUT', `/items/${dish.id}/image`, big, { 'content-type': 'image/jpeg' })).statusCode,
        413,
      );
      assert.equal(
        (await r.admin('PUT', '/items/999999/image', photo, { 'content-type': 'image/jpeg' })).statusCode,
        404,
      );
      const anonymous = await call(t.app, {
        method: 'PUT',
        url: `/api/v1/admin/items/${dish.id}/image`,
        host: r.slug,
        body: photo,
        headers: { 'content-type': 'image/jpeg' },
      });
      assert.equal(anonymous.statusCode, 401);
      // Another restaurant's token cannot touch this dish.
      const other = await restaurant();
      const cross = await other.admin('PUT', `/items/${dish.id}/image`, photo, { 'content-type': 'image/jpeg' });
      assert.equal(cross.statusCode, 404);
      assert.equal((await r.pub(`/items/${dish.id}`)).json.data.image_url, null);
    });

    test('logo and cover: uploaded, served, shown as logo_url / cover_image_url, removed', async () => {
      const r = await restaurant();
      const logo = await r.admin('PUT', '/settings/logo', photo, { 'content-type': 'image/jpeg' });
      assert.equal(logo.statusCode, 200, logo.body);
      assert.match(logo.json.data.logo_url, /^\/media\/[0-9a-f]{24}-512\.jpg$/);
      const cover = await r.admin('PUT', '/settings/cover', photo, { 'content-type': 'image/jpeg' });
      assert.match(cover.json.data.cover_image_url, /^\/media\/[0-9a-f]{24}-1600\.jpg$/);
      assert.equal((await media(r.slug, cover.json.data.cover_image_url)).statusCode, 200);
      assert.equal((await r.pub('/menu')).json.data.settings.logo_url, logo.json.data.logo_url);
      assert.equal((await r.admin('DELETE', '/settings/logo')).statusCode, 204);
      assert.equal((await r.pub('/restaurant')).json.data.logo_url, 'https://example.test/logo.png');
      // Logo and cover share the upload's key: the files stay while the cover uses them.
      assert.equal((await media(r.slug, cover.json.data.cover_image_url)).statusCode, 200);
    });

    test('/media names that are not ours are 404 without touching the database', async () => {
      const r = await restaurant();
      for (const name of ['x.jpg', '../etc/passwd', 'abc-320.png']) {
        assert.equal((await media(r.slug, `/media/${encodeURIComponent(name)}`)).statusCode, 404, name);
      }
    });
  });
}

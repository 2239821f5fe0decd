// Hostile uploads (issue 24 point 6): a picture above the documented pixel cap is refused with a
// clear 422 from its header alone; a 48-megapixel phone photo and the 7000×7000 PNG "bomb" (under
// the cap, decoded once) are accepted; another restaurant's menu is untouched.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { IMAGE_MAX_MEGAPIXELS } from '../../src/resources/media/encode.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { restaurantMaker } from './tokens.js';

const plain = (width: number, height: number, channels: 3 | 4) =>
  sharp({ create: { width, height, channels, background: { r: 20, g: 140, b: 90, alpha: 1 } } });

for (const dialect of dialects) {
  describe(`image size limits (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000 });
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'imglim');

    test('above the pixel cap: 422 naming the size and the cap, in the request language; nothing stored', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherMenu = (await other.pub('/menu/it')).json.data;
      const dish = (await r.admin('GET', '/items')).json.data[0];
      const huge = await plain(8200, 6200, 4).png({ compressionLevel: 9 }).toBuffer();
      const res = await r.admin('PUT', `/items/${dish.id}/image`, huge, {
        'content-type': 'image/png',
        'accept-language': 'en',
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json.success, false);
      assert.equal(
        res.json.errors.image[0],
        `The image is too large: 8200×6200 pixels, at most ${IMAGE_MAX_MEGAPIXELS} megapixels.`,
      );
      const italian = await r.admin('PUT', `/items/${dish.id}/image`, huge, { 'content-type': 'image/png' });
      assert.match(italian.json.message, /troppo grande: 8200×6200 pixel/);
      assert.equal((await r.admin('GET', `/items/${dish.id}`)).json.data.image_url, null);
      assert.deepEqual((await other.pub('/menu/it')).json.data, otherMenu);
    });

    test('a 48-megapixel phone photo and the 7000×7000 PNG bomb under the cap are accepted', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherMenu = (await other.pub('/menu/it')).json.data;
      const [first, second] = (await r.admin('GET', '/items')).json.data;
      const phone = await plain(8064, 6048, 3).jpeg({ quality: 90 }).toBuffer();
      const photo = await r.admin('PUT', `/items/${first.id}/image`, phone, { 'content-type': 'image/jpeg' });
      assert.equal(photo.statusCode, 200, photo.body);
      assert.match(photo.json.data.image_url, /-1024\.jpg$/);
      const bomb = await plain(7000, 7000, 4).png({ compressionLevel: 9 }).toBuffer();
      assert.ok(bomb.length < 1024 * 1024, 'small on the wire');
      const res = await r.admin('PUT', `/items/${second.id}/image`, bomb, { 'content-type': 'image/png' });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual((await other.pub('/menu/it')).json.data, otherMenu);
    });
  });
}

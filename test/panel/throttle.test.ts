// Failed sign-ins are throttled per e-mail (5 in 15 minutes) and per client address (20), in the
// database, so two instances on one database share the counts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { dialects, testConfig } from '../helper.js';
import { PanelClient } from './client.js';
import { OWNER, type PanelBed, panelBed } from './setup.js';

for (const dialect of dialects) {
  describe(`panel sign-in throttling (${dialect})`, () => {
    let bed: PanelBed;
    before(async () => {
      bed = await panelBed(dialect);
    });
    after(() => bed.close());

    test('after 5 failures for one e-mail the 6th attempt is held, even with the right password, on every instance', async () => {
      const other = await buildApp(testConfig(), { database: bed.db });
      try {
        for (let i = 0; i < 5; i++) {
          // Alternate instances and addresses: the count is the e-mail's, kept in the database.
          const app = i % 2 === 0 ? bed.app : other;
          const c = new PanelClient(app, 'alpha', { 'accept-language': 'en' });
          const res = await c.signIn(OWNER.email, `wrong ${i}`);
          assert.equal(res.statusCode, 422, `attempt ${i + 1}`);
        }
        const c = new PanelClient(other, 'alpha', { 'accept-language': 'en' });
        await c.get('/admin/login');
        const held = await c.post('/admin/login', { email: OWNER.email, password: OWNER.password });
        assert.equal(held.statusCode, 429);
        assert.match(held.body, /Too many failed sign-ins for this e-mail\. Try again in 15 minutes\./);
        assert.equal(held.headers['retry-after'], '900');
        assert.equal(c.cookies.has('menu_session'), false);
        // The hold is per restaurant and per e-mail: beta, and another alpha user, are not affected.
        const rows = await bed.db.db.selectFrom('panel_login_failures').selectAll().execute();
        assert.ok(
          rows.every((r) => r.tenant_id === bed.alpha && !r.email_hash.includes('@')),
          'stored hashed',
        );
        // Once the failures are older than 15 minutes, the right password works again.
        const old = new Date(Date.now() - 16 * 60_000).toISOString().replace(/\.\d+Z$/, '+00:00');
        await bed.db.db.updateTable('panel_login_failures').set({ failed_at: old }).execute();
        assert.equal((await c.signIn(OWNER.email, OWNER.password)).statusCode, 303);
      } finally {
        await other.close();
      }
    });

    test('20 failures from one address hold every e-mail from it, not other addresses', async () => {
      const post = async (ip: string, email: string, password: string) => {
        const res = await bed.app.inject({
          method: 'GET',
          url: '/admin/login',
          headers: { host: 'alpha.localhost', 'accept-language': 'en' },
          remoteAddress: ip,
        });
        const cookie = res.cookies.find((c) => c.name === 'menu_login')!;
        const csrf = /name="_csrf" value="([^"]+)"/.exec(res.body)![1];
        return bed.app.inject({
          method: 'POST',
          url: '/admin/login',
          headers: {
            host: 'alpha.localhost',
            'accept-language': 'en',
            'content-type': 'application/x-www-form-urlencoded',
            cookie: `menu_login=${cookie.value}`,
          },
          remoteAddress: ip,
          payload: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
        });
      };
      for (let i = 0; i < 20; i++) {
        assert.equal((await post('198.51.100.7', `guess${i}@alpha.test`, 'nope')).statusCode, 422);
      }
      const held = await post('198.51.100.7', 'someone-else@alpha.test', 'nope');
      assert.equal(held.statusCode, 429);
      assert.match(held.body, /from your network/);
      assert.equal((await post('198.51.100.8', OWNER.email, OWNER.password)).statusCode, 303);
    });
  });
}

// Work kept across a lost session: a form posted after the session ended shows the sign-in page
// holding what was typed; after signing in one press saves it, through the usual checks. A post
// from another site is not kept. Another restaurant's session does not count.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../helper.js';
import type { PanelClient } from './client.js';
import { OWNER, type PanelBed, panelBed } from './setup.js';

/** The hidden fields of the form posting to `action` in a page. */
function hiddenFieldsOf(page: string, action: string): [string, string][] {
  const form =
    new RegExp(`<form method="post" action="${action.replace(/[/?]/g, '\\$&')}"[^]*?</form>`).exec(page)?.[0] ?? '';
  return [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
    m[1]!,
    m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  ]);
}

function toForm(fields: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of fields) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

for (const dialect of dialects) {
  describe(`forms keep work across a lost session (${dialect})`, () => {
    let bed: PanelBed;
    let c: PanelClient;
    before(async () => {
      bed = await panelBed(dialect);
      c = await bed.owner();
    });
    after(() => bed.close());

    const winery = {
      name: 'Cantina "Ritrovata" & Figli',
      region: 'Langhe',
      country: 'Italia',
      website_url: '',
      description_it: '',
    };

    test('a form posted after the session ended is kept through the sign-in and saved with one press', async () => {
      await c.get('/admin/menu/wineries');
      // The session ends (idle, or signed out on another device) while the form is open.
      await bed.db.db.deleteFrom('panel_sessions').where('tenant_id', '=', bed.alpha).execute();
      const lost = await c.post('/admin/menu/wineries', winery);
      assert.equal(lost.statusCode, 401);
      assert.match(
        lost.body,
        /Your session had ended, so nothing was saved yet\. Sign in again: what you typed is kept\./,
      );
      assert.equal(
        (await bed.db.db.selectFrom('wineries').select('id').where('name', '=', winery.name).execute()).length,
        0,
        'nothing saved without a session',
      );
      const signIn = toForm(hiddenFieldsOf(lost.body, '/admin/login'));
      assert.equal(signIn['kept:name'], winery.name);
      assert.equal(signIn['kept:_csrf'], undefined, 'the old CSRF token is not kept');
      const { _csrf, ...fields } = signIn;
      const signed = await c.post('/admin/login', { ...fields, email: OWNER.email, password: OWNER.password });
      assert.equal(signed.statusCode, 200);
      assert.match(signed.body, /You are signed in again\. What you typed before the session ended is kept/);
      const again = toForm(hiddenFieldsOf(signed.body, '/admin/menu/wineries'));
      assert.equal(again.name, winery.name);
      const { _csrf: _, ...replay } = again;
      const saved = await c.post('/admin/menu/wineries', replay);
      assert.equal(saved.statusCode, 303);
      const rows = await bed.db.db
        .selectFrom('wineries')
        .select(['tenant_id', 'region'])
        .where('name', '=', winery.name)
        .execute();
      assert.deepEqual(rows, [{ tenant_id: bed.alpha, region: 'Langhe' }]);
    });

    test('a wrong password keeps the form too; a post from another site is not kept', async () => {
      const d = await bed.owner();
      await d.get('/admin/menu/wineries');
      await bed.db.db.deleteFrom('panel_sessions').where('tenant_id', '=', bed.alpha).execute();
      const lost = await d.post('/admin/menu/wineries', { ...winery, name: 'Cantina Seconda' });
      const { _csrf, ...fields } = toForm(hiddenFieldsOf(lost.body, '/admin/login'));
      const wrong = await d.post('/admin/login', { ...fields, email: OWNER.email, password: 'wrong password' });
      assert.equal(wrong.statusCode, 422);
      assert.equal(toForm(hiddenFieldsOf(wrong.body, '/admin/login'))['kept:name'], 'Cantina Seconda');
      const foreign = await d.post('/admin/menu/wineries', winery, { headers: { 'sec-fetch-site': 'cross-site' } });
      assert.equal(foreign.statusCode, 303);
      assert.equal(foreign.headers.location, '/admin/login');
      // A session of another restaurant is none here: the form is kept, not saved.
      const beta = bed.client('beta');
      assert.equal((await beta.signIn('owner@beta.test', 'beta-owner-pw')).statusCode, 303);
      const stranger = bed.client();
      stranger.cookies.set('menu_session', beta.cookies.get('menu_session')!);
      const elsewhere = await stranger.post('/admin/menu/wineries', winery, { csrf: 'x' });
      assert.equal(elsewhere.statusCode, 401);
      const kept = await bed.db.db.selectFrom('wineries').select('id').where('name', '=', 'Cantina Seconda').execute();
      assert.deepEqual(kept, []);
    });
  });
}

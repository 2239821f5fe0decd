// The first-run checklist (issue 35, point 2) of a restaurant made by sign-up: it opens on the
// overview and stays until every step is done; a template menu loads in the restaurant's
// languages (once, however often pressed), languages are confirmed, photo and hours can be
// skipped, the table cards' download ticks its step, going public waits for the verified e-mail.
// A restaurant made by the command line (alpha) has no checklist and its menu never changes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { ownerSnapshot } from '../../src/catalog/write.js';
import { exportDocument } from '../../src/features/sync/document.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';
import { PanelClient } from './client.js';
import { smtpServer, textOf } from './smtp.js';

const BASE = 'menu.test';
const ALPHA = { email: 'owner@alpha.test', password: 'alpha-owner-pw' };

for (const dialect of dialects) {
  describe(`first-run checklist (${dialect})`, () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof smtpServer>>;
    const clock = { now: Date.parse('2026-11-28T10:00:00Z') };
    let alpha: number;
    let alphaBefore: string;
    before(async () => {
      smtp = await smtpServer();
      t = await createTestApp(
        dialect,
        { baseDomain: BASE, smtpUrl: smtp.url, trustProxy: 1 },
        { now: () => clock.now },
      );
      alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createUser(t.db.db, alpha, ALPHA);
      alphaBefore = JSON.stringify(exportDocument(await ownerSnapshot(t.app, alpha)));
    });
    after(async () => {
      assert.equal(JSON.stringify(exportDocument(await ownerSnapshot(t.app, alpha))), alphaBefore);
      await t.close();
      await smtp.close();
    });

    /** Signs a restaurant up on the base address; answers its host and the mailed link's path. */
    async function signUp(name: string, country: string, ip: string) {
      const c = new PanelClient(t.app, BASE, { 'accept-language': 'en', 'x-forwarded-for': ip });
      const page = await c.get('/');
      const started = /name="started" value="([^"]+)"/.exec(page.body)![1]!;
      clock.now += 5000;
      const res = await c.post('/signup', {
        name,
        slug: '',
        country,
        email: `owner@${ip}.test`,
        password: 'a-good-password',
        lang: 'en',
        started,
      });
      assert.equal(res.statusCode, 200, res.body.slice(0, 300));
      const link = /\/admin\/verify\?token=[A-Za-z0-9_-]{43}/.exec(textOf((await smtp.next()).raw))![0];
      const slug = name.toLowerCase().replaceAll(' ', '-');
      return { host: `${slug}.${BASE}`, link, email: `owner@${ip}.test` };
    }

    test('the checklist: template in the restaurant’s languages, languages, skips, table cards, public after verification', async () => {
      const { host, link, email } = await signUp('Chez Anna', 'FR', '203.0.113.1');
      const owner = new PanelClient(t.app, host, { 'accept-language': 'en' });
      assert.equal((await owner.signIn(email, 'a-good-password')).statusCode, 303);
      let home = await owner.get('/admin');
      assert.match(home.body, /<h2 id="first-run-title">Get started<\/h2><p>0 of 7 done\./);
      for (const step of [
        'Confirm your e-mail',
        'Languages of the menu',
        'Your menu',
        'A photo',
        'Opening hours',
        'Print QR cards',
        'Go public',
      ]) {
        assert.ok(home.body.includes(`<h3>${step}`), step);
      }
      // Going public before the e-mail is confirmed is refused, with the reason.
      const early = await owner.post('/admin/first-run/public', {});
      assert.equal(early.headers.location, '/admin?first_run=unverified#first-run');
      assert.match((await owner.get('/admin?first_run=unverified')).body, /Confirm your e-mail first/);

      // The trattoria template, in French (the default) and English (the other language).
      const loaded = await owner.post('/admin/first-run/template', { kind: 'trattoria' });
      assert.equal(loaded.statusCode, 303);
      assert.match(loaded.headers.location as string, /^\/admin\?first_run=loaded:trattoria:11:4#first-run$/);
      home = await owner.get((loaded.headers.location as string).replace(/#.*/, ''));
      assert.match(home.body, /The trattoria menu is loaded: 11 dishes in 4 sections\./);
      const tenantId = (
        await t.db.db.selectFrom('tenants').select('id').where('slug', '=', 'chez-anna').executeTakeFirstOrThrow()
      ).id;
      const doc = exportDocument(await ownerSnapshot(t.app, tenantId));
      assert.deepEqual(
        doc.sections.map((s) => s.name),
        [
          { fr: 'Entrées', en: 'Starters' },
          { fr: 'Premiers plats', en: 'First courses' },
          { fr: 'Plats principaux', en: 'Main courses' },
          { fr: 'Desserts', en: 'Desserts' },
        ],
      );
      const carbonara = doc.sections[1]!.items!.find((i) => i.name.fr === 'Spaghetti à la carbonara')!;
      assert.deepEqual(carbonara.allergens, ['cereali_glutine', 'uova', 'latte']);
      assert.equal(carbonara.price, 12);
      // Pressed again: updated in place, not doubled.
      await owner.get('/admin');
      await owner.post('/admin/first-run/template', { kind: 'trattoria' });
      assert.equal(
        exportDocument(await ownerSnapshot(t.app, tenantId)).sections.flatMap((s) => s.items ?? []).length,
        11,
      );

      await owner.get('/admin');
      assert.equal((await owner.post('/admin/first-run/languages', { locales: ['en', 'de', 'xx'] })).statusCode, 303);
      const settings = await t.db.db
        .selectFrom('settings')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        JSON.parse(settings.supported_locales),
        ['fr', 'en', 'de'],
        'the default stays, unknown codes are dropped',
      );
      await owner.get('/admin');
      await owner.post('/admin/first-run/skip', { step: 'photo' });
      await owner.get('/admin');
      await owner.post('/admin/first-run/skip', { step: 'hours' });
      const pdf = await owner.get('/admin/qr/sheet.pdf?tables=1-4');
      assert.equal(pdf.statusCode, 200);
      assert.match(pdf.headers['content-type'] as string, /application\/pdf/);
      home = await owner.get('/admin');
      assert.match(home.body, /5 of 7 done\./);

      // The link confirms; going public now works and the checklist is gone.
      const v = new PanelClient(t.app, host, { 'accept-language': 'en' });
      await v.get(link);
      assert.equal((await v.post('/admin/verify', { token: link.split('=')[1]! })).statusCode, 303);
      await owner.get('/admin');
      const online = await owner.post('/admin/first-run/public', {});
      assert.equal(online.headers.location, '/admin?first_run=online');
      home = await owner.get('/admin?first_run=online');
      assert.match(home.body, /The menu is online\./);
      assert.doesNotMatch(home.body, /first-run-title/, 'every step done: the checklist is gone');
      await eventually(async () => {
        const menu = await call(t.app, { url: '/', host, headers: { accept: 'text/html', 'accept-language': 'fr' } });
        assert.equal(menu.statusCode, 200);
        assert.match(menu.body, /Spaghetti à la carbonara/);
      });
    });

    test('a pizzeria in Italian; staff and a restaurant made by the command line see no checklist; its posts change nothing', async () => {
      const { host, email } = await signUp('Da Gino', 'IT', '203.0.113.2');
      const owner = new PanelClient(t.app, host, { 'accept-language': 'it' });
      await owner.signIn(email, 'a-good-password');
      const home = await owner.get('/admin');
      assert.match(home.body, /Per cominciare/);
      assert.match(home.body, /Parti dal menu da pizzeria/);
      const res = await owner.post('/admin/first-run/template', { kind: 'pizzeria' });
      assert.equal(res.statusCode, 303);
      const tenantId = (
        await t.db.db.selectFrom('tenants').select('id').where('slug', '=', 'da-gino').executeTakeFirstOrThrow()
      ).id;
      const names = exportDocument(await ownerSnapshot(t.app, tenantId)).sections.map((s) => s.name);
      assert.deepEqual(names[0], { it: 'Pizze classiche', en: 'Classic pizzas' });
      assert.equal((await owner.post('/admin/first-run/template', { kind: 'sushi' })).headers.location, '/admin');

      const staffEmail = 'waiter@da-gino.test';
      await createUser(t.db.db, tenantId, { email: staffEmail, password: 'waiter-password', role: 'staff' });
      const staff = new PanelClient(t.app, host, { 'accept-language': 'en' });
      await staff.signIn(staffEmail, 'waiter-password');
      assert.doesNotMatch((await staff.get('/admin')).body, /first-run-title/);
      assert.equal((await staff.post('/admin/first-run/template', { kind: 'bar' })).statusCode, 403);

      const a = new PanelClient(t.app, `alpha.${BASE}`, { 'accept-language': 'en' });
      await a.signIn(ALPHA.email, ALPHA.password);
      assert.doesNotMatch((await a.get('/admin')).body, /first-run-title/);
      assert.equal((await a.post('/admin/first-run/template', { kind: 'bar' })).headers.location, '/admin');
      await a.get('/admin');
      await a.post('/admin/first-run/languages', { locales: ['en'] });
      const alphaSettings = await t.db.db
        .selectFrom('settings')
        .select('supported_locales')
        .where('tenant_id', '=', alpha)
        .executeTakeFirstOrThrow();
      assert.notDeepEqual(JSON.parse(alphaSettings.supported_locales), ['it', 'en']);
    });
  });
}

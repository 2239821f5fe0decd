// Sign-up on the base address (issue 35, point 1): the form in the visitor's language, the address
// checked as typed (normalised, reserved words, taken), the country's language, currency and time
// zone, the owner and a real verification mail (SMTP) whose single-use link verifies and signs in;
// the restaurant stays offline until then. Time-and-honeypot guard, CSRF, limits per client address
// (an IPv6 /64 counts as one), the same answer whether the e-mail has an account, SIGNUP=closed and
// invite. A second restaurant (alpha) is untouched throughout.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../src/accounts/users/service.js';
import { ownerSnapshot } from '../../src/catalog/write.js';
import { exportDocument } from '../../src/features/sync/document.js';
import { createInvite } from '../../src/panel/signup/invites.js';
import { ATTEMPTS_PER_HOUR, CREATED_PER_DAY } from '../../src/panel/signup/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, eventually, type TestApp } from '../helper.js';
import { PanelClient } from './client.js';
import { settingsForm } from './setup.js';
import { smtpServer, textOf } from './smtp.js';

const BASE = 'menu.test';
const ALPHA_OWNER = { email: 'owner@alpha.test', password: 'alpha-owner-pw' };

interface Bed extends TestApp {
  alpha: number;
  clock: { now: number };
  smtp: Awaited<ReturnType<typeof smtpServer>>;
  visitor(ip?: string, lang?: string): PanelClient;
  dispose(): Promise<void>;
}

async function bed(
  dialect: Parameters<typeof createTestApp>[0],
  signup: 'open' | 'invite' | 'closed' = 'open',
): Promise<Bed> {
  const smtp = await smtpServer();
  const clock = { now: Date.parse('2026-11-28T10:00:00Z') };
  const t = await createTestApp(
    dialect,
    { baseDomain: BASE, smtpUrl: smtp.url, mailFrom: 'menu@test.example', trustProxy: 1, signup },
    { now: () => clock.now },
  );
  const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
  await createUser(t.db.db, alpha, ALPHA_OWNER);
  return {
    ...t,
    alpha,
    clock,
    smtp,
    visitor: (ip = '203.0.113.7', lang = 'en') =>
      new PanelClient(t.app, BASE, { 'accept-language': lang, 'x-forwarded-for': ip }),
    dispose: async () => {
      await t.close();
      await smtp.close();
    },
  };
}

const form = (overrides: Record<string, string> = {}) => ({
  name: 'Trattoria Dà Mario',
  slug: '',
  country: 'FR',
  email: 'mario@example.test',
  password: 'a-good-password',
  website: '',
  lang: 'en',
  ...overrides,
});

/** Opens the form, waits like a person (the app's clock), and sends it. */
async function signUp(b: Bed, c: PanelClient, overrides: Record<string, string> = {}) {
  const page = await c.get('/');
  assert.equal(page.statusCode, 200);
  const started = /name="started" value="([^"]+)"/.exec(page.body)![1]!;
  b.clock.now += 5000;
  return c.post('/signup', { ...form(overrides), started });
}

const tenantCount = async (b: Bed) =>
  Number(
    (
      await b.db.db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

for (const dialect of dialects) {
  describe(`sign-up on the base address (${dialect})`, () => {
    let b: Bed;
    let alphaBefore: string;
    before(async () => {
      b = await bed(dialect);
      alphaBefore = JSON.stringify(exportDocument(await ownerSnapshot(b.app, b.alpha)));
    });
    after(async () => {
      // The other restaurant never changed.
      assert.equal(JSON.stringify(exportDocument(await ownerSnapshot(b.app, b.alpha))), alphaBefore);
      await b.dispose();
    });

    test('the form in the visitor’s language on the base address only; other paths stay the unknown page', async () => {
      const en = await b.visitor().get('/');
      assert.equal(en.statusCode, 200);
      assert.match(en.headers['content-type'] as string, /text\/html/);
      assert.match(en.headers['content-security-policy'] as string, /default-src 'none'/);
      assert.match(en.body, /<h1>Put your menu online<\/h1>/);
      assert.match(en.body, /<html lang="en">/);
      assert.match(en.body, /name="website"/, 'the honeypot field');
      assert.match(
        en.body,
        /<option value="FR" data-proposal="Menu in French, prices in EUR, time zone Europe\/Paris\."/,
      );
      const it = await b.visitor('203.0.113.7', 'it-IT,it;q=0.9').get('/');
      assert.match(it.body, /<h1>Metti online il tuo menu<\/h1>/);
      assert.match(it.body, /<option value="IT" data-proposal="[^"]*" selected>Italia</, 'Italy proposed from it-IT');
      assert.match((await b.visitor().get('/?lang=it')).body, /Crea il mio menu/);
      // With a port, in capitals: still the base address.
      const port = await call(b.app, { url: '/', host: 'MENU.test:3000', headers: { accept: 'text/html' } });
      assert.equal(port.statusCode, 200);
      const elsewhere = await call(b.app, { url: '/api/v1/menu', host: BASE });
      assert.equal(elsewhere.statusCode, 404);
      assert.match(elsewhere.headers['content-type'] as string, /text\/html/);
      // A restaurant's own address still shows its menu, not the form.
      const alpha = await call(b.app, { url: '/', host: `alpha.${BASE}`, headers: { accept: 'text/html' } });
      assert.equal(alpha.statusCode, 200);
      assert.doesNotMatch(alpha.body, /Put your menu online/);
      assert.equal((await call(b.app, { url: '/signup/check?slug=x', host: `alpha.${BASE}` })).statusCode, 404);
    });

    test('the address as typed: normalised (accents, look-alike letters, full width), reserved words, taken, IDN', async () => {
      const check = async (slug: string) =>
        (await call(b.app, { url: `/signup/check?slug=${encodeURIComponent(slug)}&lang=en`, host: BASE })).json;
      assert.deepEqual(await check('Trattoria Dà Mario'), {
        slug: 'trattoria-da-mario',
        available: true,
        message: `trattoria-da-mario.${BASE}:3000 is available.`,
      });
      // Cyrillic а and full-width letters fold to the restaurant that exists.
      assert.deepEqual(await check('\u0430lpha'), {
        slug: 'alpha',
        available: false,
        message: 'This address is taken. Try another.',
      });
      assert.equal((await check('ＡＬＰＨＡ')).slug, 'alpha');
      assert.equal((await check('Straße Ø')).slug, 'strasse-o');
      for (const word of ['admin', 'www', 'api', 'mail', 'operator', 'ＷＷＷ']) {
        assert.equal((await check(word)).message, 'This word is kept for the service. Try another.', word);
      }
      // A punycode word loses its double hyphen: it can no longer be shown as other letters.
      assert.equal((await check('xn--80ak6aa92e')).slug, 'xn-80ak6aa92e');
      assert.equal((await check('!!!')).message, 'Choose the address of your menu.');
      assert.equal((await check('a'.repeat(80))).slug.length, 63);
    });

    test('sign-up makes an offline restaurant in the country’s language, currency and time zone; the mailed link verifies and signs in', async () => {
      const c = b.visitor();
      const res = await signUp(b, c);
      assert.equal(res.statusCode, 200, res.body.slice(0, 500));
      assert.match(res.body, /We sent a link to mario@example\.test\./);
      const tenant = await b.db.db
        .selectFrom('tenants')
        .innerJoin('settings', 'settings.tenant_id', 'tenants.id')
        .selectAll()
        .where('slug', '=', 'trattoria-da-mario')
        .executeTakeFirstOrThrow();
      assert.equal(tenant.name, 'Trattoria Dà Mario');
      assert.equal(tenant.default_locale, 'fr');
      assert.deepEqual(JSON.parse(tenant.supported_locales), ['fr', 'en']);
      assert.equal(tenant.currency, 'EUR');
      assert.equal(tenant.timezone, 'Europe/Paris');
      assert.equal(Number(tenant.is_active), 0);
      assert.equal(Number(tenant.awaiting_verification), 1);
      const host = `trattoria-da-mario.${BASE}`;
      const owner = await b.db.db.selectFrom('users').selectAll().where('tenant_id', '=', tenant.tenant_id).execute();
      assert.deepEqual(
        owner.map((u) => [u.email, u.role]),
        [['mario@example.test', 'owner']],
      );
      // Not public yet.
      assert.equal((await call(b.app, { url: '/', host, headers: { accept: 'text/html' } })).statusCode, 404);

      const mail = await b.smtp.next();
      assert.deepEqual(mail.to, ['mario@example.test']);
      assert.match(mail.raw, /Subject: =\?UTF-8\?Q\?Confirm_your_e-mail_for_Trattoria_D/);
      const link =
        /http:\/\/trattoria-da-mario\.menu\.test(?::\d+)?(\/admin\/verify\?token=([A-Za-z0-9_-]{43})&lang=en)/.exec(
          textOf(mail.raw),
        );
      assert.ok(link, textOf(mail.raw));
      const token = link[2]!;
      const stored = await b.db.db.selectFrom('email_verifications').selectAll().execute();
      assert.equal(stored.length, 1);
      assert.ok(!JSON.stringify(stored).includes(token), 'only the hash is stored');
      assert.equal(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at), 60 * 60_000);

      // Signed in with the password before verifying: going public is refused, with the reason.
      const owner1 = new PanelClient(b.app, host, { 'accept-language': 'en' });
      assert.equal((await owner1.signIn('mario@example.test', 'a-good-password')).statusCode, 303);
      const home = await owner1.get('/admin');
      assert.match(home.body, /Confirm your e-mail: open the link we sent to mario@example\.test\./);
      await owner1.get('/admin/settings');
      const refused = await owner1.post(
        '/admin/settings',
        settingsForm({
          name: 'Trattoria Dà Mario',
          supported_locales: ['fr', 'en'],
          default_locale: 'fr',
          timezone: 'Europe/Paris',
        }),
      );
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /The menu can go public once the owner&#39;s e-mail is confirmed/);

      // Another restaurant's address does not take the link.
      assert.equal((await new PanelClient(b.app, `alpha.${BASE}`).get(`/admin/verify?token=${token}`)).statusCode, 410);
      // A mail scanner's GET changes nothing; the button does.
      const v = new PanelClient(b.app, host, { 'accept-language': 'it' });
      const hop = await v.get(link[1]!);
      assert.equal(hop.statusCode, 303, 'the language of the sign-up is kept');
      const page = await v.get(hop.headers.location as string);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Confirm my e-mail/);
      assert.equal(
        Number(
          (
            await b.db.db
              .selectFrom('tenants')
              .select('awaiting_verification')
              .where('id', '=', tenant.tenant_id)
              .executeTakeFirstOrThrow()
          ).awaiting_verification,
        ),
        1,
      );
      const done = await v.post('/admin/verify', { token });
      assert.equal(done.statusCode, 303);
      assert.equal(done.headers.location, '/admin?verified=1');
      assert.match((await v.get('/admin?verified=1')).body, /Your e-mail is confirmed/);
      assert.equal((await v.get(`/admin/verify?token=${token}`)).statusCode, 410, 'used once');

      const publicNow = await owner1.post(
        '/admin/settings',
        settingsForm({
          name: 'Trattoria Dà Mario',
          supported_locales: ['fr', 'en'],
          default_locale: 'fr',
          timezone: 'Europe/Paris',
        }),
      );
      assert.equal(publicNow.statusCode, 303, publicNow.body.slice(0, 300));
      await eventually(async () => {
        assert.equal((await call(b.app, { url: '/', host, headers: { accept: 'text/html' } })).statusCode, 200);
      });
    });

    test('the same answer whether the e-mail already has an account; a second restaurant for the same e-mail', async () => {
      const known = await signUp(b, b.visitor('203.0.113.20'), { name: 'Bar Uno', email: ALPHA_OWNER.email });
      const unknown = await signUp(b, b.visitor('203.0.113.21'), {
        name: 'Bar Due',
        email: 'someone-new@example.test',
      });
      assert.equal(known.statusCode, 200);
      assert.equal(unknown.statusCode, 200);
      const strip = (body: string) =>
        body
          .replace(ALPHA_OWNER.email, 'E')
          .replace('someone-new@example.test', 'E')
          .replace(/bar-(uno|due)/g, 'S');
      assert.equal(strip(known.body), strip(unknown.body));
      for (let i = 0; i < 2; i++) await b.smtp.next();
      // The owner of alpha keeps alpha as it was.
      const alphaOwner = new PanelClient(b.app, `alpha.${BASE}`);
      assert.equal((await alphaOwner.signIn(ALPHA_OWNER.email, ALPHA_OWNER.password)).statusCode, 303);
    });

    test('a form sent at once is looked at again; a filled honeypot makes nothing; a foreign form is refused', async () => {
      const before = await tenantCount(b);
      const c = b.visitor('198.51.100.1');
      const page = await c.get('/');
      const started = /name="started" value="([^"]+)"/.exec(page.body)![1]!;
      const fast = await c.post('/signup', { ...form({ name: 'Fast Bot' }), started });
      assert.equal(fast.statusCode, 422);
      assert.match(fast.body, /That was quick! Check the form and send it again\./);
      assert.match(fast.body, /value="Fast Bot"/, 'what was typed is kept');
      b.clock.now += 5000;
      const honey = await c.post('/signup', {
        ...form({ name: 'Honey Bot', website: 'http://spam.example' }),
        started,
      });
      assert.equal(honey.statusCode, 200);
      assert.match(honey.body, /We sent a link to/);
      const forged = await c.post('/signup', {
        ...form({ name: 'Forged' }),
        started: `${b.clock.now - 10_000}.forged`,
      });
      assert.equal(forged.statusCode, 422);
      assert.match(forged.body, /open for too long/);
      const noCsrf = await c.post('/signup', { ...form({ name: 'No Token' }), started }, { csrf: 'wrong' });
      assert.equal(noCsrf.statusCode, 403);
      const cross = await c.post(
        '/signup',
        { ...form({ name: 'Cross' }), started },
        { headers: { origin: 'http://evil.test' } },
      );
      assert.equal(cross.statusCode, 403);
      assert.equal(await tenantCount(b), before, 'nothing was made');
    });

    test('every problem at once, next to its field, in the visitor’s language; bad input never a 5xx', async () => {
      const c = b.visitor('198.51.100.2', 'it');
      const res = await signUp(b, c, {
        name: ' ',
        slug: 'admin',
        country: 'XX',
        email: 'not-an-email',
        password: 'short',
        lang: 'it',
      });
      assert.equal(res.statusCode, 422);
      for (const m of [
        'Scrivi il nome del ristorante.',
        'Questa parola è riservata al servizio.',
        'Scegli un paese dall’elenco.',
        'Scrivi un indirizzo e-mail valido.',
        'Almeno 8 caratteri.',
      ]) {
        assert.ok(res.body.includes(m), m);
      }
      const taken = await signUp(b, c, { slug: 'ALPHA', lang: 'en' });
      assert.equal(taken.statusCode, 422);
      assert.match(taken.body, /This address is taken\. Try another\./);
      const json = await call(b.app, {
        method: 'POST',
        url: '/signup',
        host: BASE,
        headers: { 'content-type': 'application/json' },
        body: '{"name":1}',
      });
      assert.equal(json.statusCode, 415);
      assert.match(json.headers['content-type'] as string, /text\/html/);
      assert.match(json.body, /This request cannot be read|Questa richiesta non si può leggere/);
      const garbage = await c.post('/signup', { name: '\u0000'.repeat(10), slug: '%%%', started: 'x' });
      assert.ok(garbage.statusCode < 500);
    });
  });

  describe(`sign-up limits per client address (${dialect})`, () => {
    test(`${ATTEMPTS_PER_HOUR} sign-ups an hour from one address (an IPv6 /64 is one), ${CREATED_PER_DAY} restaurants a day even when sent at once`, async () => {
      const b = await bed(dialect);
      try {
        // Parallel valid sign-ups from one address: at most CREATED_PER_DAY restaurants.
        const page = await b.visitor('2001:db8:1:2::1').get('/');
        const started = /name="started" value="([^"]+)"/.exec(page.body)![1]!;
        b.clock.now += 5000;
        const clients = Array.from({ length: 8 }, (_, i) => {
          const c = b.visitor(`2001:db8:1:2::${i + 10}`);
          for (const [k, v] of (page.cookies as { name: string; value: string }[]).map(
            (x) => [x.name, x.value] as const,
          )) {
            c.cookies.set(k, v);
          }
          c.csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
          return c;
        });
        const answers = await Promise.all(
          clients.map((c, i) => c.post('/signup', { ...form({ name: `Parallel ${i}` }), started })),
        );
        const made = answers.filter((a) => a.statusCode === 200).length;
        const held = answers.filter((a) => a.statusCode === 429);
        assert.equal(made, CREATED_PER_DAY, answers.map((a) => a.statusCode).join(','));
        assert.equal(held.length, 8 - CREATED_PER_DAY);
        assert.match(held[0]!.body, /Too many sign-ups from your network\./);
        assert.ok(Number(held[0]!.headers['retry-after']) > 0);
        // Attempts: the rest of the hour's budget, then 429 without looking at the form.
        const c = clients[0]!;
        for (let i = 8; i < ATTEMPTS_PER_HOUR; i++) {
          assert.notEqual(
            (await c.post('/signup', { ...form({ slug: 'admin' }), started })).statusCode,
            429,
            String(i),
          );
        }
        const over = await c.post('/signup', { ...form({ slug: 'admin' }), started });
        assert.equal(over.statusCode, 429);
        // Another address is not held back.
        const other = await signUp(b, b.visitor('2001:db8:9::1'), { name: 'Elsewhere' });
        assert.equal(other.statusCode, 200);
        // An hour later the attempts are free again (the day's creations still count).
        b.clock.now += 61 * 60_000;
        const later = await c.post('/signup', { ...form({ slug: 'admin' }), started: (await signUpPage(c)).started });
        assert.equal(later.statusCode, 422);
      } finally {
        await b.dispose();
      }
    });
  });

  describe(`SIGNUP=closed and SIGNUP=invite (${dialect})`, () => {
    test('closed: a page saying so, and a post makes nothing', async () => {
      const b = await bed(dialect, 'closed');
      try {
        const page = await b.visitor().get('/');
        assert.equal(page.statusCode, 200);
        assert.match(page.body, /Sign-up is closed/);
        assert.doesNotMatch(page.body, /name="password"/);
        const post = await b.visitor().post('/signup', form(), { csrf: 'x' });
        assert.equal(post.statusCode, 403);
        assert.equal(await tenantCount(b), 1);
      } finally {
        await b.dispose();
      }
    });

    test('invite: a code the operator made, spent once', async () => {
      const b = await bed(dialect, 'invite');
      try {
        const { code } = await createInvite(b.db.db, { note: 'for Mario', createdBy: 'test' });
        const page = await b.visitor().get('/');
        assert.match(page.body, /name="invite"/);
        const without = await signUp(b, b.visitor(), { name: 'No Code' });
        assert.equal(without.statusCode, 422);
        assert.match(without.body, /This code is not valid, has expired or was already used\./);
        const withCode = await signUp(b, b.visitor(), {
          name: 'With Code',
          invite: code.toLowerCase().replaceAll('-', ' '),
        });
        assert.equal(withCode.statusCode, 200, withCode.body.slice(0, 400));
        const row = await b.db.db.selectFrom('signup_invites').selectAll().executeTakeFirstOrThrow();
        assert.ok(row.used_at);
        assert.ok(!JSON.stringify(row).includes(code), 'only the hash is stored');
        const again = await signUp(b, b.visitor(), { name: 'Same Code', invite: code });
        assert.equal(again.statusCode, 422);
        assert.equal(await tenantCount(b), 2);
      } finally {
        await b.dispose();
      }
    });
  });
}

async function signUpPage(c: PanelClient) {
  const page = await c.get('/');
  return { started: /name="started" value="([^"]+)"/.exec(page.body)![1]! };
}

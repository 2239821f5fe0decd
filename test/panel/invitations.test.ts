// Staff invited by e-mail, through a real SMTP server: the owner enters an e-mail and a role, the
// person gets a single-use link (only its hash stored, refused on another restaurant's address,
// dead once used), sets their own password and signs in with the role given; a pending invitation
// sent again kills the old link, withdrawn kills it too; an e-mail already in use is refused; the
// typed or generated password stays a choice.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { dialects } from '../helper.js';
import { PanelClient } from './client.js';
import { type PanelBed, panelBed } from './setup.js';
import { smtpServer, textOf } from './smtp.js';

for (const dialect of dialects) {
  describe(`staff invited by e-mail (${dialect})`, () => {
    let smtp: Awaited<ReturnType<typeof smtpServer>>;
    let bed: PanelBed;
    let owner: PanelClient;
    before(async () => {
      smtp = await smtpServer();
      bed = await panelBed(dialect, { smtpUrl: smtp.url, mailFrom: 'Menu <menu@test.example>' });
      owner = await bed.owner();
    });
    after(async () => {
      await bed.close();
      await smtp.close();
    });

    const linkIn = async (to: string) => {
      const mail = await smtp.next();
      assert.deepEqual(mail.to, [to]);
      const text = textOf(mail.raw);
      const link = /http:\/\/alpha\.localhost(?::\d+)?(\/admin\/invitation\?token=([A-Za-z0-9_-]{43}))/.exec(text);
      assert.ok(link, text);
      return { path: link[1]!, token: link[2]!, raw: mail.raw };
    };
    const invite = (email: string, role = 'staff') =>
      owner.post('/admin/staff', { email, name: 'Giulia', role, how: 'invite', password: '' });

    test('an invitation by e-mail: a single-use link to set one’s own password, then sign in with the role given', async () => {
      const page = await owner.get('/admin/staff');
      assert.match(
        page.body,
        /<input type="radio" name="how" value="invite" checked> Send them an invitation by e-mail/,
      );
      const res = await invite('Waiter@Alpha.test');
      assert.equal(res.statusCode, 201, res.body.slice(0, 400));
      assert.match(res.body, /Invitation sent to waiter@alpha\.test\. The link works once, for 7 days\./);
      assert.match(res.body, /<tr data-invitation-id="\d+"><td data-label="E-mail"><div>waiter@alpha\.test<\/div>/);
      const { path, token, raw } = await linkIn('waiter@alpha.test');
      assert.match(raw, /Subject: You are invited to the menu panel of Alpha alpha/i);
      const stored = await bed.db.db.selectFrom('staff_invitations').selectAll().execute();
      assert.equal(stored.length, 1);
      assert.ok(!JSON.stringify(stored).includes(token), 'only the hash is stored');
      assert.equal(stored[0]!.tenant_id, bed.alpha);

      // Another restaurant's address refuses the link.
      const elsewhere = new PanelClient(bed.app, 'beta', { 'accept-language': 'en' });
      assert.equal((await elsewhere.get(path)).statusCode, 410);

      const waiter = bed.client();
      const form = await waiter.get(path);
      assert.equal(form.statusCode, 200);
      assert.match(form.body, /Choose the password of waiter@alpha\.test/);
      const short = await waiter.post('/admin/invitation', { token, password: 'short', confirm: 'short' });
      assert.equal(short.statusCode, 422);
      const done = await waiter.post('/admin/invitation', {
        token,
        password: 'waiter-password-1',
        confirm: 'waiter-password-1',
      });
      assert.equal(done.statusCode, 303);
      assert.equal(done.headers.location, '/admin/login?reset=1');
      // Used once: the link is dead now, on every address.
      assert.equal((await bed.client().get(path)).statusCode, 410);
      assert.equal(
        (await waiter.post('/admin/invitation', { token, password: 'another-password', confirm: 'another-password' }))
          .statusCode,
        410,
      );
      const signedIn = bed.client();
      assert.equal((await signedIn.signIn('waiter@alpha.test', 'waiter-password-1')).statusCode, 303);
      assert.equal((await signedIn.get('/admin/staff')).statusCode, 403, 'staff, as invited');
      assert.doesNotMatch((await owner.get('/admin/staff')).body, /data-invitation-id/, 'no longer pending');
    });

    test('sent again: the old link dies and the new one works; withdrawn: its link dies', async () => {
      await invite('cook@alpha.test');
      const first = await linkIn('cook@alpha.test');
      const id = (
        await bed.db.db
          .selectFrom('staff_invitations')
          .select('id')
          .where('email', '=', 'cook@alpha.test')
          .executeTakeFirstOrThrow()
      ).id;
      const again = await owner.post(`/admin/staff/invitations/${id}/resend`, {});
      assert.equal(again.statusCode, 303);
      assert.match(
        (await owner.get(again.headers.location as string)).body,
        /A new invitation was sent to cook@alpha\.test/,
      );
      const second = await linkIn('cook@alpha.test');
      assert.notEqual(second.token, first.token);
      assert.equal((await bed.client().get(first.path)).statusCode, 410);
      assert.equal((await bed.client().get(second.path)).statusCode, 200);
      // Beta's owner cannot withdraw alpha's invitation.
      const betaOwner = bed.client('beta');
      await betaOwner.signIn('owner@beta.test', 'beta-owner-pw');
      await betaOwner.post(`/admin/staff/invitations/${id}/withdraw`, {});
      assert.equal((await bed.client().get(second.path)).statusCode, 200);
      const gone = await owner.post(`/admin/staff/invitations/${id}/withdraw`, {});
      assert.equal(gone.statusCode, 303);
      assert.match(
        (await owner.get(gone.headers.location as string)).body,
        /The invitation to cook@alpha\.test was withdrawn/,
      );
      assert.equal((await bed.client().get(second.path)).statusCode, 410);
    });

    test('an e-mail already in use is refused; the typed or generated password stays a choice', async () => {
      const taken = await invite('owner@alpha.test');
      assert.equal(taken.statusCode, 422);
      assert.match(taken.body, /id="f-email-error"/);
      const generated = await owner.post('/admin/staff', {
        email: 'bar@alpha.test',
        name: '',
        role: 'staff',
        how: 'password',
        password: '',
        _nonce: 'i'.repeat(24),
      });
      assert.equal(generated.statusCode, 201);
      assert.match(generated.body, /bar@alpha\.test can now sign in\./);
      assert.match(generated.body, /id="new-password" class="token-value" type="text" readonly value="[^"]{12,}"/);
    });
  });
}

// /admin: the overview, one card per panel section, and whether the public menu is online.
import type { FastifyInstance } from 'fastify';
import { ownerSnapshot } from '../../catalog/write.js';
import { html } from '../../http/html.js';
import { queryParam, sendPage } from '../context.js';
import { firstRunChecklist, firstRunNotice } from '../first-run/checklist.js';
import { notice } from '../forms.js';
import { NAV, renderPage } from '../layout.js';
import type { PanelTexts } from '../texts-en.js';
import { toCheckList } from './to-check.js';
import { verificationNotice } from './verify.js';

const DESCRIPTIONS: Record<string, keyof PanelTexts> = {
  menu: 'homeMenu',
  settings: 'homeSettings',
  theme: 'homeTheme',
  analytics: 'homeAnalytics',
  qr: 'homeQr',
  importExport: 'homeImport',
  history: 'homeHistory',
  webhooks: 'homeWebhooks',
  tokens: 'homeTokens',
  staff: 'homeStaff',
  account: 'homeAccount',
};

export function registerHome(app: FastifyInstance): void {
  app.get('/', async (request, reply) => {
    const ctx = request.panel;
    const { t } = ctx;
    const online = request.tenant.publicActive;
    const owner = ctx.session?.user.role === 'owner';
    const cards = NAV.filter((n) => DESCRIPTIONS[n.key] && (owner || !n.owners)).map(
      (n) =>
        html`<li class="card"><h2><a href="${n.href}">${t[n.key] as string}</a></h2><p>${t[DESCRIPTIONS[n.key]] as string}</p></li>`,
    );
    const status = online ? html`${t.menuOnline} <a href="/">${t.viewMenu}</a>` : t.menuOffline;
    // Texts left behind by a change in the default language come first: a wrong price is urgent.
    const toCheck = ctx.toCheck.size > 0 ? toCheckList(ctx, await ownerSnapshot(app, ctx.tenantId)) : '';
    const resent = queryParam(request, 'resent');
    const said =
      queryParam(request, 'verified') === '1'
        ? notice('success', t.verified)
        : resent === '1'
          ? notice('success', t.verifyResent)
          : resent === 'limit'
            ? notice('error', t.verifyResendLimit)
            : '';
    const verify = await verificationNotice(app, ctx);
    // A restaurant made by sign-up opens on its checklist until every step is done.
    const checklist = await firstRunChecklist(app, ctx, online);
    const body = html`${said}${firstRunNotice(ctx, queryParam(request, 'first_run'))}${verify}${notice(online ? 'success' : 'info', status)}${checklist}${toCheck}
<p>${t.homeIntro}</p><ul class="cards">${cards}</ul>`;
    return sendPage(reply, renderPage(ctx, { title: t.home, body, active: 'home' }));
  });
}

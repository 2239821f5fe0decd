// /admin: the overview, one card per panel section, and whether the public menu is online.
import type { FastifyInstance } from 'fastify';
import { esc } from '../../http/html.js';
import { sendPage } from '../context.js';
import { notice } from '../forms.js';
import { NAV, renderPage } from '../layout.js';
import type { PanelTexts } from '../texts-en.js';

const DESCRIPTIONS: Record<string, keyof PanelTexts> = {
  menu: 'homeMenu',
  settings: 'homeSettings',
  theme: 'homeTheme',
  analytics: 'homeAnalytics',
  tokens: 'homeTokens',
  staff: 'homeStaff',
  account: 'homeAccount',
};

export function registerHome(app: FastifyInstance): void {
  app.get('/', async (request, reply) => {
    const ctx = request.panel;
    const { t } = ctx;
    const online = request.tenant.publicActive;
    const cards = NAV.filter((n) => DESCRIPTIONS[n.key])
      .map(
        (n) =>
          `<li class="card"><h2><a href="${n.href}">${esc(t[n.key] as string)}</a></h2><p>${esc(t[DESCRIPTIONS[n.key]] as string)}</p></li>`,
      )
      .join('');
    const body = `${notice(online ? 'success' : 'info', `${esc(online ? t.menuOnline : t.menuOffline)}${online ? ` <a href="/">${esc(t.viewMenu)}</a>` : ''}`)}
<p>${esc(t.homeIntro)}</p><ul class="cards">${cards}</ul>`;
    return sendPage(reply, renderPage(ctx, { title: t.home, body, active: 'home' }));
  });
}

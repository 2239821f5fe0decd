// /admin/menu and /admin/analytics: until their editors exist, each says plainly what there is
// today (a summary of the menu; the API calls that give the reports) instead of a dead link.
import type { FastifyInstance } from 'fastify';
import { ownerSnapshot } from '../../../catalog/write.js';
import { esc } from '../../../http/html.js';
import { sendPage } from '../context.js';
import { renderPage } from '../layout.js';

export function registerInfoPages(app: FastifyInstance): void {
  app.get('/menu', async (request, reply) => {
    const ctx = request.panel;
    const { t } = ctx;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const dishes = [...snapshot.items.values()].flat();
    const body = `<p>${esc(t.menuToday)}</p>
<p>${esc(t.menuSummary)}</p>
<ul class="facts-list"><li>${esc(t.menuSections(snapshot.sections.length))}</li><li>${esc(t.menuDishes(dishes.length, dishes.filter((d) => d.is_active).length))}</li></ul>
<p class="actions"><a class="button" href="/admin/api-tokens">${esc(t.tokens)}</a> <a class="button" href="/api/docs">${esc(t.apiReference)}</a> <a class="button" href="/">${esc(t.viewMenu)}</a></p>`;
    return sendPage(reply, renderPage(ctx, { title: t.menuTitle, body, active: 'menu' }));
  });

  app.get('/analytics', async (request, reply) => {
    const ctx = request.panel;
    const { t } = ctx;
    const host = esc(request.headers.host ?? '');
    const body = `<p>${esc(t.analyticsToday)}</p>
<pre class="code"><code>curl -H "Authorization: Bearer &lt;token&gt;" -H "Accept: application/json" \\
  "${request.protocol}://${host}/api/v1/admin/analytics/overview"</code></pre>
<p class="actions"><a class="button" href="/admin/api-tokens">${esc(t.tokens)}</a> <a class="button" href="/api/docs">${esc(t.apiReference)}</a></p>`;
    return sendPage(reply, renderPage(ctx, { title: t.analyticsTitle, body, active: 'analytics' }));
  });
}

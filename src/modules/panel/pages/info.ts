// /admin/analytics: until the dashboard exists, it says plainly what there is today (the API
// calls that give the reports) instead of a dead link.
import type { FastifyInstance } from 'fastify';
import { esc } from '../../../http/html.js';
import { sendPage } from '../context.js';
import { renderPage } from '../layout.js';

export function registerInfoPages(app: FastifyInstance): void {
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

// The admin panel on each restaurant's own address, under /admin: server-rendered HTML forms with
// small ES modules, no build step. Registered by the route table with prefix /admin.
import type { FastifyInstance } from 'fastify';
import { type Html, html } from '../http/html.js';
import { registerAnalytics } from './analytics/dashboard.js';
import { registerAssets } from './assets.js';
import { type PanelContext, seeOther, sendPage } from './context.js';
import { registerSingleEditor } from './editor.js';
import { registerFirstRun } from './first-run/checklist.js';
import { parseForm } from './forms.js';
import { installGuard, panelContext } from './guard.js';
import { renderPage } from './layout.js';
import { registerMenuEditor } from './menu/index.js';
import { registerAccount } from './pages/account.js';
import { registerDomain } from './pages/domain.js';
import { installErrorPages } from './pages/error-page.js';
import { registerHistory } from './pages/history.js';
import { registerHome } from './pages/home.js';
import { registerImport } from './pages/import.js';
import { registerInvitations } from './pages/invitations.js';
import { registerLogin } from './pages/login.js';
import { registerPreview } from './pages/preview.js';
import { registerQr } from './pages/qr.js';
import { registerRecovery } from './pages/recovery.js';
import { registerSettings } from './pages/settings.js';
import { registerStaff } from './pages/staff.js';
import { themeEditor } from './pages/theme.js';
import { registerTokens } from './pages/tokens.js';
import { registerVerify } from './pages/verify.js';
import { registerWebhooks } from './pages/webhooks.js';

export interface PanelOptions {
  now?: () => number;
}

/** Forms are small: 64 KiB is far more than the longest settings form. */
const FORM_LIMIT = 64 * 1024;

function notFound(ctx: PanelContext): Html {
  return renderPage(ctx, {
    title: ctx.t.notFoundTitle,
    body: html`<p>${ctx.t.notFoundText}</p><p><a href="/admin">${ctx.t.backHome}</a></p>`,
  });
}

export async function panelRoutes(app: FastifyInstance, options: PanelOptions): Promise<void> {
  const now = options.now ?? Date.now;
  // The panel reads HTML forms only; a JSON body is not a form (415).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  installGuard(app, now);
  installErrorPages(app, now);
  registerAssets(app);
  registerLogin(app, now);
  registerRecovery(app, now);
  registerVerify(app, now);
  registerHome(app);
  registerFirstRun(app, now);
  registerMenuEditor(app);
  registerAnalytics(app, now);
  registerImport(app, now);
  registerHistory(app);
  registerWebhooks(app);
  registerQr(app);
  registerSettings(app);
  registerDomain(app, now);
  registerSingleEditor(app, themeEditor);
  registerPreview(app);
  registerTokens(app, now);
  registerStaff(app, now);
  registerInvitations(app, now);
  registerAccount(app, now);

  app.setNotFoundHandler(async (request, reply) => {
    const ctx = await panelContext(app, request, reply, now);
    if (!ctx.session) {
      return seeOther(
        reply,
        `/admin/login${request.method === 'GET' ? `?next=${encodeURIComponent(request.url)}` : ''}`,
      );
    }
    return sendPage(reply, notFound(ctx), 404);
  });
}

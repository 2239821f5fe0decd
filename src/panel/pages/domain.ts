// "Own domain" (owners): claim a domain, see the DNS records to create, check them; a verified
// domain serves the menu, canonical links and QR codes use it, the old address redirects
// (accounts/tenants/domains.ts), and Caddy may get it a certificate (features/ops/tls.ts).
import type { FastifyInstance } from 'fastify';
import {
  CHALLENGE_PREFIX,
  claimDomain,
  listClaims,
  listDomains,
  normalizeDomain,
  verifyClaim,
} from '../../accounts/tenants/domains.js';
import { type Html, html } from '../../http/html.js';
import { type PanelContext, queryParam, seeOther, sendPage } from '../context.js';
import { formatDateTime } from '../format.js';
import { asForm, csrfField, type FieldErrors, hidden, input, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';

const OWNER = { config: { panelAccess: 'owner' as const } };

async function page(
  app: FastifyInstance,
  ctx: PanelContext,
  slug: string,
  view: { value?: string; errors?: FieldErrors; said?: Html | '' } = {},
): Promise<Html> {
  const d = ctx.t.domainPage;
  const [domains, claims] = await Promise.all([
    listDomains(app.database.db, ctx.tenantId),
    listClaims(app.database.db, ctx.tenantId),
  ]);
  const target = `${slug}.${app.config.baseDomain}`;
  const pending = claims.filter((c) => !c.verified_at && !domains.includes(c.host));
  const yours = domains.length
    ? html`<h2>${d.yours}</h2><ul>${domains.map((host) => html`<li><a href="http://${host}/">${host}</a></li>`)}</ul>`
    : '';
  const waiting = pending.map(
    (c) => html`<section class="card"><h2>${c.host} <span class="badge warn">${d.pending}</span></h2>
<p>${d.step1(c.host, target)}</p><p>2. ${d.step2}</p>
<dl class="dns-record"><dt>${d.name}</dt><dd><code>${CHALLENGE_PREFIX}.${c.host}</code></dd><dt>TXT</dt><dd><code>menu-verify=${c.token}</code></dd></dl>
${c.checked_at ? html`<p class="hint">${d.checkedAt(formatDateTime(ctx, c.checked_at))}</p>` : ''}
<form method="post" action="/admin/domain/check" class="inline">${csrfField(ctx)}${hidden('host', c.host)}<button type="submit" class="primary">${d.check}</button></form>
<form method="post" action="/admin/domain/drop" class="inline">${csrfField(ctx)}${hidden('host', c.host)}<button type="submit" class="link-button">${d.drop}</button></form></section>`,
  );
  const body = html`${view.said ?? ''}<p>${d.intro}</p>${yours}${waiting}
<form method="post" action="/admin/domain" class="stack narrow" novalidate>${csrfField(ctx)}
${input({ name: 'domain', label: d.add, value: view.value ?? '', errors: view.errors, hint: d.addHint, autocomplete: 'off', extra: { autocapitalize: 'none', spellcheck: 'false' } })}
<div class="actions"><button type="submit">${d.addButton}</button></div></form>`;
  return renderPage(ctx, { title: ctx.t.ownDomain, body, active: 'ownDomain' });
}

export function registerDomain(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.get('/domain', OWNER, async (request, reply) => {
    const ctx = request.panel;
    const d = ctx.t.domainPage;
    const verified = queryParam(request, 'verified');
    const said = verified
      ? notice('success', d.verified(verified))
      : queryParam(request, 'not_found')
        ? notice('error', d.notFound)
        : queryParam(request, 'taken')
          ? notice('error', d.problems.domain_taken ?? '')
          : '';
    return sendPage(reply, await page(app, ctx, request.tenant.slug, { said }));
  });

  app.post('/domain', OWNER, async (request, reply) => {
    const ctx = request.panel;
    const value = str(asForm(request.body), 'domain').slice(0, 300);
    const normal = normalizeDomain(value, app.config.baseDomain);
    const problem = 'problem' in normal ? normal.problem : await claimDomain(db, ctx.tenantId, normal.host, now());
    if (problem) {
      const errors = { domain: [ctx.t.domainPage.problems[problem] ?? problem] };
      return sendPage(reply, await page(app, ctx, request.tenant.slug, { value, errors }), 422);
    }
    return seeOther(reply, '/admin/domain');
  });

  app.post('/domain/check', OWNER, async (request, reply) => {
    const ctx = request.panel;
    const host = str(asForm(request.body), 'host');
    const outcome = await verifyClaim(db, ctx.tenantId, host, app.resolveTxt, now());
    if (outcome === 'verified') {
      // Served here at once (unknown-host memory cleared, the state read again), elsewhere within moments.
      app.tenants.tenantCreated();
      await app.tenants.reload(ctx.tenantId);
      app.announcer.announce({ tenantId: ctx.tenantId, kind: 'created' });
      app.announcer.announce({ tenantId: ctx.tenantId, kind: 'tenant' });
      return seeOther(reply, `/admin/domain?verified=${encodeURIComponent(host)}`);
    }
    if (outcome === 'domain_taken') return seeOther(reply, '/admin/domain?taken=1');
    return seeOther(reply, outcome === 'not_found' ? '/admin/domain?not_found=1' : '/admin/domain');
  });

  app.post('/domain/drop', OWNER, async (request, reply) => {
    const host = str(asForm(request.body), 'host');
    // Only a claim still waiting: a verified domain stays (the operator removes one).
    await db
      .transaction()
      .execute((trx) =>
        trx
          .deleteFrom('domain_claims')
          .where('tenant_id', '=', request.panel.tenantId)
          .where('host', '=', host)
          .where('verified_at', 'is', null)
          .execute(),
      );
    return seeOther(reply, '/admin/domain');
  });
}

// The first-run checklist on the overview of a restaurant made by sign-up (state.ts): confirm the
// e-mail, the menu's languages, a template menu (trattoria, pizzeria, bar in the restaurant's
// languages) or a file, a photo, opening hours, the table cards, going public. Each step says
// what to do, links to the page that does it or does it in one press; the list stays until every
// step is done. Owners only (staff see the overview without it).
import type { FastifyInstance } from 'fastify';
import { writeMenu } from '../../catalog/write.js';
import { ValidationError } from '../../core/errors.js';
import { importMenu } from '../../features/sync/apply.js';
import { type Html, html } from '../../http/html.js';
import { isLocale, LOCALES, type Locale } from '../../i18n/locales.js';
import { updateRestaurantSettings } from '../../resources/settings/service.js';
import { type PanelContext, seeOther } from '../context.js';
import { asForm, csrfField, hidden, list, notice, str } from '../forms.js';
import { panelActor } from '../pages/actor.js';
import { type FirstRunState, firstRunState, markFirstRun, STEPS, type Step } from './state.js';
import { isTemplateKind, TEMPLATE_KINDS, templateDocument } from './templates.js';
import { firstRunTexts } from './texts.js';

const OWNER = { config: { panelAccess: 'owner' as const } };

function stepBody(ctx: PanelContext, state: FirstRunState, step: Step): Html {
  const f = firstRunTexts(ctx.locale);
  const skip = (name: string) =>
    html`<form method="post" action="/admin/first-run/skip" class="inline">${csrfField(ctx)}${hidden('step', name)}<button type="submit" class="link-button">${f.skip}</button></form>`;
  switch (step) {
    case 'verify':
      return html`<p>${f.verifyText}</p>`;
    case 'languages': {
      const boxes = LOCALES.map((l) => {
        const first = l === state.defaultLocale;
        const id = `first-run-locale-${l}`;
        return html`<div class="check"><input type="checkbox" id="${id}" name="locales" value="${l}"${state.locales.includes(l) ? html` checked` : ''}${first ? html` disabled` : ''}><label for="${id}">${ctx.t.localeNames[l]}</label></div>`;
      });
      return html`<p>${f.languagesText}</p><form method="post" action="/admin/first-run/languages">${csrfField(ctx)}${hidden('locales', state.defaultLocale)}<fieldset class="field"><legend class="visually-hidden">${f.languages}</legend>${boxes}</fieldset><button type="submit">${f.languagesSave}</button></form>`;
    }
    case 'menu': {
      const buttons = TEMPLATE_KINDS.map(
        (kind) => html`<button type="submit" name="kind" value="${kind}">${f.template(f.kinds[kind])}</button> `,
      );
      return html`<p>${f.menuText}</p><form method="post" action="/admin/first-run/template" class="actions">${csrfField(ctx)}${buttons}</form><p><a href="/admin/import">${f.importFile}</a> · <a href="/admin/menu">${f.addDishes}</a></p>`;
    }
    case 'photo':
      return html`<p>${f.photoText}</p><p><a href="/admin/menu">${f.photoLink}</a> · ${skip('photo')}</p>`;
    case 'hours':
      return html`<p>${f.hoursText}</p><p><a href="/admin/settings">${f.hoursLink}</a> · ${skip('hours')}</p>`;
    case 'qr':
      return html`<p>${f.qrText}</p><p><a href="/admin/qr">${f.qrLink}</a></p>`;
    case 'public':
      return html`<p>${f.publicText}</p><form method="post" action="/admin/first-run/public">${csrfField(ctx)}<button type="submit" class="primary">${f.publicButton}</button></form>`;
  }
}

/** The checklist for the overview, or nothing (no checklist, every step done, or staff). */
export async function firstRunChecklist(
  app: FastifyInstance,
  ctx: PanelContext,
  publicActive: boolean,
): Promise<Html | ''> {
  if (ctx.session?.user.role !== 'owner') return '';
  const state = await firstRunState(app, ctx.tenantId, publicActive);
  if (!state || STEPS.every((s) => state.done[s])) return '';
  const f = firstRunTexts(ctx.locale);
  const count = STEPS.filter((s) => state.done[s]).length;
  const items = STEPS.map((step) => {
    const done = state.done[step];
    const title = f[step];
    return html`<li class="first-run-step${done ? ' done' : ''}"><h3>${title}${done ? html` <span class="badge ok">${f.done}</span>` : ''}</h3>${done ? '' : stepBody(ctx, state, step)}</li>`;
  });
  return html`<section class="first-run" id="first-run" aria-labelledby="first-run-title"><h2 id="first-run-title">${f.title}</h2><p>${f.intro(count, STEPS.length)}</p><ol>${items}</ol></section>`;
}

/** The overview's notice after a checklist action (`?first_run=`), or nothing. */
export function firstRunNotice(ctx: PanelContext, said: string | undefined): Html | '' {
  const f = firstRunTexts(ctx.locale);
  if (said === 'online') return notice('success', f.online);
  if (said === 'unverified') return notice('error', f.publicNeedsVerify);
  const loaded = /^loaded:(trattoria|pizzeria|bar):(\d+):(\d+)$/.exec(said ?? '');
  if (loaded) return notice('success', f.loaded(f.kinds[loaded[1] as 'bar'], Number(loaded[2]), Number(loaded[3])));
  return '';
}

export function registerFirstRun(app: FastifyInstance, now: () => number): void {
  const db = app.database.db;

  app.post('/first-run/languages', OWNER, async (request, reply) => {
    const ctx = request.panel;
    const state = await firstRunState(app, ctx.tenantId, request.tenant.publicActive);
    if (!state) return seeOther(reply, '/admin');
    const chosen = list(asForm(request.body), 'locales').filter(isLocale);
    // The default language stays whatever is sent: every dish is named in it.
    const locales: Locale[] = [...new Set([state.defaultLocale, ...chosen])].filter(isLocale);
    await writeMenu(app, ctx.tenantId, panelActor(ctx), (w) =>
      updateRestaurantSettings(w, { supported_locales: locales }),
    );
    await markFirstRun(db, ctx.tenantId, 'languages', now());
    return seeOther(reply, '/admin#first-run');
  });

  app.post('/first-run/template', OWNER, async (request, reply) => {
    const ctx = request.panel;
    const kind = str(asForm(request.body), 'kind');
    const state = await firstRunState(app, ctx.tenantId, request.tenant.publicActive);
    if (!state || !isTemplateKind(kind)) return seeOther(reply, '/admin');
    const doc = templateDocument(kind, state.locales.filter(isLocale));
    await importMenu(app, ctx.tenantId, panelActor(ctx), doc, { dryRun: false, prune: false });
    const dishes = doc.sections.reduce((n, s) => n + (s.items?.length ?? 0), 0);
    return seeOther(reply, `/admin?first_run=loaded:${kind}:${dishes}:${doc.sections.length}#first-run`);
  });

  app.post('/first-run/skip', OWNER, async (request, reply) => {
    const step = str(asForm(request.body), 'step');
    if (step === 'photo' || step === 'hours') await markFirstRun(db, request.panel.tenantId, step, now());
    return seeOther(reply, '/admin#first-run');
  });

  app.post('/first-run/public', OWNER, async (request, reply) => {
    const ctx = request.panel;
    try {
      await writeMenu(app, ctx.tenantId, panelActor(ctx), (w) => updateRestaurantSettings(w, { is_active: true }));
    } catch (err) {
      if (err instanceof ValidationError) return seeOther(reply, '/admin?first_run=unverified#first-run');
      throw err;
    }
    // The overview this answer leads to reads the switch from the directory: have it read the new state first.
    await app.tenants.reload(ctx.tenantId);
    return seeOther(reply, '/admin?first_run=online');
  });
}

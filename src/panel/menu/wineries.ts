// Wineries (shown with the wines of a wine list): list, create, edit (name, region, country,
// website, description in every language), delete after a confirmation. Through the wineries service.
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { WineryRow } from '../../db/schema.js';
import { esc } from '../../http/html.js';
import type { Translations } from '../../i18n/text.js';
import { createWinery, deleteWinery, updateWinery, WineryInput } from '../../resources/wineries/service.js';
import { type PanelContext, seeOther, sendPage } from '../context.js';
import { asForm, csrfField, errorSummary, type FieldErrors, type FormBody, input, notice, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { confirmForm } from '../pages/one-time.js';
import {
  editLocales,
  languageColumns,
  readTranslations,
  saveThrough,
  translationLabels,
  translations,
} from './fields.js';
import { confirmed, confirmPage } from './sections.js';
import { menuTexts } from './texts.js';

interface WineryValues {
  name: string;
  region: string;
  country: string;
  website_url: string;
  descriptions: Translations;
}

function fromRow(row: WineryRow): WineryValues {
  return {
    name: row.name,
    region: row.region,
    country: row.country,
    website_url: row.website_url,
    descriptions: translations(row.description_translations),
  };
}

function fromBody(body: FormBody, snapshot: MenuSnapshot, current: Translations): WineryValues {
  return {
    name: str(body, 'name').trim(),
    region: str(body, 'region').trim(),
    country: str(body, 'country').trim(),
    website_url: str(body, 'website_url').trim(),
    descriptions: readTranslations(body, 'description', editLocales(snapshot), current),
  };
}

function toInput(v: WineryValues): Record<string, unknown> {
  return {
    name: v.name,
    region: v.region,
    country: v.country,
    website_url: v.website_url,
    description: v.descriptions,
  };
}

function labels(ctx: PanelContext, snapshot: MenuSnapshot): Record<string, string> {
  const mt = menuTexts(ctx.locale);
  return {
    name: mt.name,
    region: mt.region,
    country: mt.country,
    website_url: mt.website,
    ...translationLabels(ctx, 'description', editLocales(snapshot), mt.wineryDescriptionIn),
  };
}

function wineryForm(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  v: WineryValues,
  errors: FieldErrors,
  o: { action: string; submit: string },
): string {
  const mt = menuTexts(ctx.locale);
  const l = labels(ctx, snapshot);
  return `${errorSummary(ctx, errors, l)}
<form method="post" action="${o.action}" class="stack" novalidate>${csrfField(ctx)}
${input({ name: 'name', label: mt.name, value: v.name, errors, required: true, maxlength: 200 })}
<div class="pair">${input({ name: 'region', label: mt.region, value: v.region, errors, maxlength: 200 })}${input({ name: 'country', label: mt.country, value: v.country, errors, maxlength: 100 })}</div>
${input({ name: 'website_url', label: mt.website, type: 'url', value: v.website_url, errors })}
<fieldset><legend>${esc(mt.description)}</legend>
${languageColumns(ctx, editLocales(snapshot), [{ prefix: 'description', values: v.descriptions, label: mt.wineryDescriptionIn, maxlength: 2000, multiline: true }], errors)}</fieldset>
<div class="actions"><button type="submit" class="primary">${esc(o.submit)}</button> <a href="/admin/menu/wineries">${esc(ctx.t.cancel)}</a></div>
</form>`;
}

function usage(snapshot: MenuSnapshot): Map<number, number> {
  const count = new Map<number, number>();
  for (const dishes of snapshot.items.values()) {
    for (const d of dishes) if (d.winery_id !== null) count.set(d.winery_id, (count.get(d.winery_id) ?? 0) + 1);
  }
  return count;
}

function listPage(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  o: { values?: WineryValues; errors?: FieldErrors; message?: string } = {},
): string {
  const mt = menuTexts(ctx.locale);
  const wineries = [...snapshot.wineries.values()].sort((a, b) => a.name.localeCompare(b.name));
  const used = usage(snapshot);
  const rows = wineries
    .map(
      (w) =>
        `<tr><td data-label="${esc(mt.name)}"><div><a href="/admin/menu/wineries/${w.id}">${esc(w.name)}</a></div></td><td data-label="${esc(
          mt.region,
        )}"><div>${esc([w.region, w.country].filter(Boolean).join(', '))}</div></td><td data-label="${esc(mt.dishes)}"><div>${esc(
          mt.usedBy(used.get(w.id) ?? 0),
        )}</div></td></tr>`,
    )
    .join('');
  const table =
    wineries.length === 0
      ? `<p>${esc(mt.noWineries)}</p>`
      : `<table class="list"><caption class="visually-hidden">${esc(mt.wineries)}</caption><thead><tr><th scope="col">${esc(mt.name)}</th><th scope="col">${esc(
          mt.region,
        )}</th><th scope="col">${esc(mt.dishes)}</th></tr></thead><tbody>${rows}</tbody></table>`;
  const body = `<p class="breadcrumb"><a href="/admin/menu">${esc(mt.backToMenu)}</a></p>${o.message ? notice('success', esc(o.message)) : ''}${table}
<section aria-labelledby="add-winery"><h2 id="add-winery">${esc(mt.addWinery)}</h2>
${wineryForm(
  ctx,
  snapshot,
  o.values ?? { name: '', region: '', country: '', website_url: '', descriptions: {} },
  o.errors ?? {},
  {
    action: '/admin/menu/wineries',
    submit: mt.create,
  },
)}</section>`;
  return renderPage(ctx, { title: mt.wineries, body, active: 'menu' });
}

function wineryPage(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  winery: WineryRow,
  o: { values?: WineryValues; errors?: FieldErrors; message?: string; error?: string } = {},
): string {
  const mt = menuTexts(ctx.locale);
  const body = `<p class="breadcrumb"><a href="/admin/menu">${esc(mt.backToMenu)}</a> · <a href="/admin/menu/wineries">${esc(mt.wineries)}</a></p>${
    o.message ? notice('success', esc(o.message)) : ''
  }${o.error ? notice('error', esc(o.error)) : ''}
${wineryForm(ctx, snapshot, o.values ?? fromRow(winery), o.errors ?? {}, { action: `/admin/menu/wineries/${winery.id}`, submit: ctx.t.save })}
<section aria-labelledby="delete-title" class="danger-zone"><h2 id="delete-title">${esc(mt.deleteNamed(winery.name))}</h2>${confirmForm(
    ctx,
    {
      action: `/admin/menu/wineries/${winery.id}/delete`,
      label: mt.delete,
      question: mt.deleteConfirm(winery.name),
      accessibleLabel: mt.deleteNamed(winery.name),
    },
  )}</section>`;
  return renderPage(ctx, { title: mt.editWinery(winery.name), body, active: 'menu' });
}

function findWinery(snapshot: MenuSnapshot, raw: string): WineryRow | undefined {
  return snapshot.wineries.get(Number(raw));
}

export function registerWineries(app: FastifyInstance): void {
  app.get('/menu/wineries', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const deleted = (request.query as { deleted?: string }).deleted === '1';
    return sendPage(reply, listPage(ctx, snapshot, { message: deleted ? menuTexts(ctx.locale).deleted : undefined }));
  });

  app.post('/menu/wineries', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const values = fromBody(asForm(request.body), snapshot, {});
    const saved = await saveThrough(app, ctx, WineryInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      createWinery(w, v as WineryInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/wineries/${saved.result}?created=1`);
    return sendPage(reply, listPage(ctx, snapshot, { values, errors: saved.errors }), 422);
  });

  app.get('/menu/wineries/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const winery = findWinery(snapshot, (request.params as { id: string }).id);
    if (!winery) return reply.callNotFound();
    const q = request.query as { saved?: string; created?: string };
    const mt = menuTexts(ctx.locale);
    const message =
      q.created === '1' ? mt.created(winery.name) : q.saved === '1' ? mt.savedNamed(winery.name) : undefined;
    return sendPage(reply, wineryPage(ctx, snapshot, winery, { message }));
  });

  app.post('/menu/wineries/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const winery = findWinery(snapshot, (request.params as { id: string }).id);
    if (!winery) return reply.callNotFound();
    const values = fromBody(asForm(request.body), snapshot, translations(winery.description_translations));
    const saved = await saveThrough(app, ctx, WineryInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      updateWinery(w, winery.id, v as WineryInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/wineries/${winery.id}?saved=1`);
    return sendPage(
      reply,
      wineryPage(ctx, snapshot, winery, { values, errors: saved.errors, error: saved.message }),
      422,
    );
  });

  app.post('/menu/wineries/:id/delete', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const winery = findWinery(snapshot, (request.params as { id: string }).id);
    if (!winery) return reply.callNotFound();
    const action = `/admin/menu/wineries/${winery.id}/delete`;
    if (!confirmed(asForm(request.body))) {
      return sendPage(
        reply,
        confirmPage(ctx, { action, name: winery.name, back: `/admin/menu/wineries/${winery.id}` }),
      );
    }
    const saved = await saveThrough(app, ctx, null, {}, {}, (w) => deleteWinery(w, winery.id));
    if (saved.ok) return seeOther(reply, '/admin/menu/wineries?deleted=1');
    return sendPage(reply, wineryPage(ctx, snapshot, winery, { error: saved.message }), 422);
  });
}

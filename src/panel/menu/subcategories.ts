// Sub-categories (headings inside a section): create, rename in every language, move to another
// section, show or hide, delete after a confirmation. Written through the types service.
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { TypeRow } from '../../db/schema.js';
import { esc } from '../../http/html.js';
import type { Translations } from '../../i18n/text.js';
import { createType, deleteType, TypeInput, updateType } from '../../resources/types/service.js';
import { type PanelContext, seeOther, sendPage } from '../context.js';
import {
  asForm,
  checkbox,
  csrfField,
  errorSummary,
  type FieldErrors,
  type FormBody,
  notice,
  select,
  str,
} from '../forms.js';
import { renderPage } from '../layout.js';
import { confirmForm } from '../pages/one-time.js';
import {
  displayName,
  editLocales,
  languageColumns,
  readTranslations,
  saveThrough,
  translationLabels,
  translations,
} from './fields.js';
import { confirmed, confirmPage } from './sections.js';
import { menuTexts } from './texts.js';

interface TypeValues {
  names: Translations;
  category_id: string;
  is_active: boolean;
}

function fromBody(body: FormBody, snapshot: MenuSnapshot, current: Translations): TypeValues {
  return {
    names: readTranslations(body, 'name', editLocales(snapshot), current),
    category_id: str(body, 'category_id'),
    is_active: str(body, 'is_active') === '1',
  };
}

function toInput(v: TypeValues): Record<string, unknown> {
  return {
    category_id: /^\d+$/.test(v.category_id) ? Number(v.category_id) : v.category_id,
    name: v.names,
    is_active: v.is_active,
  };
}

function labels(ctx: PanelContext, snapshot: MenuSnapshot): Record<string, string> {
  const mt = menuTexts(ctx.locale);
  return {
    ...translationLabels(ctx, 'name', editLocales(snapshot), mt.nameIn),
    category_id: mt.section,
    is_active: mt.active,
  };
}

function typeForm(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  v: TypeValues,
  errors: FieldErrors,
  o: { action: string; submit: string; back: string },
): string {
  const mt = menuTexts(ctx.locale);
  return `${errorSummary(ctx, errors, labels(ctx, snapshot))}
<form method="post" action="${o.action}" class="stack" novalidate>${csrfField(ctx)}
<fieldset><legend>${esc(mt.sectionNames)}</legend><p class="hint">${esc(mt.translationsHint)}</p>
${languageColumns(ctx, editLocales(snapshot), [{ prefix: 'name', values: v.names, label: mt.nameIn, maxlength: 200, requireItalian: true }], errors)}</fieldset>
${select({
  name: 'category_id',
  label: mt.section,
  value: v.category_id,
  errors,
  options: snapshot.sections.map((s) => ({
    value: String(s.id),
    label: displayName(snapshot, ctx, s.name_translations),
  })),
})}
${checkbox({ name: 'is_active', label: mt.active, checked: v.is_active, errors, hint: mt.activeHint })}
<div class="actions"><button type="submit" class="primary">${esc(o.submit)}</button> <a href="${esc(o.back)}">${esc(ctx.t.cancel)}</a></div>
</form>`;
}

function back(ctx: PanelContext, snapshot: MenuSnapshot, sectionId: number): string {
  const mt = menuTexts(ctx.locale);
  const section = snapshot.sections.find((s) => s.id === sectionId);
  const links = [`<a href="/admin/menu">${esc(mt.backToMenu)}</a>`];
  if (section) {
    links.push(
      `<a href="/admin/menu/sections/${section.id}">${esc(mt.backToSection(displayName(snapshot, ctx, section.name_translations)))}</a>`,
    );
  }
  return `<p class="breadcrumb">${links.join(' · ')}</p>`;
}

function typePage(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  type: TypeRow,
  o: { values?: TypeValues; errors?: FieldErrors; message?: string; error?: string } = {},
): string {
  const mt = menuTexts(ctx.locale);
  const name = displayName(snapshot, ctx, type.name_translations);
  const values = o.values ?? {
    names: translations(type.name_translations),
    category_id: String(type.category_id),
    is_active: Boolean(type.is_active),
  };
  const body = `${back(ctx, snapshot, type.category_id)}${o.message ? notice('success', esc(o.message)) : ''}${o.error ? notice('error', esc(o.error)) : ''}
${typeForm(ctx, snapshot, values, o.errors ?? {}, {
  action: `/admin/menu/subcategories/${type.id}`,
  submit: ctx.t.save,
  back: `/admin/menu/sections/${type.category_id}`,
})}
<section aria-labelledby="delete-title" class="danger-zone"><h2 id="delete-title">${esc(mt.deleteNamed(name))}</h2>${confirmForm(
    ctx,
    {
      action: `/admin/menu/subcategories/${type.id}/delete`,
      label: mt.delete,
      question: mt.deleteConfirm(name),
      accessibleLabel: mt.deleteNamed(name),
    },
  )}</section>`;
  return renderPage(ctx, { title: mt.editSubCategory(name), body, active: 'menu' });
}

function newTypePage(ctx: PanelContext, snapshot: MenuSnapshot, v: TypeValues, errors: FieldErrors = {}): string {
  const mt = menuTexts(ctx.locale);
  const sectionId = Number(v.category_id);
  const body = `${back(ctx, snapshot, sectionId)}${typeForm(ctx, snapshot, v, errors, {
    action: '/admin/menu/subcategories',
    submit: mt.create,
    back: `/admin/menu/sections/${sectionId}`,
  })}`;
  return renderPage(ctx, { title: mt.addSubCategory, body, active: 'menu' });
}

function findType(snapshot: MenuSnapshot, raw: string): TypeRow | undefined {
  const id = Number(raw);
  for (const types of snapshot.types.values()) {
    const type = types.find((t) => t.id === id);
    if (type) return type;
  }
  return undefined;
}

export function registerSubCategories(app: FastifyInstance): void {
  app.get('/menu/subcategories/new', async (request, reply) => {
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const wanted = Number((request.query as { section?: string }).section);
    const section = snapshot.sections.find((s) => s.id === wanted);
    if (!section) return reply.callNotFound();
    const values: TypeValues = { names: {}, category_id: String(section.id), is_active: true };
    return sendPage(reply, newTypePage(request.panel, snapshot, values));
  });

  app.post('/menu/subcategories', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const values = fromBody(asForm(request.body), snapshot, {});
    const saved = await saveThrough(app, ctx, TypeInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      createType(w, v as TypeInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/sections/${values.category_id}?saved=1#types-title`);
    return sendPage(reply, newTypePage(ctx, snapshot, values, saved.errors), 422);
  });

  app.get('/menu/subcategories/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const type = findType(snapshot, (request.params as { id: string }).id);
    if (!type) return reply.callNotFound();
    const saved = (request.query as { saved?: string }).saved === '1';
    const name = displayName(snapshot, ctx, type.name_translations);
    return sendPage(
      reply,
      typePage(ctx, snapshot, type, { message: saved ? menuTexts(ctx.locale).savedNamed(name) : undefined }),
    );
  });

  app.post('/menu/subcategories/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const type = findType(snapshot, (request.params as { id: string }).id);
    if (!type) return reply.callNotFound();
    const values = fromBody(asForm(request.body), snapshot, translations(type.name_translations));
    const saved = await saveThrough(app, ctx, TypeInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      updateType(w, type.id, v as TypeInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/subcategories/${type.id}?saved=1`);
    return sendPage(reply, typePage(ctx, snapshot, type, { values, errors: saved.errors, error: saved.message }), 422);
  });

  app.post('/menu/subcategories/:id/delete', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const type = findType(snapshot, (request.params as { id: string }).id);
    if (!type) return reply.callNotFound();
    const name = displayName(snapshot, ctx, type.name_translations);
    const action = `/admin/menu/subcategories/${type.id}/delete`;
    if (!confirmed(asForm(request.body))) {
      return sendPage(reply, confirmPage(ctx, { action, name, back: `/admin/menu/subcategories/${type.id}` }));
    }
    const saved = await saveThrough(app, ctx, null, {}, {}, (w) => deleteType(w, type.id));
    if (saved.ok) return seeOther(reply, `/admin/menu/sections/${type.category_id}?deleted=1`);
    return sendPage(reply, typePage(ctx, snapshot, type, { error: saved.message }), 422);
  });
}

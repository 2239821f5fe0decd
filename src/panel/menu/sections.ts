// Sections and sub-sections: create, edit (names in every language, parent, kind of list, notes,
// shown or not, sub-category grouping, time window in the restaurant's zone), delete after a
// confirmation; a section's page also lists its dishes, sub-categories and sub-sections.
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { CategoryRow } from '../../db/schema.js';
import { esc } from '../../http/html.js';
import { isLocale } from '../../i18n/locales.js';
import { formatPrice, fromCents } from '../../i18n/money.js';
import { storedTranslations, type Translations } from '../../i18n/text.js';
import { CategoryInput, createCategory, deleteCategory, updateCategory } from '../../resources/categories/service.js';
import { type PanelContext, seeOther, sendPage } from '../context.js';
import {
  asForm,
  checkbox,
  csrfField,
  errorSummary,
  type FieldErrors,
  type FormBody,
  fieldId,
  input,
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
  languageName,
  missingLocales,
  readTranslations,
  saveThrough,
  translationLabels,
  translations,
} from './fields.js';
import { dragForm, moveButtons } from './order.js';
import { sectionBadges } from './overview.js';
import { type MenuTexts, menuTexts } from './texts.js';

interface SectionValues {
  names: Translations;
  parent_id: string;
  menu_type: string;
  notes: Translations;
  is_active: boolean;
  show_subcategories: boolean;
  time_visibility_enabled: boolean;
  time_start: string;
  time_end: string;
}

function fromRow(snapshot: MenuSnapshot, row: CategoryRow): SectionValues {
  const fallback = isLocale(snapshot.settings.default_locale) ? snapshot.settings.default_locale : 'it';
  return {
    names: translations(row.name_translations),
    parent_id: row.parent_id === null ? '' : String(row.parent_id),
    menu_type: row.menu_type,
    notes: storedTranslations(row.notes_translations, row.notes, fallback),
    is_active: Boolean(row.is_active),
    show_subcategories: Boolean(row.show_subcategories),
    time_visibility_enabled: Boolean(row.time_visibility_enabled),
    time_start: row.time_start ?? '',
    time_end: row.time_end ?? '',
  };
}

function fromBody(body: FormBody, snapshot: MenuSnapshot, current: Translations, notes: Translations): SectionValues {
  return {
    names: readTranslations(body, 'name', editLocales(snapshot), current),
    parent_id: str(body, 'parent_id'),
    menu_type: str(body, 'menu_type'),
    notes: readTranslations(body, 'notes', editLocales(snapshot), notes),
    is_active: str(body, 'is_active') === '1',
    show_subcategories: str(body, 'show_subcategories') === '1',
    time_visibility_enabled: str(body, 'time_visibility_enabled') === '1',
    time_start: typedTime(str(body, 'time_start')),
    time_end: typedTime(str(body, 'time_end')),
  };
}

/** A time as people type it: `9:30`, `09:30`, `22.30` → `HH:MM`; anything else goes to the API's rule as typed. */
export function typedTime(text: string): string {
  const typed = text.trim();
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(typed);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : typed;
}

/** The form as the API's body (every field, so the form states the whole section). */
function toInput(v: SectionValues): Record<string, unknown> {
  const parent = v.parent_id === '' ? null : Number(v.parent_id);
  return {
    parent_id: parent,
    menu_type: v.menu_type,
    name: v.names,
    notes: Object.values(v.notes).some(Boolean) ? v.notes : null,
    is_active: v.is_active,
    show_subcategories: v.show_subcategories,
    time_visibility_enabled: v.time_visibility_enabled,
    time_start: v.time_start === '' ? null : v.time_start,
    time_end: v.time_end === '' ? null : v.time_end,
  };
}

function labels(ctx: PanelContext, snapshot: MenuSnapshot): Record<string, string> {
  const mt = menuTexts(ctx.locale);
  return {
    ...translationLabels(ctx, 'name', editLocales(snapshot), mt.nameIn),
    parent_id: mt.parent,
    menu_type: mt.menuType,
    ...translationLabels(ctx, 'notes', editLocales(snapshot), mt.notesIn),
    notes: mt.notes,
    is_active: mt.active,
    show_subcategories: mt.showSubcategories,
    time_visibility_enabled: mt.timeWindow,
    time_start: mt.timeStart,
    time_end: mt.timeEnd,
  };
}

/** Says how the window reads when it crosses midnight (or covers the whole day). */
function windowNote(mt: MenuTexts, v: SectionValues): string {
  if (!v.time_start || !v.time_end) return '';
  if (v.time_start === v.time_end) return mt.sameTimes;
  return v.time_start > v.time_end ? mt.crossesMidnight(v.time_start, v.time_end) : '';
}

function sectionForm(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  v: SectionValues,
  errors: FieldErrors,
  o: { action: string; id: number | null; submit: string },
): string {
  const mt = menuTexts(ctx.locale);
  const l = labels(ctx, snapshot);
  const parents = snapshot.sections.filter((s) => s.parent_id === null && s.id !== o.id);
  const note = windowNote(mt, v);
  return `${errorSummary(ctx, errors, l)}
<form method="post" action="${o.action}" class="stack" novalidate>${csrfField(ctx)}
<fieldset><legend>${esc(mt.sectionTexts)}</legend><p class="hint">${esc(mt.translationsHint)} ${esc(mt.notesHint)}</p>
${languageColumns(
  ctx,
  editLocales(snapshot),
  [
    { prefix: 'name', values: v.names, label: mt.nameIn, maxlength: 200, requireItalian: true },
    { prefix: 'notes', values: v.notes, label: mt.notesIn, maxlength: 2000, multiline: true },
  ],
  errors,
)}</fieldset>
<fieldset><legend>${esc(mt.section)}</legend>
${select({
  name: 'parent_id',
  label: mt.parent,
  value: v.parent_id,
  errors,
  options: [
    { value: '', label: mt.topLevel },
    ...parents.map((p) => ({ value: String(p.id), label: displayName(snapshot, ctx, p.name_translations) })),
  ],
})}
${select({
  name: 'menu_type',
  label: mt.menuType,
  value: v.menu_type,
  errors,
  hint: mt.menuTypeHint,
  options: ['standard', 'wine'].map((k) => ({ value: k, label: mt.menuTypes[k] })),
})}
${checkbox({ name: 'is_active', label: mt.active, checked: v.is_active, errors, hint: mt.activeHint })}
${checkbox({ name: 'show_subcategories', label: mt.showSubcategories, checked: v.show_subcategories, errors })}</fieldset>
<fieldset><legend>${esc(mt.timeWindow)}</legend>
${checkbox({ name: 'time_visibility_enabled', label: mt.timeWindow, checked: v.time_visibility_enabled, errors, hint: mt.timeWindowHint(ctx.timezone) })}
<div class="pair">${input({ name: 'time_start', label: mt.timeStart, value: v.time_start, errors, maxlength: 5, autocomplete: 'off' })}${input({ name: 'time_end', label: mt.timeEnd, value: v.time_end, errors, maxlength: 5, autocomplete: 'off' })}</div>
<p class="note window-note" id="${fieldId('window-note')}" role="status" data-cross="${esc(mt.crossesMidnight('{start}', '{end}'))}" data-same="${esc(mt.sameTimes)}">${esc(note)}</p></fieldset>
<div class="actions"><button type="submit" class="primary">${esc(o.submit)}</button> <a href="/admin/menu">${esc(ctx.t.cancel)}</a></div>
</form>`;
}

function dishesTable(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow): string {
  const mt = menuTexts(ctx.locale);
  const dishes = snapshot.items.get(section.id) ?? [];
  const back = `/admin/menu/sections/${section.id}`;
  const rows = dishes
    .map((d, i) => {
      const name = displayName(snapshot, ctx, d.name_translations);
      const missing = missingLocales(snapshot, translations(d.name_translations));
      const badges = [
        d.is_active ? '' : `<span class="badge off">${esc(mt.hidden)}</span>`,
        d.is_recommended ? `<span class="badge">${esc(mt.recommendedBadge)}</span>` : '',
        missing.length
          ? `<span class="badge warn">${esc(mt.missingTranslations(missing.map((l) => languageName(ctx, l)).join(', ')))}</span>`
          : '',
      ]
        .filter(Boolean)
        .join(' ');
      return `<tr id="row-dishes-${d.id}" data-id="${d.id}" tabindex="-1"><td data-label="${esc(mt.order)}"><div class="order-cell"><span class="handle" aria-hidden="true">⠿</span>${moveButtons(
        ctx,
        { kind: 'dishes', scope: section.id, id: d.id, name, index: i, count: dishes.length, back },
      )}</div></td><td data-label="${esc(mt.name)}"><div><a href="/admin/menu/dishes/${d.id}">${esc(name)}</a> ${badges}</div></td><td data-label="${esc(
        mt.priceCol,
      )}"><div class="price">${esc(formatPrice(fromCents(d.price_cents), ctx.locale, snapshot.settings.currency))}</div></td></tr>`;
    })
    .join('');
  const table =
    dishes.length === 0
      ? `<p>${esc(mt.noDishes)}</p>`
      : `<table class="list dishes"><caption class="visually-hidden">${esc(mt.dishes)}</caption><thead><tr><th scope="col">${esc(
          mt.order,
        )}</th><th scope="col">${esc(mt.name)}</th><th scope="col">${esc(mt.priceCol)}</th></tr></thead><tbody data-reorder="dishes" data-scope="${section.id}">${rows}</tbody></table>${dragForm(
          ctx,
          'dishes',
          section.id,
          back,
        )}`;
  return `<section aria-labelledby="dishes-title"><h2 id="dishes-title">${esc(mt.dishes)}</h2>
<p class="actions"><a class="button" href="/admin/menu/dishes/new?section=${section.id}">${esc(mt.addDish)}</a></p>${table}</section>`;
}

function subCategoryList(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow): string {
  const mt = menuTexts(ctx.locale);
  const types = snapshot.types.get(section.id) ?? [];
  const back = `/admin/menu/sections/${section.id}`;
  const items = types
    .map((type, i) => {
      const name = displayName(snapshot, ctx, type.name_translations);
      return `<li id="row-subcategories-${type.id}" data-id="${type.id}" tabindex="-1"><div class="tree-row"><span class="handle" aria-hidden="true">⠿</span><a class="tree-name" href="/admin/menu/subcategories/${type.id}">${esc(
        name,
      )}</a> ${type.is_active ? '' : `<span class="badge off">${esc(mt.hidden)}</span>`}<span class="tree-actions">${moveButtons(
        ctx,
        {
          kind: 'subcategories',
          scope: section.id,
          id: type.id,
          name,
          index: i,
          count: types.length,
          back,
        },
      )}</span></div></li>`;
    })
    .join('');
  const list =
    types.length === 0
      ? `<p>${esc(mt.noSubCategories)}</p>`
      : `<ol class="tree" data-reorder="subcategories" data-scope="${section.id}">${items}</ol>${dragForm(ctx, 'subcategories', section.id, back)}`;
  return `<section aria-labelledby="types-title"><h2 id="types-title">${esc(mt.subCategories)}</h2><p class="hint">${esc(
    mt.subCategoriesIntro,
  )}</p><p class="actions"><a class="button" href="/admin/menu/subcategories/new?section=${section.id}">${esc(mt.addSubCategory)}</a></p>${list}</section>`;
}

function subSectionList(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow): string {
  if (section.parent_id !== null) return '';
  const mt = menuTexts(ctx.locale);
  const children = snapshot.sections.filter((s) => s.parent_id === section.id);
  const list =
    children.length === 0
      ? `<p>${esc(mt.noSubSections)}</p>`
      : `<ul class="plain">${children
          .map(
            (c) =>
              `<li><a href="/admin/menu/sections/${c.id}">${esc(displayName(snapshot, ctx, c.name_translations))}</a> ${sectionBadges(ctx, c)}</li>`,
          )
          .join('')}</ul>`;
  return `<section aria-labelledby="subsections-title"><h2 id="subsections-title">${esc(mt.subSections)}</h2>
<p class="actions"><a class="button" href="/admin/menu/sections/new?parent=${section.id}">${esc(mt.addSubSection)}</a></p>${list}</section>`;
}

function breadcrumb(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow | undefined): string {
  const mt = menuTexts(ctx.locale);
  const parent = section?.parent_id ? snapshot.sections.find((s) => s.id === section.parent_id) : undefined;
  const links = [`<a href="/admin/menu">${esc(mt.backToMenu)}</a>`];
  if (parent) {
    links.push(
      `<a href="/admin/menu/sections/${parent.id}">${esc(mt.backToSection(displayName(snapshot, ctx, parent.name_translations)))}</a>`,
    );
  }
  return `<p class="breadcrumb">${links.join(' · ')}</p>`;
}

export function sectionPage(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  section: CategoryRow,
  o: { values?: SectionValues; errors?: FieldErrors; message?: string; error?: string } = {},
): string {
  const mt = menuTexts(ctx.locale);
  const name = displayName(snapshot, ctx, section.name_translations);
  const body = `${breadcrumb(ctx, snapshot, section)}${o.message ? notice('success', esc(o.message)) : ''}${o.error ? notice('error', esc(o.error)) : ''}
${sectionForm(ctx, snapshot, o.values ?? fromRow(snapshot, section), o.errors ?? {}, {
  action: `/admin/menu/sections/${section.id}`,
  id: section.id,
  submit: ctx.t.save,
})}
${dishesTable(ctx, snapshot, section)}
${subCategoryList(ctx, snapshot, section)}
${subSectionList(ctx, snapshot, section)}
<section aria-labelledby="delete-title" class="danger-zone"><h2 id="delete-title">${esc(mt.deleteNamed(name))}</h2>${confirmForm(
    ctx,
    {
      action: `/admin/menu/sections/${section.id}/delete`,
      label: mt.delete,
      question: mt.deleteConfirm(name),
      accessibleLabel: mt.deleteNamed(name),
    },
  )}</section>`;
  return renderPage(ctx, { title: mt.editSection(name), body, active: 'menu', scripts: ['menu-editor.js'] });
}

function newSectionPage(ctx: PanelContext, snapshot: MenuSnapshot, v: SectionValues, errors: FieldErrors = {}): string {
  const mt = menuTexts(ctx.locale);
  const title = v.parent_id ? mt.newSubSection : mt.newSection;
  const body = `${breadcrumb(ctx, snapshot, undefined)}${sectionForm(ctx, snapshot, v, errors, {
    action: '/admin/menu/sections',
    id: null,
    submit: mt.create,
  })}`;
  return renderPage(ctx, { title, body, active: 'menu', scripts: ['menu-editor.js'] });
}

/** The section with this id of the owner's menu (any other tenant's id is not found). */
function findSection(snapshot: MenuSnapshot, raw: string): CategoryRow | undefined {
  const id = Number(raw);
  return snapshot.sections.find((s) => s.id === id);
}

/** A confirmation page for a delete sent without the in-page dialog (no script). */
export function confirmPage(ctx: PanelContext, o: { action: string; name: string; back: string }): string {
  const mt = menuTexts(ctx.locale);
  const body = `<p>${esc(mt.deleteConfirm(o.name))}</p>${confirmForm(ctx, {
    action: o.action,
    label: mt.delete,
    question: '',
    confirmed: true,
  })}<p><a href="${esc(o.back)}">${esc(ctx.t.cancel)}</a></p>`;
  return renderPage(ctx, { title: mt.deleteNamed(o.name), active: 'menu', body });
}

export function confirmed(body: FormBody): boolean {
  return str(body, 'confirmed') === 'yes';
}

export function registerSections(app: FastifyInstance): void {
  app.get('/menu/sections/new', async (request, reply) => {
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const parent = findSection(snapshot, (request.query as { parent?: string }).parent ?? '');
    const values: SectionValues = {
      names: {},
      parent_id: parent && parent.parent_id === null ? String(parent.id) : '',
      menu_type: parent?.menu_type ?? 'standard',
      notes: {},
      is_active: true,
      show_subcategories: false,
      time_visibility_enabled: false,
      time_start: '',
      time_end: '',
    };
    return sendPage(reply, newSectionPage(request.panel, snapshot, values));
  });

  app.post('/menu/sections', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const values = fromBody(asForm(request.body), snapshot, {}, {});
    const saved = await saveThrough(app, ctx, CategoryInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      createCategory(w, v as CategoryInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/sections/${saved.result}?created=1`);
    return sendPage(reply, newSectionPage(ctx, snapshot, values, saved.errors), 422);
  });

  app.get('/menu/sections/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const section = findSection(snapshot, (request.params as { id: string }).id);
    if (!section) return reply.callNotFound();
    const q = request.query as { saved?: string; created?: string; deleted?: string; ordered?: string };
    const name = displayName(snapshot, ctx, section.name_translations);
    const mt = menuTexts(ctx.locale);
    const message =
      q.created === '1'
        ? mt.created(name)
        : q.saved === '1'
          ? mt.savedNamed(name)
          : q.deleted === '1'
            ? mt.deleted
            : q.ordered === '1'
              ? mt.orderSaved
              : undefined;
    return sendPage(reply, sectionPage(ctx, snapshot, section, { message }));
  });

  app.post('/menu/sections/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const section = findSection(snapshot, (request.params as { id: string }).id);
    if (!section) return reply.callNotFound();
    const values = fromBody(
      asForm(request.body),
      snapshot,
      translations(section.name_translations),
      fromRow(snapshot, section).notes,
    );
    const saved = await saveThrough(app, ctx, CategoryInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      updateCategory(w, section.id, v as CategoryInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/sections/${section.id}?saved=1`);
    return sendPage(
      reply,
      sectionPage(ctx, snapshot, section, { values, errors: saved.errors, error: saved.message }),
      422,
    );
  });

  app.post('/menu/sections/:id/delete', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const section = findSection(snapshot, (request.params as { id: string }).id);
    if (!section) return reply.callNotFound();
    const name = displayName(snapshot, ctx, section.name_translations);
    const action = `/admin/menu/sections/${section.id}/delete`;
    if (!confirmed(asForm(request.body))) {
      return sendPage(reply, confirmPage(ctx, { action, name, back: `/admin/menu/sections/${section.id}` }));
    }
    const saved = await saveThrough(app, ctx, null, {}, {}, (w) => deleteCategory(w, section.id));
    if (saved.ok) return seeOther(reply, '/admin/menu?deleted=1');
    return sendPage(reply, sectionPage(ctx, snapshot, section, { error: saved.message }), 422);
  });
}

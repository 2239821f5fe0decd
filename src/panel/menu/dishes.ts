// Dishes: name and description in every language of the menu side by side (missing ones flagged),
// the price as people type it, the 14 allergens as labelled checkboxes in the panel's language,
// recommended, shown or not, section, sub-category and winery. Written through the items service.
import type { FastifyInstance } from 'fastify';
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { ownerSnapshot } from '../../catalog/write.js';
import type { ItemRow } from '../../db/schema.js';
import { esc } from '../../http/html.js';
import { currencySign, formatAmount, fromCents, parsePrice } from '../../i18n/money.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import { DIETARY_KEYS, dietaryName } from '../../resources/dietary/data.js';
import { createItem, deleteItem, ItemInput, updateItem } from '../../resources/items/service.js';
import { type PanelContext, seeOther, sendPage } from '../context.js';
import {
  asForm,
  checkbox,
  checkboxGroup,
  csrfField,
  errorSummary,
  type FieldErrors,
  type FormBody,
  fieldId,
  input,
  list,
  notice,
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

interface DishValues {
  names: Translations;
  descriptions: Translations;
  category_id: string;
  type_id: string;
  winery_id: string;
  price: string;
  allergens: string[];
  dietary: string[];
  is_active: boolean;
  is_recommended: boolean;
}

function fromRow(ctx: PanelContext, row: ItemRow): DishValues {
  return {
    names: translations(row.name_translations),
    descriptions: translations(row.description_translations),
    category_id: String(row.category_id),
    type_id: row.type_id === null ? '' : String(row.type_id),
    winery_id: row.winery_id === null ? '' : String(row.winery_id),
    price: formatAmount(fromCents(row.price_cents), ctx.locale),
    allergens: parseJson<string[]>(row.allergens, []),
    dietary: parseJson<string[]>(row.dietary, []),
    is_active: Boolean(row.is_active),
    is_recommended: Boolean(row.is_recommended),
  };
}

function fromBody(body: FormBody, snapshot: MenuSnapshot, current: ItemRow | undefined): DishValues {
  const locales = editLocales(snapshot);
  return {
    names: readTranslations(body, 'name', locales, current ? translations(current.name_translations) : {}),
    descriptions: readTranslations(
      body,
      'description',
      locales,
      current ? translations(current.description_translations) : {},
    ),
    category_id: str(body, 'category_id'),
    type_id: str(body, 'type_id'),
    winery_id: str(body, 'winery_id'),
    price: str(body, 'price').trim(),
    allergens: list(body, 'allergens'),
    dietary: list(body, 'dietary'),
    is_active: str(body, 'is_active') === '1',
    is_recommended: str(body, 'is_recommended') === '1',
  };
}

const ref = (value: string) => (value === '' ? null : /^\d+$/.test(value) ? Number(value) : value);

/** The form as the API's body: every field, so the form states the whole dish. */
function toInput(v: DishValues): Record<string, unknown> {
  const input: Record<string, unknown> = {
    category_id: ref(v.category_id) ?? undefined,
    type_id: ref(v.type_id),
    winery_id: ref(v.winery_id),
    name: v.names,
    description: v.descriptions,
    allergens: v.allergens,
    dietary: v.dietary,
    is_active: v.is_active,
    is_recommended: v.is_recommended,
  };
  const price = parsePrice(v.price);
  if (price !== undefined) input.price = price;
  if (input.category_id === undefined) delete input.category_id;
  return input;
}

function labels(ctx: PanelContext, snapshot: MenuSnapshot): Record<string, string> {
  const mt = menuTexts(ctx.locale);
  const locales = editLocales(snapshot);
  return {
    ...translationLabels(ctx, 'name', locales, mt.nameIn),
    ...translationLabels(ctx, 'description', locales, mt.descriptionIn),
    name: mt.name,
    description: mt.description,
    category_id: mt.section,
    type_id: mt.subCategory,
    winery_id: mt.winery,
    price: mt.price(currencySign(ctx.locale, snapshot.settings.currency)),
    allergens: mt.allergens,
    dietary: mt.dietary,
    is_active: mt.active,
    is_recommended: mt.recommended,
  };
}

/** Sections as options, sub-sections under their section's name. */
function sectionOptions(ctx: PanelContext, snapshot: MenuSnapshot) {
  const out: { value: string; label: string }[] = [];
  for (const top of snapshot.sections.filter((s) => s.parent_id === null)) {
    const name = displayName(snapshot, ctx, top.name_translations);
    out.push({ value: String(top.id), label: name });
    for (const child of snapshot.sections.filter((s) => s.parent_id === top.id)) {
      out.push({ value: String(child.id), label: `${name} › ${displayName(snapshot, ctx, child.name_translations)}` });
    }
  }
  return out;
}

/** The sub-category select, grouped by section (a dish may only use one of its own section's). */
function typeSelect(ctx: PanelContext, snapshot: MenuSnapshot, v: DishValues, errors: FieldErrors): string {
  const mt = menuTexts(ctx.locale);
  const id = fieldId('type_id');
  const messages = errors.type_id ?? [];
  const groups = snapshot.sections
    .filter((s) => (snapshot.types.get(s.id) ?? []).length > 0)
    .map(
      (s) =>
        `<optgroup label="${esc(displayName(snapshot, ctx, s.name_translations))}">${(snapshot.types.get(s.id) ?? [])
          .map(
            (t) =>
              `<option value="${t.id}"${String(t.id) === v.type_id ? ' selected' : ''}>${esc(displayName(snapshot, ctx, t.name_translations))}</option>`,
          )
          .join('')}</optgroup>`,
    )
    .join('');
  const error = messages.length ? `<p class="field-error" id="${id}-error">${messages.map(esc).join('<br>')}</p>` : '';
  return `<div class="field${messages.length ? ' invalid' : ''}"><label for="${id}">${esc(mt.subCategory)}</label>${error}<select id="${id}" name="type_id"${
    messages.length ? ` aria-describedby="${id}-error" aria-invalid="true"` : ''
  }><option value="">${esc(mt.noSubCategory)}</option>${groups}</select></div>`;
}

function wineryOptions(snapshot: MenuSnapshot) {
  return [...snapshot.wineries.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((w) => ({ value: String(w.id), label: w.name }));
}

function dishForm(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  v: DishValues,
  errors: FieldErrors,
  o: { action: string; submit: string; back: string },
): string {
  const mt = menuTexts(ctx.locale);
  const l = labels(ctx, snapshot);
  const field = (name: string, value: string, extra: { hint?: string; required?: boolean; inputmode?: string } = {}) =>
    input({ name, label: l[name], value, errors, hint: extra.hint, required: extra.required });
  const sections = sectionOptions(ctx, snapshot);
  const sectionSelect = `<div class="field${errors.category_id ? ' invalid' : ''}"><label for="${fieldId('category_id')}">${esc(mt.section)}</label>${
    errors.category_id
      ? `<p class="field-error" id="${fieldId('category_id')}-error">${errors.category_id.map(esc).join('<br>')}</p>`
      : ''
  }<select id="${fieldId('category_id')}" name="category_id" required${errors.category_id ? ` aria-describedby="${fieldId('category_id')}-error" aria-invalid="true"` : ''}>${sections
    .map((s) => `<option value="${s.value}"${s.value === v.category_id ? ' selected' : ''}>${esc(s.label)}</option>`)
    .join('')}</select></div>`;
  const wineries = wineryOptions(snapshot);
  const winerySelect = `<div class="field${errors.winery_id ? ' invalid' : ''}"><label for="${fieldId('winery_id')}">${esc(mt.winery)}</label>${
    errors.winery_id
      ? `<p class="field-error" id="${fieldId('winery_id')}-error">${errors.winery_id.map(esc).join('<br>')}</p>`
      : ''
  }<select id="${fieldId('winery_id')}" name="winery_id"><option value="">${esc(mt.noWinery)}</option>${wineries
    .map((w) => `<option value="${w.value}"${w.value === v.winery_id ? ' selected' : ''}>${esc(w.label)}</option>`)
    .join('')}</select></div>`;
  return `${errorSummary(ctx, errors, l)}
<form method="post" action="${o.action}" class="stack" novalidate>${csrfField(ctx)}
<fieldset><legend>${esc(mt.translations)}</legend><p class="hint">${esc(mt.translationsHint)}</p>${errors.name ? `<p class="field-error">${errors.name.map(esc).join('<br>')}</p>` : ''}
${languageColumns(
  ctx,
  editLocales(snapshot),
  [
    { prefix: 'name', values: v.names, label: mt.nameIn, maxlength: 200, requireItalian: true },
    { prefix: 'description', values: v.descriptions, label: mt.descriptionIn, maxlength: 2000, multiline: true },
  ],
  errors,
)}</fieldset>
<fieldset><legend>${esc(mt.details)}</legend>
${field('price', v.price, { hint: mt.priceHint, required: true }).replace('type="text"', 'type="text" inputmode="decimal" autocomplete="off"')}
${sectionSelect}${typeSelect(ctx, snapshot, v, errors)}${winerySelect}
${checkbox({ name: 'is_recommended', label: mt.recommended, checked: v.is_recommended, errors })}
${checkbox({ name: 'is_active', label: mt.active, checked: v.is_active, errors, hint: mt.activeHint })}</fieldset>
${checkboxGroup({
  name: 'allergens',
  label: mt.allergens,
  values: v.allergens,
  errors,
  hint: mt.allergensHint,
  options: ALLERGEN_KEYS.map((key) => ({ value: key, label: allergenName(key, ctx.locale) })),
}).replace('class="field', 'class="field allergens')}
${checkboxGroup({
  name: 'dietary',
  label: mt.dietary,
  values: v.dietary,
  errors,
  options: DIETARY_KEYS.map((key) => ({ value: key, label: dietaryName(key, ctx.locale) })),
}).replace('class="field', 'class="field allergens')}
<div class="actions"><button type="submit" class="primary">${esc(o.submit)}</button> <a href="${esc(o.back)}">${esc(ctx.t.cancel)}</a></div>
</form>`;
}

function backLinks(ctx: PanelContext, snapshot: MenuSnapshot, sectionId: number): string {
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

function dishPage(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  dish: ItemRow,
  o: { values?: DishValues; errors?: FieldErrors; message?: string; error?: string } = {},
): string {
  const mt = menuTexts(ctx.locale);
  const name = displayName(snapshot, ctx, dish.name_translations);
  const back = `/admin/menu/sections/${dish.category_id}`;
  const body = `${backLinks(ctx, snapshot, dish.category_id)}${o.message ? notice('success', esc(o.message)) : ''}${o.error ? notice('error', esc(o.error)) : ''}
${dishForm(ctx, snapshot, o.values ?? fromRow(ctx, dish), o.errors ?? {}, { action: `/admin/menu/dishes/${dish.id}`, submit: ctx.t.save, back })}
<section aria-labelledby="delete-title" class="danger-zone"><h2 id="delete-title">${esc(mt.deleteNamed(name))}</h2>${confirmForm(
    ctx,
    {
      action: `/admin/menu/dishes/${dish.id}/delete`,
      label: mt.delete,
      question: mt.deleteConfirm(name),
      accessibleLabel: mt.deleteNamed(name),
    },
  )}</section>`;
  return renderPage(ctx, { title: mt.editDish(name), body, active: 'menu' });
}

function newDishPage(ctx: PanelContext, snapshot: MenuSnapshot, v: DishValues, errors: FieldErrors = {}): string {
  const mt = menuTexts(ctx.locale);
  const sectionId = Number(v.category_id);
  const back = snapshot.sections.some((s) => s.id === sectionId) ? `/admin/menu/sections/${sectionId}` : '/admin/menu';
  const body = `${backLinks(ctx, snapshot, sectionId)}${
    snapshot.sections.length === 0
      ? `<p>${esc(mt.noSections)}</p><p><a class="button" href="/admin/menu/sections/new">${esc(mt.addSection)}</a></p>`
      : dishForm(ctx, snapshot, v, errors, { action: '/admin/menu/dishes', submit: mt.create, back })
  }`;
  return renderPage(ctx, { title: mt.newDish, body, active: 'menu' });
}

function findDish(snapshot: MenuSnapshot, raw: string): ItemRow | undefined {
  const id = Number(raw);
  for (const dishes of snapshot.items.values()) {
    const dish = dishes.find((d) => d.id === id);
    if (dish) return dish;
  }
  return undefined;
}

export function registerDishes(app: FastifyInstance): void {
  app.get('/menu/dishes/new', async (request, reply) => {
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const wanted = Number((request.query as { section?: string }).section);
    const section = snapshot.sections.find((s) => s.id === wanted) ?? snapshot.sections[0];
    const values: DishValues = {
      names: {},
      descriptions: {},
      category_id: section ? String(section.id) : '',
      type_id: '',
      winery_id: '',
      price: '',
      allergens: [],
      dietary: [],
      is_active: true,
      is_recommended: false,
    };
    return sendPage(reply, newDishPage(request.panel, snapshot, values));
  });

  app.post('/menu/dishes', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const values = fromBody(asForm(request.body), snapshot, undefined);
    const saved = await saveThrough(app, ctx, ItemInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      createItem(w, v as ItemInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/dishes/${saved.result}?created=1`);
    return sendPage(reply, newDishPage(ctx, snapshot, values, saved.errors), 422);
  });

  app.get('/menu/dishes/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const dish = findDish(snapshot, (request.params as { id: string }).id);
    if (!dish) return reply.callNotFound();
    const q = request.query as { saved?: string; created?: string };
    const name = displayName(snapshot, ctx, dish.name_translations);
    const mt = menuTexts(ctx.locale);
    const message = q.created === '1' ? mt.created(name) : q.saved === '1' ? mt.savedNamed(name) : undefined;
    return sendPage(reply, dishPage(ctx, snapshot, dish, { message }));
  });

  app.post('/menu/dishes/:id', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const dish = findDish(snapshot, (request.params as { id: string }).id);
    if (!dish) return reply.callNotFound();
    const values = fromBody(asForm(request.body), snapshot, dish);
    const saved = await saveThrough(app, ctx, ItemInput, toInput(values), labels(ctx, snapshot), (w, v) =>
      updateItem(w, dish.id, v as ItemInput),
    );
    if (saved.ok) return seeOther(reply, `/admin/menu/dishes/${dish.id}?saved=1`);
    return sendPage(reply, dishPage(ctx, snapshot, dish, { values, errors: saved.errors, error: saved.message }), 422);
  });

  app.post('/menu/dishes/:id/delete', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const dish = findDish(snapshot, (request.params as { id: string }).id);
    if (!dish) return reply.callNotFound();
    const name = displayName(snapshot, ctx, dish.name_translations);
    const action = `/admin/menu/dishes/${dish.id}/delete`;
    if (!confirmed(asForm(request.body))) {
      return sendPage(reply, confirmPage(ctx, { action, name, back: `/admin/menu/dishes/${dish.id}` }));
    }
    const saved = await saveThrough(app, ctx, null, {}, {}, (w) => deleteItem(w, dish.id));
    if (saved.ok) return seeOther(reply, `/admin/menu/sections/${dish.category_id}?deleted=1`);
    return sendPage(reply, dishPage(ctx, snapshot, dish, { error: saved.message }), 422);
  });
}

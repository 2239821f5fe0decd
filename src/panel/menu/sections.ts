// Sections and sub-sections: create, edit (names in every language, parent, kind of list, notes,
// shown or not, sub-category grouping, time window in the restaurant's zone), delete after a
// confirmation; a section's page also lists its dishes, sub-categories and sub-sections. Through
// the categories service, on the panel's one editor.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { CategoryRow } from '../../db/schema.js';
import { type Html, html, join } from '../../http/html.js';
import { isLocale } from '../../i18n/locales.js';
import { currencySign, formatAmount, fromCents, parsePrice } from '../../i18n/money.js';
import { parseJson, storedTranslations, type Translations } from '../../i18n/text.js';
import { CategoryInput, createCategory, deleteCategory, updateCategory } from '../../resources/categories/service.js';
import type { PanelContext } from '../context.js';
import type { Editor } from '../editor.js';
import {
  checkbox,
  checkboxGroup,
  type FieldErrors,
  type FormBody,
  fieldId,
  input,
  list,
  select,
  str,
} from '../forms.js';
import { thumbnail } from '../photos.js';
import {
  displayName,
  editLocales,
  languageColumns,
  languageName,
  menuBreadcrumb,
  missingLocales,
  readTranslations,
  translationLabels,
  translations,
  translationsHint,
} from './fields.js';
import { optionTexts } from './options-texts.js';
import { dragForm, moveButtons } from './order.js';
import { sectionBadges } from './overview.js';
import { priceInPlace, soldOutNow, soldOutSwitch, visibleSwitch } from './quick.js';
import { scheduleInWords, scheduleTemplates, weekdaysInWords } from './schedule.js';
import { dishMatches, dishQuery, dishRowData, isFiltering, searchBar } from './search.js';
import { sectionSeen } from './seen.js';
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
  weekdays: string[];
  date_from: string;
  date_to: string;
  /** A set menu's price as typed ("15,00"); empty for an ordinary section. */
  set_price: string;
}

function fromRow(snapshot: MenuSnapshot, row: CategoryRow, locale: PanelContext['locale'] = 'en'): SectionValues {
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
    weekdays: parseJson<number[]>(row.weekdays, []).map(String),
    date_from: row.date_from ?? '',
    date_to: row.date_to ?? '',
    set_price: row.set_price_cents === null ? '' : formatAmount(fromCents(row.set_price_cents), locale),
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
    weekdays: list(body, 'weekdays'),
    date_from: str(body, 'date_from').trim(),
    date_to: str(body, 'date_to').trim(),
    set_price: str(body, 'set_price').trim(),
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
    // Every day is no weekday rule at all.
    weekdays: v.weekdays.length === 7 ? [] : v.weekdays.map((d) => (/^\d+$/.test(d) ? Number(d) : d)),
    date_from: v.date_from === '' ? null : v.date_from,
    date_to: v.date_to === '' ? null : v.date_to,
    set_price: v.set_price === '' ? null : (parsePrice(v.set_price) ?? v.set_price),
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
    weekdays: mt.weekdays,
    date_from: mt.dateFrom,
    date_to: mt.dateTo,
    set_price: optionTexts(ctx.locale).setPrice(currencySign(ctx.locale, snapshot.settings.currency)),
  };
}

function valuesInWords(ctx: PanelContext, v: SectionValues): string {
  return scheduleInWords(ctx.locale, {
    weekdays: v.weekdays.map(Number).filter((d) => Number.isInteger(d)),
    window: v.time_visibility_enabled && v.time_start && v.time_end ? { start: v.time_start, end: v.time_end } : null,
    date_from: /^\d{4}-\d{2}-\d{2}$/.test(v.date_from) ? v.date_from : null,
    date_to: /^\d{4}-\d{2}-\d{2}$/.test(v.date_to) ? v.date_to : null,
  });
}

/** Says how the window reads when it crosses midnight (or covers the whole day). */
function windowNote(mt: MenuTexts, v: SectionValues): string {
  if (!v.time_start || !v.time_end) return '';
  if (v.time_start === v.time_end) return mt.sameTimes;
  return v.time_start > v.time_end ? mt.crossesMidnight(v.time_start, v.time_end) : '';
}

function sectionFields(
  ctx: PanelContext,
  snapshot: MenuSnapshot,
  v: SectionValues,
  errors: FieldErrors,
  row: CategoryRow | undefined,
): Html {
  const mt = menuTexts(ctx.locale);
  const parents = snapshot.sections.filter((s) => s.parent_id === null && s.id !== row?.id);
  const texts = [
    { prefix: 'name', values: v.names, label: mt.nameIn, maxlength: 200, requireDefault: true },
    { prefix: 'notes', values: v.notes, label: mt.notesIn, maxlength: 2000, multiline: true },
  ];
  return html`<fieldset><legend>${mt.sectionTexts}</legend><p class="hint">${translationsHint(ctx, snapshot)} ${mt.notesHint}</p>
${languageColumns(ctx, editLocales(snapshot), texts, errors, row && { resource: 'categories', id: row.id })}</fieldset>
<fieldset><legend>${mt.section}</legend>
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
${checkbox({ name: 'show_subcategories', label: mt.showSubcategories, checked: v.show_subcategories, errors })}
${input({ name: 'set_price', label: optionTexts(ctx.locale).setPrice(currencySign(ctx.locale, snapshot.settings.currency)), value: v.set_price, errors, hint: optionTexts(ctx.locale).setPriceHint, extra: { inputmode: 'decimal', autocomplete: 'off' } })}</fieldset>
<fieldset><legend>${mt.schedule}</legend>
${checkbox({ name: 'time_visibility_enabled', label: mt.timeWindow, checked: v.time_visibility_enabled, errors, hint: mt.timeWindowHint(ctx.timezone) })}
<div class="pair">${input({ name: 'time_start', label: mt.timeStart, value: v.time_start, errors, maxlength: 5, autocomplete: 'off' })}${input({ name: 'time_end', label: mt.timeEnd, value: v.time_end, errors, maxlength: 5, autocomplete: 'off' })}</div>
<p class="note window-note" id="${fieldId('window-note')}" role="status" data-cross="${mt.crossesMidnight('{start}', '{end}')}" data-same="${mt.sameTimes}">${windowNote(mt, v)}</p>
${checkboxGroup({
  name: 'weekdays',
  label: mt.weekdays,
  values: v.weekdays,
  errors,
  hint: mt.weekdaysHint,
  className: 'weekdays',
  options: [1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: weekdaysInWords(ctx.locale, [d]) })),
})}
<div class="pair">${input({ name: 'date_from', label: mt.dateFrom, value: v.date_from, errors, type: 'date', hint: mt.seasonHint })}${input({ name: 'date_to', label: mt.dateTo, value: v.date_to, errors, type: 'date' })}</div>
<p class="note schedule-words" id="${fieldId('schedule-words')}" role="status" data-words="${JSON.stringify(scheduleTemplates(ctx.locale))}"><strong>${mt.inWords}</strong> <span>${valuesInWords(ctx, v)}</span></p></fieldset>`;
}

function dishesTable(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow): Html {
  const mt = menuTexts(ctx.locale);
  const dishes = snapshot.items.get(section.id) ?? [];
  const back = `/admin/menu/sections/${section.id}`;
  const query = dishQuery(ctx);
  const found = dishes.filter((d) => dishMatches(snapshot, d, query));
  const rows = dishes.map((d, i) => {
    const name = displayName(snapshot, ctx, d.name_translations);
    const missing = missingLocales(snapshot, translations(d.name_translations));
    const badges = join(
      [
        !d.is_active && html`<span class="badge off">${mt.hidden}</span>`,
        !!d.is_recommended && html`<span class="badge">${mt.recommendedBadge}</span>`,
        missing.length > 0 &&
          html`<span class="badge warn">${mt.missingTranslations(missing.map((l) => languageName(ctx, l)).join(', '))}</span>`,
      ],
      ' ',
    );
    const move = moveButtons(ctx, {
      kind: 'dishes',
      scope: section.id,
      id: d.id,
      name,
      index: i,
      count: dishes.length,
      back,
    });
    const currency = currencySign(ctx.locale, snapshot.settings.currency);
    const soldOut = soldOutSwitch(ctx, d, soldOutNow(snapshot, d), name, back);
    return html`<tr id="row-dishes-${d.id}" data-id="${d.id}" tabindex="-1"${dishRowData(snapshot, d, query)}><td data-label="${mt.name}"><div>${thumbnail(d.image)}<a href="/admin/menu/dishes/${d.id}">${name}</a> ${badges}</div></td><td data-label="${mt.priceCol}"><div>${priceInPlace(ctx, d, name, back, currency)}</div></td><td data-label="${mt.soldOutCol}"><div>${soldOut}</div></td><td data-label="${mt.visibleCol}"><div>${visibleSwitch(ctx, d, name, back)}</div></td><td data-label="${mt.order}"><div class="order-cell"><span class="handle" aria-hidden="true">⠿</span>${move}</div></td></tr>`;
  });
  const table =
    dishes.length === 0
      ? html`<p>${mt.noDishes}</p>`
      : html`<table class="list dishes"><caption class="visually-hidden">${mt.dishes}</caption><thead><tr><th scope="col">${mt.name}</th><th scope="col">${mt.priceCol}</th><th scope="col">${mt.soldOutCol}</th><th scope="col">${mt.visibleCol}</th><th scope="col">${mt.order}</th></tr></thead><tbody data-reorder="dishes" data-scope="${section.id}">${rows}</tbody></table>${dragForm(
          ctx,
          'dishes',
          section.id,
          back,
        )}`;
  const add = html`<p class="actions"><a class="button" href="/admin/menu/dishes/new?section=${section.id}">${mt.addDish}</a></p>`;
  return html`<section aria-labelledby="dishes-title"><h2 id="dishes-title">${mt.dishes}</h2>
${dishes.length > 0 ? html`<div class="dish-finder${isFiltering(query) ? ' searching' : ''}">${searchBar(ctx, snapshot, query, { action: back, found: found.length, jump: 'page', current: section.id, beside: add })}${table}</div>` : html`${add}${table}`}</section>`;
}

function subCategoryList(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow): Html {
  const mt = menuTexts(ctx.locale);
  const types = snapshot.types.get(section.id) ?? [];
  const back = `/admin/menu/sections/${section.id}`;
  const items = types.map((type, i) => {
    const name = displayName(snapshot, ctx, type.name_translations);
    const move = moveButtons(ctx, {
      kind: 'subcategories',
      scope: section.id,
      id: type.id,
      name,
      index: i,
      count: types.length,
      back,
    });
    return html`<li id="row-subcategories-${type.id}" data-id="${type.id}" tabindex="-1"><div class="tree-row"><span class="handle" aria-hidden="true">⠿</span><a class="tree-name" href="/admin/menu/subcategories/${type.id}">${name}</a> ${
      type.is_active ? '' : html`<span class="badge off">${mt.hidden}</span>`
    }<span class="tree-actions">${move}</span></div></li>`;
  });
  const list =
    types.length === 0
      ? html`<p>${mt.noSubCategories}</p>`
      : html`<ol class="tree" data-reorder="subcategories" data-scope="${section.id}">${items}</ol>${dragForm(ctx, 'subcategories', section.id, back)}`;
  return html`<section aria-labelledby="types-title"><h2 id="types-title">${mt.subCategories}</h2><p class="hint">${mt.subCategoriesIntro}</p><p class="actions"><a class="button" href="/admin/menu/subcategories/new?section=${section.id}">${mt.addSubCategory}</a></p>${list}</section>`;
}

function subSectionList(ctx: PanelContext, snapshot: MenuSnapshot, section: CategoryRow): Html {
  if (section.parent_id !== null) return html``;
  const mt = menuTexts(ctx.locale);
  const children = snapshot.sections.filter((s) => s.parent_id === section.id);
  const list =
    children.length === 0
      ? html`<p>${mt.noSubSections}</p>`
      : html`<ul class="plain">${children.map(
          (c) =>
            html`<li><a href="/admin/menu/sections/${c.id}">${displayName(snapshot, ctx, c.name_translations)}</a> ${sectionBadges(ctx, c)}</li>`,
        )}</ul>`;
  return html`<section aria-labelledby="subsections-title"><h2 id="subsections-title">${mt.subSections}</h2>
<p class="actions"><a class="button" href="/admin/menu/sections/new?parent=${section.id}">${mt.addSubSection}</a></p>${list}</section>`;
}

export const sectionsEditor: Editor<CategoryRow, SectionValues, typeof CategoryInput> = {
  path: '/menu/sections',
  active: 'menu',
  scripts: ['menu-editor.js'],
  schema: CategoryInput,
  find: (snapshot, id) => snapshot.sections.find((s) => s.id === id),
  feminine: true,
  name: (ctx, snapshot, row) => displayName(snapshot, ctx, row.name_translations),
  seen: sectionSeen,
  fromRow: (ctx, snapshot, row) => fromRow(snapshot, row, ctx.locale),
  blank(_ctx, snapshot, query) {
    const parent = snapshot.sections.find((s) => String(s.id) === query('parent'));
    return {
      names: {},
      parent_id: parent && parent.parent_id === null ? String(parent.id) : '',
      menu_type: parent?.menu_type ?? 'standard',
      notes: {},
      is_active: true,
      show_subcategories: false,
      time_visibility_enabled: false,
      time_start: '',
      time_end: '',
      weekdays: [],
      date_from: '',
      date_to: '',
      set_price: '',
    };
  },
  read: (body, snapshot, row) =>
    fromBody(body, snapshot, row ? translations(row.name_translations) : {}, row ? fromRow(snapshot, row).notes : {}),
  toInput,
  labels,
  fields: sectionFields,
  create: createCategory,
  update: updateCategory,
  remove: deleteCategory,
  titles(ctx) {
    const mt = menuTexts(ctx.locale);
    return { create: (v) => (v.parent_id ? mt.newSubSection : mt.newSection), edit: mt.editSection };
  },
  breadcrumb: (ctx, snapshot, row) => menuBreadcrumb(ctx, snapshot, row?.parent_id ?? null),
  cancel: () => '/admin/menu',
  afterDelete: () => '/admin/menu?deleted=1',
  deleteBlocked(ctx, snapshot, row) {
    const dishes = snapshot.items.get(row.id)?.length ?? 0;
    const subSections = snapshot.sections.filter((s) => s.parent_id === row.id).length;
    return dishes + subSections > 0 ? menuTexts(ctx.locale).sectionNotEmpty(dishes, subSections) : undefined;
  },
  // Dishes first: during service a phone opens a section to mark a dish or fix a price.
  above: (ctx, snapshot, row) => dishesTable(ctx, snapshot, row),
  formTitle: (ctx) => menuTexts(ctx.locale).sectionSettings,
  below: (ctx, snapshot, row) =>
    html`${subCategoryList(ctx, snapshot, row)}
${subSectionList(ctx, snapshot, row)}`,
};

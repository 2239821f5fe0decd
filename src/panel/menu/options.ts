// Option groups and their options ("Add-ons": burrata +3,00 €; "Cooking": exactly one): a page
// listing the groups, each group's page (names side by side in every language with their "to
// check" flags, how many a diner picks, its options with a one-tap sold-out switch each), and each
// option's page (names, price change, allergens, traces, diets). Through the options service, on
// the panel's one editor; dishes pick their groups on their own form (dishes.ts).
import type { FastifyInstance } from 'fastify';
import { type MenuSnapshot, momentKey } from '../../catalog/snapshot.js';
import { isOptionSoldOut } from '../../catalog/visibility.js';
import { ownerSnapshot } from '../../catalog/write.js';
import { NotFoundError } from '../../core/errors.js';
import type { OptionGroupRow, OptionRow } from '../../db/schema.js';
import { type Html, html } from '../../http/html.js';
import { partial } from '../../http/inputs.js';
import { currencySign, formatAmount, formatPrice, fromCents, parsePrice } from '../../i18n/money.js';
import { parseJson, type Translations } from '../../i18n/text.js';
import { ALLERGEN_KEYS, allergenName } from '../../resources/allergens/data.js';
import { DIETARY_KEYS, dietaryName } from '../../resources/dietary/data.js';
import {
  createOption,
  createOptionGroup,
  deleteOption,
  detachAndDeleteOptionGroup,
  OptionGroupInput,
  OptionInput,
  updateOption,
  updateOptionGroup,
} from '../../resources/options/service.js';
import { allOptions, dishesCarryingGroup } from '../../resources/options/view.js';
import { type PanelContext, pathParam, safePanelPath, seeOther, sendPage } from '../context.js';
import type { Editor } from '../editor.js';
import { asForm, checkbox, checkboxGroup, input, list, notice, select, str } from '../forms.js';
import { renderPage } from '../layout.js';
import { saveThrough } from '../save.js';
import {
  displayName,
  editLocales,
  languageColumns,
  readTranslations,
  translationLabels,
  translations,
} from './fields.js';
import { optionTexts } from './options-texts.js';
import { soldOutSwitch } from './quick.js';
import { menuTexts } from './texts.js';

interface GroupValues {
  names: Translations;
  min: string;
  max: string;
  is_active: boolean;
}

interface OptionValues {
  group_id: string;
  names: Translations;
  price: string;
  allergens: string[];
  traces: string[];
  dietary: string[];
  is_active: boolean;
}

/** A whole number as typed, else the text itself (the API's rule then says what is wrong). */
const whole = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : text);

const groupsPath = '/admin/menu/option-groups';

function breadcrumb(ctx: PanelContext, extra: Html | '' = '') {
  const mt = menuTexts(ctx.locale);
  const ot = optionTexts(ctx.locale);
  return html`<p class="breadcrumb"><a href="/admin/menu">${mt.backToMenu}</a> · <a href="${groupsPath}">${ot.backToGroups}</a>${extra}</p>`;
}

function groupList(ctx: PanelContext, snapshot: MenuSnapshot): Html {
  const ot = optionTexts(ctx.locale);
  const groups = [...snapshot.optionGroups.values()];
  if (groups.length === 0) return html`<p>${ot.none}</p>`;
  const rows = groups.map((g) => {
    const options = (snapshot.options.get(g.id) ?? []).map((o) => displayName(snapshot, ctx, o.name_translations));
    return html`<tr><td data-label="${ot.group}"><div><a href="${groupsPath}/${g.id}">${displayName(snapshot, ctx, g.name_translations)}</a>${
      g.is_active ? '' : html` <span class="badge">${menuTexts(ctx.locale).hidden}</span>`
    }</div></td><td data-label="${ot.options}"><div>${options.join(', ')} (${ot.rule(g.min_choices, g.max_choices)})</div></td><td data-label="${menuTexts(ctx.locale).dishes}"><div>${ot.onDishes(dishesCarryingGroup(snapshot, g.id).length)}</div></td></tr>`;
  });
  return html`<table class="list"><caption class="visually-hidden">${ot.groups}</caption><thead><tr><th scope="col">${ot.group}</th><th scope="col">${ot.options}</th><th scope="col">${menuTexts(ctx.locale).dishes}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** A group's options, each with its price change, allergens and one-tap sold-out switch. */
function optionList(ctx: PanelContext, snapshot: MenuSnapshot, group: OptionGroupRow): Html {
  const ot = optionTexts(ctx.locale);
  const options = snapshot.options.get(group.id) ?? [];
  const back = `${groupsPath}/${group.id}`;
  const rows = options.map((o) => {
    const name = displayName(snapshot, ctx, o.name_translations);
    const change =
      o.price_change_cents === 0
        ? ''
        : formatPrice(fromCents(o.price_change_cents), ctx.locale, snapshot.settings.currency);
    const allergens = parseJson<string[]>(o.allergens, []).map((k) => allergenName(k, ctx.locale));
    const soldOut = isOptionSoldOut(o, momentKey(snapshot));
    return html`<tr id="row-options-${o.id}"><td data-label="${ot.options}"><div><a href="/admin/menu/options/${o.id}">${name}</a>${
      o.is_active ? '' : html` <span class="badge">${menuTexts(ctx.locale).hidden}</span>`
    }</div></td><td data-label="${ot.priceChange(currencySign(ctx.locale, snapshot.settings.currency))}"><div>${change ? (o.price_change_cents > 0 ? `+${change}` : change) : '—'}</div></td><td data-label="${ot.allergens}"><div>${allergens.join(', ')}</div></td><td><div>${soldOutSwitch(ctx, o, soldOut, name, back, '/admin/menu/options')}</div></td></tr>`;
  });
  const table =
    options.length === 0
      ? html`<p>${ot.noOptions}</p>`
      : html`<table class="list"><caption class="visually-hidden">${ot.options}</caption><thead><tr><th scope="col">${ot.options}</th><th scope="col">${ot.priceChange(currencySign(ctx.locale, snapshot.settings.currency))}</th><th scope="col">${ot.allergens}</th><th scope="col"><span class="visually-hidden">${menuTexts(ctx.locale).soldOutTonight}</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  return html`<section aria-labelledby="group-options"><h2 id="group-options">${ot.options}</h2>${table}<p><a class="button" href="/admin/menu/options/new?group=${group.id}">${ot.addOption}</a></p></section>`;
}

export const optionGroupsEditor: Editor<OptionGroupRow, GroupValues, typeof OptionGroupInput> = {
  path: '/menu/option-groups',
  active: 'menu',
  schema: OptionGroupInput,
  find: (snapshot, id) => snapshot.optionGroups.get(id),
  name: (ctx, snapshot, row) => displayName(snapshot, ctx, row.name_translations),
  fromRow: (_ctx, _snapshot, row) => ({
    names: translations(row.name_translations),
    min: String(row.min_choices),
    max: row.max_choices === null ? '' : String(row.max_choices),
    is_active: Boolean(row.is_active),
  }),
  blank: () => ({ names: {}, min: '0', max: '', is_active: true }),
  read: (body, snapshot, row) => ({
    names: readTranslations(body, 'name', editLocales(snapshot), row ? translations(row.name_translations) : {}),
    min: str(body, 'min_choices').trim(),
    max: str(body, 'max_choices').trim(),
    is_active: str(body, 'is_active') === '1',
  }),
  toInput: (v) => ({
    name: v.names,
    min_choices: v.min === '' ? 0 : whole(v.min),
    max_choices: v.max === '' ? null : whole(v.max),
    is_active: v.is_active,
  }),
  labels(ctx, snapshot) {
    const ot = optionTexts(ctx.locale);
    return {
      ...translationLabels(ctx, 'name', editLocales(snapshot), ot.nameIn),
      name: menuTexts(ctx.locale).name,
      min_choices: ot.minChoices,
      max_choices: ot.maxChoices,
      is_active: ot.shown,
    };
  },
  fields(ctx, snapshot, v, errors, row) {
    const ot = optionTexts(ctx.locale);
    const name = { prefix: 'name', values: v.names, label: ot.nameIn, maxlength: 200, requireDefault: true };
    return html`<fieldset><legend>${menuTexts(ctx.locale).name}</legend>${languageColumns(ctx, editLocales(snapshot), [name], errors, row && { resource: 'option_groups', id: row.id })}</fieldset>
<div class="pair">${input({ name: 'min_choices', label: ot.minChoices, value: v.min, errors, hint: ot.minHint, extra: { inputmode: 'numeric' } })}${input({ name: 'max_choices', label: ot.maxChoices, value: v.max, errors, hint: ot.maxHint, extra: { inputmode: 'numeric' } })}</div>
${checkbox({ name: 'is_active', label: ot.shown, checked: v.is_active, errors })}`;
  },
  create: createOptionGroup,
  update: updateOptionGroup,
  // The owner was told on the page how many dishes lose it (deleteWarning) and confirmed.
  remove: detachAndDeleteOptionGroup,
  deleteWarning(ctx, snapshot, row) {
    const n = dishesCarryingGroup(snapshot, row.id).length;
    return n > 0 ? optionTexts(ctx.locale).detachWarning(n) : undefined;
  },
  titles: (ctx) => ({ create: () => optionTexts(ctx.locale).addGroup, edit: optionTexts(ctx.locale).editGroup }),
  listTitle: (ctx) => optionTexts(ctx.locale).title,
  breadcrumb: (ctx) => breadcrumb(ctx),
  cancel: () => groupsPath,
  afterDelete: () => `${groupsPath}?deleted=1`,
  below: (ctx, snapshot, row) => optionList(ctx, snapshot, row),
  list(ctx, snapshot, newForm) {
    const ot = optionTexts(ctx.locale);
    return html`<p class="breadcrumb"><a href="/admin/menu">${menuTexts(ctx.locale).backToMenu}</a></p><p>${ot.intro}</p>${groupList(ctx, snapshot)}
<section aria-labelledby="add-group"><h2 id="add-group">${ot.addGroup}</h2>
${newForm}</section>`;
  },
};

function optionFromRow(ctx: PanelContext, row: OptionRow): OptionValues {
  return {
    group_id: String(row.group_id),
    names: translations(row.name_translations),
    price: row.price_change_cents === 0 ? '' : formatAmount(fromCents(row.price_change_cents), ctx.locale),
    allergens: parseJson<string[]>(row.allergens, []),
    traces: parseJson<string[]>(row.allergen_traces, []),
    dietary: parseJson<string[]>(row.dietary, []),
    is_active: Boolean(row.is_active),
  };
}

export const optionsEditor: Editor<OptionRow, OptionValues, typeof OptionInput> = {
  path: '/menu/options',
  active: 'menu',
  schema: OptionInput,
  feminine: true,
  find: (snapshot, id) => allOptions(snapshot).find((o) => o.id === id),
  name: (ctx, snapshot, row) => displayName(snapshot, ctx, row.name_translations),
  fromRow: (ctx, _snapshot, row) => optionFromRow(ctx, row),
  blank(_ctx, snapshot, query) {
    const group = snapshot.optionGroups.get(Number(query('group'))) ?? [...snapshot.optionGroups.values()][0];
    return {
      group_id: group ? String(group.id) : '',
      names: {},
      price: '',
      allergens: [],
      traces: [],
      dietary: [],
      is_active: true,
    };
  },
  read: (body, snapshot, row) => ({
    group_id: str(body, 'group_id'),
    names: readTranslations(body, 'name', editLocales(snapshot), row ? translations(row.name_translations) : {}),
    price: str(body, 'price_change').trim(),
    allergens: list(body, 'allergens'),
    traces: list(body, 'allergen_traces'),
    dietary: list(body, 'dietary'),
    is_active: str(body, 'is_active') === '1',
  }),
  toInput: (v) => ({
    group_id: /^\d+$/.test(v.group_id) ? Number(v.group_id) : v.group_id,
    name: v.names,
    price_change: parsePrice(v.price) ?? 0,
    allergens: v.allergens,
    allergen_traces: v.traces,
    dietary: v.dietary,
    is_active: v.is_active,
  }),
  labels(ctx, snapshot) {
    const ot = optionTexts(ctx.locale);
    return {
      ...translationLabels(ctx, 'name', editLocales(snapshot), ot.nameIn),
      name: menuTexts(ctx.locale).name,
      group_id: ot.group,
      price_change: ot.priceChange(currencySign(ctx.locale, snapshot.settings.currency)),
      allergens: ot.allergens,
      allergen_traces: ot.traces,
      dietary: ot.dietary,
      is_active: ot.shown,
    };
  },
  fields(ctx, snapshot, v, errors, row) {
    const ot = optionTexts(ctx.locale);
    const name = { prefix: 'name', values: v.names, label: ot.nameIn, maxlength: 200, requireDefault: true };
    const groups = [...snapshot.optionGroups.values()].map((g) => ({
      value: String(g.id),
      label: displayName(snapshot, ctx, g.name_translations),
    }));
    const allergenOptions = ALLERGEN_KEYS.map((key) => ({ value: key, label: allergenName(key, ctx.locale) }));
    return html`${select({ name: 'group_id', label: ot.group, value: v.group_id, errors, required: true, options: groups })}
<fieldset><legend>${menuTexts(ctx.locale).name}</legend>${languageColumns(ctx, editLocales(snapshot), [name], errors, row && { resource: 'options', id: row.id })}</fieldset>
${input({ name: 'price_change', label: ot.priceChange(currencySign(ctx.locale, snapshot.settings.currency)), value: v.price, errors, hint: ot.priceChangeHint, extra: { inputmode: 'decimal', autocomplete: 'off' } })}
${checkbox({ name: 'is_active', label: ot.shown, checked: v.is_active, errors })}
${checkboxGroup({ name: 'allergens', label: ot.allergens, values: v.allergens, errors, className: 'allergens', options: allergenOptions })}
${checkboxGroup({ name: 'allergen_traces', label: ot.traces, values: v.traces, errors, className: 'allergens', options: allergenOptions })}
${checkboxGroup({
  name: 'dietary',
  label: ot.dietary,
  values: v.dietary,
  errors,
  className: 'allergens',
  options: DIETARY_KEYS.map((key) => ({ value: key, label: dietaryName(key, ctx.locale) })),
})}`;
  },
  create: createOption,
  update: updateOption,
  remove: deleteOption,
  titles: (ctx) => ({ create: () => optionTexts(ctx.locale).newOption, edit: optionTexts(ctx.locale).editOption }),
  breadcrumb(ctx, snapshot, row, v) {
    const group = snapshot.optionGroups.get(row?.group_id ?? Number(v.group_id));
    return breadcrumb(
      ctx,
      group
        ? html` · <a href="${groupsPath}/${group.id}">${displayName(snapshot, ctx, group.name_translations)}</a>`
        : '',
    );
  },
  cancel: (snapshot, row, v) => {
    const id = row?.group_id ?? Number(v.group_id);
    return snapshot.optionGroups.has(id) ? `${groupsPath}/${id}` : groupsPath;
  },
  afterDelete: (row) => `${groupsPath}/${row.group_id}?deleted=1`,
  unavailable(ctx, snapshot) {
    if (snapshot.optionGroups.size > 0) return undefined;
    const ot = optionTexts(ctx.locale);
    return html`<p>${ot.none}</p><p><a class="button" href="${groupsPath}">${ot.addGroup}</a></p>`;
  },
};

const SoldOutInput = partial(OptionInput);

/** One tap during service: an option sold out tonight (or until switched back), or back on sale. */
export function registerOptionQuick(app: FastifyInstance): void {
  app.post('/menu/options/:id/sold-out', async (request, reply) => {
    const ctx = request.panel;
    const snapshot = await ownerSnapshot(app, request.tenant.id);
    const row = allOptions(snapshot).find((o) => o.id === Number(pathParam(request, 'id')));
    if (!row) throw new NotFoundError();
    const body = asForm(request.body);
    const choice = str(body, 'sold_out');
    const input =
      choice === 'off'
        ? { sold_out: false }
        : choice === 'held'
          ? { sold_out: true, sold_out_until: null }
          : { sold_out: true };
    const back = safePanelPath(str(body, 'back'));
    const saved = await saveThrough(app, ctx, SoldOutInput, input, {}, (w, v: Partial<OptionInput>) =>
      updateOption(w, row.id, v),
    );
    if (saved.ok) return seeOther(reply, `${back}#row-options-${row.id}`);
    const message = [saved.message, ...Object.values(saved.errors).flat()].filter(Boolean).join(' ');
    const page = html`${notice('error', message)}<p><a href="${back}">${optionTexts(ctx.locale).backToGroups}</a></p>`;
    return sendPage(reply, renderPage(ctx, { title: optionTexts(ctx.locale).title, active: 'menu', body: page }), 422);
  });
}

// Wineries (shown with the wines of a wine list): the list with its create form, edit (name,
// region, country, website, description in every language), delete after a confirmation.
// Through the wineries service, on the panel's one editor.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import type { WineryRow } from '../../db/schema.js';
import { html } from '../../http/html.js';
import type { Translations } from '../../i18n/text.js';
import { createWinery, deleteWinery, updateWinery, WineryInput } from '../../resources/wineries/service.js';
import type { PanelContext } from '../context.js';
import type { Editor } from '../editor.js';
import { input, str } from '../forms.js';
import { editLocales, languageColumns, readTranslations, translationLabels, translations } from './fields.js';
import { winerySeen } from './seen.js';
import { menuTexts } from './texts.js';

interface WineryValues {
  name: string;
  region: string;
  country: string;
  website_url: string;
  descriptions: Translations;
}

/** Dishes per winery, for the list. */
function usage(snapshot: MenuSnapshot): Map<number, number> {
  const count = new Map<number, number>();
  for (const dishes of snapshot.items.values()) {
    for (const d of dishes) if (d.winery_id !== null) count.set(d.winery_id, (count.get(d.winery_id) ?? 0) + 1);
  }
  return count;
}

function wineryList(ctx: PanelContext, snapshot: MenuSnapshot) {
  const mt = menuTexts(ctx.locale);
  const wineries = [...snapshot.wineries.values()].sort((a, b) => a.name.localeCompare(b.name));
  if (wineries.length === 0) return html`<p>${mt.noWineries}</p>`;
  const used = usage(snapshot);
  const rows = wineries.map(
    (w) =>
      html`<tr><td data-label="${mt.name}"><div><a href="/admin/menu/wineries/${w.id}">${w.name}</a></div></td><td data-label="${mt.region}"><div>${[
        w.region,
        w.country,
      ]
        .filter(Boolean)
        .join(', ')}</div></td><td data-label="${mt.dishes}"><div>${mt.usedBy(used.get(w.id) ?? 0)}</div></td></tr>`,
  );
  return html`<table class="list"><caption class="visually-hidden">${mt.wineries}</caption><thead><tr><th scope="col">${mt.name}</th><th scope="col">${mt.region}</th><th scope="col">${mt.dishes}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export const wineriesEditor: Editor<WineryRow, WineryValues, typeof WineryInput> = {
  path: '/menu/wineries',
  active: 'menu',
  schema: WineryInput,
  find: (snapshot, id) => snapshot.wineries.get(id),
  feminine: true,
  seen: winerySeen,
  name: (_ctx, _snapshot, row) => row.name,
  fromRow: (_ctx, _snapshot, row) => ({
    name: row.name,
    region: row.region,
    country: row.country,
    website_url: row.website_url,
    descriptions: translations(row.description_translations),
  }),
  blank: () => ({ name: '', region: '', country: '', website_url: '', descriptions: {} }),
  read: (body, snapshot, row) => ({
    name: str(body, 'name').trim(),
    region: str(body, 'region').trim(),
    country: str(body, 'country').trim(),
    website_url: str(body, 'website_url').trim(),
    descriptions: readTranslations(
      body,
      'description',
      editLocales(snapshot),
      row ? translations(row.description_translations) : {},
    ),
  }),
  toInput: (v) => ({
    name: v.name,
    region: v.region,
    country: v.country,
    website_url: v.website_url,
    description: v.descriptions,
  }),
  labels(ctx, snapshot) {
    const mt = menuTexts(ctx.locale);
    return {
      name: mt.name,
      region: mt.region,
      country: mt.country,
      website_url: mt.website,
      ...translationLabels(ctx, 'description', editLocales(snapshot), mt.wineryDescriptionIn),
    };
  },
  fields(ctx, snapshot, v, errors, row) {
    const mt = menuTexts(ctx.locale);
    const description = {
      prefix: 'description',
      values: v.descriptions,
      label: mt.wineryDescriptionIn,
      maxlength: 2000,
      multiline: true,
    };
    return html`${input({ name: 'name', label: mt.name, value: v.name, errors, required: true, maxlength: 200 })}
<div class="pair">${input({ name: 'region', label: mt.region, value: v.region, errors, maxlength: 200 })}${input({ name: 'country', label: mt.country, value: v.country, errors, maxlength: 100 })}</div>
${input({ name: 'website_url', label: mt.website, type: 'url', value: v.website_url, errors })}
<fieldset><legend>${mt.description}</legend>
${languageColumns(ctx, editLocales(snapshot), [description], errors, row && { resource: 'wineries', id: row.id })}</fieldset>`;
  },
  create: createWinery,
  update: updateWinery,
  remove: deleteWinery,
  titles: (ctx) => ({ create: () => menuTexts(ctx.locale).addWinery, edit: menuTexts(ctx.locale).editWinery }),
  listTitle: (ctx) => menuTexts(ctx.locale).wineries,
  breadcrumb(ctx) {
    const mt = menuTexts(ctx.locale);
    return html`<p class="breadcrumb"><a href="/admin/menu">${mt.backToMenu}</a> · <a href="/admin/menu/wineries">${mt.wineries}</a></p>`;
  },
  cancel: () => '/admin/menu/wineries',
  afterDelete: () => '/admin/menu/wineries?deleted=1',
  deleteBlocked(ctx, snapshot, row) {
    const dishes = [...snapshot.items.values()].flat().filter((d) => d.winery_id === row.id).length;
    return dishes > 0 ? menuTexts(ctx.locale).usedByDishes(dishes) : undefined;
  },
  list(ctx, snapshot, newForm) {
    const mt = menuTexts(ctx.locale);
    return html`<p class="breadcrumb"><a href="/admin/menu">${mt.backToMenu}</a></p>${wineryList(ctx, snapshot)}
<section aria-labelledby="add-winery"><h2 id="add-winery">${mt.addWinery}</h2>
${newForm}</section>`;
  },
};

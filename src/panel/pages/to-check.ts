// The overview's list of translations to check: each diner text left as it was when its
// default-language text changed (features/translations), with where it is and a link to its
// field. The flags themselves are drawn next to the fields by menu/fields.ts.
import type { MenuSnapshot } from '../../catalog/snapshot.js';
import { parseCheckKey } from '../../features/translations/checks.js';
import { type Html, html } from '../../http/html.js';
import type { PanelContext, PanelLocale } from '../context.js';
import { fieldId } from '../forms.js';
import { displayName, findGrouped, languageName } from '../menu/fields.js';
import { menuTexts } from '../menu/texts.js';

const en = {
  title: 'Translations to check',
  intro: (language: string) =>
    `These texts were left as they were when their ${language} text changed: they may now say something else (a price, an allergen). Open each one, correct it or tick “still right”, and save.`,
  where: { settings: 'Settings', theme: 'Theme' } as Record<string, string>,
};
const it: typeof en = {
  title: 'Traduzioni da controllare',
  intro: (language) =>
    `Questi testi sono rimasti com’erano quando è cambiato il testo in ${language.toLowerCase()}: ora potrebbero dire altro (un prezzo, un allergene). Aprili, correggili o spunta “ancora giusto” e salva.`,
  where: { settings: 'Impostazioni', theme: 'Tema' },
};

/** The page's words (panel-agreement.test.ts reads every panel word table). */
export const toCheckTexts = (locale: PanelLocale) => (locale === 'it' ? it : en);

interface Entry {
  where: string;
  field: string;
  locale: string;
  href: string;
}

function entryOf(ctx: PanelContext, snapshot: MenuSnapshot, key: string): Entry | undefined {
  const k = parseCheckKey(key);
  if (!k) return undefined;
  const t = ctx.locale === 'it' ? it : en;
  const mt = menuTexts(ctx.locale);
  const anchor = `#${fieldId(`${k.field}_${k.locale}`)}`;
  const menuField = ({ name: mt.name, description: mt.description, notes: mt.notes } as Record<string, string>)[
    k.field
  ];
  const labels = ctx.t.labels as Record<string, string>;
  const base = { field: k.field, locale: k.locale };
  switch (k.resource) {
    case 'settings':
    case 'theme':
      return {
        ...base,
        where: t.where[k.resource],
        field: labels[k.field] ?? k.field,
        href: `/admin/${k.resource}${anchor}`,
      };
    case 'categories': {
      const row = snapshot.sections.find((s) => s.id === k.resource_id);
      if (!row) return undefined;
      const name = displayName(snapshot, ctx, row.name_translations);
      return { ...base, where: name, field: menuField ?? k.field, href: `/admin/menu/sections/${row.id}${anchor}` };
    }
    case 'items':
    case 'types': {
      const row = findGrouped<{ id: number; name_translations: string }>(
        k.resource === 'items' ? snapshot.items : snapshot.types,
        k.resource_id,
      );
      if (!row) return undefined;
      const path = k.resource === 'items' ? 'dishes' : 'subcategories';
      const name = displayName(snapshot, ctx, row.name_translations);
      return { ...base, where: name, field: menuField ?? k.field, href: `/admin/menu/${path}/${row.id}${anchor}` };
    }
    case 'option_groups': {
      const row = snapshot.optionGroups.get(k.resource_id);
      if (!row) return undefined;
      const name = displayName(snapshot, ctx, row.name_translations);
      return {
        ...base,
        where: name,
        field: menuField ?? k.field,
        href: `/admin/menu/option-groups/${row.id}${anchor}`,
      };
    }
    case 'options': {
      const row = [...snapshot.options.values()].flat().find((o) => o.id === k.resource_id);
      if (!row) return undefined;
      const name = displayName(snapshot, ctx, row.name_translations);
      return { ...base, where: name, field: menuField ?? k.field, href: `/admin/menu/options/${row.id}${anchor}` };
    }
    case 'wineries': {
      const row = snapshot.wineries.get(k.resource_id);
      if (!row) return undefined;
      return { ...base, where: row.name, field: menuField ?? k.field, href: `/admin/menu/wineries/${row.id}${anchor}` };
    }
    default:
      return undefined;
  }
}

/** The list (nothing when every translation is up to date). */
export function toCheckList(ctx: PanelContext, snapshot: MenuSnapshot): Html {
  const entries = [...ctx.toCheck].flatMap((key) => entryOf(ctx, snapshot, key) ?? []);
  if (entries.length === 0) return html``;
  const t = ctx.locale === 'it' ? it : en;
  const language = languageName(ctx, snapshot.settings.default_locale);
  const items = entries.map(
    (e) =>
      html`<li><a href="${e.href}">${e.where} · ${e.field} · ${languageName(ctx, e.locale)}</a> <span class="badge check-flag">${menuTexts(ctx.locale).toCheck}</span></li>`,
  );
  return html`<section class="to-check" aria-labelledby="to-check-title"><h2 id="to-check-title">${t.title} (${entries.length})</h2><p>${t.intro(language)}</p><ul>${items}</ul></section>`;
}

// Sub-categories (headings inside a section): create, rename in every language, move to another
// section, show or hide, delete after a confirmation. Through the types service, on the panel's
// one editor; they are listed on their section's page.
import type { TypeRow } from '../../db/schema.js';
import { html } from '../../http/html.js';
import type { Translations } from '../../i18n/text.js';
import { createType, deleteType, TypeInput, updateType } from '../../resources/types/service.js';
import type { Editor } from '../editor.js';
import { checkbox, select, str } from '../forms.js';
import {
  displayName,
  editLocales,
  findGrouped,
  languageColumns,
  menuBreadcrumb,
  readTranslations,
  translationLabels,
  translations,
  translationsHint,
} from './fields.js';
import { subCategorySeen } from './seen.js';
import { menuTexts } from './texts.js';

interface TypeValues {
  names: Translations;
  category_id: string;
  is_active: boolean;
}

export const subCategoriesEditor: Editor<TypeRow, TypeValues, typeof TypeInput> = {
  path: '/menu/subcategories',
  active: 'menu',
  schema: TypeInput,
  find: (snapshot, id) => findGrouped(snapshot.types, id),
  feminine: true,
  seen: subCategorySeen,
  name: (ctx, snapshot, row) => displayName(snapshot, ctx, row.name_translations),
  fromRow: (_ctx, _snapshot, row) => ({
    names: translations(row.name_translations),
    category_id: String(row.category_id),
    is_active: Boolean(row.is_active),
  }),
  blank(_ctx, snapshot, query) {
    const section = snapshot.sections.find((s) => String(s.id) === query('section'));
    return section ? { names: {}, category_id: String(section.id), is_active: true } : undefined;
  },
  read: (body, snapshot, row) => ({
    names: readTranslations(body, 'name', editLocales(snapshot), row ? translations(row.name_translations) : {}),
    category_id: str(body, 'category_id'),
    is_active: str(body, 'is_active') === '1',
  }),
  toInput: (v) => ({
    category_id: /^\d+$/.test(v.category_id) ? Number(v.category_id) : v.category_id,
    name: v.names,
    is_active: v.is_active,
  }),
  labels(ctx, snapshot) {
    const mt = menuTexts(ctx.locale);
    return {
      ...translationLabels(ctx, 'name', editLocales(snapshot), mt.nameIn),
      category_id: mt.section,
      is_active: mt.active,
    };
  },
  fields(ctx, snapshot, v, errors, row) {
    const mt = menuTexts(ctx.locale);
    const names = { prefix: 'name', values: v.names, label: mt.nameIn, maxlength: 200, requireDefault: true };
    const sections = snapshot.sections.map((s) => ({
      value: String(s.id),
      label: displayName(snapshot, ctx, s.name_translations),
    }));
    return html`<fieldset><legend>${mt.sectionNames}</legend><p class="hint">${translationsHint(ctx, snapshot)}</p>
${languageColumns(ctx, editLocales(snapshot), [names], errors, row && { resource: 'types', id: row.id })}</fieldset>
${select({ name: 'category_id', label: mt.section, value: v.category_id, errors, options: sections })}
${checkbox({ name: 'is_active', label: mt.active, checked: v.is_active, errors, hint: mt.activeHint })}`;
  },
  create: createType,
  update: updateType,
  remove: deleteType,
  titles: (ctx) => ({
    create: () => menuTexts(ctx.locale).addSubCategory,
    edit: menuTexts(ctx.locale).editSubCategory,
  }),
  breadcrumb: (ctx, snapshot, row, v) => menuBreadcrumb(ctx, snapshot, row?.category_id ?? Number(v.category_id)),
  cancel: (_snapshot, row, v) => `/admin/menu/sections/${row?.category_id ?? v.category_id}`,
  afterCreate: (_id, v) => `/admin/menu/sections/${v.category_id}?saved=1#types-title`,
  afterDelete: (row) => `/admin/menu/sections/${row.category_id}?deleted=1`,
  deleteBlocked(ctx, snapshot, row) {
    const dishes = (snapshot.items.get(row.category_id) ?? []).filter((d) => d.type_id === row.id).length;
    return dishes > 0 ? menuTexts(ctx.locale).usedByDishes(dishes) : undefined;
  },
};

// Public GET /items (filtered, searched, paginated) and /items/{id}.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { publicContext } from '../../catalog/context.js';
import { servedLocale } from '../../catalog/snapshot.js';
import { filterItems, orderedItems } from '../../catalog/visibility.js';
import { NotFoundError } from '../../core/errors.js';
import { Id } from '../../http/inputs.js';
import { IdParams, LocaleQuery, PageQuery, paginate } from '../../http/params.js';
import { envelope, errorResponses, LocaleMeta, nowIso, PageMeta } from '../../http/schemas.js';
import { searchWords } from '../../i18n/text.js';
import { MenuItem } from './schema.js';
import { itemView } from './view.js';

export const ItemListQuery = Type.Object({
  category_id: Type.Optional(Id),
  type_id: Type.Optional(Id),
  is_recommended: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  search: Type.Optional(Type.String({ maxLength: 100 })),
  ...PageQuery,
});

export const itemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/items',
    {
      schema: {
        summary: 'Visible dishes in menu order, with filters, accent-insensitive search and pagination',
        querystring: ItemListQuery,
        response: { 200: envelope(Type.Array(MenuItem), PageMeta), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { snapshot, openKey } = await publicContext(app, request);
      const locale = servedLocale(snapshot, q.locale);
      const matches = filterItems(orderedItems(snapshot, openKey), { ...q, words: searchWords(q.search ?? '') });
      return paginate(matches, q, locale, (item) => itemView(snapshot, item, locale, openKey));
    },
  );

  app.get(
    '/items/:id',
    {
      schema: {
        summary: 'One visible dish; wine dishes carry their winery',
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: envelope(MenuItem, LocaleMeta), ...errorResponses },
      },
    },
    async (request) => {
      const { snapshot, openKey } = await publicContext(app, request);
      const locale = servedLocale(snapshot, request.query.locale);
      const item = orderedItems(snapshot, openKey).find((i) => i.id === request.params.id);
      if (!item) throw new NotFoundError();
      return {
        success: true,
        data: itemView(snapshot, item, locale, openKey),
        meta: { generated_at: nowIso(), locale },
      };
    },
  );
};

// Public GET /categories and /categories/{id}: visible sections with dishes, sub-categories and sub-sections.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { publicContext } from '../../catalog/context.js';
import { servedLocale } from '../../catalog/snapshot.js';
import { NotFoundError } from '../../core/errors.js';
import { IdParams, LocaleQuery } from '../../http/params.js';
import { envelope, errorResponses, LocaleMeta, nowIso } from '../../http/schemas.js';
import { CategoryTree } from './schema.js';
import { categoryTree, categoryTrees } from './view.js';

export const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/categories',
    {
      schema: {
        summary: 'Visible top-level sections by display_order, each with items, types and children',
        querystring: LocaleQuery,
        response: { 200: envelope(Type.Array(CategoryTree), LocaleMeta), ...errorResponses },
      },
    },
    async (request) => {
      const { snapshot, openKey } = await publicContext(app, request);
      const locale = servedLocale(snapshot, request.query.locale);
      return {
        success: true,
        data: categoryTrees(snapshot, openKey, locale),
        meta: { generated_at: nowIso(), locale },
      };
    },
  );

  app.get(
    '/categories/:id',
    {
      schema: {
        summary: 'One visible section with items, types and children',
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: envelope(CategoryTree, LocaleMeta), ...errorResponses },
      },
    },
    async (request) => {
      const { snapshot, openKey } = await publicContext(app, request);
      const locale = servedLocale(snapshot, request.query.locale);
      const data = categoryTree(snapshot, openKey, locale, request.params.id);
      if (!data) throw new NotFoundError();
      return { success: true, data, meta: { generated_at: nowIso(), locale } };
    },
  );
};

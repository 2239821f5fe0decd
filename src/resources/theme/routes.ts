// Public GET /theme.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicContext } from '../../catalog/context.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { LocaleQuery } from '../../http/params.js';
import { envelope, errorResponses, Meta, nowIso } from '../../http/schemas.js';
import { resolveLocale } from '../../i18n/locales.js';
import { Theme, themeView } from './schema.js';

export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/theme',
    {
      schema: {
        querystring: LocaleQuery,
        summary: 'Visual theme',
        response: { 200: envelope(Theme, Meta), ...errorResponses },
      },
    },
    async (request) => {
      const { snapshot } = await publicContext(app, request);
      return {
        success: true,
        data: themeView(snapshot, resolveLocale(request.query.locale, defaultLocaleOf(snapshot))),
        meta: { generated_at: nowIso() },
      };
    },
  );
};

// Public GET /restaurant.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicContext } from '../../catalog/context.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { LocaleQuery } from '../../http/params.js';
import { envelope, errorResponses, Meta, nowIso } from '../../http/schemas.js';
import { resolveLocale } from '../../i18n/locales.js';
import { Settings, settingsView } from './schema.js';

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/restaurant',
    {
      schema: {
        querystring: LocaleQuery,
        summary: 'Restaurant settings',
        response: { 200: envelope(Settings, Meta), ...errorResponses },
      },
    },
    async (request) => {
      const { snapshot } = await publicContext(app, request);
      return {
        success: true,
        data: settingsView(snapshot, resolveLocale(request.query.locale, defaultLocaleOf(snapshot))),
        meta: { generated_at: nowIso() },
      };
    },
  );
};

// Public GET /dietary: the dietary labels in the requested locale (default Italian, like /allergens).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { envelope, errorResponses, LocaleMeta, nowIso } from '../../http/schemas.js';
import { resolveLocale } from '../../i18n/locales.js';
import { DIETARY_KEYS, dietaryName } from './data.js';

export const DietaryLabel = Type.Object({ key: Type.String(), name: Type.String() });

export const dietaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dietary',
    {
      schema: {
        summary: 'The dietary labels a dish can carry (vegetarian, vegan, gluten_free, lactose_free, spicy)',
        querystring: Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) }),
        response: { 200: envelope(Type.Array(DietaryLabel), LocaleMeta), ...errorResponses },
      },
    },
    async (request) => {
      const locale = resolveLocale(request.query.locale, 'it');
      return {
        success: true,
        data: DIETARY_KEYS.map((key) => ({ key, name: dietaryName(key, locale) })),
        meta: { generated_at: nowIso(), locale },
      };
    },
  );
};

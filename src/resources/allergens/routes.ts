// Public GET /allergens: the dictionary in the requested locale (default Italian, per the spec).

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { envelope, errorResponses, LocaleMeta, nowIso } from '../../http/schemas.js';
import { resolveLocale } from '../../i18n/locales.js';
import { ALLERGEN_KEYS, allergenName } from './data.js';

export const Allergen = Type.Object({ key: Type.String(), name: Type.String() });

export const allergenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/allergens',
    {
      schema: {
        summary: 'The 14 allergens of EU Regulation 1169/2011',
        querystring: Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) }),
        response: { 200: envelope(Type.Array(Allergen), LocaleMeta), ...errorResponses },
      },
    },
    async (request) => {
      const locale = resolveLocale(request.query.locale, 'it');
      return {
        success: true,
        data: ALLERGEN_KEYS.map((key) => ({ key, name: allergenName(key, locale) })),
        meta: { generated_at: nowIso(), locale },
      };
    },
  );
};

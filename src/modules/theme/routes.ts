// Public GET /theme.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { publicContext } from '../../catalog/context.js';
import { envelope, errorResponses, Meta, nowIso } from '../../http/schemas.js';
import { Theme, themeView } from './schema.js';

export const themeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/theme',
    { schema: { summary: 'Visual theme', response: { 200: envelope(Theme, Meta), ...errorResponses } } },
    async (request) => {
      const { snapshot } = await publicContext(app, request);
      return { success: true, data: themeView(snapshot), meta: { generated_at: nowIso() } };
    },
  );
};

// Public GET /restaurant.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelope, errorResponses, Meta, nowIso } from '../../http/schemas.js';
import { publicContext } from '../menu/context.js';
import { settingsView } from '../menu/views.js';
import { Settings } from './schema.js';

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/restaurant',
    { schema: { summary: 'Restaurant settings', response: { 200: envelope(Settings, Meta), ...errorResponses } } },
    async (request) => {
      const { snapshot } = await publicContext(app, request);
      return { success: true, data: settingsView(snapshot), meta: { generated_at: nowIso() } };
    },
  );
};

// GET /menu/{locale?}: the whole public menu, served from the cached document.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { publicContext } from '../../catalog/context.js';
import { defaultLocaleOf } from '../../catalog/snapshot.js';
import { errorResponses } from '../../http/schemas.js';
import { resolveLocale } from '../../i18n/locales.js';
import { matchesEtag, menuDocument, negotiateEncoding, representation } from './document.js';
import { MenuResponse } from './schema.js';

export const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/menu/:locale?',
    {
      schema: {
        summary: 'The whole public menu: settings, theme and visible sections with their dishes',
        params: Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) }),
        querystring: Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) }),
        response: { 200: MenuResponse, 304: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { snapshot, openKey } = await publicContext(app, request);
      const locale = resolveLocale(request.params.locale || request.query.locale, defaultLocaleOf(snapshot));
      const doc = menuDocument(snapshot, openKey, locale);
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      const rep = await representation(doc, encoding);
      if (matchesEtag(request.headers['if-none-match'], rep.etag)) {
        const { etag, vary, 'cache-control': cacheControl } = rep.headers;
        return reply.code(304).headers({ etag, vary, 'cache-control': cacheControl }).send(null);
      }
      return reply.headers(rep.headers).send(rep.body);
    },
  );
};

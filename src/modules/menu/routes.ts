// GET /menu/{locale?}: the whole public menu, served from the cached document.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses } from '../../http/schemas.js';
import { menuDocumentFor } from './cached.js';
import { matchesEtag, negotiateEncoding } from './document.js';
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
      const doc = await menuDocumentFor(app, request.tenant, request.params.locale || request.query.locale);
      const rep = await app.documents.representation(doc, negotiateEncoding(request.headers['accept-encoding']));
      if (matchesEtag(request.headers['if-none-match'], rep.etag, rep.formerEtag)) {
        const { etag, vary, 'cache-control': cacheControl } = rep.headers;
        return reply.code(304).headers({ etag, vary, 'cache-control': cacheControl }).send(null);
      }
      return reply.headers(rep.headers).send(rep.body);
    },
  );
};

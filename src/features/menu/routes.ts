// GET /menu and /menu/{locale}: the whole public menu, served from the cached document.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponses } from '../../http/schemas.js';
import { menuDocumentFor } from './cached.js';
import { matchesEtag, negotiateEncoding } from './document.js';
import { MenuResponse } from './schema.js';

export const menuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  type MenuRequest = FastifyRequest<{ Params: { locale?: string }; Querystring: { locale?: string } }>;
  const handler = async (request: MenuRequest, reply: FastifyReply) => {
    const inPath = request.params?.locale;
    const inQuery = request.query.locale;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    const rep = await menuDocumentFor(app, request.tenant, inPath || inQuery, encoding, (doc) =>
      app.documents.representation(doc, encoding),
    );
    if (matchesEtag(request.headers['if-none-match'], rep.etag, rep.formerEtag)) {
      const { etag, vary, 'cache-control': cacheControl } = rep.headers;
      return reply.code(304).headers({ etag, vary, 'cache-control': cacheControl }).send(null);
    }
    return reply.headers(rep.headers).send(rep.body);
  };
  const response = { 200: MenuResponse, 304: Type.Null(), ...errorResponses };
  const querystring = Type.Object({ locale: Type.Optional(Type.String({ maxLength: 35 })) });
  // Two routes rather than one optional parameter, so the OpenAPI document has two real paths.
  app.get(
    '/menu',
    {
      schema: {
        summary: 'The whole public menu in the default locale (or ?locale=)',
        description: 'Settings, theme and the visible sections with their dishes, as one document.',
        querystring,
        response,
      },
    },
    handler,
  );
  app.get(
    '/menu/:locale',
    {
      schema: {
        summary: 'The whole public menu in a locale',
        description:
          'Any path segment is accepted: a locale the restaurant does not offer is served in Italian when it offers Italian, else in its default locale; `meta.locale` says which.',
        // Any text: an unknown locale is not an error but the fallback (never a 404).
        params: Type.Object({ locale: Type.String() }),
        querystring,
        response,
      },
    },
    handler,
  );
};

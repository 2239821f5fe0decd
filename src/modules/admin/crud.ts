// Registers the five admin routes of a menu resource (list, get, create, update, delete) from
// its schemas and functions, so every resource answers the same way: 201 + object on create,
// partial PUT with PATCH as an alias, 204 on delete, 404 for another tenant's or a missing id.
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import { apiActor, type MenuWrite, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { NotFoundError } from '../../http/errors.js';
import { partial } from '../../http/inputs.js';
import { IdParams, LocaleQuery, paginate } from '../../http/params.js';
import { adminErrorResponses, envelope, LocaleMeta, nowIso, PageMeta } from '../../http/schemas.js';
import { inOnePass } from '../../http/validator.js';
import { type Locale, resolveLocale } from '../../i18n/locales.js';
import { READ_SCOPES, WRITE_SCOPES } from '../tokens/scopes.js';

// biome-ignore lint/suspicious/noExplicitAny: each resource brings its own typed query and body
type Any = any;

export interface CrudResource<Row> {
  /** Path segment under /admin, e.g. `items`. */
  path: string;
  summary: string;
  entity: TSchema;
  input: TObject;
  listQuery: TObject;
  /** The owner's rows in list order, filtered by the list query. */
  list(snapshot: MenuSnapshot, query: Any): Row[];
  find(snapshot: MenuSnapshot, id: number): Row | undefined;
  view(snapshot: MenuSnapshot, row: Row, locale: Locale): unknown;
  create(w: MenuWrite, body: Any): Promise<number>;
  update(w: MenuWrite, id: number, body: Any): Promise<void>;
  remove(w: MenuWrite, id: number): Promise<void>;
}

export function registerCrud<Row>(app: FastifyInstance, r: CrudResource<Row>): void {
  const one = envelope(r.entity, LocaleMeta);
  const respond = async (tenantId: number, id: number, localeParam: string | undefined) => {
    const snapshot = await ownerSnapshot(app, tenantId);
    const row = r.find(snapshot, id);
    if (!row) throw new NotFoundError();
    const locale = resolveLocale(localeParam, defaultLocaleOf(snapshot));
    return { success: true, data: r.view(snapshot, row, locale), meta: { generated_at: nowIso(), locale } };
  };

  app.get(
    `/${r.path}`,
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: `List ${r.summary} (inactive included)`,
        querystring: r.listQuery,
        response: { 200: envelope(Type.Array(r.entity), PageMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const q = request.query as Any;
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      const locale = resolveLocale(q.locale, defaultLocaleOf(snapshot));
      return paginate(r.list(snapshot, q), q, locale, (row) => r.view(snapshot, row, locale));
    },
  );

  app.get(
    `/${r.path}/:id`,
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: `One ${r.summary}`,
        params: IdParams,
        querystring: LocaleQuery,
        response: { 200: one, ...adminErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return respond(request.tenant.id, id, (request.query as Any).locale);
    },
  );

  app.post(
    `/${r.path}`,
    {
      config: { scopes: WRITE_SCOPES, validatesInHandler: true },
      schema: {
        summary: `Create ${r.summary}`,
        querystring: LocaleQuery,
        body: r.input,
        response: { 201: one, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      // One 422 for the schema's rules and the service's (references, the default locale's name).
      const id = await inOnePass(request.body, r.input, (settle) =>
        writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
          const created = await r.create(w, request.body);
          settle();
          return created;
        }),
      );
      return reply.code(201).send(await respond(tenantId, id, (request.query as Any).locale));
    },
  );

  const updateSchema = {
    summary: `Update ${r.summary} (partial: omitted fields keep their value)`,
    params: IdParams,
    querystring: LocaleQuery,
    body: partial(r.input),
    response: { 200: one, ...adminErrorResponses },
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: `/${r.path}/:id`,
      config: { scopes: WRITE_SCOPES, validatesInHandler: true },
      schema: updateSchema,
      handler: async (request) => {
        const tenantId = request.tenant.id;
        const { id } = request.params as { id: number };
        await inOnePass(request.body, updateSchema.body, (settle) =>
          writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
            await r.update(w, id, request.body);
            settle();
          }),
        );
        return respond(tenantId, id, (request.query as Any).locale);
      },
    });
  }

  app.delete(
    `/${r.path}/:id`,
    {
      config: { scopes: WRITE_SCOPES },
      schema: {
        summary: `Delete ${r.summary}`,
        params: IdParams,
        response: { 204: Type.Null(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { id } = request.params as { id: number };
      await writeMenu(app, tenantId, apiActor(request.principal), (w) => r.remove(w, id));
      return reply.code(204).send();
    },
  );
}

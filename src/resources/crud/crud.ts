// Registers the five admin routes of a menu resource (list, get, create, update, delete) from
// its schemas and functions, so every resource answers the same way: 201 + object on create,
// partial PUT with PATCH as an alias, 204 on delete, 404 for another tenant's or a missing id.
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { READ_SCOPES, WRITE_SCOPES } from '../../accounts/tokens/scopes.js';
import { defaultLocaleOf, type MenuSnapshot } from '../../catalog/snapshot.js';
import { apiActor, type MenuWrite, ownerSnapshot, writeMenu } from '../../catalog/write.js';
import { type FieldIssue, NotFoundError, PreconditionFailedError, ValidationError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { deletedSince, findByExternalId, findRow, type MenuTable, setExternalId } from '../../db/menu-rows.js';
import { ifMatchHolds, rowTag } from '../../http/etag.js';
import { IsoDateTime, partial } from '../../http/inputs.js';
import { IdParams, LocaleQuery, paginate } from '../../http/params.js';
import {
  adminErrorResponses,
  adminWriteErrorResponses,
  envelope,
  LocaleMeta,
  nowIso,
  PageMeta,
  pagedEnvelope,
  pageLinks,
} from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { inOnePass } from '../../http/validator.js';
import { acceptReadShape, rawIdParam } from '../../http/write-shape.js';
import { type Locale, resolveLocale } from '../../i18n/locales.js';

/** The list meta; `deleted` (ids removed since `updated_since`) only when that filter is given. */
const ListMeta = Type.Composite([PageMeta, Type.Object({ deleted: Type.Optional(Type.Array(Type.Integer())) })]);

/** What every admin list query carries besides the resource's own filters. */
interface ListBase {
  page: number;
  per_page: number;
  locale?: string;
  external_id?: string;
  updated_since?: string;
}

/**
 * Fastify has validated the request against the schemas registerCrud builds from the resource's
 * `listQuery` and `input` before the handler runs; TypeScript cannot carry those generic schemas
 * through Fastify's inference, so this is the one place their static types are stated.
 */
function validated<T>(value: unknown): T {
  return value as T;
}

/** A resource's row type, list query schema and input schema; its functions are typed from them. */
export interface CrudResource<
  Row,
  Q extends TObject = TObject,
  I extends TObject = TObject,
  D extends TObject = TObject,
> {
  /** Path segment under /admin, e.g. `items`. */
  path: string;
  /** The table the rows live in, when it is not named like the path (`option-groups` → `option_groups`). */
  table?: MenuTable;
  summary: string;
  entity: TSchema;
  input: I;
  listQuery: Q;
  /** The owner's rows in list order, filtered by the list query. */
  list(snapshot: MenuSnapshot, query: Static<Q>): Row[];
  find(snapshot: MenuSnapshot, id: number): Row | undefined;
  view(snapshot: MenuSnapshot, row: Row, locale: Locale): unknown;
  create(w: MenuWrite, body: Static<I>): Promise<number>;
  update(w: MenuWrite, id: number, body: Partial<Static<I>>): Promise<void>;
  remove(w: MenuWrite, id: number, query: Static<D>): Promise<void>;
  /** What DELETE takes in its query string (e.g. a confirmation), when anything. */
  deleteQuery?: D;
  /**
   * What the object shows beyond its own row (a dish's option groups, a group's options), so its
   * ETag changes with them: read from the snapshot for a read, from the database inside a write.
   */
  tagExtra?: {
    snapshot(snapshot: MenuSnapshot, id: number): unknown;
    stored(db: Db, tenantId: number, id: number): Promise<unknown>;
  };
}

/** A point-of-sale system's own id for the row: unique per restaurant and resource; null for none. */
const ExternalIdInput = Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 100 }), Type.Null()]));

/**
 * The resource's object plus what only the admin API shows: `external_id` (diners have no use for
 * it) and `updated_at` (when the row last changed, for `?updated_since=`).
 */
function withAdminFields(entity: TSchema): TSchema {
  const external_id = Type.Union([Type.String(), Type.Null()]);
  const updated_at = Type.String({ description: 'When the row last changed (ISO 8601); read-only.' });
  if (entity.type === 'object' && entity.properties) {
    const { properties, required, type: _type, ...options } = entity as TObject;
    return Type.Object({ ...properties, external_id, updated_at }, options);
  }
  return Type.Intersect([entity, Type.Object({ external_id, updated_at })]);
}

const updatedAtOf = (row: unknown) => (row as { updated_at: string }).updated_at;

/** The object's ETag: its stored row, and what it shows beyond it (CrudResource.tagExtra). */
function objectTag(table: MenuTable, row: object, extra: unknown): string {
  return rowTag(table, extra === undefined ? row : { ...row, '~extra': JSON.stringify(extra) });
}

/** The write goes ahead only when `If-Match` (if any) names the row's current version. */
async function checkIfMatch(
  w: MenuWrite,
  table: MenuTable,
  id: number,
  ifMatch: string | undefined,
  tagExtra: CrudResource<unknown>['tagExtra'],
) {
  if (ifMatch === undefined) return;
  const row = await findRow(w.trx, table, w.tenantId, id);
  if (!row) throw new NotFoundError();
  const extra = tagExtra ? await tagExtra.stored(w.trx, w.tenantId, id) : undefined;
  if (!ifMatchHolds(ifMatch, objectTag(table, row, extra))) throw new PreconditionFailedError('precondition_failed');
}

const externalIdOf = (row: unknown) => (row as { external_id?: string | null }).external_id ?? null;

/**
 * Sets the row's external_id when the body sends one: another row of the restaurant holding it
 * is a 422 (`unique`), reported with the service's own rules.
 */
async function writeExternalId(w: MenuWrite, table: MenuTable, id: number, value: string | null | undefined) {
  if (value === undefined) return;
  const row = await findRow(w.trx, table, w.tenantId, id);
  if (!row || row.external_id === value) return;
  await setExternalId(w.trx, table, w.tenantId, id, value);
  w.record({ resource: table, id, action: 'updated', before: row, after: { ...row, external_id: value } });
}

async function externalIdIssues(
  w: MenuWrite,
  table: MenuTable,
  id: number | null,
  value: unknown,
): Promise<FieldIssue[]> {
  if (typeof value !== 'string') return [];
  const holder = await findByExternalId(w.trx, table, w.tenantId, value);
  return holder && holder.id !== id ? [{ field: 'external_id', rule: 'unique' }] : [];
}

/** Runs a service write after the external_id check, so both report in one ValidationError. */
async function withExternalIdCheck<T>(issues: FieldIssue[], work: () => Promise<T>): Promise<T> {
  try {
    const result = await work();
    if (issues.length > 0) throw new ValidationError(issues);
    return result;
  } catch (err) {
    if (issues.length > 0 && err instanceof ValidationError && !err.issues.includes(issues[0])) {
      throw new ValidationError([...err.issues, ...issues]);
    }
    throw err;
  }
}

export function registerCrud<Row, Q extends TObject, I extends TObject, D extends TObject = TObject>(
  app: FastifyInstance,
  r: CrudResource<Row, Q, I, D>,
): void {
  type ListQuery = Static<Q> & ListBase;
  type Body = Static<I> & { external_id?: string | null };
  const api = typed(app);
  const table = r.table ?? (r.path as MenuTable);
  const entity = withAdminFields(r.entity);
  const input = Type.Object({ ...r.input.properties, external_id: ExternalIdInput }, { additionalProperties: false });
  const listQuery = Type.Object(
    {
      ...r.listQuery.properties,
      external_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
      updated_since: Type.Optional(
        IsoDateTime({
          description: 'Only rows changed at or after this time; `meta.deleted` lists the ids deleted since.',
        }),
      ),
    },
    { additionalProperties: r.listQuery.additionalProperties },
  );
  const view = (snapshot: MenuSnapshot, row: Row, locale: Locale) => ({
    ...(r.view(snapshot, row, locale) as object),
    external_id: externalIdOf(row),
    updated_at: updatedAtOf(row),
  });
  const one = envelope(entity, LocaleMeta);
  // What a read returns can be written back as it is (read-only fields dropped, *_translations read).
  const readShape = acceptReadShape(input, entity);
  const readShapeOfRow = acceptReadShape(input, entity, (request) => ({ id: rawIdParam(request) }));
  /** One object in the envelope, with its ETag (the stored row's version) on the reply. */
  const respond = async (reply: FastifyReply, tenantId: number, id: number, localeParam: string | undefined) => {
    const snapshot = await ownerSnapshot(app, tenantId);
    const row = r.find(snapshot, id);
    if (!row) throw new NotFoundError();
    const locale = resolveLocale(localeParam, defaultLocaleOf(snapshot));
    reply.header('etag', objectTag(table, row as object, r.tagExtra?.snapshot(snapshot, id)));
    return { success: true, data: view(snapshot, row, locale), meta: { generated_at: nowIso(), locale } };
  };

  api.get(
    `/${r.path}`,
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: `List ${r.summary} (inactive included)`,
        querystring: listQuery,
        response: { 200: pagedEnvelope(Type.Array(entity), ListMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const q = validated<ListQuery>(request.query);
      const snapshot = await ownerSnapshot(app, request.tenant.id);
      const locale = resolveLocale(q.locale, defaultLocaleOf(snapshot));
      const since = q.updated_since === undefined ? undefined : Date.parse(q.updated_since);
      const rows = r
        .list(snapshot, q)
        .filter((row) => q.external_id === undefined || externalIdOf(row) === q.external_id)
        .filter((row) => since === undefined || Date.parse(updatedAtOf(row)) >= since);
      const page = paginate(rows, q, locale, (row) => view(snapshot, row, locale));
      const deleted =
        since === undefined
          ? undefined
          : await deletedSince(app.database.db, request.tenant.id, table, nowIso(new Date(since)));
      return {
        ...page,
        meta: deleted ? { ...page.meta, deleted } : page.meta,
        links: pageLinks(request.url, page.meta.page, page.meta.last_page),
      };
    },
  );

  api.get(
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
    async (request, reply) => respond(reply, request.tenant.id, request.params.id, request.query.locale),
  );

  api.post(
    `/${r.path}`,
    {
      config: { scopes: WRITE_SCOPES, validatesInHandler: true },
      preValidation: readShape,
      schema: {
        summary: `Create ${r.summary}`,
        querystring: LocaleQuery,
        body: input,
        response: { 201: one, ...adminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      // One 422 for the schema's rules and the service's (references, the default locale's name).
      const body = validated<Body>(request.body);
      const id = await inOnePass(request.body, input, (settle) =>
        writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
          const issues = await externalIdIssues(w, table, null, body.external_id);
          const created = await withExternalIdCheck(issues, () => r.create(w, body));
          await writeExternalId(w, table, created, body.external_id);
          settle();
          return created;
        }),
      );
      return reply.code(201).send(await respond(reply, tenantId, id, request.query.locale));
    },
  );

  const updateSchema = {
    summary: `Update ${r.summary} (partial: omitted fields keep their value)`,
    params: IdParams,
    querystring: LocaleQuery,
    body: partial(input),
    response: { 200: one, ...adminWriteErrorResponses },
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    api.route({
      method,
      url: `/${r.path}/:id`,
      config: { scopes: WRITE_SCOPES, validatesInHandler: true },
      preValidation: readShapeOfRow,
      schema: updateSchema,
      handler: async (request, reply) => {
        const tenantId = request.tenant.id;
        const { id } = request.params;
        await inOnePass(request.body, updateSchema.body, (settle) =>
          writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
            await checkIfMatch(w, table, id, request.headers['if-match'], r.tagExtra);
            const body = validated<Partial<Body>>(request.body);
            const issues = await externalIdIssues(w, table, id, body.external_id);
            await withExternalIdCheck(issues, () => r.update(w, id, body));
            await writeExternalId(w, table, id, body.external_id);
            settle();
          }),
        );
        return respond(reply, tenantId, id, request.query.locale);
      },
    });
  }

  api.delete(
    `/${r.path}/:id`,
    {
      config: { scopes: WRITE_SCOPES },
      schema: {
        summary: `Delete ${r.summary}`,
        params: IdParams,
        ...(r.deleteQuery ? { querystring: r.deleteQuery } : {}),
        response: { 204: Type.Null(), ...adminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { id } = request.params;
      await writeMenu(app, tenantId, apiActor(request.principal), async (w) => {
        await checkIfMatch(w, table, id, request.headers['if-match'], r.tagExtra);
        await r.remove(w, id, validated<Static<D>>(request.query));
      });
      return reply.code(204).send(null);
    },
  );
}

// GET /api/v1/admin/changes?after=<cursor> (menu:read): one feed of every change to a restaurant's
// menu (sections, dishes, sub-categories, wineries, settings, theme; creations, updates and
// deletions) in the order they were committed, paged by an opaque cursor. It reads the audit log
// by menu version: one restaurant's writes take their versions in commit order (catalog/write.ts
// bumps the version first and holds its row until the commit), so a reader who has seen version N
// can never later find an entry below it: polling with the last cursor gives exactly what changed
// since, without gaps or repeats, however many writers run.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { READ_SCOPES } from '../../accounts/tokens/scopes.js';
import { ValidationError } from '../../core/errors.js';
import type { Db } from '../../db/connect.js';
import { adminErrorResponses, envelope, nowIso } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';

const Change = Type.Object({
  resource: Type.String({
    description: 'categories, items, types, wineries, option_groups, options, settings or theme',
  }),
  id: Type.Integer(),
  action: Type.Union([Type.Literal('created'), Type.Literal('updated'), Type.Literal('deleted')]),
  fields: Type.Array(Type.String(), { description: 'The fields an update changed (API names).' }),
  version: Type.Integer({ description: 'The menu version the change took.' }),
  occurred_at: Type.String(),
});

const ChangesMeta = Type.Object({
  generated_at: Type.String(),
  next_cursor: Type.String({ description: 'Send it as `after` next time: only what changed since comes back.' }),
  has_more: Type.Boolean({ description: 'true: more changes wait; ask again with next_cursor at once.' }),
  version: Type.Integer({ description: 'The menu version now.' }),
});

/** `<version>.<entry id>` as an opaque token. */
function encode(version: number, id: number): string {
  return Buffer.from(`${version}.${id}`).toString('base64url');
}

function decode(cursor: string): { version: number; id: number } {
  const m = /^(\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new ValidationError([{ field: 'after', rule: 'regex' }]);
  return { version: Number(m[1]), id: Number(m[2]) };
}

export async function readChanges(db: Db, tenantId: number, after: string | undefined, limit: number) {
  const from = after ? decode(after) : { version: -1, id: 0 };
  const v = sql<number>`COALESCE(menu_version, 0)`;
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'resource', 'resource_id', 'action', 'fields', 'occurred_at', v.as('v')])
    .where('tenant_id', '=', tenantId)
    .where((eb) => eb.or([eb(v, '>', from.version), eb.and([eb(v, '=', from.version), eb('id', '>', from.id)])]))
    .orderBy(v)
    .orderBy('id')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const tenant = await db.selectFrom('tenants').select('menu_version').where('id', '=', tenantId).executeTakeFirst();
  return {
    data: page.map((r) => ({
      resource: r.resource,
      id: r.resource_id,
      action: r.action as 'created' | 'updated' | 'deleted',
      fields: r.fields.split(',').filter(Boolean),
      version: Number(r.v),
      occurred_at: r.occurred_at,
    })),
    nextCursor: last ? encode(Number(last.v), last.id) : encode(Math.max(0, from.version), from.id),
    hasMore: rows.length > limit,
    version: tenant?.menu_version ?? 0,
  };
}

export function registerChangeFeed(app: FastifyInstance): void {
  typed(app).get(
    '/changes',
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: 'Every change of the menu since a cursor, in commit order',
        description:
          'All resources in one order, deletions included. Without `after`: from the first change kept. Poll with the last `next_cursor`: what changed since comes back, never a change twice and never one skipped, while writes go on.',
        querystring: Type.Object({
          after: Type.Optional(Type.String({ maxLength: 64, description: 'The next_cursor of the last answer.' })),
          limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
        }),
        response: { 200: envelope(Type.Array(Change), ChangesMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const page = await readChanges(app.database.db, request.tenant.id, request.query.after, request.query.limit);
      return {
        success: true,
        data: page.data,
        meta: { generated_at: nowIso(), next_cursor: page.nextCursor, has_more: page.hasMore, version: page.version },
      };
    },
  );
}

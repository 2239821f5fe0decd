// GET /api/v1/admin/audit (menu:read): a restaurant's audit log, newest first, filtered by
// resource, id, changed field and period. `readAuditLog` is what the panel's page calls too.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { READ_SCOPES } from '../../accounts/tokens/scopes.js';
import type { Db } from '../../db/connect.js';
import { Id } from '../../http/inputs.js';
import { adminErrorResponses, nowIso, pagedEnvelope, pageLinks } from '../../http/schemas.js';
import { typed } from '../../http/typed.js';
import { RULE } from '../../http/validator.js';
import { type AuditEntryRow, listAuditEntries } from './repo.js';

export const AUDIT_RESOURCES = [
  'categories',
  'items',
  'types',
  'wineries',
  'option_groups',
  'options',
  'settings',
  'theme',
] as const;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', [RULE]: 'date' });

export const AuditQuery = Type.Object({
  resource: Type.Optional(Type.Union(AUDIT_RESOURCES.map((r) => Type.Literal(r)))),
  id: Type.Optional(Id),
  field: Type.Optional(Type.String({ pattern: '^[a-z_]{1,64}$' })),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
});

const AuditEntry = Type.Object({
  id: Type.Integer(),
  occurred_at: Type.String(),
  resource: Type.String(),
  resource_id: Type.Integer(),
  action: Type.String(),
  actor: Type.Object({
    via: Type.String(),
    user_id: Type.Union([Type.Integer(), Type.Null()]),
    user_email: Type.Union([Type.String(), Type.Null()]),
    token_id: Type.Union([Type.Integer(), Type.Null()]),
    token_name: Type.Union([Type.String(), Type.Null()]),
  }),
  fields: Type.Array(Type.String()),
  changes: Type.Record(Type.String(), Type.Object({ before: Type.Unknown(), after: Type.Unknown() })),
});

const AuditMeta = Type.Object({
  generated_at: Type.String(),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  last_page: Type.Integer(),
});

export interface AuditEntryView {
  id: number;
  occurred_at: string;
  resource: string;
  resource_id: number;
  action: string;
  actor: {
    via: string;
    user_id: number | null;
    user_email: string | null;
    token_id: number | null;
    token_name: string | null;
  };
  fields: string[];
  changes: Record<string, { before: unknown; after: unknown }>;
}

export function toAuditEntry(row: AuditEntryRow): AuditEntryView {
  return {
    id: Number(row.id),
    occurred_at: row.occurred_at,
    resource: row.resource,
    resource_id: row.resource_id,
    action: row.action,
    actor: {
      via: row.via,
      user_id: row.user_id,
      user_email: row.user_email,
      token_id: row.token_id,
      token_name: row.token_name,
    },
    fields: row.fields.split(',').filter(Boolean),
    changes: JSON.parse(row.changes),
  };
}

export interface AuditQueryInput {
  resource?: string;
  id?: number;
  field?: string;
  /** Days (YYYY-MM-DD, UTC), both inclusive. */
  from?: string;
  to?: string;
  page: number;
  per_page: number;
  /** Panel filters (not on the API's query): entries by this user, or about any of these rows. */
  user_id?: number;
  rows?: { resource: string; ids: number[] }[];
  /** Entries that changed any of these fields. */
  any_field?: string[];
}

/** One page of the audit log with its pagination meta: the API route and the panel's page both use it. */
export async function readAuditLog(db: Db, tenantId: number, q: AuditQueryInput) {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();
  const { rows, total } = await listAuditEntries(
    db,
    tenantId,
    {
      resource: q.resource,
      resourceId: q.id,
      field: q.field,
      from: q.from ? `${q.from}T00:00:00.000Z` : undefined,
      to: q.to ? nextDay(q.to) : undefined,
      userId: q.user_id,
      anyOf: q.rows,
      anyField: q.any_field,
    },
    { offset: (q.page - 1) * q.per_page, limit: q.per_page },
  );
  return {
    data: rows.map(toAuditEntry),
    meta: {
      generated_at: nowIso(),
      total,
      page: q.page,
      per_page: q.per_page,
      last_page: Math.max(1, Math.ceil(total / q.per_page)),
    },
  };
}

export function registerAuditLog(app: FastifyInstance): void {
  typed(app).get(
    '/audit',
    {
      config: { scopes: READ_SCOPES },
      schema: {
        summary: 'Audit log of admin writes (API and panel), newest first',
        querystring: AuditQuery,
        response: { 200: pagedEnvelope(Type.Array(AuditEntry), AuditMeta), ...adminErrorResponses },
      },
    },
    async (request) => {
      const page = await readAuditLog(app.database.db, request.tenant.id, request.query);
      return { success: true, ...page, links: pageLinks(request.url, page.meta.page, page.meta.last_page) };
    },
  );
}

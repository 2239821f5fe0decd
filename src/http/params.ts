// Request pieces every route shares: the id path parameter, the locale query field, page
// selection, and the list envelope with the spec's pagination meta.
import { Type } from '@sinclair/typebox';
import { Id } from './inputs.js';
import { nowIso } from './schemas.js';

export const IdParams = Type.Object({ id: Id });

/** `?locale=`: any text is accepted and served as the fallback when it is not a locale offered. */
export const LocaleField = Type.Optional(Type.String({ maxLength: 35 }));
export const LocaleQuery = Type.Object({ locale: LocaleField });

/** `page` (1-based) and `per_page` (1..100, default 50), with the locale of translated fields. */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  locale: LocaleField,
};

/** One page of `rows` in the list envelope with the spec's page meta. */
export function paginate<R, T>(rows: R[], q: { page: number; per_page: number }, locale: string, map: (row: R) => T) {
  const start = (q.page - 1) * q.per_page;
  return {
    success: true,
    data: rows.slice(start, start + q.per_page).map(map),
    meta: {
      generated_at: nowIso(),
      locale,
      total: rows.length,
      page: q.page,
      per_page: q.per_page,
      last_page: Math.max(1, Math.ceil(rows.length / q.per_page)),
    },
  };
}

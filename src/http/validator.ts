// Validates request parts against their route's TypeBox schema, compiled once (validation/compile.ts),
// collecting every failed rule (Laravel style: one message per failed rule, keyed by dotted field path).
//
// Fastify's Ajv defaults do not fit the contract: they stop at the first error, coerce body
// types, strip unknown fields and answer 400 in Fastify's own format. Query strings and path
// parameters are coerced (they are text on the wire); JSON bodies never are. A body's issues are
// held until preHandler, so a route that checks database rules can report both in one 422.
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { BadRequestError, type FieldIssue, NotFoundError, ValidationError } from '../core/errors.js';
import { compiled } from './validation/compile.js';
import { orderIssues } from './validation/issues.js';
import type { Schema } from './validation/rules.js';

export { DECIMALS, PARAMS, RULE } from './validation/rules.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler takes the body's schema issues (`schemaIssues(request.body)`), adds its own
     * rules' issues and throws one ValidationError; otherwise schema issues answer 422 before it.
     */
    validatesInHandler?: boolean;
  }
}

/** Validates `value` against `schema`; returns the (coerced, defaulted) value and every issue found. */
export function validate(
  schema: Schema,
  value: unknown,
  coerceScalars: boolean,
): { value: unknown; issues: FieldIssue[] } {
  return compiled(schema, coerceScalars)(value);
}

/** Schema issues of a body that failed validation, keyed by the partial body the route receives. */
const pending = new WeakMap<object, FieldIssue[]>();

/** The schema's issues of a request body (empty when it passed); for `validatesInHandler` routes. */
export function schemaIssues(body: unknown): FieldIssue[] {
  return (typeof body === 'object' && body !== null && pending.get(body)) || [];
}

/**
 * A body checked outside a route (the panel's forms): the (coerced) value when it passed, else the
 * members that passed with the schema's issues held for `inOnePass`, exactly as a
 * `validatesInHandler` route receives it.
 */
export function checkedBody(schema: Schema, raw: Record<string, unknown>): Record<string, unknown> {
  const { value, issues } = compiled(schema, false)(raw);
  if (issues.length === 0) return value as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ValidationError(issues);
  const partial = withoutFailed(value as Record<string, unknown>, issues);
  pending.set(partial, issues);
  return partial;
}

/** Thrown inside a write whose body had schema issues, so its transaction rolls back. */
class SchemaIssuesPending extends Error {}

/**
 * One validation pass for a `validatesInHandler` route: `run` does the write with the members of
 * the body that passed their schema (its rules throw ValidationError as usual) and calls `settle()`
 * before committing. When the body had schema issues, the write is rolled back and one 422 lists
 * the schema's issues and the rules' issues together, in the body's order. A rule about a member
 * that failed its schema is not reported (it saw no value); one about a missing member is
 * (`name` missing also misses `name.<default locale>`). A missing row stays a 404.
 */
export async function inOnePass<T>(body: unknown, schema: Schema, run: (settle: () => void) => Promise<T>): Promise<T> {
  const fromSchema = schemaIssues(body);
  const settle = () => {
    if (fromSchema.length > 0) throw new SchemaIssuesPending();
  };
  try {
    return await run(settle);
  } catch (err) {
    if (fromSchema.length === 0 || err instanceof NotFoundError) throw err;
    const failed = new Set(
      fromSchema.filter((i) => !(i.rule === 'required' && !i.field.includes('.'))).map((i) => i.field.split('.')[0]),
    );
    const fields = new Set(fromSchema.map((i) => i.field));
    // Anything else the partial body led to (a constraint, a conflict) is moot until the schema passes.
    const own =
      err instanceof ValidationError
        ? err.issues.filter((i) => !fields.has(i.field) && !failed.has(i.field.split('.')[0]))
        : [];
    throw new ValidationError(orderIssues([...fromSchema, ...own], schema, body));
  }
}

/** The body without the top-level members that have an issue: what a handler may still read. */
function withoutFailed(value: Record<string, unknown>, issues: FieldIssue[]): Record<string, unknown> {
  const failed = new Set(issues.map((i) => i.field.split('.')[0]));
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (!failed.has(key)) out[key] = member;
  return out;
}

/**
 * `?category_id[]=2` (PHP/Rails style) is read as the list it means, `category_id: ['2']`, so a
 * scalar field answers 422 like a repeated `?category_id=1&category_id=2` instead of being ignored.
 */
function bracketsAsLists(data: unknown): unknown {
  if (typeof data !== 'object' || data === null) return data;
  let out: Record<string, unknown> | undefined;
  for (const [key, v] of Object.entries(data)) {
    const match = /^([^[\]]+)\[[^\]]*\]$/.exec(key);
    if (!match) continue;
    out ??= { ...(data as Record<string, unknown>) };
    delete out[key];
    const before = out[match[1]];
    out[match[1]] = [...(before === undefined ? [] : [before].flat()), ...[v].flat()];
  }
  return out ?? data;
}

/**
 * Fastify validator compiler. A bad path parameter (`/items/abc`) means no such resource: 404.
 * A missing body where one is required is reported field by field like an empty object.
 */
export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) => {
  const check = compiled(schema, httpPart !== 'body');
  const objectExpected = schema.type === 'object';
  if (httpPart === 'body') {
    return (data: unknown) => {
      const input = data ?? (objectExpected ? {} : data);
      // A JSON array or scalar where an object is expected has no field to name: refuse the body.
      if (objectExpected && (typeof input !== 'object' || Array.isArray(input))) {
        return { error: new BadRequestError('body_not_object') };
      }
      const { value, issues } = check(input);
      if (issues.length === 0) return { value };
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return { error: new ValidationError(issues) };
      }
      const partial = withoutFailed(value as Record<string, unknown>, issues);
      pending.set(partial, issues);
      return { value: partial };
    };
  }
  const read = httpPart === 'querystring' ? bracketsAsLists : (data: unknown) => data;
  return (data: unknown) => {
    const { value, issues } = check(read(data) ?? (objectExpected ? {} : data));
    if (issues.length === 0) return { value };
    return { error: httpPart === 'params' ? new NotFoundError() : new ValidationError(issues) };
  };
};

/** Compiled validation for every route, and the 422 of a failed body for routes that do not opt out. */
export function registerValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  // A DELETE has nothing to read: an empty body is ignored whatever Content-Type a client sends
  // with it (many send `application/json` on every request), instead of a 400 or 415.
  app.addHook('onRequest', (request, _reply, done) => {
    const h = request.headers;
    if (request.method === 'DELETE' && h['transfer-encoding'] === undefined && Number(h['content-length'] ?? 0) === 0) {
      delete h['content-type'];
    }
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const issues = schemaIssues(request.body);
    if (issues.length > 0 && request.routeOptions.config.validatesInHandler !== true) {
      done(new ValidationError(issues));
      return;
    }
    done();
  });
}

// Validates request parts against their route's TypeBox schema, collecting every failed rule
// (Laravel style: one message per failed rule, keyed by dotted field path).
//
// Fastify's Ajv defaults do not fit the contract: they stop at the first error, coerce body
// types, strip unknown fields and answer 400 in Fastify's own format. Query strings and path
// parameters are coerced (they are text on the wire); JSON bodies never are.
import type { FastifySchemaCompiler } from 'fastify';
import type { MessageKey } from '../i18n/messages.js';
import { BadRequestError, type FieldIssue, NotFoundError, ValidationError } from './errors.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON schema objects are untyped by nature
type Schema = Record<string, any>;

/** Schema option naming the message to use when `pattern` or `format` fails (default `regex`). */
export const RULE = 'x-rule';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function typeRule(type: string): MessageKey {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
      return 'integer';
    case 'number':
      return 'numeric';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'array';
    default:
      return 'object';
  }
}

function matchesType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

/** Query-string text to the schema's scalar type; undefined when it cannot be read as that type. */
function coerce(type: string | undefined, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (type === 'integer') return /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  if (type === 'number') return /^-?\d{1,15}(\.\d+)?$/.test(value) ? Number(value) : value;
  if (type === 'boolean') {
    if (value === '1' || value === 'true') return true;
    if (value === '0' || value === 'false') return false;
  }
  return value;
}

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

interface Walk {
  issues: FieldIssue[];
  coerceScalars: boolean;
}

/** Marks every required descendant of a missing object as required too (`name` and `name.it`). */
function requireDeep(schema: Schema, path: string, walk: Walk): void {
  walk.issues.push({ field: path, rule: 'required' });
  if (schema.type === 'object' && Array.isArray(schema.required)) {
    for (const key of schema.required as string[]) requireDeep(schema.properties?.[key] ?? {}, join(path, key), walk);
  }
}

function literalValues(schema: Schema): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s: Schema) => 'const' in s)) {
    return schema.anyOf.map((s: Schema) => s.const);
  }
  return undefined;
}

function check(schema: Schema, value: unknown, path: string, walk: Walk): unknown {
  const literals = literalValues(schema);
  if (literals) {
    const v = walk.coerceScalars && typeof literals[0] !== 'string' ? coerce(typeof literals[0], value) : value;
    if (!literals.includes(v)) walk.issues.push({ field: path, rule: 'in' });
    return v;
  }
  if ('const' in schema) {
    const v = walk.coerceScalars ? coerce(typeof schema.const, value) : value;
    if (v !== schema.const) walk.issues.push({ field: path, rule: 'in' });
    return v;
  }
  if (Array.isArray(schema.anyOf)) return checkUnion(schema.anyOf, value, path, walk);
  const type: string | undefined = schema.type;
  let v = walk.coerceScalars ? coerce(type, value) : value;
  if (type !== undefined && !matchesType(type, v)) {
    walk.issues.push({ field: path, rule: typeRule(type) });
    return v;
  }
  const rule = (schema[RULE] as MessageKey | undefined) ?? 'regex';
  if (typeof v === 'string') {
    // PostgreSQL cannot store NUL, and no menu text needs control characters: refuse them everywhere.
    if (CONTROL.test(v)) walk.issues.push({ field: path, rule: 'regex' });
    if (schema.minLength !== undefined && v.length < schema.minLength) {
      walk.issues.push({
        field: path,
        rule: schema.minLength === 1 ? 'required' : 'min_string',
        params: { min: schema.minLength },
      });
    }
    if (schema.maxLength !== undefined && v.length > schema.maxLength) {
      walk.issues.push({ field: path, rule: 'max_string', params: { max: schema.maxLength } });
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(v)) {
      walk.issues.push({ field: path, rule, params: schema['x-params'] });
    } else if (schema.format === 'email' && !EMAIL.test(v)) {
      walk.issues.push({ field: path, rule: 'email' });
    } else if (schema.format === 'uri' && !isUrl(v)) {
      walk.issues.push({ field: path, rule: 'url' });
    }
  } else if (typeof v === 'number') {
    if (schema.minimum !== undefined && v < schema.minimum) {
      walk.issues.push({ field: path, rule: 'min_numeric', params: { min: schema.minimum } });
    }
    if (schema.maximum !== undefined && v > schema.maximum) {
      walk.issues.push({ field: path, rule: 'max_numeric', params: { max: schema.maximum } });
    }
    if (schema.multipleOf === 0.01 && Math.abs(Math.round(v * 100) - v * 100) > 1e-6) {
      walk.issues.push({ field: path, rule: 'decimal', params: { decimal: '0-2' } });
    }
  } else if (Array.isArray(v)) {
    if (schema.minItems !== undefined && v.length < schema.minItems) {
      walk.issues.push({ field: path, rule: 'min_array', params: { min: schema.minItems } });
    }
    if (schema.maxItems !== undefined && v.length > schema.maxItems) {
      walk.issues.push({ field: path, rule: 'max_array', params: { max: schema.maxItems } });
      return v; // do not walk thousands of entries of a batch that is refused anyway
    }
    if (schema.uniqueItems && new Set(v.map((e) => JSON.stringify(e))).size !== v.length) {
      walk.issues.push({ field: path, rule: 'distinct' });
    }
    if (schema.items) v = v.map((entry, i) => check(schema.items, entry, join(path, i), walk));
  } else if (type === 'object' && typeof v === 'object' && v !== null) {
    v = checkObject(schema, v as Record<string, unknown>, path, walk);
  }
  return v;
}

/** A union passes when one branch passes; otherwise it reports the branch that fits the value's type best. */
function checkUnion(branches: Schema[], value: unknown, path: string, walk: Walk): unknown {
  let fallback: { value: unknown; issues: FieldIssue[] } | undefined;
  for (const branch of branches) {
    const sub: Walk = { issues: [], coerceScalars: walk.coerceScalars };
    const v = check(branch, value, path, sub);
    if (sub.issues.length === 0) return v;
    const typeFits = branch.type === undefined || matchesType(branch.type, v);
    if (!fallback || (typeFits && !('const' in branch))) fallback = { value: v, issues: sub.issues };
  }
  walk.issues.push(...(fallback?.issues ?? [{ field: path, rule: 'in' as const }]));
  return fallback?.value ?? value;
}

function checkObject(schema: Schema, value: Record<string, unknown>, path: string, walk: Walk) {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, propSchema] of Object.entries(properties)) {
    const present = Object.hasOwn(value, key) && value[key] !== undefined;
    if (!present) {
      // A default makes a field optional on the wire (as Ajv's useDefaults does).
      if (propSchema.default !== undefined) out[key] = propSchema.default;
      else if (required.has(key)) requireDeep(propSchema, join(path, key), walk);
      continue;
    }
    out[key] = check(propSchema, value[key], join(path, key), walk);
  }
  const patternSchemas: Schema[] = Object.values(schema.patternProperties ?? {});
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(properties, key)) continue;
    if (patternSchemas.length > 0) {
      out[key] = check(patternSchemas[0], value[key], join(path, key), walk);
    } else if (schema.additionalProperties === false) {
      walk.issues.push({ field: join(path, key), rule: 'prohibited' });
    } else if (typeof schema.additionalProperties === 'object') {
      out[key] = check(schema.additionalProperties, value[key], join(path, key), walk);
    } else {
      out[key] = value[key];
    }
  }
  return out;
}

/** Validates `value` against `schema`; returns the (coerced) value and every issue found. */
export function validate(
  schema: Schema,
  value: unknown,
  coerceScalars: boolean,
): { value: unknown; issues: FieldIssue[] } {
  const walk: Walk = { issues: [], coerceScalars };
  const result = check(schema, value, '', walk);
  return { value: result, issues: walk.issues };
}

/**
 * Fastify validator compiler. A bad path parameter (`/items/abc`) means no such resource: 404.
 * A missing body where one is required is reported field by field like an empty object.
 */
export const validatorCompiler: FastifySchemaCompiler<Schema> = ({ schema, httpPart }) => {
  const coerceScalars = httpPart !== 'body';
  return (data: unknown) => {
    const input = data ?? (schema.type === 'object' ? {} : data);
    // A JSON array or scalar where an object is expected has no field to name: refuse the body.
    if (httpPart === 'body' && schema.type === 'object' && (typeof input !== 'object' || Array.isArray(input))) {
      return { error: new BadRequestError('body_not_object') };
    }
    const { value, issues } = validate(schema, input, coerceScalars);
    if (issues.length === 0) return { value };
    return { error: httpPart === 'params' ? new NotFoundError() : new ValidationError(issues) };
  };
};

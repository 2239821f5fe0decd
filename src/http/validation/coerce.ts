// Query strings and path parameters are text on the wire: this reads them as the schema's scalar
// types before validation (integers `^-?\d{1,15}$`, booleans 1/0/true/false). Bodies never pass here.
import { chosenBranch } from './issues.js';
import type { Schema } from './rules.js';

export type Coerce = (value: unknown) => unknown;

/** Text to the schema's scalar type; anything that does not read as that type is left as sent. */
function fromText(type: unknown, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (type === 'integer') return /^-?\d{1,15}$/.test(value) ? Number(value) : value;
  if (type === 'number') return /^-?\d{1,15}(\.\d+)?$/.test(value) ? Number(value) : value;
  if (type === 'boolean') {
    if (value === '1' || value === 'true') return true;
    if (value === '0' || value === 'false') return false;
  }
  return value;
}

const scalar = (type: unknown): Coerce | undefined =>
  type === 'integer' || type === 'number' || type === 'boolean' ? (v) => fromText(type, v) : undefined;

function literalType(schema: Schema): string | undefined {
  if (Array.isArray(schema.enum)) return typeof schema.enum[0];
  if (Array.isArray(schema.anyOf) && schema.anyOf.every((s: Schema) => 'const' in s))
    return typeof schema.anyOf[0]?.const;
  if ('const' in schema) return typeof schema.const;
  return undefined;
}

/** Own property even for a key like `__proto__`. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * The coercion a schema implies, or undefined when it has nothing to coerce. A union tries its
 * branches in order and keeps the first reading its branch accepts (`accepts` compiles a branch).
 */
export function coercerFor(schema: Schema, accepts: (branch: Schema) => (v: unknown) => boolean): Coerce | undefined {
  const literal = literalType(schema);
  if (literal !== undefined) return literal === 'string' ? undefined : (v) => fromText(literal, v);
  if (Array.isArray(schema.anyOf)) return unionCoercer(schema.anyOf, accepts);
  if (schema.type === 'array' && schema.items) {
    const item = coercerFor(schema.items, accepts);
    return item && ((v) => (Array.isArray(v) ? v.map(item) : v));
  }
  if (schema.type === 'object') return objectCoercer(schema, accepts);
  return scalar(schema.type);
}

function unionCoercer(branches: Schema[], accepts: (branch: Schema) => (v: unknown) => boolean): Coerce | undefined {
  const readers = branches.map((b) => coercerFor(b, accepts));
  if (readers.every((r) => r === undefined)) return undefined;
  const checks = branches.map(accepts);
  return (v) => {
    const readings = readers.map((read) => (read ? read(v) : v));
    const passing = readings.findIndex((reading, i) => checks[i](reading));
    if (passing >= 0) return readings[passing];
    // No branch accepts: the reading of the branch whose type fits best, as the error will report.
    return readings[chosenBranch(branches, (i) => readings[i])];
  };
}

function objectCoercer(schema: Schema, accepts: (branch: Schema) => (v: unknown) => boolean): Coerce | undefined {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const members = Object.entries(properties).flatMap(([key, sub]) => {
    const read = coercerFor(sub, accepts);
    return read ? [[key, read] as const] : [];
  });
  const extraSchema = Object.values(schema.patternProperties ?? {})[0] ?? schema.additionalProperties;
  const extra = typeof extraSchema === 'object' ? coercerFor(extraSchema, accepts) : undefined;
  if (members.length === 0 && !extra) return undefined;
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    const source = v as Record<string, unknown>;
    const out: Record<string, unknown> = { ...source };
    for (const [key, read] of members) if (Object.hasOwn(source, key)) out[key] = read(source[key]);
    if (extra)
      for (const key of Object.keys(source)) if (!Object.hasOwn(properties, key)) put(out, key, extra(source[key]));
    return out;
  };
}

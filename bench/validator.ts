// Times the request validator: the hand-written schema walker it replaced (copied below as the
// baseline, without its Fastify compiler) against the compiled Ajv validator of src/http/validator.ts, on a
// 100-event analytics batch and on a dish body, each valid and invalid. Prints µs per call and the
// ratio. Run: node --import tsx bench/validator.ts
import type { Static } from '@sinclair/typebox';
import type { FieldIssue } from '../src/core/errors.js';
import { EventBatch } from '../src/features/analytics/ingest.js';
import { validate } from '../src/http/validator.js';
import type { MessageKey } from '../src/i18n/messages.js';
import { ALLERGEN_KEYS } from '../src/resources/allergens/data.js';
import { ItemInput } from '../src/resources/items/service.js';

// ---------------------------------------------------------------------------------------------
// BASELINE: the old hand-written walker (src/http/validator.ts before the compiled validator).
// It rebuilds a RegExp for every pattern it meets and walks the schema object on every call.
// ---------------------------------------------------------------------------------------------
// biome-ignore lint/suspicious/noExplicitAny: JSON schema objects are untyped by nature
type Schema = Record<string, any>;

const RULE = 'x-rule';

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
function legacyValidate(
  schema: Schema,
  value: unknown,
  coerceScalars: boolean,
): { value: unknown; issues: FieldIssue[] } {
  const walk: Walk = { issues: [], coerceScalars };
  const result = check(schema, value, '', walk);
  return { value: result, issues: walk.issues };
}

// ------------------------------------------------------------------- end of the baseline ----

type Batch = Static<typeof EventBatch>;

/** 100 plausible events, every type with the field it needs. */
function batch(): Batch {
  const events: Batch['events'] = [];
  for (let i = 0; i < 100; i++) {
    const session_id = `s-${(i % 7).toString(36)}-4f1c2a9b`;
    const occurred_at = `2026-05-0${1 + (i % 9)}T12:${String(i % 60).padStart(2, '0')}:00Z`;
    switch (i % 6) {
      case 0:
        events.push({ type: 'menu_view', session_id, occurred_at, locale: 'it' });
        break;
      case 1:
        events.push({ type: 'section_view', session_id, occurred_at, category_id: 1 + (i % 9) });
        break;
      case 2:
        events.push({ type: 'item_view', session_id, occurred_at, item_id: 10 + i });
        break;
      case 3:
        events.push({
          type: 'allergen_filter',
          session_id,
          allergens: [ALLERGEN_KEYS[i % 14], ALLERGEN_KEYS[(i + 3) % 14]],
        });
        break;
      case 4:
        events.push({ type: 'search', session_id, query: 'spaghetti alle vongole' });
        break;
      default:
        events.push({ type: 'locale_switch', session_id, locale: 'en' });
    }
  }
  return { events };
}

/** The same batch with one bad field in every tenth event (unknown type, id 0, empty session, extra member). */
function badBatch(): unknown {
  const { events } = batch();
  const bad: Record<string, unknown>[] = events.map((e) => ({ ...e }));
  for (let i = 0; i < bad.length; i += 10) {
    const e = bad[i];
    if (i % 40 === 0) e.type = 'page_view';
    else if (i % 40 === 10) e.item_id = 0;
    else if (i % 40 === 20) e.session_id = '';
    else e.extra = true;
  }
  return { events: bad };
}

const dish = {
  category_id: 3,
  type_id: 7,
  winery_id: null,
  name: { it: 'Spaghetti alle vongole', en: 'Spaghetti with clams', de: 'Spaghetti mit Venusmuscheln' },
  description: { it: 'Vongole veraci, aglio, prezzemolo', en: 'Clams, garlic, parsley' },
  price: 19.99,
  allergens: ['cereali_glutine', 'molluschi'],
  is_active: true,
  is_recommended: false,
  display_order: 4,
};
const badDish = {
  ...dish,
  category_id: 'x',
  name: { en: 'Spaghetti' },
  price: 4.355,
  allergens: ['milk', 'milk'],
  zz: 1,
};

/** The baseline knew `multipleOf: 0.01`, not `x-decimals`: give it the dish schema it had. */
const legacyItemInput = JSON.parse(JSON.stringify(ItemInput).replace('"x-decimals":2', '"multipleOf":0.01'));

interface Case {
  name: string;
  schema: Schema;
  legacySchema: Schema;
  value: unknown;
}
const cases: Case[] = [
  { name: '100-event batch, valid', schema: EventBatch, legacySchema: EventBatch, value: batch() },
  { name: '100-event batch, 10 bad', schema: EventBatch, legacySchema: EventBatch, value: badBatch() },
  { name: 'dish body, valid', schema: ItemInput, legacySchema: legacyItemInput, value: dish },
  { name: 'dish body, 6 bad', schema: ItemInput, legacySchema: legacyItemInput, value: badDish },
];

/** µs per call: the median of `rounds` timed rounds of about `ms` each, after a warm-up. */
function time(fn: () => unknown, ms = 300, rounds = 7): number {
  let calls = 1;
  for (let spent = 0; spent < ms / 4; calls *= 2) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    spent = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    samples.push(Number(process.hrtime.bigint() - t0) / 1e3 / calls);
  }
  return samples.sort((a, b) => a - b)[Math.floor(rounds / 2)];
}

const rows: string[][] = [['case', 'issues', 'walker µs', 'compiled µs', 'walker ÷ compiled']];
const compiledOnce = new Set<Schema>();
for (const c of cases) {
  const t0 = process.hrtime.bigint();
  const issues = validate(c.schema, c.value, false).issues;
  const firstMs = Number(process.hrtime.bigint() - t0) / 1e6;
  if (!compiledOnce.has(c.schema))
    console.log(`compiling ${c.name.split(',')[0]}'s schema (first call): ${firstMs.toFixed(1)} ms`);
  compiledOnce.add(c.schema);
  const legacy = legacyValidate(c.legacySchema, c.value, false).issues;
  const same =
    JSON.stringify(legacy.map((i) => [i.field, i.rule])) === JSON.stringify(issues.map((i) => [i.field, i.rule]));
  if (!same) throw new Error(`${c.name}: the two validators disagree`);
  const old = time(() => legacyValidate(c.legacySchema, c.value, false));
  const compiled = time(() => validate(c.schema, c.value, false));
  rows.push([c.name, String(issues.length), old.toFixed(1), compiled.toFixed(1), `${(old / compiled).toFixed(1)}×`]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const row of rows)
  console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
console.log(`node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);

// Compiles request schemas once with Ajv (strict, every error) plus our vendor keywords, and caches
// the compiled check by schema object and by schema text (apps built again reuse it).
import { _, Ajv, type KeywordCxt } from 'ajv';
import formats from 'ajv-formats';
import type { FieldIssue } from '../../core/errors.js';
import { schemaCompilation } from '../schema-compilation.js';
import { isAllowedFontUrl, isAllowedUrl } from '../urls.js';
import { type Coerce, coercerFor } from './coerce.js';
import { toIssues } from './issues.js';
import { DECIMALS, KEYWORD_RULES, PARAMS, PLAIN_TEXT, RULE, type Schema, STRUCTURAL } from './rules.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Decimal places of a number as its shortest decimal text reads (`19.99` → 2, `1e-7` → 7). */
export function decimalPlaces(value: number): number {
  const text = String(Math.abs(value));
  const e = text.indexOf('e');
  const mantissa = e < 0 ? text : text.slice(0, e);
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? 0 : mantissa.length - dot - 1;
  return Math.max(0, digits - (e < 0 ? 0 : Number(text.slice(e + 1))));
}

// Type coercion is ours (coerce.ts): Ajv's reads "1e3" and " 7" as numbers and "1" as no boolean.
const ajv = new Ajv({
  strict: true,
  allErrors: true,
  verbose: true,
  useDefaults: true,
  messages: false,
  // Without it `multipleOf: 0.01` refuses 19.99 (19.99 / 0.01 = 1998.9999999999998).
  multipleOfPrecision: 9,
});
ajv.addKeyword({ keyword: RULE, schemaType: 'string' });
ajv.addKeyword({ keyword: PARAMS, schemaType: 'object' });
// Both as generated code: a `validate` keyword would allocate a context object for every string.
ajv.addKeyword({
  keyword: DECIMALS,
  type: 'number',
  schemaType: 'number',
  metaSchema: { type: 'integer', minimum: 0, maximum: 15 },
  code(cxt: KeywordCxt) {
    const places = cxt.gen.scopeValue('func', { ref: decimalPlaces });
    cxt.fail(_`${places}(${cxt.data}) > ${cxt.schema}`);
  },
});
ajv.addKeyword({
  keyword: PLAIN_TEXT,
  type: 'string',
  schemaType: 'boolean',
  // PostgreSQL cannot store NUL, and no menu text needs control characters: refused in every string.
  code(cxt: KeywordCxt) {
    const control = cxt.gen.scopeValue('pattern', { ref: CONTROL });
    cxt.fail(_`${control}.test(${cxt.data})`);
  },
});
// Addresses a page will place in attributes and CSS: see http/urls.ts for what passes.
ajv.addFormat('uri', { type: 'string', validate: isAllowedUrl });
ajv.addFormat('font-url', { type: 'string', validate: (v: string) => v === '' || isAllowedFontUrl(v) });
ajv.addFormat('email', { type: 'string', validate: EMAIL });
// `date`: a real calendar day (2024-02-30 fails), from ajv-formats.
// (CommonJS: under NodeNext the default import is module.exports, which carries `default` too.)
formats.default(ajv, ['date']);

const SUBSCHEMA_MAPS = new Set(['properties', 'patternProperties']);

/**
 * A copy of the schema for Ajv: every string schema refuses control characters, a union of
 * literals becomes an `enum`, `$id` is left out (ids are for documents, and two apps register the
 * same ones), and a keyword with no message in the table fails here, loudly, at route registration.
 */
function prepare(schema: Schema, at: string): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    if (!(key in KEYWORD_RULES) && !STRUCTURAL.has(key)) {
      throw new Error(`validator: schema keyword "${key}" at ${at} has no message (src/http/validation/rules.ts)`);
    }
    if (SUBSCHEMA_MAPS.has(key)) {
      out[key] = Object.fromEntries(
        Object.entries(value as Schema).map(([k, s]) => [k, prepare(s, `${at}/${key}/${k}`)]),
      );
    } else if (key === 'items' && Array.isArray(value)) {
      throw new Error(`validator: tuple schemas are not supported (at ${at}/items)`);
    } else if ((key === 'items' || key === 'additionalProperties') && typeof value === 'object') {
      out[key] = prepare(value, `${at}/${key}`);
    } else if (key === 'anyOf' && (value as Schema[]).every((branch) => 'const' in branch)) {
      // A union of literals is a set: Ajv checks an `enum` several times faster than the branches.
      out.enum = (value as Schema[]).map((branch) => branch.const);
    } else if (key === 'anyOf') {
      out[key] = (value as Schema[]).map((s, i) => prepare(s, `${at}/anyOf/${i}`));
    } else {
      out[key] = value;
    }
  }
  if (out.type === 'string' && !('const' in out) && !('enum' in out)) out[PLAIN_TEXT] = true;
  return out;
}

function hasDefaults(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.hasOwn(schema, 'default') || Object.values(schema).some(hasDefaults);
}

export type Check = (value: unknown) => { value: unknown; issues: FieldIssue[] };

function build(schema: Schema, coerceScalars: boolean): Check {
  const prepared = prepare(schema, '#');
  const check = ajv.compile(prepared);
  const accepts = (branch: Schema) => ajv.compile(branch) as (v: unknown) => boolean;
  const coerce: Coerce | undefined = coerceScalars ? coercerFor(prepared, accepts) : undefined;
  // Ajv writes defaults into the data: work on a copy so a caller's object stays as it was.
  const copy = hasDefaults(prepared);
  return (input) => {
    let value = coerce ? coerce(input) : input;
    if (copy && value === input && typeof value === 'object' && value !== null) value = structuredClone(value);
    if (check(value)) return { value, issues: [] };
    return { value, issues: toIssues(check.errors ?? [], prepared, value) };
  };
}

/** The check compiled at its first call; an unknown keyword still fails here, at registration. */
function onFirstUse(schema: Schema, coerceScalars: boolean): Check {
  prepare(schema, '#');
  let check: Check | undefined;
  return (input) => {
    check ??= build(schema, coerceScalars);
    return check(input);
  };
}

const byObject = [new WeakMap<object, Check>(), new WeakMap<object, Check>()];
const byText = new Map<string, Check>();
/** Distinct schemas in the code are a few hundred; the bound only guards against schemas built per call. */
const MAX_TEXT_ENTRIES = 2000;

/** The compiled check of a schema: compiled once (now, or at its first use: http/schema-compilation.ts), then taken from the cache. */
export function compiled(schema: Schema, coerceScalars: boolean): Check {
  const cache = byObject[coerceScalars ? 1 : 0];
  let check = cache.get(schema);
  if (check) return check;
  const text = `${coerceScalars ? 'c' : 'j'}${JSON.stringify(schema)}`;
  check = byText.get(text);
  if (!check) {
    check = schemaCompilation.atStart ? build(schema, coerceScalars) : onFirstUse(schema, coerceScalars);
    if (byText.size >= MAX_TEXT_ENTRIES) byText.clear();
    byText.set(text, check);
  }
  cache.set(schema, check);
  return check;
}

// The one table from JSON-schema keywords to the Laravel rules (message keys) of src/i18n/messages.ts.
import type { ErrorObject } from 'ajv';
import type { FieldIssue } from '../../core/errors.js';
import type { MessageKey } from '../../i18n/messages.js';

// biome-ignore lint/suspicious/noExplicitAny: JSON schema objects are untyped by nature
export type Schema = Record<string, any>;

/** Vendor keyword: the message key to use when `pattern` or `format` fails (default `regex` / the format's). */
export const RULE = 'x-rule';
/** Vendor keyword: placeholders of that message, e.g. `{ format: 'HH:MM' }`. */
export const PARAMS = 'x-params';
/** Vendor keyword: at most N decimal places, read on the number's decimal text. */
export const DECIMALS = 'x-decimals';
/** Added by the compiler to every string schema (never written in one): no control characters. */
export const PLAIN_TEXT = 'x-plain-text';

/** An issue with its place among the issues of one field (the order the rules are read in). */
export interface RankedIssue extends FieldIssue {
  rank: number;
}

const TYPE_RULES: Record<string, MessageKey> = {
  string: 'string',
  integer: 'integer',
  number: 'numeric',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
};

const FORMAT_RULES: Record<string, MessageKey> = { uri: 'url', 'font-url': 'url', email: 'email', date: 'date' };

/** `multipleOf: 0.01` reads as "two decimal places"; any other step as a multiple. */
function stepRule(step: number): Pick<FieldIssue, 'rule' | 'params'> {
  const places = Math.round(-Math.log10(step));
  if (places > 0 && 10 ** -places === step) return { rule: 'decimal', params: { decimal: `0-${places}` } };
  return { rule: 'multiple_of', params: { value: step } };
}

type Make = (e: ErrorObject) => Omit<RankedIssue, 'field'>;

/**
 * Every keyword that can fail, with the rule it reports. A keyword missing here (and not in
 * STRUCTURAL) makes schema compilation fail, so no keyword is ever accepted without a message.
 * `rank` orders the rules of one field as they are read: text, then bounds, then shape.
 */
export const KEYWORD_RULES: Record<string, Make> = {
  type: (e) => ({ rule: TYPE_RULES[String(e.params.type).split(',')[0]] ?? 'object', rank: 0 }),
  required: () => ({ rule: 'required', rank: 0 }),
  [PLAIN_TEXT]: () => ({ rule: 'regex', rank: 0 }),
  // A required text field sent empty is "required", as Laravel says of an empty string.
  minLength: (e) => ({
    rule: e.params.limit === 1 ? 'required' : 'min_string',
    params: { min: e.params.limit },
    rank: 1,
  }),
  maxLength: (e) => ({ rule: 'max_string', params: { max: e.params.limit }, rank: 2 }),
  pattern: (e) => ({ rule: e.parentSchema?.[RULE] ?? 'regex', params: e.parentSchema?.[PARAMS], rank: 3 }),
  format: (e) => ({
    rule: e.parentSchema?.[RULE] ?? FORMAT_RULES[e.params.format] ?? 'regex',
    params: e.parentSchema?.[PARAMS],
    rank: 4,
  }),
  minimum: (e) => ({ rule: 'min_numeric', params: { min: e.params.limit }, rank: 1 }),
  maximum: (e) => ({ rule: 'max_numeric', params: { max: e.params.limit }, rank: 2 }),
  multipleOf: (e) => ({ ...stepRule(e.params.multipleOf), rank: 3 }),
  [DECIMALS]: (e) => ({ rule: 'decimal', params: { decimal: `0-${e.schema}` }, rank: 3 }),
  enum: (e) => ({ rule: e.parentSchema?.[RULE] ?? 'in', params: e.parentSchema?.[PARAMS], rank: 0 }),
  const: (e) => ({ rule: e.parentSchema?.[RULE] ?? 'in', params: e.parentSchema?.[PARAMS], rank: 0 }),
  // A failed union reports the rules of its branch that fits the value best (issues.ts).
  anyOf: () => ({ rule: 'in', rank: 0 }),
  additionalProperties: () => ({ rule: 'prohibited', rank: 0 }),
  minItems: (e) => ({ rule: 'min_array', params: { min: e.params.limit }, rank: 1 }),
  maxItems: (e) => ({ rule: 'max_array', params: { max: e.params.limit }, rank: 2 }),
  uniqueItems: () => ({ rule: 'distinct', rank: 3 }),
  // Laravel has no rule for an object's size; its array wording ("at least :min items") fits.
  minProperties: (e) => ({ rule: 'min_array', params: { min: e.params.limit }, rank: 1 }),
  maxProperties: (e) => ({ rule: 'max_array', params: { max: e.params.limit }, rank: 2 }),
};

/** Keywords that only hold sub-schemas or annotations: they never fail by themselves. */
export const STRUCTURAL = new Set([
  'properties',
  'patternProperties',
  'items',
  'default',
  'title',
  'description',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  RULE,
  PARAMS,
]);

// The keyword → message table of the compiled validator: one case per schema keyword we use, the
// vendor keywords, formats, unions, coercion of query text, and loud failures on unknown keywords.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { HexColor, TimeOfDay, UrlOrEmpty } from '../../src/http/inputs.js';
import { validate } from '../../src/http/validator.js';

/** `field:rule` of each issue of `value` against a one-member object `{ v: schema }`. */
function rules(schema: object, value: unknown, coerce = false): string[] {
  return validate(Type.Object({ v: schema as any }), { v: value }, coerce).issues.map((i) => `${i.field}:${i.rule}`);
}
function issue(schema: object, value: unknown) {
  const { issues } = validate(Type.Object({ v: schema as any }), { v: value }, false);
  assert.equal(issues.length, 1, JSON.stringify(issues));
  return issues[0];
}

test('type: each JSON type has its rule, and a wrong type reports only that', () => {
  assert.deepEqual(rules(Type.String({ maxLength: 1 }), 5), ['v:string']);
  assert.deepEqual(rules(Type.Integer({ minimum: 5 }), 1.5), ['v:integer']);
  assert.deepEqual(rules(Type.Number(), '1'), ['v:numeric']);
  assert.deepEqual(rules(Type.Boolean(), 1), ['v:boolean']);
  assert.deepEqual(rules(Type.Array(Type.String()), 'a'), ['v:array']);
  assert.deepEqual(rules(Type.Object({}), []), ['v:object']);
});

test('required, and minLength 1 reads as required', () => {
  const schema = Type.Object({ a: Type.String(), b: Type.Optional(Type.String()) });
  assert.deepEqual(
    validate(schema, {}, false).issues.map((i) => `${i.field}:${i.rule}`),
    ['a:required'],
  );
  assert.deepEqual(rules(Type.String({ minLength: 1 }), ''), ['v:required']);
});

test('minLength, maxLength carry their limits; lengths count characters, not UTF-16 units', () => {
  assert.deepEqual(issue(Type.String({ minLength: 3 }), 'ab'), { field: 'v', rule: 'min_string', params: { min: 3 } });
  assert.deepEqual(issue(Type.String({ maxLength: 2 }), 'abc'), { field: 'v', rule: 'max_string', params: { max: 2 } });
  assert.deepEqual(rules(Type.String({ maxLength: 2 }), '🍝🍷'), []);
});

test('minimum, maximum', () => {
  assert.deepEqual(issue(Type.Integer({ minimum: 1 }), 0), { field: 'v', rule: 'min_numeric', params: { min: 1 } });
  assert.deepEqual(issue(Type.Number({ maximum: 10 }), 10.5), { field: 'v', rule: 'max_numeric', params: { max: 10 } });
});

test('pattern reports x-rule with x-params, or regex', () => {
  assert.deepEqual(issue(HexColor, '#12345'), { field: 'v', rule: 'hex_color', params: undefined });
  assert.deepEqual(rules(HexColor, '#A0b1C2'), []);
  assert.deepEqual(issue(TimeOfDay, '24:00'), { field: 'v', rule: 'date_format', params: { format: 'HH:MM' } });
  assert.deepEqual(rules(Type.String({ pattern: '^a+$' }), 'b'), ['v:regex']);
});

test('control characters are refused in every string, before its other rules', () => {
  assert.deepEqual(rules(Type.String({ maxLength: 2 }), 'a\u0000bc'), ['v:regex', 'v:max_string']);
  assert.deepEqual(rules(Type.String(), 'tab\tand\nnewline'), []);
});

test('formats: uri is an http(s) URL, email, date a real calendar day', () => {
  const uri = Type.String({ format: 'uri' });
  assert.deepEqual(rules(uri, 'https://example.com/a?b=1'), []);
  assert.deepEqual(rules(uri, 'ftp://example.com'), ['v:url']);
  assert.deepEqual(rules(uri, 'mailto:a@b.it'), ['v:url']);
  assert.deepEqual(rules(Type.String({ format: 'email' }), 'a@b'), ['v:email']);
  assert.deepEqual(rules(Type.String({ format: 'email' }), 'chef@trattoria.it'), []);
  assert.deepEqual(rules(Type.String({ format: 'date' }), '2024-02-30'), ['v:date']);
  assert.deepEqual(rules(Type.String({ format: 'date' }), '2024-02-29'), []);
});

test('enum, const and unions of literals are one "in" rule', () => {
  assert.deepEqual(rules(Type.Unsafe({ enum: ['a', 'b'] }), 'c'), ['v:in']);
  assert.deepEqual(rules(Type.Literal('a'), 5), ['v:in']);
  assert.deepEqual(rules(Type.Union([Type.Literal('a'), Type.Literal('b')]), 'c'), ['v:in']);
  assert.deepEqual(rules(Type.Union([Type.Literal(0), Type.Literal(1)]), '1', true), []);
});

test('a failed union reports the branch that fits the value type best', () => {
  assert.deepEqual(rules(UrlOrEmpty, 'ftp://x'), ['v:url']);
  assert.deepEqual(rules(UrlOrEmpty, 5), ['v:in']);
  const nullableUrl = Type.Union([UrlOrEmpty, Type.Null()]);
  assert.deepEqual(rules(nullableUrl, null), []);
  assert.deepEqual(rules(nullableUrl, 'nope'), ['v:url']);
  assert.deepEqual(rules(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]), 0), ['v:min_numeric']);
  assert.deepEqual(rules(Type.Union([Type.Integer(), Type.Null()]), 'x'), ['v:integer']);
});

test('additionalProperties: false makes every extra member prohibited', () => {
  const schema = Type.Object({ a: Type.Integer() }, { additionalProperties: false });
  assert.deepEqual(
    validate(schema, { a: 1, b: 2, c: 3 }, false).issues.map((i) => `${i.field}:${i.rule}`),
    ['b:prohibited', 'c:prohibited'],
  );
});

test('minItems, maxItems, uniqueItems; an over-long list reports that alone', () => {
  const list = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 1, maxItems: 2, uniqueItems: true });
  assert.deepEqual(issue(list, []), { field: 'v', rule: 'min_array', params: { min: 1 } });
  assert.deepEqual(issue(list, [-1, -1, -1]), { field: 'v', rule: 'max_array', params: { max: 2 } });
  assert.deepEqual(rules(list, [3, 3]), ['v:distinct']);
  assert.deepEqual(rules(list, [-1, 3]), ['v.0:min_numeric']);
});

test('minProperties reads as "at least :min items"', () => {
  assert.deepEqual(issue(Type.Object({}, { minProperties: 1 }), {}), {
    field: 'v',
    rule: 'min_array',
    params: { min: 1 },
  });
});

test('x-decimals counts the decimal places of the number as written', () => {
  const price = Type.Number({ minimum: 0, 'x-decimals': 2 });
  for (const ok of [4.35, 0.29, 2.3, 19.99, 1_000_000, 0]) assert.deepEqual(rules(price, ok), [], String(ok));
  assert.deepEqual(issue(price, 4.355), { field: 'v', rule: 'decimal', params: { decimal: '0-2' } });
  assert.deepEqual(rules(price, 1e-7), ['v:decimal']);
  assert.deepEqual(rules(Type.Number({ 'x-decimals': 0 }), 2.5), ['v:decimal']);
});

test('multipleOf still works: a power of ten as decimal places, any other step as multiple_of', () => {
  assert.deepEqual(rules(Type.Number({ multipleOf: 0.01 }), 19.99), []);
  assert.deepEqual(issue(Type.Integer({ multipleOf: 5 }), 7), {
    field: 'v',
    rule: 'multiple_of',
    params: { value: 5 },
  });
});

test('query text is read as the schema types; anything else stays text and fails', () => {
  const query = Type.Object({
    page: Type.Integer({ minimum: 1, default: 1 }),
    on: Type.Optional(Type.Boolean()),
    ratio: Type.Optional(Type.Number()),
  });
  const read = (q: object) => validate(query, q, true);
  assert.deepEqual(read({ page: '2', on: 'false', ratio: '-1.5', other: 'kept' }).value, {
    page: 2,
    on: false,
    ratio: -1.5,
    other: 'kept',
  });
  assert.deepEqual(read({}).value, { page: 1 });
  for (const bad of ['1e3', ' 7', '0x10', '1234567890123456', '']) {
    assert.deepEqual(
      read({ page: bad }).issues.map((i) => i.rule),
      ['integer'],
      bad,
    );
  }
  assert.deepEqual(
    read({ on: 'yes' }).issues.map((i) => i.rule),
    ['boolean'],
  );
});

test('defaults fill a copy: the caller keeps its object', () => {
  const input = {};
  const { value } = validate(Type.Object({ page: Type.Integer({ default: 1 }) }), input, false);
  assert.deepEqual(value, { page: 1 });
  assert.deepEqual(input, {});
});

test('a keyword without a message, or unknown to Ajv, or an unknown format fails compilation', () => {
  assert.throws(() => validate({ type: 'string', maxLenght: 3 }, 'a', false), /maxLenght/);
  assert.throws(() => validate({ not: { type: 'string' } }, 1, false), /"not"/);
  assert.throws(() => validate({ type: 'string', format: 'hostname' }, 'a', false), /format "hostname"/);
  assert.throws(() => validate({ type: 'number', 'x-decimals': -1 }, 1, false));
  // Ajv's own strict mode: a string rule on a schema of no type, a required member never defined.
  assert.throws(() => validate({ minLength: 1 }, 'a', false), /strict mode/);
  assert.throws(() => validate({ type: 'object', required: ['a'] }, {}, false), /strict mode/);
});

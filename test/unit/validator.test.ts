// The request validator: every failed rule reported, Laravel-style rules, coercion only for query strings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { validate } from '../../src/http/validator.js';

const Dish = Type.Object(
  {
    category_id: Type.Integer({ minimum: 1 }),
    name: Type.Object(
      { it: Type.String({ minLength: 1 }), en: Type.Optional(Type.String()) },
      { additionalProperties: false },
    ),
    price: Type.Number({ minimum: 0, multipleOf: 0.01 }),
    tags: Type.Optional(Type.Array(Type.String(), { maxItems: 2, uniqueItems: true })),
    winery_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    layout: Type.Optional(Type.Union([Type.Literal('classic'), Type.Literal('cards')])),
  },
  { additionalProperties: false },
);

const rules = (value: unknown, coerce = false) =>
  validate(Dish, value, coerce).issues.map((i) => `${i.field}:${i.rule}`);

test('a missing translated object reports the object and its required translation', () => {
  assert.deepEqual(rules({}), ['category_id:required', 'name:required', 'name.it:required', 'price:required']);
});

test('empty strings count as missing for required text', () => {
  assert.deepEqual(rules({ category_id: 1, name: { it: '' }, price: 1 }), ['name.it:required']);
});

test('types are never coerced in bodies', () => {
  assert.deepEqual(rules({ category_id: '5', name: { it: 'x' }, price: true }), [
    'category_id:integer',
    'price:numeric',
  ]);
});

test('query strings are coerced', () => {
  const { value, issues } = validate(
    Type.Object({ page: Type.Integer(), on: Type.Boolean() }),
    { page: '3', on: '1' },
    true,
  );
  assert.deepEqual(issues, []);
  assert.deepEqual(value, { page: 3, on: true });
});

test('ranges, decimals, unknown fields, arrays, nulls and literal sets', () => {
  assert.deepEqual(rules({ category_id: 0, name: { it: 'x', xx: 'y' }, price: -1.005, extra: 1 }), [
    'category_id:min_numeric',
    'name.xx:prohibited',
    'price:min_numeric',
    'price:decimal',
    'extra:prohibited',
  ]);
  assert.deepEqual(rules({ category_id: 1, name: { it: 'x' }, price: 1, tags: ['a', 'a', 'b'] }), ['tags:max_array']);
  assert.deepEqual(rules({ category_id: 1, name: { it: 'x' }, price: 1, tags: ['a', 'a'] }), ['tags:distinct']);
  assert.deepEqual(rules({ category_id: 1, name: { it: 'x' }, price: 1, winery_id: null }), []);
  assert.deepEqual(rules({ category_id: 1, name: { it: 'x' }, price: 1, layout: 'fancy' }), ['layout:in']);
  assert.deepEqual(rules({ category_id: 1, name: { it: 'x' }, price: 19.99 }), []);
});

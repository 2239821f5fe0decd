// One validation pass over HTTP: a throwaway app with the real validator and error handler proves
// that schema issues answer 422 before the handler, except on routes that validate in the handler,
// which see the partial body and report their own rules' issues in the same 422.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { type FieldIssue, ValidationError } from '../../src/core/errors.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';
import { registerValidation, schemaIssues } from '../../src/http/validator.js';

const Dish = Type.Object(
  {
    category_id: Type.Integer({ minimum: 1 }),
    name: Type.Object({ it: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    price: Type.Number({ minimum: 0, 'x-decimals': 2 }),
    note: Type.Optional(Type.String({ maxLength: 10 })),
  },
  { additionalProperties: false },
);

/** The categories "in the database" of this throwaway app. */
const CATEGORIES = new Set([1, 2]);

async function build(): Promise<{ app: FastifyInstance; seen: unknown[] }> {
  const app = Fastify();
  registerValidation(app);
  registerErrorHandling(app);
  const seen: unknown[] = [];
  app.post('/plain', { schema: { body: Dish } }, async (request) => {
    seen.push(request.body);
    return { ok: true };
  });
  app.post(
    '/checked/:id',
    {
      config: { validatesInHandler: true },
      schema: {
        body: Dish,
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Object({ dry_run: Type.Optional(Type.Boolean()) }),
      },
    },
    async (request) => {
      const body = request.body as Partial<{ category_id: number }>;
      seen.push(body);
      // The database rule runs on what the schema let through, and joins the schema's issues.
      const issues: FieldIssue[] = [...schemaIssues(body)];
      if (body.category_id !== undefined && !CATEGORIES.has(body.category_id)) {
        issues.push({ field: 'category_id', rule: 'exists' });
      }
      if (issues.length > 0) throw new ValidationError(issues);
      return { ok: true, query: request.query };
    },
  );
  await app.ready();
  return { app, seen };
}

const post = (app: FastifyInstance, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json' } });

test('a route that does not opt in answers 422 with the schema issues, before its handler', async () => {
  const { app, seen } = await build();
  const res = await post(app, '/plain', { category_id: 0, name: {}, price: 4.355, extra: 1 });
  assert.equal(res.statusCode, 422);
  assert.deepEqual(res.json(), {
    success: false,
    message: 'Category id deve essere almeno 1. (e 3 altri errori)',
    errors: {
      category_id: ['Category id deve essere almeno 1.'],
      'name.it': ['Il campo name.it è richiesto.'],
      price: ['Price deve avere 0-2 cifre decimali.'],
      extra: ['Il campo extra non è consentito.'],
    },
  });
  assert.deepEqual(seen, []);
  const ok = await post(app, '/plain', { category_id: 1, name: { it: 'Carbonara' }, price: 12.5 });
  assert.equal(ok.statusCode, 200);
  assert.deepEqual(seen, [{ category_id: 1, name: { it: 'Carbonara' }, price: 12.5 }]);
  await app.close();
});

test('an opted-in route sees the partial body and reports schema and database rules in one 422', async () => {
  const { app, seen } = await build();
  const res = await post(app, '/checked/5', { category_id: 9, name: { it: '' }, price: 19.99, note: 'x'.repeat(11) });
  assert.equal(res.statusCode, 422);
  // The handler got every member that passed its schema rules, and none that failed.
  assert.deepEqual(seen, [{ category_id: 9, price: 19.99 }]);
  assert.deepEqual(res.json(), {
    success: false,
    message: 'Il campo name.it è richiesto. (e 2 altri errori)',
    errors: {
      'name.it': ['Il campo name.it è richiesto.'],
      note: ['Note non può contenere più di 10 caratteri.'],
      category_id: ['Il valore scelto per il campo category id non è valido.'],
    },
  });
  const english = await app.inject({
    method: 'POST',
    url: '/checked/5',
    payload: { category_id: 7, price: 1 },
    headers: { 'accept-language': 'en' },
  });
  assert.equal(english.json().message, 'The name field is required. (and 2 more errors)');
  assert.deepEqual(Object.keys(english.json().errors), ['name', 'name.it', 'category_id']);
  await app.close();
});

test('an opted-in route with a valid body runs normally; params and query strings still fail at once', async () => {
  const { app, seen } = await build();
  const body = { category_id: 2, name: { it: 'Tiramisù' }, price: 6 };
  const ok = await post(app, '/checked/5?dry_run=1', body);
  assert.equal(ok.statusCode, 200);
  assert.deepEqual(ok.json(), { ok: true, query: { dry_run: true } });
  assert.equal((await post(app, '/checked/abc', body)).statusCode, 404);
  const badQuery = await post(app, '/checked/5?dry_run=maybe', body);
  assert.equal(badQuery.statusCode, 422);
  assert.deepEqual(Object.keys(badQuery.json().errors), ['dry_run']);
  const notObject = await post(app, '/checked/5', [body]);
  assert.equal(notObject.statusCode, 400);
  assert.equal(notObject.json().message, 'Il corpo della richiesta deve essere un oggetto JSON.');
  assert.equal(seen.length, 1);
  await app.close();
});

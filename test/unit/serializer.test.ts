// Response serializers are compiled once per schema per process (src/http/serializer.ts): a second
// app reuses the first one's, a schema built per call is found again by its text, and shared
// schemas ($ref) still resolve.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { registerSerialization } from '../../src/http/serializer.js';

const Dish = {
  type: 'object',
  properties: { name: { type: 'string' }, price: { type: 'number' } },
} as const;
const Envelope = { $id: 'Envelope', type: 'object', properties: { message: { type: 'string' } } } as const;

async function appWith(schema: object, seen: unknown[]) {
  const app = Fastify();
  registerSerialization(app);
  app.addSchema(Envelope);
  app.get('/', { schema: { response: { 200: schema, 404: { $ref: 'Envelope#' } } } }, async (req, reply) => {
    if ((req.query as { missing?: string }).missing)
      return reply.code(404).send({ message: 'Not found.', secret: 'x' });
    seen.push(reply.getSerializationFunction('200'));
    return { name: 'Tiramisù', price: 6.5, secret: 'dropped' };
  });
  await app.ready();
  return app;
}

test('a second app reuses the serializers the first compiled; shared schemas resolve', async () => {
  const seen: unknown[] = [];
  const first = await appWith(Dish, seen);
  const second = await appWith(Dish, seen);
  const third = await appWith(JSON.parse(JSON.stringify(Dish)), seen); // same schema, another object
  for (const app of [first, second, third]) {
    const ok = await app.inject('/');
    assert.equal(ok.body, '{"name":"Tiramisù","price":6.5}');
    const missing = await app.inject('/?missing=1');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.body, '{"message":"Not found."}');
  }
  assert.equal(seen.length, 3);
  assert.equal(seen[0], seen[1], 'the same schema object: the same serializer');
  assert.equal(seen[0], seen[2], 'the same schema text: the same serializer');
  await Promise.all([first.close(), second.close(), third.close()]);
});

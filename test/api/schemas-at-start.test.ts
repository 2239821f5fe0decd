// A server compiles every route's request validators and response serializers as it starts, so a
// schema that cannot compile stops the start rather than failing its first request. The test
// harness compiles on first use instead (test/helper.ts, src/http/schema-compilation.ts): this file
// builds the app the server's way.
import assert from 'node:assert/strict';
import { afterEach, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { schemaCompilation } from '../../src/http/schema-compilation.js';
import { openTestDb, testConfig } from '../helper.js';

/** Ajv refuses it (a length must be a number); the keyword check at registration does not. */
const badQuery = { type: 'object', properties: { q: { type: 'string', minLength: 'three' } } };
/** fast-json-stringify refuses it: the reference names no shared schema. */
const badResponse = { 200: { type: 'object', properties: { dish: { $ref: 'NoSuchSchema#' } } } };

async function start(atStart: boolean, extra?: { querystring?: object; response?: object }) {
  schemaCompilation.atStart = atStart;
  const db = await openTestDb('sqlite');
  const app = await buildApp(testConfig(), { database: db });
  if (extra) app.get('/api/v1/extra', { schema: extra }, async () => ({ dish: {} }));
  try {
    await app.ready();
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    await app.close();
    await db.dispose();
  }
}

describe('schemas compiled at start', () => {
  afterEach(() => {
    schemaCompilation.atStart = false;
  });

  test("the server's way: every route of the app compiles at start", async () => {
    assert.equal(await start(true), undefined);
  });

  test('a request schema Ajv refuses stops the start; compiled on first use it would not have', async () => {
    assert.match(String(await start(true, { querystring: badQuery })), /minLength|schema is invalid/);
    assert.equal(await start(false, { querystring: badQuery }), undefined);
  });

  test('a response schema the serializer cannot build stops the start; compiled on first use it would not have', async () => {
    assert.match(String(await start(true, { response: badResponse })), /NoSuchSchema/);
    assert.equal(await start(false, { response: badResponse }), undefined);
  });
});

// The published OpenAPI document's own examples are valid against their schemas (what `redocly
// lint` checks in CI, caught here at once when a new field's sample does not fit), and its
// shape is what integrators' tools expect: 3.1, servers, operationIds, tags, security per operation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiDocument } from '../../src/features/docs/routes.js';
import { createTestApp } from '../helper.js';

test('every example in the published document matches its schema; every operation is complete', async () => {
  const t = await createTestApp('sqlite');
  try {
    const doc = openApiDocument(t.app) as any;
    assert.equal(doc.openapi, '3.1.0');
    assert.match(doc.servers[0].url, /\{restaurant\}/);
    const ajv = new (Ajv2020 as any)({ strict: false, allErrors: true });
    (addFormats as any)(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: doc.components });
    const anchored = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
    // The reads show real answers of the demo restaurant (scripts/openapi-examples.ts), not placeholders.
    const menu = doc.paths['/api/v1/menu/{locale}'].get.responses['200'].content['application/json'].example;
    assert.equal(menu.data.settings.slug, 'demo');
    assert.ok(menu.data.sections[0].items.length > 0);
    const item = doc.paths['/api/v1/admin/items/{id}'].get.responses['200'].content['application/json'].example;
    assert.equal(typeof item.data.price, 'number');
    assert.notEqual(item.data.name, 'xxxx');
    const ids = new Set<string>();
    let examples = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        assert.ok(op.operationId && !ids.has(op.operationId), `${where}: unique operationId`);
        ids.add(op.operationId);
        assert.ok(op.tags?.length && op.summary, `${where}: tag and summary`);
        assert.ok(Array.isArray(op.security), `${where}: security stated`);
        assert.equal(op.security.length === 0, !path.startsWith('/api/v1/admin/'), `${where}: public iff no token`);
        for (const param of op.parameters ?? []) {
          if (param.in === 'query') assert.equal(param.required, false, `${where}: ?${param.name} optional`);
        }
        const media = [
          op.requestBody?.content?.['application/json'],
          ...Object.values<any>(op.responses ?? {}).map((r) => r.content?.['application/json']),
        ];
        for (const m of media) {
          if (!m?.schema || m.example === undefined) continue;
          examples += 1;
          const check = ajv.compile(anchored(m.schema));
          assert.ok(check(m.example), `${where}: ${JSON.stringify(check.errors?.slice(0, 3))}`);
        }
      }
    }
    assert.ok(examples > 100, `examples checked: ${examples}`);
    assert.ok(ids.has('getMenu') && ids.has('getMenuByLocale'), 'two operations for /menu');
  } finally {
    await t.close();
  }
});

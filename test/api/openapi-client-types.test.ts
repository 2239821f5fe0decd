// What a generated client makes of the published document (scripts/openapi-types.ts, the types of
// examples/pos): files are Blob, the CSV import a string, every exported row has its id; .ci/run
// compiles the POS example against them with tsc --strict, and test/processes/pos-example.test.ts
// runs it (a photo and a CSV sent through the client with no cast).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clientTypes } from '../../scripts/openapi-types.js';
import { openApiDocument } from '../../src/features/docs/routes.js';
import { createTestApp } from '../helper.js';

test('binary bodies are Blob, the CSV body a string, exported rows carry id and external_id', async () => {
  const t = await createTestApp('sqlite');
  try {
    const doc = openApiDocument(t.app) as any;
    const types = await clientTypes(doc);
    for (const media of ['image/jpeg', 'image/png', 'image/webp']) {
      assert.match(types, new RegExp(`"${media}": Blob;`), media);
      assert.doesNotMatch(types, new RegExp(`"${media}": string;`), media);
    }
    assert.match(types, /"application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet": Blob;/);
    assert.match(types, /"text\/csv": string;/);

    // Every row of the export (wineries, sections, sub-sections, sub-categories, dishes) requires
    // id and external_id; the import's rows do not (a new row has neither).
    const exported = doc.paths['/api/v1/admin/menu/export'].get.responses['200'].content['application/json'].schema;
    const imported = doc.paths['/api/v1/admin/menu'].put.requestBody.content['application/json'].schema;
    const rows = (schema: any, found: any[] = []): any[] => {
      if (typeof schema !== 'object' || schema === null) return found;
      if (schema.properties?.id) found.push(schema);
      for (const value of Object.values(schema)) rows(value, found);
      return found;
    };
    const exportRows = rows(exported);
    assert.ok(exportRows.length >= 5, `${exportRows.length} row schemas`);
    for (const row of exportRows) {
      assert.ok(
        row.required?.includes('id') && row.required.includes('external_id'),
        Object.keys(row.properties).join(),
      );
    }
    for (const row of rows(imported)) assert.ok(!row.required?.includes('id'), 'an imported row may omit its id');
  } finally {
    await t.close();
  }
});

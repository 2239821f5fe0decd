// The POS example's types (examples/pos/menu-api.d.ts), generated from the published OpenAPI
// document by openapi-typescript's Node API: `npm run openapi:types`, or
// `npx tsx scripts/openapi-types.ts <document.json> <out.d.ts>` (what .ci/run does).
//
// One thing the CLI cannot do: a `format: binary` body (a photo, an Excel workbook) becomes `Blob`,
// what fetch sends as it is, instead of `string` (openapi-typescript's default), so a client sends
// a file without a cast.
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';

const BLOB = ts.factory.createTypeReferenceNode('Blob');
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

/** The TypeScript types of an OpenAPI document, binary bodies as `Blob`. */
export async function clientTypes(document: object): Promise<string> {
  const ast = await openapiTS(document as OpenAPI3, {
    transform(schema) {
      if (schema.format !== 'binary') return undefined;
      const nullable =
        ('nullable' in schema && schema.nullable === true) ||
        (Array.isArray(schema.type) && schema.type.includes('null'));
      return nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
    },
  });
  return astToString(ast);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [input = '.openapi.json', output = 'examples/pos/menu-api.d.ts'] = process.argv.slice(2);
  writeFileSync(output, await clientTypes(JSON.parse(readFileSync(input, 'utf8'))));
  console.log(`${output} written from ${input}`);
}

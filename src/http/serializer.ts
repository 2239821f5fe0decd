// Response serializers (fast-json-stringify, as Fastify builds them by default), compiled once per
// schema per process instead of once per route per app. Building them was ~50 ms of every app's
// start: nothing for one server, but a test file builds an app per test and a multi-tenant
// process may build more than one. A serializer depends only on its schema and the shared schemas
// (`app.addSchema`, e.g. ErrorEnvelope), so it is shared by every app whose shared schemas have the
// same ids: the schemas in the code are module constants, so the same object comes back each time;
// a schema built per call is found again by its JSON text.

import fastJsonStringify from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { schemaCompilation } from './schema-compilation.js';

type Serializer = (doc: unknown) => string;

const byObject = new Map<string, WeakMap<object, Serializer>>();
const byText = new Map<string, Serializer>();
/** Distinct response schemas in the code are a few hundred; the bound only guards against schemas built per call. */
const MAX_TEXT_ENTRIES = 2000;

export function registerSerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema }: { schema: object }) => {
    const shared = app.getSchemas() as Record<string, object>;
    // Fastify's own compiler leaves a schema out of the shared ones when it is one of them.
    const { $id } = schema as { $id?: string };
    const external = $id !== undefined && $id in shared ? omit(shared, $id) : shared;
    const sharedKey = Object.keys(external).sort().join('\n');
    let cache = byObject.get(sharedKey);
    if (!cache) {
      cache = new WeakMap();
      byObject.set(sharedKey, cache);
    }
    let serializer = cache.get(schema);
    if (serializer) return serializer;
    const text = `${sharedKey}\u0000${JSON.stringify(schema)}`;
    serializer = byText.get(text);
    if (!serializer) {
      const compile = () =>
        fastJsonStringify(schema as Parameters<typeof fastJsonStringify>[0], {
          schema: external as Record<string, Parameters<typeof fastJsonStringify>[0]>,
        }) as Serializer;
      if (schemaCompilation.atStart) serializer = compile();
      else {
        let compiled: Serializer | undefined;
        serializer = (doc) => {
          compiled ??= compile();
          return compiled(doc);
        };
      }
      if (byText.size >= MAX_TEXT_ENTRIES) byText.clear();
      byText.set(text, serializer);
    }
    cache.set(schema, serializer);
    return serializer;
  });
}

function omit(shared: Record<string, object>, id: string): Record<string, object> {
  const { [id]: _left, ...rest } = shared;
  return rest;
}

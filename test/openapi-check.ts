// Every response an HTTP test receives under /api/v1 is checked against the published OpenAPI
// document (what a generated client or a validating proxy relies on): its path, method and status
// must be described, and a JSON body must match the described schema. Compiled once per document
// and response, so the check costs microseconds per call.
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../src/features/docs/routes.js';

type Json = any;
type Check = (data: unknown) => boolean;

interface Checker {
  doc: Json;
  routes: { method: string; pattern: RegExp; path: string }[];
  compiled: Map<string, Check | null>;
  ajv: Json;
}

const byApp = new WeakMap<FastifyInstance, Checker>();
const byDocument = new Map<string, Checker>();

async function checkerFor(app: FastifyInstance): Promise<Checker> {
  const known = byApp.get(app);
  if (known) return known;
  const doc = openApiDocument(app) as Json;
  const key = JSON.stringify(doc);
  let checker = byDocument.get(key);
  if (!checker) {
    const { default: Ajv2020 } = (await import('ajv/dist/2020.js')) as Json;
    const { default: addFormats } = (await import('ajv-formats')) as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'openapi.json', components: doc.components ?? {} });
    const routes: Checker['routes'] = [];
    for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
      const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const method of Object.keys(item)) routes.push({ method: method.toUpperCase(), pattern, path });
    }
    // Literal paths before templated ones (`/menu/export` before `/menu/{locale}`).
    routes.sort((a, b) => Number(a.path.includes('{')) - Number(b.path.includes('{')));
    checker = { doc, routes, compiled: new Map(), ajv };
    byDocument.set(key, checker);
  }
  byApp.set(app, checker);
  return checker;
}

/** Rewrites `#/components/...` references so they resolve inside the registered components schema. */
function anchored(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
}

export interface Received {
  method: string;
  url: string;
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** Throws when `res` is a response the document does not describe. */
export async function checkAgainstOpenApi(app: FastifyInstance, res: Received): Promise<void> {
  const path = res.url.split('?')[0].replace(/(.)\/+$/, '$1');
  if (!path.startsWith('/api/v1/') || path === '/api/v1/openapi.json') return;
  // CORS preflights are the browser's business, not an operation of the API.
  if (res.method === 'OPTIONS') return;
  const type = String(res.headers['content-type'] ?? '');
  // An unknown or suspended restaurant is a branded HTML page before any API route runs.
  if (res.statusCode === 404 && type.startsWith('text/html')) return;
  const checker = await checkerFor(app);
  const method = res.method === 'HEAD' ? 'GET' : res.method;
  const route = checker.routes.find((r) => r.method === method && r.pattern.test(path));
  // A path or method the API does not have: its 404/405 are the generic envelope.
  if (!route) {
    if (res.statusCode === 404 || res.statusCode === 405) return;
    throw new Error(`OpenAPI: ${method} ${path} answered ${res.statusCode} but the document has no such operation`);
  }
  const op = checker.doc.paths[route.path][route.method.toLowerCase()];
  const status = String(res.statusCode);
  const response = op.responses?.[status] ?? op.responses?.default;
  if (!response) {
    throw new Error(`OpenAPI: ${method} ${route.path} answered ${status}, which the document does not describe`);
  }
  if (res.method === 'HEAD' || res.body === '' || !type.includes('json') || res.headers['content-encoding']) return;
  const key = `${route.method} ${route.path} ${status}`;
  let check = checker.compiled.get(key);
  if (check === undefined) {
    const schema = response.content?.['application/json']?.schema;
    check = schema ? checker.ajv.compile(anchored(schema)) : null;
    checker.compiled.set(key, check ?? null);
  }
  if (!check) {
    throw new Error(`OpenAPI: ${method} ${route.path} ${status} sent JSON but the document describes no JSON body`);
  }
  if (!check(JSON.parse(res.body))) {
    const errors = (check as Json).errors?.slice(0, 5);
    throw new Error(`OpenAPI: ${method} ${route.path} ${status} body does not match: ${JSON.stringify(errors)}`);
  }
}

// Turns the document @fastify/swagger generates into the one integrators get: OpenAPI 3.1 with
// servers (the restaurant's address as a variable), tags, operationIds, security per operation
// (bearer with the scopes it needs, or none), described responses with examples, and query fields
// with a default not marked required. `npx redocly lint` (recommended rules) accepts it: see .ci/run.

// biome-ignore lint/suspicious/noExplicitAny: a JSON document walked by key
type Json = any;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Tag of each admin resource path segment, in the restaurant's words. */
const ADMIN_TAGS: Record<string, string> = {
  categories: 'Admin: sections',
  items: 'Admin: dishes',
  types: 'Admin: sub-categories',
  wineries: 'Admin: wineries',
  'option-groups': 'Admin: options and add-ons',
  options: 'Admin: options and add-ons',
  settings: 'Admin: settings',
  theme: 'Admin: theme',
  analytics: 'Admin: analytics reports',
  webhooks: 'Admin: webhooks',
  menu: 'Admin: bulk sync',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  'Public menu': 'What a diner sees: no token, CORS open to any origin.',
  Analytics: 'Anonymous usage events sent by the menu page.',
  'Admin: sections': 'Sections and sub-sections of the menu (inactive included).',
  'Admin: dishes': 'Dishes, with every translation.',
  'Admin: sub-categories': 'Headings inside a section.',
  'Admin: wineries': 'Wineries of the wine list.',
  'Admin: options and add-ons':
    'Option groups ("Add-ons", "Cooking": how many a diner picks) and their options (price change, allergens, sold out), defined once and attached to dishes in order through the dish\'s `option_group_ids`.',
  'Admin: settings': 'The restaurant: name, contacts, locales, time zone.',
  'Admin: theme': 'Colours, fonts and layout of the public page.',
  'Admin: analytics reports': 'Reports built from the analytics events.',
  'Admin: webhooks': 'Signed notifications of menu, settings and theme changes.',
  'Admin: bulk sync': 'The whole menu in one document, for point-of-sale systems.',
};

const admin = (path: string) => path.startsWith('/api/v1/admin/');

export function tagOf(url: string): string {
  const parts = url.split('/').filter(Boolean); // api, v1, ...
  if (parts[2] === 'admin') return ADMIN_TAGS[parts[3] ?? ''] ?? 'Admin';
  if (parts[2] === 'analytics') return 'Analytics';
  return 'Public menu';
}

/** `GET /api/v1/admin/items/{id}` → `getAdminItemsById`: unique, stable, readable in a generated client. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((p) => p && p !== 'api' && p !== 'v1')
    .map((p) => {
      const param = /^[:{](\w+)\}?$/.exec(p);
      const word = param ? `by-${param[1]}` : p;
      return word
        .split(/[-_.]/)
        .filter(Boolean)
        .map((w) => w[0].toUpperCase() + w.slice(1))
        .join('');
    });
  return method.toLowerCase() + words.join('');
}

const ERROR_DESCRIPTIONS: Record<string, [string, string]> = {
  '400': ['The body cannot be read as the endpoint expects.', 'Il corpo della richiesta non è un JSON valido.'],
  '401': ['No token, or an unknown, revoked or other restaurant’s token.', 'Unauthenticated.'],
  '403': [
    'The token lacks the scope this operation needs, or the service’s operator suspended the restaurant (the message says why).',
    'Invalid ability provided.',
  ],
  '404': ['No such resource (or route) at this restaurant.', 'Resource not found.'],
  '405': ['The path exists but not with this method; `Allow` lists the methods.', 'Metodo non consentito.'],
  '413': ['The body is larger than allowed.', 'Il corpo della richiesta supera la dimensione massima consentita.'],
  '415': ['The body is not JSON.', 'Il corpo della richiesta deve essere JSON (Content-Type: application/json).'],
  '422': ['Every failed rule, keyed by dotted field path; `message` is the first plus a count.', ''],
  '429': [
    'Over the request budget; `Retry-After` says when to try again.',
    'Troppe richieste. Riprova tra 12 secondi.',
  ],
  '500': ['An unexpected failure; nothing internal is revealed.', 'Errore del server. Riprova tra qualche secondo.'],
  '503': [
    'Temporarily unable to accept the request; `Retry-After` says when to try again.',
    'Servizio momentaneamente non disponibile. Riprova tra qualche secondo.',
  ],
};

const EXAMPLE_422 = {
  success: false,
  message: 'Il campo name.it è richiesto. (e 1 altro errore)',
  errors: { 'name.it': ['Il campo name.it è richiesto.'], price: ['Price deve essere almeno 0.'] },
};

/** Words for the examples' free-text fields, by field name (any plain string field accepts them). */
const TEXT_HINTS: Record<string, string> = {
  name: 'Trattoria da Mario',
  slug: 'demo',
  it: 'Spaghetti alla carbonara',
  en: 'Spaghetti carbonara',
  fr: 'Spaghetti à la carbonara',
  de: 'Spaghetti Carbonara',
  es: 'Espaguetis a la carbonara',
  default_locale: 'it',
  timezone: 'Europe/Rome',
  region: 'Piemonte',
  country: 'Italia',
  address: 'Via Roma 1, Torino',
  phone: '+39 011 123456',
  font_family: 'Inter, sans-serif',
  message: 'OK',
  external_id: 'POS-1042',
};

/** A value valid against `schema`, for examples: its example/default/first choice, else the smallest. */
export function sampleOf(schema: Json, components: Json, depth = 0): unknown {
  if (!schema || depth > 12) return null;
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop() as string;
    return sampleOf(components?.schemas?.[name], components, depth + 1);
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const notNull = union.find((s: Json) => s.type !== 'null') ?? union[0];
    return sampleOf(notNull, components, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s: Json) => sampleOf(s, components, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries<Json>(schema.properties ?? {})) {
        if (!(schema.required ?? []).includes(key) && depth >= 2) continue;
        const hint = TEXT_HINTS[key];
        const plain = sub?.type === 'string' && !sub.pattern && !sub.format && !sub.enum;
        const value = hint !== undefined && plain ? hint : sampleOf(sub, components, depth + 1);
        // An optional text whose pattern the sampler cannot satisfy is left out of the example.
        if (value === UNSAMPLEABLE) {
          if ((schema.required ?? []).includes(key)) out[key] = '';
          continue;
        }
        out[key] = value;
      }
      return out;
    }
    case 'array': {
      // Nested lists (sub-sections of sub-sections) stay empty: one level shows the shape.
      if (schema.maxItems === 0 || (depth > 4 && !schema.minItems)) return [];
      const min = Math.max(schema.minItems ?? 0, 1);
      const item = sampleOf(schema.items, components, depth + 1);
      if (schema.uniqueItems && min <= 1) return [item];
      return Array.from({ length: min }, () => item);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleString(schema);
    default:
      return null;
  }
}

/** What sampleString answers for a pattern it does not know how to satisfy. */
const UNSAMPLEABLE = '\u0000unsampleable';

function sampleString(schema: Json): string {
  if (schema.format === 'uri') return 'https://example.com/';
  if (schema.format === 'email') return 'info@example.com';
  if (schema.format === 'date-time') return '2026-11-23T12:00:00+00:00';
  if (schema.format === 'date') return '2026-11-23';
  if (typeof schema.pattern === 'string') {
    if (schema.pattern.includes('[0-9A-Fa-f]{6}')) return '#1F2937';
    if (schema.pattern.includes('[01][0-9]|2[0-3]')) return '12:30';
    if (schema.pattern.includes('px|rem')) return '8px';
    if (schema.pattern === '^[A-Z]{3}$') return 'EUR';
    return UNSAMPLEABLE;
  }
  const min = schema.minLength ?? 0;
  return 'x'.repeat(Math.max(min, Math.min(4, schema.maxLength ?? 4)));
}

function describeResponses(op: Json, components: Json): void {
  for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
    const error = ERROR_DESCRIPTIONS[status];
    if (error) {
      response.description = error[0];
      const media = response.content?.['application/json'];
      if (media) {
        media.example = status === '422' ? EXAMPLE_422 : { success: false, message: error[1] || 'Resource not found.' };
      }
      continue;
    }
    if (status === '304') response.description = 'Not modified: the `ETag` sent in `If-None-Match` still matches.';
    else if (status === '204') response.description = 'Done; no body.';
    else if (!response.description || response.description === 'Default Response') {
      response.description = status === '201' ? 'Created.' : status === '202' ? 'Accepted.' : 'OK.';
    }
    const media = response.content?.['application/json'];
    if (media?.schema && media.example === undefined && media.examples === undefined) {
      media.example = sampleOf(media.schema, components);
    }
  }
}

/** Response headers the service sends, documented once and referenced by every answer that carries them. */
const HEADERS: Json = {
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute for this client address.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the current minute.', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  ETag: {
    description: 'Strong validator of this representation; send it back in If-None-Match (reads) or If-Match (writes).',
    schema: { type: 'string' },
  },
  'WWW-Authenticate': { description: 'How to authenticate: `Bearer realm="menu-api"`.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** Bodies that are not JSON: image uploads (raw bytes) and the CSV form of the whole-menu import. */
function otherBodies(method: string, path: string): Json | undefined {
  const binary = { schema: { type: 'string', format: 'binary' } };
  if (method === 'put' && /\/(image|logo|cover)$/.test(path)) {
    return { 'image/jpeg': binary, 'image/png': binary, 'image/webp': binary };
  }
  if (method === 'put' && path === '/api/v1/admin/menu') {
    return {
      'text/csv': { schema: { type: 'string', description: 'One row per dish (see GET /admin/menu/export.csv).' } },
    };
  }
  return undefined;
}

/** `anyOf` of constants (what TypeBox writes for a union of literals) as the `enum` generators expect. */
function enumsAsEnums(node: Json): void {
  if (Array.isArray(node)) {
    for (const child of node) enumsAsEnums(child);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const members = node.anyOf ?? node.oneOf;
  if (Array.isArray(members) && members.length > 0 && members.every((m: Json) => m && 'const' in m)) {
    const values = members.map((m: Json) => m.const);
    const types = [
      ...new Set(
        values.map((v: unknown) =>
          v === null ? 'null' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v,
        ),
      ),
    ];
    delete node.anyOf;
    delete node.oneOf;
    node.type = types.length === 1 ? types[0] : types;
    node.enum = values;
  }
  for (const value of Object.values(node)) enumsAsEnums(value);
}

function addHeaders(method: string, path: string, op: Json): void {
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  const admin = path.startsWith('/api/v1/admin/');
  for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
    if (!response || response.$ref) continue;
    response.headers ??= {};
    const headers: Json = response.headers;
    headers['X-RateLimit-Limit'] = ref('X-RateLimit-Limit');
    headers['X-RateLimit-Remaining'] = ref('X-RateLimit-Remaining');
    if (status === '429' || status === '503') headers['Retry-After'] = ref('Retry-After');
    if (status === '401') headers['WWW-Authenticate'] = ref('WWW-Authenticate');
    const single = admin && /\/\{id\}$|\/(settings|theme)$/.test(path);
    if (
      (status === '200' || status === '304') &&
      (path.startsWith('/api/v1/menu') || (single && method !== 'delete') || path === '/api/v1/admin/menu/export')
    ) {
      headers.ETag = ref('ETag');
    }
    if (status === '201' && admin) headers.ETag = ref('ETag');
    if (admin && ['post', 'put', 'patch', 'delete'].includes(method) && status.startsWith('2'))
      headers['Idempotent-Replayed'] = ref('Idempotent-Replayed');
  }
}

/** The published document: what `/api/v1/openapi.json` answers. `raw` is not modified. */
export function publishOpenApi(raw: Json, options: { baseDomain: string; examples?: Record<string, unknown> }): Json {
  const doc = structuredClone(raw);
  doc.openapi = '3.1.0';
  doc.info = {
    ...doc.info,
    summary: 'Public menu, admin API and analytics of a restaurant.',
    description:
      'Every restaurant has its own address (`<slug>.' +
      options.baseDomain +
      '` or its own domain): set the `restaurant` server variable. Admin operations need ' +
      '`Authorization: Bearer <id>|<secret>` with the scope each names; public ones need nothing.',
    license: { name: 'Proprietary', url: 'https://example.com/license' },
  };
  doc.servers = [
    {
      url: 'https://{restaurant}',
      description: 'The restaurant’s address',
      variables: {
        restaurant: { default: `demo.${options.baseDomain}`, description: 'Host name of the restaurant' },
      },
    },
  ];
  const used = new Set<string>();
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      op.tags ??= [tagOf(path)];
      for (const tag of op.tags) used.add(tag);
      op.security ??= [];
      for (const parameter of op.parameters ?? []) {
        // A field with a default may be left out (page, per_page).
        if (parameter.in === 'query' && parameter.schema?.default !== undefined) parameter.required = false;
      }
      // Any operation may meet a database outage: 503 + Retry-After, in the error envelope.
      const errorSchema = op.responses?.['404']?.content?.['application/json']?.schema;
      if (errorSchema && !op.responses['503']) {
        op.responses['503'] = { content: { 'application/json': { schema: errorSchema } } };
      }
      // A restaurant the operator suspended answers every operation 403 with the reason.
      if (errorSchema && !op.responses['403']) {
        op.responses['403'] = { content: { 'application/json': { schema: errorSchema } } };
      }
      // A real answer of the demo restaurant, where there is one, instead of a made-up sample.
      const real = options.examples?.[`${method} ${path}`];
      const ok = op.responses?.['200']?.content?.['application/json'];
      if (real !== undefined && ok) ok.example = real;
      describeResponses(op, doc.components);
      // An address that names no restaurant (or a suspended one) answers every path with the
      // branded HTML page, before any route: the 404 of every operation may be that page.
      const notFound = op.responses?.['404'];
      if (notFound?.content && !notFound.content['text/html']) {
        notFound.content['text/html'] = {
          schema: { type: 'string', description: 'The branded page of an address that names no restaurant.' },
        };
      }
      addHeaders(method, path, op);
      const other = otherBodies(method, path);
      if (other) {
        op.requestBody ??= { required: true, content: {} };
        op.requestBody.content = { ...op.requestBody.content, ...other };
      }
      if (admin(path) && ['post', 'put', 'patch', 'delete'].includes(method)) {
        op.parameters = [
          ...(op.parameters ?? []),
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'Makes a retry safe: the same key with the same method, path and body within 24 h gets the first answer again (with `Idempotent-Replayed: true`); with another request 422; while the first still runs 409.',
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ];
      }
      if (
        admin(path) &&
        ['put', 'patch', 'delete'].includes(method) &&
        /\/\{id\}$|\/(settings|theme|menu)$/.test(path)
      ) {
        op.parameters = [
          ...(op.parameters ?? []),
          {
            name: 'If-Match',
            in: 'header',
            required: false,
            description: 'The ETag you read: a write to an object that changed since answers 412 and changes nothing.',
            schema: { type: 'string' },
          },
        ];
      }
      const body = op.requestBody?.content?.['application/json'];
      if (body?.schema && body.example === undefined) body.example = sampleOf(body.schema, doc.components);
    }
  }
  doc.tags = [...used].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  doc.components = { ...doc.components, headers: HEADERS };
  enumsAsEnums(doc.paths);
  enumsAsEnums(doc.components.schemas);
  return doc;
}

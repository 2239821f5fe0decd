// Property-based fuzzing of every route the app lists (app.routeTable), on each database: generated
// paths, query strings, headers and bodies (shaped like the route's schema and unlike it, prototype
// keys, huge numbers, invalid UTF-8, wrong content types), as an anonymous caller, with an API
// token, and with a signed-in panel session and its CSRF token. Every answer must be < 500, the
// JSON envelope under /api/v1 and an HTML page elsewhere, and the second restaurant must not
// change. Bounded for CI: FUZZ_RUNS generated requests per route (default 25, a quarter for HEAD), with a
// fixed seed (FUZZ_SEED, default 20261128; `random` for a new one); the number of requests sent is
// printed. A failure prints the seed; FUZZ_SEED=<seed> replays the same requests.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { exportTenant } from '../../src/backup/tenant.js';
import type { RouteEntry } from '../../src/http/error-handler.js';
import { tokenFor } from '../admin/tokens.js';
import { dialects } from '../helper.js';
import { type PanelBed, panelBed } from '../panel/setup.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
/** Fixed, so every run sends the same requests (FUZZ_SEED=random picks a new seed, printed). */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
    : Number(process.env.FUZZ_SEED ?? 20261128);

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

/** Path segments and query values that have broken servers before. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1',
    '2',
    '1.5',
    '1e309',
    '99999999999999999999999',
    '9007199254740993',
    'NaN',
    'null',
    'true',
    '..',
    '%2e%2e%2f',
    '%00',
    '%C0%AF',
    '%FF%FE',
    '%E2%82',
    '%ED%A0%80',
    'it',
    'en',
    'zz',
    'en-GB',
    '2026-11-21',
    '2026-02-30',
    '12:30',
    '25:99',
    'latte,uova',
    '<script>',
    '"\'',
    'a'.repeat(300),
  ),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  fc.integer({ min: -3, max: 40 }).map(String),
);

const QUERY_KEYS = [
  'page',
  'per_page',
  'locale',
  'lang',
  'search',
  'category_id',
  'type_id',
  'is_recommended',
  'external_id',
  'updated_since',
  'from',
  'to',
  'table',
  'exclude',
  'diet',
  'dry_run',
  'resource',
  'id',
  'field',
  'next',
  ...PROTOTYPE_KEYS,
];

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 6 }).map(encodeURIComponent)),
      hostileText,
    ),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`));

/** A JSON value like the schema asks for, with now and then a hostile value in its place. */
function fromSchema(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = (schema ?? {}) as Record<string, unknown>;
  const hostile = fc.oneof(
    fc.constantFrom(null, -1, 0, 1e308, -1e308, 2 ** 53 + 1, '', 'x'.repeat(2000), [], {}, true, '1', '__proto__'),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const like = (): fc.Arbitrary<unknown> => {
    if (depth > 4) return hostile;
    if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as unknown[]).map((x) => fromSchema(x, depth + 1)));
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    if ('const' in s) return fc.constant(s.const);
    switch (s.type) {
      case 'object': {
        const properties = (s.properties ?? {}) as Record<string, unknown>;
        const keys = Object.keys(properties);
        if (keys.length === 0) {
          return fc.dictionary(
            fc.constantFrom('it', 'en', 'fr', 'de', 'es', 'xx', ...PROTOTYPE_KEYS),
            fc.string({ maxLength: 20 }),
            {
              maxKeys: 4,
            },
          );
        }
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const key of keys) record[key] = fromSchema(properties[key], depth + 1);
        return fc.record(record, {
          requiredKeys: (s.required as string[] | undefined)?.filter((k) => k in record) ?? [],
        });
      }
      case 'array':
        return fc.array(fromSchema(s.items, depth + 1), { maxLength: 4 });
      case 'string':
        return fc.oneof(fc.string({ maxLength: Math.min(Number(s.maxLength ?? 40), 60) }), hostileText.map(decodeSafe));
      case 'integer':
        return fc.integer({ min: -2, max: 50 });
      case 'number':
        return fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer({ min: -2, max: 5000 }).map((n) => n / 100),
        );
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  };
  return fc.oneof({ arbitrary: like(), weight: 6 }, { arbitrary: hostile, weight: 1 });
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

function bodies(route: RouteEntry): fc.Arbitrary<Body> {
  const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const form = (value: unknown) => ({
    payload: new URLSearchParams(
      Object.entries(value && typeof value === 'object' ? value : { v: value }).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    ).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  const shaped = fromSchema(route.schema?.body ?? { type: 'object', properties: {} });
  return fc.oneof(
    { arbitrary: shaped.map(json), weight: 5 },
    { arbitrary: shaped.map(form), weight: 2 },
    {
      arbitrary: fc.constantFrom<Body>(
        {},
        { payload: '', contentType: 'application/json' },
        { payload: '{', contentType: 'application/json' },
        { payload: '{"price": 1e400, "display_order": 99999999999999999999}', contentType: 'application/json' },
        {
          payload: '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}',
          contentType: 'application/json',
        },
        { payload: '[1,2,3]', contentType: 'application/json' },
        { payload: '"just a string"', contentType: 'application/json' },
        {
          payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]),
          contentType: 'application/json',
        },
        { payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), contentType: 'image/jpeg' },
        { payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), contentType: 'image/png' },
        { payload: '{"events":[{"type":"menu_view","session_id":"s"}]}', contentType: 'text/plain' },
        {
          payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
          contentType: 'multipart/form-data; boundary=x',
        },
        { payload: '<xml/>', contentType: 'application/xml' },
        { payload: 'a=1&a=2&_csrf=', contentType: 'application/x-www-form-urlencoded' },
        { payload: '{}', contentType: 'application/json; charset=latin1' },
        { payload: '{}', contentType: 'garbage' },
      ),
      weight: 3,
    },
  );
}

interface Identity {
  token: string;
  cookie: string;
  csrf: string;
}

function request(route: RouteEntry, who: Identity): fc.Arbitrary<InjectOptions & { label: string }> {
  const params = route.url.split('/').filter((part) => part.startsWith(':') || part === '*').length;
  return fc
    .record({
      segments: fc.array(hostileText, { minLength: params, maxLength: params }),
      query: queryString,
      // A route of the base address only (sign-up) is sent there, and now and then elsewhere.
      host: route.host
        ? fc.oneof(
            { arbitrary: fc.constant('localhost'), weight: 8 },
            { arbitrary: fc.constantFrom('LOCALHOST:3000', 'nowhere.localhost', '[::1]', ''), weight: 1 },
          )
        : fc.oneof(
            { arbitrary: fc.constant('alpha.localhost'), weight: 8 },
            {
              arbitrary: fc.constantFrom('nowhere.localhost', 'ALPHA.localhost:3000', 'beta.localhost', '[::1]', ''),
              weight: 1,
            },
          ),
      auth: fc.constantFrom('none', 'token', 'garbage', 'session'),
      language: fc.constantFrom(undefined, 'en', 'de-CH,de;q=0.9', '*', 'xx'),
      ifMatch: fc.constantFrom(undefined, '"x"', '*', 'W/"1"'),
      idempotency: fc.constantFrom(undefined, 'key-1', ''),
      body: route.method === 'GET' || route.method === 'HEAD' ? fc.constant<Body>({}) : bodies(route),
      withCsrf: fc.boolean(),
    })
    .map((g) => {
      let index = 0;
      const path = route.url
        .split('/')
        .map((part) => (part.startsWith(':') || part === '*' ? g.segments[index++] : part))
        .join('/');
      const headers: Record<string, string> = {
        host: g.host,
        accept: path.startsWith('/api/') ? 'application/json' : 'text/html',
      };
      if (g.auth === 'token') headers.authorization = `Bearer ${who.token}`;
      if (g.auth === 'garbage') headers.authorization = 'Bearer 1|nottherightsecret';
      if (g.auth === 'session') headers.cookie = who.cookie;
      if (g.language) headers['accept-language'] = g.language;
      if (g.ifMatch) headers['if-match'] = g.ifMatch;
      if (g.idempotency !== undefined) headers['idempotency-key'] = g.idempotency;
      let payload = g.body.payload;
      if (g.body.contentType) headers['content-type'] = g.body.contentType;
      // A signed-in form with its CSRF token gets past the panel's guard to the handler itself.
      if (g.withCsrf && g.body.contentType === 'application/x-www-form-urlencoded' && typeof payload === 'string') {
        payload = `_csrf=${encodeURIComponent(who.csrf)}&${payload}`;
      }
      const url = `${path || '/'}${g.query}`;
      return {
        method: route.method as InjectOptions['method'],
        url,
        headers,
        ...(payload === undefined ? {} : { payload }),
        label: `${route.method} ${url} host=${g.host} auth=${g.auth} type=${g.body.contentType ?? '-'}`,
      };
    });
}

/** What kind of answer a route owes its callers. */
function kind(route: RouteEntry): 'api' | 'ops' | 'html' {
  if (route.url.startsWith('/api/v1/') && route.url !== '/api/v1/openapi.json') return 'api';
  if (['/healthz', '/readyz', '/metrics', '/internal/tls-allowed'].includes(route.url)) return 'ops';
  return 'html';
}

function check(
  route: RouteEntry,
  req: { method?: string; label: string; headers?: unknown },
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
) {
  const where = `${req.label} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  assert.ok(res.statusCode < 500, `5xx: ${where}`);
  if (
    req.method === 'HEAD' ||
    res.statusCode === 204 ||
    res.statusCode === 304 ||
    (res.statusCode >= 300 && res.statusCode < 400)
  )
    return;
  const type = String(res.headers['content-type'] ?? '');
  const host = String((req.headers as Record<string, string> | undefined)?.host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '');
  const knownHost = route.host ? host === 'localhost' : host === 'alpha.localhost' || host === 'beta.localhost';
  if (!knownHost && kind(route) !== 'ops') {
    // An address that names no restaurant: the branded page on every path, never JSON.
    assert.ok(res.statusCode === 404 || res.statusCode === 429, `unknown host: ${where}`);
    assert.match(type, /^text\/html/, `unknown host page: ${where}`);
    return;
  }
  if (route.url.endsWith('.csv') && res.statusCode < 300) {
    // A CSV download (the dishes of /admin/menu/export.csv) is a file; its refusals stay in the envelope.
    assert.match(type, /^text\/csv/, `csv type: ${where}`);
    return;
  }
  if (route.url.endsWith('.xlsx') && res.statusCode < 300) {
    // So is the Excel workbook of /admin/menu/export.xlsx.
    assert.match(type, /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/, `xlsx type: ${where}`);
    return;
  }
  if (kind(route) === 'api' || (res.statusCode === 429 && /json/.test(type))) {
    assert.match(type, /^application\/json/, `envelope type: ${where}`);
    const json = JSON.parse(res.body);
    assert.equal(typeof json.success, 'boolean', `envelope: ${where}`);
    if (res.statusCode >= 400) {
      assert.equal(json.success, false, where);
      assert.equal(typeof json.message, 'string', where);
    }
    return;
  }
  if (kind(route) === 'html' && res.statusCode >= 400 && res.statusCode !== 429) {
    assert.match(type, /^text\/html/, `page type: ${where}`);
    assert.match(res.body, /^<!doctype html>/i, `branded page: ${where}`);
  }
}

for (const dialect of dialects) {
  describe(`fuzzing every route (${dialect})`, () => {
    let bed: PanelBed;
    let who: Identity;
    let betaBefore: string;
    before(async () => {
      bed = await panelBed(dialect, { publicRateLimit: 0 });
      const owner = await bed.owner();
      who = {
        token: await tokenFor(bed.db.db, bed.alpha),
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        csrf: owner.csrf,
      };
      betaBefore = await betaState();
    });
    after(() => bed.close());

    /** Everything the second restaurant is made of, password hashes and webhook secrets included. */
    const betaState = async () => {
      const { exported_at: _, ...doc } = await exportTenant(bed.db.db, 'beta', true);
      const menu = await bed.app.inject({ url: '/api/v1/menu/it', headers: { host: 'beta.localhost' } });
      return JSON.stringify(doc) + menu.body.replace(/"generated_at":"[^"]*"/, '');
    };

    test(`every answer < 500, in the envelope or the page; the other restaurant unchanged (seed ${SEED})`, async (t) => {
      // Routes that end the session or revoke the token go last, so the others meet a signed-in caller.
      const ending = (r: RouteEntry) => /logout|revoke|remove|password/.test(r.url);
      // The live-update stream never ends, so it cannot be injected: test/api/live.test.ts drives it.
      const table = bed.app.routeTable.filter((r) => !(r.method === 'GET' && r.url === '/api/v1/events'));
      const routes = [...table.filter((r) => !ending(r)), ...table.filter(ending)];
      const statuses = new Map<number, number>();
      assert.ok(routes.length > 100, 'the route table lists the app');
      let sent = 0;
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(request(route, who), async (req) => {
            const { label: _, ...options } = req;
            const res = await bed.app.inject(options);
            sent++;
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            check(route, req, { statusCode: res.statusCode, headers: res.headers, body: res.body });
          }),
          {
            numRuns: route.method === 'HEAD' ? Math.max(1, RUNS >> 2) : RUNS,
            seed: SEED,
            endOnFailure: true,
            reporter: (details) => {
              if (details.failed) {
                throw new Error(
                  `${route.method} ${route.url} failed; replay with FUZZ_SEED=${SEED}.\n${(details.errorInstance as Error)?.message}\n${fc.defaultReportMessage(details)}`,
                );
              }
            },
          },
        );
      }
      assert.ok(sent >= routes.length);
      t.diagnostic(
        `fuzz: ${sent} requests over ${routes.length} routes, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      // The generated requests reach the handlers, not only the guards: successes and refusals both.
      const count = (from: number, to: number) =>
        [...statuses].filter(([status]) => status >= from && status < to).reduce((n, [, c]) => n + c, 0);
      assert.ok(count(200, 300) > 0 && count(400, 500) > 0, JSON.stringify([...statuses]));
      assert.equal(await betaState(), betaBefore, "the second restaurant's data and menu are unchanged");
    });
  });
}

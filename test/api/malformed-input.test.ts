// Malformed input answers the envelope, never a 500: keys named like Object's own properties are
// ordinary unknown fields on every write route and on the analytics beacon (text/plain), and
// requests Node's HTTP parser cannot read (URL or headers over 16 KiB, invalid bytes in the URL).
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { restaurantMaker } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, createTestApp, dialects, type TestApp } from '../helper.js';

const PROTOTYPE_KEYS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__proto__',
  'prototype',
  '__defineGetter__',
];

for (const dialect of dialects) {
  describe(`malformed input (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100_000 });
    });
    after(() => t.close());
    const restaurant = restaurantMaker(() => t, 'mal');

    test('prototype-named keys are unknown fields (422 naming them, or dropped), on every write route', async () => {
      const r = await restaurant();
      const other = await restaurant();
      const otherMenu = await other.pub('/menu/it');
      const routes: Array<['POST' | 'PUT' | 'PATCH', string]> = [
        ['POST', '/categories'],
        ['POST', '/items'],
        ['POST', '/types'],
        ['POST', '/wineries'],
        ['PUT', '/settings'],
        ['PUT', '/theme'],
        ['PATCH', '/categories/1'],
        ['PUT', '/items/1'],
      ];
      for (const key of PROTOTYPE_KEYS) {
        for (const body of [`{"${key}":1}`, `{"${key}":{"prototype":{"polluted":1}}}`, `{"name":{"${key}":"x"}}`]) {
          for (const [method, url] of routes) {
            const res = await r.admin(method, url, body, { 'content-type': 'application/json' });
            assert.ok(
              [200, 404, 422].includes(res.statusCode),
              `${method} ${url} ${body}: ${res.statusCode} ${res.body}`,
            );
            assert.equal(res.json.success, res.statusCode === 200, `${method} ${url} ${body}`);
            if (res.statusCode === 422 && key !== '__proto__' && body === `{"${key}":1}`) {
              assert.ok(res.json.errors[key], `${method} ${url}: ${key} reported as an unknown field`);
            }
          }
          const beacon = await call(t.app, {
            method: 'POST',
            url: '/api/v1/analytics/events',
            host: r.slug,
            body,
            headers: { 'content-type': 'text/plain' },
          });
          assert.equal(beacon.statusCode, 422, `beacon ${body}: ${beacon.body}`);
          assert.equal(beacon.json.success, false);
        }
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was changed');
      assert.equal((await other.pub('/menu/it')).body, otherMenu.body);
    });

    test('query keys named like prototype properties are ordinary', async () => {
      const r = await restaurant();
      for (const key of PROTOTYPE_KEYS) {
        const res = await r.pub(`/items?${key}=1&${key}[x]=2`);
        assert.ok([200, 422].includes(res.statusCode), `${key}: ${res.statusCode} ${res.body}`);
        assert.equal(typeof res.json.success, 'boolean');
      }
    });
  });
}

describe('requests the HTTP parser refuses (raw socket)', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    t = await createTestApp('sqlite');
    await createFixtureTenant(t.db.db, 'alpha');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  after(() => t.close());

  function raw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
      let data = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => {
        data += chunk;
      });
      socket.on('end', () => resolve(data));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
  }

  function parse(answer: string) {
    const [head, body] = answer.split('\r\n\r\n');
    const status = Number(head.split(' ')[1]);
    return { status, head: head.toLowerCase(), json: JSON.parse(body) };
  }

  for (const [name, request, status] of [
    ['a URL over 16 KiB', `GET /api/v1/menu/it?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: demo.localhost\r\n\r\n`, 431],
    [
      'headers over 16 KiB',
      `GET /api/v1/menu/it HTTP/1.1\r\nHost: demo.localhost\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
      431,
    ],
    ['a URL with a raw space and control bytes', 'GET /api/v1/me nu\x01 HTTP/1.1\r\nHost: demo.localhost\r\n\r\n', 400],
    ['not HTTP at all', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n', 400],
    ['an invalid header line', 'GET / HTTP/1.1\r\nHost demo.localhost\r\n\r\n', 400],
  ] as const) {
    test(`${name}: ${status} in the envelope`, async () => {
      const res = parse(await raw(request));
      assert.equal(res.status, status);
      assert.match(res.head, /content-type: application\/json/);
      assert.match(res.head, /x-content-type-options: nosniff/);
      assert.equal(res.json.success, false);
      assert.equal(typeof res.json.message, 'string');
    });
  }

  test('an undecodable %-sequence in the path answers the envelope (404 under /api)', async () => {
    const res = parse(
      await raw('GET /api/v1/items/%E0%A4%A HTTP/1.1\r\nHost: alpha.localhost\r\nConnection: close\r\n\r\n'),
    );
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, { success: false, message: 'Resource not found.' });
  });
});

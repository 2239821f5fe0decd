// Webhook targets cannot reach inside the operator's network: every spelling of an inside address
// is refused at registration (property test over spellings), a name that resolves inside is refused
// at delivery on the address actually connected to, and the delivery log names only plain classes.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { deliver } from '../../src/features/webhooks/delivery.js';
import { embeddedV4, isPrivateAddress, urlProblem } from '../../src/features/webhooks/targets.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, dialects, type TestApp } from '../helper.js';
import { adminCall, tokenFor } from './tokens.js';

/** Inside IPv4 ranges as [first octets, prefix bits]. */
const INSIDE_V4: Array<[number[], number]> = [
  [[0], 8],
  [[10], 8],
  [[100, 64], 10],
  [[127], 8],
  [[169, 254], 16],
  [[172, 16], 12],
  [[192, 168], 16],
  [[198, 18], 15],
  [[224], 4],
  [[240], 4],
];

const toNumber = (octets: number[]) => octets.reduce((n, o) => n * 256 + o, 0);
const dotted = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
const hex16 = (n: number) => [(n >>> 16).toString(16), (n & 0xffff).toString(16)];

/** An address inside one of the ranges, as a 32-bit number. */
const insideV4 = fc
  .tuple(fc.constantFrom(...INSIDE_V4), fc.integer({ min: 0, max: 0xffffffff }))
  .map(([[octets, bits], noise]) => {
    const base = toNumber([...octets, 0, 0, 0].slice(0, 4)) >>> 0;
    const hostBits = 32 - bits;
    return (base + (hostBits === 32 ? noise : noise % 2 ** hostBits)) >>> 0;
  });

/** Every way a URL's host can spell that IPv4 address. */
function spellings(n: number): string[] {
  const [hi, lo] = hex16(n);
  const octets = dotted(n).split('.').map(Number);
  return [
    dotted(n),
    String(n), // decimal
    `0x${n.toString(16)}`, // hex
    octets.map((o) => `0${o.toString(8)}`).join('.'), // octal
    `[::ffff:${dotted(n)}]`, // IPv4-mapped
    `[::ffff:${hi}:${lo}]`,
    `[0:0:0:0:0:FFFF:${hi.toUpperCase()}:${lo}]`,
    `[::${dotted(n)}]`, // IPv4-compatible
    `[64:ff9b::${dotted(n)}]`, // NAT64
    `[64:ff9b::${hi}:${lo}]`,
    `[2002:${hi}:${lo}::1]`, // 6to4
    `[::ffff:0:${dotted(n)}]`, // IPv4-translated (::ffff:0:0/96)
    `[::ffff:0:${hi}:${lo}]`,
    `[64:ff9b:1::${hi}:${lo}]`, // local-use NAT64 (64:ff9b:1::/48)
    `[2001:0:4136:e378:8000:63bf:${(Number.parseInt(hi, 16) ^ 0xffff).toString(16)}:${(Number.parseInt(lo, 16) ^ 0xffff).toString(16)}]`, // Teredo
  ];
}

test('every spelling of an inside IPv4 address is refused at registration (property)', () => {
  fc.assert(
    fc.property(insideV4, fc.integer({ min: 1, max: 65535 }), (n, port) => {
      for (const host of spellings(n)) {
        const url = `https://${host}:${port}/hook`;
        assert.equal(urlProblem(url, false), 'webhook_private_target', url);
        assert.equal(isPrivateAddress(new URL(url).hostname), true, url);
      }
    }),
    { numRuns: 300 },
  );
});

test('the spellings the probe found accepted are refused; public addresses are not; NAT64 of a public address passes at delivery only', () => {
  for (const url of [
    'https://[::ffff:127.0.0.1]:9000/',
    'https://[::ffff:169.254.169.254]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[64:ff9b::a9fe:a9fe]/',
    'https://[2002:7f00:1::]/',
    'https://[fec0::1]/',
    'https://[::127.0.0.1]/',
    'https://[fe80::1]/',
    'https://[fd00:ec2::254]/',
    'https://2130706433/',
    'https://0177.0.0.1/',
    'https://0x7f000001/',
    'https://100.100.100.200/',
    'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', // Teredo carrying 127.0.0.1
    'https://[::ffff:0:7f00:1]/', // IPv4-translated 127.0.0.1 (the probe's spelling)
    'https://[::ffff:0:127.0.0.1]/',
    'https://metadata.google.internal/',
    'https://router.lan/',
    'https://intranet/',
  ]) {
    assert.equal(urlProblem(url, false), 'webhook_private_target', url);
  }
  for (const ip of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '64:ff9b::808:808']) {
    assert.equal(isPrivateAddress(ip), false, ip);
  }
  assert.deepEqual(embeddedV4('64:ff9b::808:808'), { form: 'nat64', v4: 0x08080808 });
  // As a literal, an IPv6 spelling of an IPv4 address is refused even when that address is public.
  assert.equal(urlProblem('https://[64:ff9b::808:808]/', false), 'webhook_private_target');
  assert.equal(urlProblem('https://93.184.216.34/hook', false), undefined);
  assert.equal(urlProblem('http://93.184.216.34/hook', false), 'webhook_https_required');
  assert.equal(urlProblem('http://127.0.0.1:9000/hook', true), undefined, 'WEBHOOKS_ALLOW_PRIVATE=true allows it all');
});

describe('delivery checks the address it connects to', () => {
  let server: Server;
  let port = 0;
  let hits = 0;
  let silent: Server;
  let silentPort = 0;
  before(async () => {
    server = createServer((req, res) => {
      hits += 1;
      req.resume();
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    // Accepts connections and never answers: a time-out must look like a refused connection.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as AddressInfo).port;
  });
  after(() => {
    server.close();
    silent.close();
    silent.closeAllConnections();
  });

  const send = (url: string, allowPrivate: boolean) =>
    deliver({ url, body: '{}', headers: { 'content-type': 'application/json' }, allowPrivate, timeoutMs: 1500 });

  test('a name resolving to loopback is refused before any connection, so nothing reaches the receiver', async () => {
    hits = 0;
    assert.deepEqual(await send(`https://localhost:${port}/hook`, false), { result: 'refused_target' });
    assert.deepEqual(await send(`https://127.0.0.1:${port}/hook`, false), { result: 'refused_target' });
    assert.deepEqual(await send(`https://[::ffff:7f00:1]:${port}/hook`, false), { result: 'refused_target' });
    assert.deepEqual(await send(`http://93.184.216.34:${port}/hook`, false), { result: 'refused_target' });
    assert.equal(hits, 0);
  });

  test('allowed targets: delivered with the status; a closed port, a silent one and one that does not speak TLS all read the same', async () => {
    hits = 0;
    assert.deepEqual(await send(`http://localhost:${port}/hook`, true), { result: 'delivered', status: 204 });
    assert.equal(hits, 1);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    assert.deepEqual(await send(`http://127.0.0.1:${closedPort}/`, true), { result: 'unreachable' });
    assert.deepEqual(await send(`http://127.0.0.1:${silentPort}/`, true), { result: 'unreachable' });
    // https to a closed port, a silent one, and one that speaks plain HTTP: one class, no oracle.
    for (const target of [closedPort, silentPort, port]) {
      assert.deepEqual(await send(`https://127.0.0.1:${target}/`, true), { result: 'unreachable' }, String(target));
    }
  });
});

for (const dialect of dialects) {
  describe(`webhook registration refuses inside targets (${dialect})`, () => {
    let t: TestApp;
    let token = '';
    before(async () => {
      t = await createTestApp(dialect, { adminRateLimit: 100000, webhooksAllowPrivate: false });
      const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
      await createFixtureTenant(t.db.db, 'beta', 'Beta');
      token = await tokenFor(t.db.db, alpha, ['menu:read', 'menu:write']);
    });
    after(() => t.close());

    test('mapped, NAT64 and plain-http targets answer 422 on url and nothing is stored, for either restaurant', async () => {
      for (const [url, message] of [
        ['https://[::ffff:127.0.0.1]:8080/hook', 'The url must not point to a private or loopback address.'],
        ['https://[64:ff9b::a9fe:a9fe]/hook', 'The url must not point to a private or loopback address.'],
        ['http://pos.example.com/hook', 'The url must use https.'],
      ]) {
        const res = await adminCall(t.app, token, {
          method: 'POST',
          url: '/api/v1/admin/webhooks',
          host: 'alpha',
          headers: { 'accept-language': 'en' },
          body: { url, events: ['menu.updated'] },
        });
        assert.equal(res.statusCode, 422, url);
        assert.deepEqual(res.json.errors, { url: [message] }, url);
      }
      const stored = await t.db.db.selectFrom('webhook_endpoints').select('id').execute();
      assert.deepEqual(stored, []);
    });
  });
}

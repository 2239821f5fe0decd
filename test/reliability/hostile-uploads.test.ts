// Hostile file forms against every panel upload route (issue 30 points 1 and 7), in process: no
// session, staff on an owner's form, no token or not as the first part, a declared length past the
// limit, a text field past 64 KiB, more parts than the form has, two files, a file past 10 MiB, a
// stream of 19 MiB without Content-Length, and generated broken bodies (boundaries cut, changed,
// missing; part headers mangled; bodies truncated). Every answer is a panel page (HTML) below 500,
// a limit is answered before the rest of the body is read, nothing is written in either
// restaurant. Fixed seed (UPLOAD_FUZZ_SEED to replay another), UPLOAD_FUZZ_RUNS generated bodies
// per route; the count of cases is printed.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createUser } from '../../src/accounts/users/service.js';
import { exportTenant } from '../../src/backup/tenant.js';
import { tokenFor } from '../admin/tokens.js';
import { dialects } from '../helper.js';
import type { PanelClient } from '../panel/client.js';
import { type PanelBed, panelBed } from '../panel/setup.js';

const SEED = Number(process.env.UPLOAD_FUZZ_SEED ?? 30_001);
const RUNS = Number(process.env.UPLOAD_FUZZ_RUNS ?? 40);
const MiB = 1024 * 1024;

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
}

function multipart(boundary: string, parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A stream of `total` bytes of multipart: the token, then one text field that never ends; counts what was pulled. */
function endlessField(boundary: string, csrf: string, total: number) {
  const pulled = { bytes: 0 };
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${csrf}\r\n--${boundary}\r\nContent-Disposition: form-data; name="prune"\r\n\r\n`,
  );
  const block = Buffer.alloc(64 * 1024, 'a');
  const stream = Readable.from(
    (function* () {
      pulled.bytes += head.length;
      yield head;
      while (pulled.bytes < total) {
        pulled.bytes += block.length;
        yield block;
      }
    })(),
  );
  return { stream, pulled };
}

interface Route {
  path: string;
  file: string;
  owner: boolean;
}

for (const dialect of dialects) {
  describe(`hostile file forms on the panel (${dialect})`, () => {
    let bed: PanelBed;
    let owner: PanelClient;
    let staff: PanelClient;
    let routes: Route[];
    let cases = 0;
    before(async () => {
      bed = await panelBed(dialect);
      owner = await bed.owner();
      await createUser(bed.db.db, bed.alpha, { email: 'staff@alpha.test', password: 'staff-password', role: 'staff' });
      staff = bed.client();
      await staff.signIn('staff@alpha.test', 'staff-password');
      await staff.get('/admin');
      const dish = await bed.db.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', bed.alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      routes = [
        { path: '/admin/import/preview', file: 'file', owner: true },
        { path: '/admin/settings/logo', file: 'logo', owner: true },
        { path: '/admin/settings/cover', file: 'cover', owner: true },
        { path: `/admin/menu/dishes/${dish.id}/photo`, file: 'photo', owner: false },
      ];
    });
    after(async () => {
      console.log(`# hostile file forms (${dialect}): ${cases} cases, seed ${SEED}`);
      await bed.close();
    });

    const cookieOf = (c: PanelClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    /** One request as a browser (or an attacker) would send it, answered by the app in process. */
    async function send(
      path: string,
      body: Buffer | Readable,
      o: { client?: PanelClient; boundary?: string; contentType?: string; headers?: Record<string, string> } = {},
    ) {
      cases++;
      const res = await bed.app.inject({
        method: 'POST',
        url: path,
        headers: {
          host: 'alpha.localhost',
          accept: 'text/html',
          'accept-language': 'en',
          'content-type': o.contentType ?? `multipart/form-data; boundary=${o.boundary ?? 'xYz'}`,
          ...(o.client ? { cookie: cookieOf(o.client) } : {}),
          ...o.headers,
        },
        payload: body,
      });
      assert.ok(res.statusCode < 500, `${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      assert.match(String(res.headers['content-type'] ?? 'text/html'), /text\/html/, `${path}: a panel page`);
      return res;
    }

    const stored = async () => {
      const { exported_at: _a, ...alpha } = await exportTenant(bed.db.db, 'alpha', true);
      const { exported_at: _b, ...beta } = await exportTenant(bed.db.db, 'beta', true);
      return { alpha, beta };
    };

    test('no session, staff on an owner’s form, no token or not first: refused from the headers or the first part', async () => {
      const before = await stored();
      for (const r of routes) {
        const form = (csrf: string) => [
          { name: '_csrf', value: csrf },
          { name: r.file, value: Buffer.alloc(1000, 1), filename: 'x.bin' },
        ];
        const anonymous = await send(r.path, multipart('xYz', form('anything')));
        assert.equal(anonymous.statusCode, 303, r.path);
        assert.equal(anonymous.headers.location, '/admin/login');
        if (r.owner) {
          const refused = await send(r.path, multipart('xYz', form(staff.csrf)), { client: staff });
          assert.equal(refused.statusCode, 403, r.path);
          assert.match(refused.body, /Owners only/);
        }
        const noToken = await send(r.path, multipart('xYz', form('').slice(1)), { client: owner });
        assert.equal(noToken.statusCode, 403, r.path);
        assert.match(noToken.body, /This form cannot be accepted/);
        const wrong = await send(r.path, multipart('xYz', form('x'.repeat(owner.csrf.length))), { client: owner });
        assert.equal(wrong.statusCode, 403, r.path);
        const fileFirst = await send(r.path, multipart('xYz', [...form(owner.csrf)].reverse()), { client: owner });
        assert.equal(fileFirst.statusCode, 403, `${r.path}: the token must come first`);
        const elsewhere = await send(r.path, multipart('xYz', form(owner.csrf)), {
          client: owner,
          headers: { origin: 'https://evil.example' },
        });
        assert.equal(elsewhere.statusCode, 403, r.path);
      }
      assert.deepEqual(await stored(), before, 'nothing written');
    });

    test('limits: declared length, a long text field, too many parts, two files, a file past 10 MiB: 413 at once', async () => {
      const before = await stored();
      for (const r of routes) {
        const csrf = { name: '_csrf', value: owner.csrf };
        const declared = await send(r.path, Readable.from([Buffer.from('--xYz\r\n')]), {
          client: owner,
          headers: { 'content-length': String(12 * MiB) },
        });
        assert.equal(declared.statusCode, 413, `${r.path}: declared length`);
        assert.equal(declared.headers.connection, 'close');
        const longField = await send(
          r.path,
          multipart('xYz', [csrf, { name: r.file === 'file' ? 'prune' : '_x', value: 'a'.repeat(65 * 1024) }]),
          { client: owner },
        );
        assert.ok([400, 413].includes(longField.statusCode), `${r.path}: long field ${longField.statusCode}`);
        const many = await send(
          r.path,
          multipart('xYz', [csrf, ...Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, value: 'x' }))]),
          { client: owner },
        );
        assert.ok([400, 413].includes(many.statusCode), `${r.path}: many parts ${many.statusCode}`);
        const manyPrunes = await send(
          r.path,
          multipart('xYz', [csrf, ...Array.from({ length: 20 }, () => ({ name: 'prune', value: '1' }))]),
          { client: owner },
        );
        assert.ok([400, 413].includes(manyPrunes.statusCode), `${r.path}: repeated field ${manyPrunes.statusCode}`);
        const twoFiles = await send(
          r.path,
          multipart('xYz', [
            csrf,
            { name: r.file, value: 'a', filename: 'a.bin' },
            { name: r.file, value: 'b', filename: 'b.bin' },
          ]),
          { client: owner },
        );
        assert.ok([400, 413].includes(twoFiles.statusCode), `${r.path}: two files ${twoFiles.statusCode}`);
        const big = await send(
          r.path,
          multipart('xYz', [csrf, { name: r.file, value: Buffer.alloc(10 * MiB + 1, 7), filename: 'big.bin' }]),
          { client: owner },
        );
        assert.equal(big.statusCode, 413, `${r.path}: file past 10 MiB`);
      }
      assert.deepEqual(await stored(), before, 'nothing written');
    });

    test('a 19 MiB text field without Content-Length is cut off after 64 KiB, the rest never read', async () => {
      for (const r of routes) {
        const { stream, pulled } = endlessField('xYz', owner.csrf, 19 * MiB);
        const res = await send(r.path, stream, { client: owner });
        assert.ok([400, 413].includes(res.statusCode), `${r.path}: ${res.statusCode}`);
        assert.ok(pulled.bytes < 2 * MiB, `${r.path}: ${pulled.bytes} bytes read of 19 MiB`);
      }
    });

    test('the API reads a body only after the token: 401 without one, 413 from a declared length, 400/415 for a broken body', async () => {
      const token = await tokenFor(bed.db.db, bed.alpha);
      const dish = routes[3].path.split('/')[4];
      const api = async (
        method: 'PUT' | 'POST',
        url: string,
        body: Buffer | Readable,
        headers: Record<string, string>,
      ) => {
        cases++;
        const res = await bed.app.inject({
          method,
          url,
          headers: { host: 'alpha.localhost', ...headers },
          payload: body,
        });
        assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        assert.equal(res.json().success, false, `${url}: the envelope`);
        return res.statusCode;
      };
      const before = await stored();
      const big = () => endlessField('xYz', '', 19 * MiB);
      // No token: refused from the headers, whatever follows.
      for (const [method, url, type] of [
        ['PUT', `/api/v1/admin/items/${dish}/image`, 'image/png'],
        ['PUT', '/api/v1/admin/menu', 'application/json'],
        ['PUT', '/api/v1/admin/menu', 'text/csv'],
        ['POST', '/api/v1/admin/categories', 'application/json'],
      ] as const) {
        const { stream, pulled } = big();
        assert.equal(await api(method, url, stream, { 'content-type': type }), 401, url);
        assert.ok(pulled.bytes < 2 * MiB, `${url}: ${pulled.bytes} bytes read without a token`);
      }
      const auth = { authorization: `Bearer ${token}` };
      assert.equal(
        await api('PUT', '/api/v1/admin/menu', Readable.from([Buffer.from('{')]), {
          ...auth,
          'content-type': 'application/json',
          'content-length': String(30 * MiB),
        }),
        413,
      );
      assert.equal(
        await api('PUT', '/api/v1/admin/menu', Buffer.from('{"sections": ['), {
          ...auth,
          'content-type': 'application/json',
        }),
        400,
      );
      assert.equal(
        await api('POST', '/api/v1/admin/categories', multipart('xYz', [{ name: 'a', value: 'b' }]), {
          ...auth,
          'content-type': 'multipart/form-data; boundary=xYz',
        }),
        415,
      );
      assert.deepEqual(await stored(), before, 'nothing written');
    });

    test('broken bodies (generated, fixed seed): a 400/403/413/422 page, never a 500, nothing written', async () => {
      const before = await stored();
      const mutation = fc.record({
        route: fc.nat({ max: 3 }),
        kind: fc.constantFrom(
          'truncate',
          'other-boundary',
          'no-boundary',
          'no-closing',
          'bad-header',
          'garbage',
          'no-crlf',
          'empty',
          'long-boundary',
          'quoted-boundary',
        ),
        at: fc.nat({ max: 10_000 }),
        noise: fc.uint8Array({ minLength: 0, maxLength: 300 }),
      });
      await fc.assert(
        fc.asyncProperty(mutation, async (m) => {
          const r = routes[m.route];
          const valid = multipart('xYz', [
            { name: '_csrf', value: owner.csrf },
            { name: r.file, value: Buffer.from(m.noise), filename: 'n.bin' },
          ]);
          let body = valid;
          let contentType: string | undefined;
          const noise = Buffer.from(m.noise);
          switch (m.kind) {
            case 'truncate':
              body = valid.subarray(0, m.at % valid.length);
              break;
            case 'other-boundary':
              contentType = 'multipart/form-data; boundary=aBc';
              break;
            case 'no-boundary':
              contentType = 'multipart/form-data';
              break;
            case 'no-closing':
              body = valid.subarray(0, valid.lastIndexOf('--xYz--'));
              break;
            case 'bad-header':
              body = Buffer.from(
                valid.toString('latin1').replace('Content-Disposition:', 'Content-Dispo\u0000sition;'),
                'latin1',
              );
              break;
            case 'garbage':
              body = Buffer.concat([noise, valid.subarray(m.at % valid.length)]);
              break;
            case 'no-crlf':
              body = Buffer.from(valid.toString('latin1').replaceAll('\r\n', '\n'), 'latin1');
              break;
            case 'empty':
              body = Buffer.alloc(0);
              break;
            case 'long-boundary':
              contentType = `multipart/form-data; boundary=${'b'.repeat(200 + (m.at % 2000))}`;
              break;
            case 'quoted-boundary':
              contentType = 'multipart/form-data; boundary="xYz';
              break;
          }
          const res = await send(r.path, body, { client: owner, contentType });
          assert.ok([200, 303, 400, 403, 413, 422].includes(res.statusCode), `${m.kind}: ${res.statusCode}`);
        }),
        { seed: SEED, numRuns: RUNS * routes.length },
      );
      assert.deepEqual((await stored()).beta, before.beta, 'the other restaurant unchanged');
      const alive = await owner.get('/admin');
      assert.equal(alive.statusCode, 200);
    });
  });
}

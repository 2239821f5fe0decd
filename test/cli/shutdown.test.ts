// SIGTERM on the real server (issue 24 point 7): a request in flight when the signal arrives is
// finished and answered, the analytics events accepted (202) and still queued are stored before
// the process exits 0, and the other restaurant is untouched.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { openDatabase } from '../../src/db/connect.js';
import { tokenFor } from '../admin/tokens.js';
import { createFixtureTenant } from '../fixtures.js';
import { dialects } from '../helper.js';
import { BIN, type CliDatabase, cliDatabase, runCli } from './run.js';

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: string | Buffer) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Resolves with the first stdout match of `pattern` (the server logs JSON lines). */
function waitFor(child: ChildProcess, output: { text: string }, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = pattern.exec(output.text);
      if (m) {
        child.stdout!.off('data', check);
        child.off('exit', failed);
        resolve(m);
      }
    };
    const failed = () => reject(new Error(`server exited before ${pattern}: ${output.text.slice(-2000)}`));
    child.stdout!.on('data', check);
    child.once('exit', failed);
    check();
  });
}

for (const dialect of dialects) {
  describe(`SIGTERM drains the server (${dialect})`, () => {
    let database: CliDatabase;
    before(async () => {
      database = await cliDatabase(dialect);
    });
    after(() => database.dispose());

    test('the request in flight is answered and every accepted analytics event is stored before exit 0', async (t) => {
      assert.equal((await runCli(['migrate'], database.env)).code, 0);
      const setup = openDatabase(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
      const alpha = await createFixtureTenant(setup.db, 'alpha', 'Alpha');
      const beta = await createFixtureTenant(setup.db, 'beta', 'Beta');
      const token = await tokenFor(setup.db, alpha);
      const dish = await setup.db
        .selectFrom('items')
        .select('id')
        .where('tenant_id', '=', alpha)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await setup.close();

      let accepted = 0;
      const output = { text: '' };
      const child = spawn(process.execPath, [BIN, 'serve'], {
        env: {
          PATH: process.env.PATH ?? '',
          ...database.env,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout!.on('data', (d) => (output.text += d));
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const port = Number((await waitFor(child, output, /listening on 127\.0\.0\.1:(\d+)/))[1]);
        const host = 'alpha.localhost';

        // Accepted analytics events: queued in memory, stored at least once a second.
        for (let batch = 0; batch < 3; batch++) {
          const events = Array.from({ length: 40 }, (_, i) => ({ type: 'menu_view', session_id: `s${batch}-${i}` }));
          const res = await send(
            port,
            'POST',
            '/api/v1/analytics/events',
            { host, 'content-type': 'application/json' },
            JSON.stringify({ events }),
          );
          assert.equal(res.status, 202, res.body);
          accepted += events.length;
        }

        // A photo upload whose headers the server has read (it answered 100 Continue) and whose
        // body is still to come: a request in flight.
        const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c0392b' } })
          .jpeg()
          .toBuffer();
        const upload = http.request({
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `/api/v1/admin/items/${dish.id}/image`,
          headers: {
            host,
            authorization: `Bearer ${token}`,
            'content-type': 'image/jpeg',
            'content-length': String(photo.length),
            expect: '100-continue',
          },
        });
        const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
          upload.on('response', (res) => {
            let text = '';
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          upload.on('error', reject);
        });
        await new Promise<void>((resolve) => upload.once('continue', () => resolve()));

        // Informative only (the writer stores at least once a second): how many were still queued.
        const metrics = await send(port, 'GET', '/metrics', { host: 'ops.internal' });
        t.diagnostic(
          `analytics events queued at SIGTERM: ${/menu_analytics_queue_depth (\d+)/.exec(metrics.body)?.[1]}`,
        );
        child.kill('SIGTERM');
        await waitFor(child, output, /"msg":"shutting down"/);
        upload.end(photo);
        const res = await answered;
        assert.equal(res.status, 200, res.body);
        assert.match(JSON.parse(res.body).data.image_url, /^\/media\//);
        assert.equal(await exit, 0, output.text.slice(-2000));
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }

      const check = openDatabase(database.env.DATABASE_URL, database.env.DATABASE_SCHEMA);
      try {
        const stored = await check.db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', alpha)
          .executeTakeFirstOrThrow();
        assert.equal(Number(stored.n), accepted, 'every accepted event stored: none lost');
        const item = await check.db
          .selectFrom('items')
          .select('image')
          .where('id', '=', dish.id)
          .executeTakeFirstOrThrow();
        assert.ok(item.image, 'the photo of the request in flight is stored');
        const other = await check.db
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', beta)
          .executeTakeFirstOrThrow();
        assert.equal(Number(other.n), 0, 'nothing stored for the other restaurant');
      } finally {
        await check.close();
      }
    });
  });
}

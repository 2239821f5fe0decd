// SIGTERM on the real server (issue 24 point 7): a request in flight when the signal arrives is
// finished and answered, the analytics events accepted (202) and still queued are stored before
// the process exits 0, and the other restaurant is untouched. Issue 30 point 5: kept-alive clients
// under load lose no request (each is answered, 200 or 503 with Connection: close; only a new
// connection after the listener closed is refused), and an idle kept-alive connection is closed.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { openDatabase } from '../../src/db/connect.js';
import { tokenFor } from '../admin/tokens.js';
import { BIN, type CliDatabase, cliDatabase, runCli } from '../cli/run.js';
import { createFixtureTenant } from '../fixtures.js';
import { dialects } from '../helper.js';

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

    test('kept-alive clients under load: every request sent on an open connection is answered, none reset; exit 0', async (t) => {
      const output = { text: '' };
      const child = spawn(process.execPath, [BIN, 'serve'], {
        env: {
          PATH: process.env.PATH ?? '',
          ...database.env,
          PORT: '0',
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
          PUBLIC_RATE_LIMIT: '0',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout!.on('data', (d) => (output.text += d));
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      try {
        const port = Number((await waitFor(child, output, /listening on 127\.0\.0\.1:(\d+)/))[1]);
        // Ten clients, each on its own kept-alive connection, one request after another: the
        // cached menu (the fast path), the restaurant, the page and a panel page (a redirect).
        const paths = ['/api/v1/menu/en', '/api/v1/restaurant', '/', '/admin/menu'];
        const tally = new Map<string, number>();
        const note = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
        let notClosed = 0;
        let signalled = false;
        const client = async (n: number) => {
          const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
          try {
            for (let i = 0; ; i++) {
              const outcome = await new Promise<{ status?: number; close?: boolean; code?: string; reused: boolean }>(
                (resolve) => {
                  const req = http.request(
                    {
                      host: '127.0.0.1',
                      port,
                      path: paths[(n + i) % paths.length],
                      agent,
                      headers: { host: 'alpha.localhost' },
                    },
                    (res) => {
                      res.resume();
                      res.on('end', () =>
                        resolve({
                          status: res.statusCode,
                          close: res.headers.connection === 'close',
                          reused: req.reusedSocket,
                        }),
                      );
                    },
                  );
                  req.on('error', (err: NodeJS.ErrnoException) =>
                    resolve({ code: err.code ?? err.message, reused: req.reusedSocket }),
                  );
                  req.end();
                },
              );
              if (outcome.code) {
                // A new connection once the listener is closed is refused: the request was never sent.
                note(
                  outcome.code === 'ECONNREFUSED' && !outcome.reused
                    ? 'refused (new connection)'
                    : `LOST ${outcome.code}`,
                );
                return;
              }
              note(String(outcome.status));
              if (outcome.status === 503 && !outcome.close) notClosed++;
              if (!signalled && i > 200) return;
            }
          } finally {
            agent.destroy();
          }
        };
        const clients = Array.from({ length: 10 }, (_, n) => client(n));
        // An idle kept-alive connection, opened before the signal and never used again.
        const idle = new http.Agent({ keepAlive: true });
        const idleSocket = new Promise<void>((resolve) => {
          const req = http.request(
            { host: '127.0.0.1', port, path: '/api/v1/restaurant', agent: idle, headers: { host: 'alpha.localhost' } },
            (res) => {
              res.resume();
              res.on('end', () => {
                // Back in the agent's pool: the server must close it.
                setImmediate(() => {
                  const socket = Object.values(idle.freeSockets).flat()[0];
                  if (!socket) return resolve();
                  socket.once('close', () => resolve());
                });
              });
            },
          );
          req.end();
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        signalled = true;
        child.kill('SIGTERM');
        await Promise.all(clients);
        await idleSocket;
        idle.destroy();
        const code = await exit;
        t.diagnostic(`answers under SIGTERM: ${[...tally].map(([k, v]) => `${k} x${v}`).join(', ')}`);
        assert.equal(code, 0, output.text.slice(-2000));
        assert.deepEqual(
          [...tally.keys()].filter((k) => k.startsWith('LOST')),
          [],
          'no request lost',
        );
        assert.ok((tally.get('503') ?? 0) > 0 || (tally.get('refused (new connection)') ?? 0) > 0);
        assert.equal(notClosed, 0, 'every 503 closes its connection');
        assert.match(output.text, /"msg":"shutting down"/);
        // Drained, the idle connection included, without the cancelling at the end of the grace.
        assert.doesNotMatch(output.text, /cancelling them/);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });

    test('a request that never ends is cancelled at the end of the grace: answered 503, the process exits 0', async (t) => {
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
        // Half a body, the rest never sent: the request stays in flight however long the server waits.
        const stuck = http.request({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/analytics/events',
          headers: { host: 'alpha.localhost', 'content-type': 'application/json', 'content-length': '1000' },
        });
        const answered = new Promise<{ status?: number; code?: string }>((resolve) => {
          stuck.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode }));
          });
          stuck.on('error', (err: NodeJS.ErrnoException) => resolve({ code: err.code }));
        });
        stuck.write('{"events":[');
        await new Promise((resolve) => setTimeout(resolve, 300));
        const started = Date.now();
        child.kill('SIGTERM');
        const res = await answered;
        const code = await exit;
        t.diagnostic(`the stuck request: ${JSON.stringify(res)}; exit ${code} after ${Date.now() - started} ms`);
        assert.equal(res.status, 503, JSON.stringify(res));
        assert.equal(code, 0, output.text.slice(-2000));
        assert.match(output.text, /cancelling them/);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    });
  });
}

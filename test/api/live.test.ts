// Live menus (issue 36): GET /api/v1/events is a Server-Sent Events stream that tells an open page
// its restaurant's new state after every change (the version and the dishes a write touched), on
// the instance that wrote and on another one sharing the database; a reconnection with a current
// Last-Event-ID gets nothing new, a stale one the current state at once; another restaurant's
// stream hears nothing; one client holds at most 16 streams; no rate limit is spent.
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { updateItem } from '../../src/resources/items/service.js';
import { createFixtureTenant } from '../fixtures.js';
import { dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

interface Event {
  id: string;
  event: string;
  data: { version: number; items?: number[] };
}

/** An open stream: its events as they come, and the raw text (comments included). */
interface Stream {
  res: IncomingMessage;
  events: Event[];
  text: string;
  next(timeoutMs?: number): Promise<Event>;
  close(): void;
}

function open(port: number, host: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/api/v1/events', headers: { host: `${host}.localhost`, ...headers } },
      (res) => {
        let taken = 0;
        const stream: Stream = {
          res,
          events: [],
          text: '',
          // Each call takes the next event not yet taken, whether it came before the call or after.
          next: (timeoutMs = 5000) =>
            new Promise((ok, fail) => {
              const seen = taken++;
              const started = Date.now();
              const poll = setInterval(() => {
                if (stream.events.length > seen) {
                  clearInterval(poll);
                  ok(stream.events[seen]!);
                } else if (Date.now() - started > timeoutMs) {
                  clearInterval(poll);
                  fail(new Error(`no event within ${timeoutMs} ms; got: ${stream.text}`));
                }
              }, 10);
            }),
          close: () => req.destroy(),
        };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.text += chunk;
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => l && !l.startsWith(':'))
                .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
            );
            if (fields.event) stream.events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

for (const dialect of dialects) {
  describe(`live menu events (${dialect})`, () => {
    let db: TestDb;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let alpha: number;
    let dish: number;
    const ports: number[] = [];
    before(async () => {
      db = await openTestDb(dialect);
      alpha = await createFixtureTenant(db.db, 'alpha');
      await createFixtureTenant(db.db, 'beta');
      dish = (
        await db.db
          .selectFrom('items')
          .select('id')
          .where('tenant_id', '=', alpha)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      // A public budget of 3 requests a minute: streams must not spend it.
      for (const _ of [1, 2]) {
        const app = await buildApp(testConfig({ publicRateLimit: 3, host: '127.0.0.1', port: 0 }), { database: db });
        await app.listen({ host: '127.0.0.1', port: 0 });
        ports.push((app.server.address() as { port: number }).port);
        if (!first) first = app;
        else second = app;
      }
    });
    after(async () => {
      await first.close();
      await second.close();
      await db.dispose();
    });

    test('a write on one instance reaches streams on both, with the dish; the other restaurant hears nothing', async () => {
      const here = await open(ports[0]!, 'alpha');
      const there = await open(ports[1]!, 'alpha');
      const beta = await open(ports[1]!, 'beta');
      try {
        assert.equal(here.res.statusCode, 200);
        assert.match(String(here.res.headers['content-type']), /^text\/event-stream/);
        assert.equal(here.res.headers['x-accel-buffering'], 'no');
        const initial = await here.next();
        assert.equal(initial.event, 'menu');
        assert.equal((await there.next()).data.version, initial.data.version);
        await beta.next();
        await writeMenu(first, alpha, CLI_ACTOR, (w) => updateItem(w, dish, { sold_out: true }));
        const mine = await here.next();
        assert.equal(mine.data.version, initial.data.version + 1);
        assert.deepEqual(mine.data.items, [dish]);
        const theirs = await there.next();
        assert.equal(theirs.data.version, initial.data.version + 1);
        assert.notEqual(theirs.id, initial.id);
        await new Promise((r) => setTimeout(r, 300));
        assert.equal(beta.events.length, 1, "beta's stream heard nothing of alpha's change");
      } finally {
        for (const s of [here, there, beta]) s.close();
      }
    });

    test('Last-Event-ID: the current state gets nothing new, a stale one the state at once', async () => {
      const probe = await open(ports[0]!, 'alpha');
      const current = await probe.next();
      probe.close();
      const upToDate = await open(ports[0]!, 'alpha', { 'last-event-id': current.id });
      const stale = await open(ports[0]!, 'alpha', { 'last-event-id': '1' });
      try {
        assert.equal((await stale.next()).id, current.id);
        await new Promise((r) => setTimeout(r, 200));
        assert.equal(upToDate.events.length, 0);
        assert.match(upToDate.text, /^retry: \d+\n\n: up to date\n\n/);
      } finally {
        upToDate.close();
        stale.close();
      }
    });

    test('streams spend no rate limit; one client holds at most 16', async () => {
      const streams: Stream[] = [];
      try {
        for (let i = 0; i < 16; i++) {
          const s = await open(ports[0]!, 'beta');
          streams.push(s);
          assert.equal(s.res.statusCode, 200, `stream ${i + 1}`);
        }
        const refused = await open(ports[0]!, 'beta');
        assert.equal(refused.res.statusCode, 429);
        refused.close();
      } finally {
        for (const s of streams) s.close();
      }
      assert.equal(first.live.streams <= 16, true);
    });
  });
}

// The log: one entry per answered request (method, path, status, time, the restaurant), none when
// it arrives; JSON lines when the output is not a terminal.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../src/app.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, dialects, openTestDb, type TestDb, testConfig } from '../helper.js';

for (const dialect of dialects) {
  describe(`one log line per request (${dialect})`, () => {
    let db: TestDb;
    before(async () => {
      db = await openTestDb(dialect);
      await createFixtureTenant(db.db, 'alpha');
      await createFixtureTenant(db.db, 'beta');
    });
    after(() => db.dispose());

    test('each answered request is one JSON entry naming its restaurant; an error is logged at error level', async () => {
      const lines: Record<string, unknown>[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const app = await buildApp(testConfig({ logLevel: 'info' }), { database: db, logStream: sink });
      try {
        await call(app, { url: '/api/v1/menu/it', host: 'alpha' });
        await call(app, { url: '/api/v1/items/999999', host: 'beta' });
        await call(app, { url: '/admin/login', host: 'beta' });
        const requests = lines.filter((l) => typeof l.status === 'number');
        assert.deepEqual(
          requests.map((l) => [String(l.msg).replace(/ [\d.]+ ms$/, ''), l.tenant, l.level]),
          [
            ['GET /api/v1/menu/it 200', 'alpha', 30],
            ['GET /api/v1/items/999999 404', 'beta', 30],
            ['GET /admin/login 200', 'beta', 30],
          ],
        );
        assert.ok(requests.every((l) => typeof l.ms === 'number' && typeof l.reqId === 'string'));
        assert.equal(
          lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed').length,
          0,
          "Fastify's two default lines are gone",
        );
      } finally {
        await app.close();
      }
    });
  });
}

// Instances that agree at once: a write, a suspension or a new restaurant on one instance (or from
// the CLI) is served by another through the announcements — PostgreSQL LISTEN/NOTIFY, Redis
// pub/sub — with the other's periodic refresh turned down to once a minute, so only the
// announcement can explain it. On SQLite without Redis the refresh's data_version check does it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { findTenantStateBySlug, setTenantStatus } from '../../src/accounts/tenants/repo.js';
import { CLI_ACTOR, writeMenu } from '../../src/catalog/write.js';
import { runCli } from '../cli/run.js';
import { createFixtureTenant } from '../fixtures.js';
import { call, eventually } from '../helper.js';
import { type Instances, twoInstances } from './instances.js';

const MINUTE = 60_000;

async function scenario(p: Instances, label: string): Promise<void> {
  const alpha = await createFixtureTenant(p.db.db, `alpha${label}`, 'Alpha');
  const host = `alpha${label}`;
  const before = await call(p.reader, { url: '/api/v1/menu/it', host });
  assert.equal(before.statusCode, 200);
  // A menu write on the writer instance (a dish's price): the reader serves it.
  await writeMenu(p.writer, alpha, CLI_ACTOR, async (w) => {
    await w.trx.updateTable('items').set({ price_cents: 4242 }).where('tenant_id', '=', alpha).execute();
  });
  await eventually(async () => {
    const res = await call(p.reader, { url: '/api/v1/menu/it', host });
    assert.equal(res.json.data.sections[0].items[0].price, 42.42);
  });
  // A settings write that takes the public menu offline: the reader stops serving it.
  await writeMenu(p.writer, alpha, CLI_ACTOR, async (w) => {
    await w.trx.updateTable('settings').set({ is_active: 0 }).where('tenant_id', '=', alpha).execute();
  });
  await eventually(async () => {
    assert.equal((await call(p.reader, { url: '/api/v1/menu/it', host })).statusCode, 404);
  });
  // The CLI creates a restaurant whose address the reader has just been asked for (and remembered as unknown).
  const gammaHost = `gamma${label}`;
  assert.equal((await call(p.reader, { url: '/api/v1/menu/it', host: gammaHost })).statusCode, 404);
  const created = await runCli(['tenant:create', gammaHost, '--name', 'Gamma'], p.env);
  assert.equal(created.code, 0, created.stderr);
  await eventually(async () => {
    assert.equal((await call(p.reader, { url: '/api/v1/menu/it', host: gammaHost })).statusCode, 200);
  });
  // The CLI suspends it: the reader stops serving it.
  const suspended = await runCli(['tenant:suspend', gammaHost], p.env);
  assert.equal(suspended.code, 0, suspended.stderr);
  await eventually(async () => {
    // Suspended: 403 with the reason (issue 35), no longer served.
    assert.equal((await call(p.reader, { url: '/api/v1/menu/it', host: gammaHost })).statusCode, 403);
  });
  // The other restaurant of the reader was never touched.
  const gamma = await findTenantStateBySlug(p.db.db, gammaHost);
  assert.equal(gamma?.status, 'suspended');
}

describe('announcements between instances', () => {
  test('SQLite without Redis: the data_version check keeps two processes in step', async () => {
    const p = await twoInstances('sqlite', {}, 200);
    try {
      assert.equal(p.reader.announcer.transport, 'none');
      await scenario(p, 's');
      // A suspension written straight into the file by another connection.
      const beta = await createFixtureTenant(p.db.db, 'betas', 'Beta');
      assert.equal((await call(p.reader, { url: '/api/v1/menu/it', host: 'betas' })).statusCode, 200);
      await setTenantStatus(p.db.db, 'betas', 'suspended');
      await eventually(async () => {
        assert.equal((await call(p.reader, { url: '/api/v1/menu/it', host: 'betas' })).statusCode, 403);
      });
      assert.ok(beta > 0);
    } finally {
      await p.close();
    }
  });

  test('PostgreSQL LISTEN/NOTIFY: the other instance serves every change with its refresh at once a minute', {
    skip: process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL not set',
  }, async () => {
    const p = await twoInstances('postgres', {}, MINUTE);
    try {
      assert.equal(p.reader.announcer.transport, 'postgres');
      await scenario(p, 'p');
    } finally {
      await p.close();
    }
  });

  test('Redis pub/sub: the other instance serves every change with its refresh at once a minute', {
    skip: process.env.TEST_REDIS_URL ? false : 'TEST_REDIS_URL not set',
  }, async () => {
    const redis = { redisUrl: process.env.TEST_REDIS_URL, redisPrefix: `test:${randomBytes(6).toString('hex')}:` };
    const p = await twoInstances(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite', redis, MINUTE);
    try {
      assert.equal(p.reader.announcer.transport, 'redis');
      await scenario(p, 'r');
    } finally {
      await p.close();
    }
  });
});

// Two app instances on one database (as two processes would be), each with its own caches and disk
// tier: the writer takes the writes, the reader must serve their effect. SQLite: two connections
// to one file (no Redis: the data_version check); PostgreSQL: one schema, two pools.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { type DbHandle, openDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { NOON_UTC } from '../fixtures.js';
import { openTestDb, testConfig } from '../helper.js';

export interface Instances {
  writer: FastifyInstance;
  reader: FastifyInstance;
  /** Environment for the CLI on the same database. */
  env: Record<string, string>;
  db: DbHandle;
  close(): Promise<void>;
}

export async function twoInstances(
  dialect: 'sqlite' | 'postgres',
  overrides: Partial<Config>,
  readerRefreshMs: number,
): Promise<Instances> {
  let first: DbHandle;
  let second: DbHandle;
  let env: Record<string, string>;
  let dispose: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'menu-announce-'));
    const url = `sqlite:${join(dir, 'menu.db')}`;
    first = openDatabase(url);
    await migrateToLatest(first);
    second = openDatabase(url);
    env = { DATABASE_URL: url };
    dispose = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const test = await openTestDb('postgres');
    first = test;
    second = openDatabase(test.url, test.schema);
    env = { DATABASE_URL: test.url, DATABASE_SCHEMA: test.schema! };
    dispose = () => test.dispose();
  }
  if (overrides.redisUrl) Object.assign(env, { REDIS_URL: overrides.redisUrl, REDIS_PREFIX: overrides.redisPrefix });
  const writer = await buildApp(testConfig({ publicRateLimit: 0, ...overrides }), {
    database: first,
    now: () => NOON_UTC,
  });
  const reader = await buildApp(testConfig({ publicRateLimit: 0, tenantRefreshMs: readerRefreshMs, ...overrides }), {
    database: second,
    now: () => NOON_UTC,
  });
  await writer.ready();
  await reader.ready();
  return {
    writer,
    reader,
    env,
    db: first,
    close: async () => {
      await reader.close();
      await writer.close();
      await second.close();
      if (dialect === 'sqlite') await first.close();
      await dispose();
    },
  };
}

// loadConfig: defaults, parsing and clear errors for bad environment values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';

test('defaults serve the embedded SQLite database on port 3000 under localhost', () => {
  const config = loadConfig({});
  assert.equal(config.databaseUrl, 'sqlite:./data/menu.db');
  assert.equal(config.port, 3000);
  assert.equal(config.baseDomain, 'localhost');
  assert.equal(config.trustProxy, false);
  assert.equal(config.adminRateLimit, 30);
  assert.equal(config.publicRateLimit, 1200);
  assert.ok(Object.isFrozen(config));
});

test('parses every documented variable', () => {
  const config = loadConfig({
    DATABASE_URL: 'postgres://u@h/db',
    PORT: '8080',
    HOST: '127.0.0.1',
    BASE_DOMAIN: 'Menu.Example.com',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
    ADMIN_RATE_LIMIT: '60',
    PUBLIC_RATE_LIMIT: '0',
  });
  assert.equal(config.databaseUrl, 'postgres://u@h/db');
  assert.equal(config.port, 8080);
  assert.equal(config.baseDomain, 'menu.example.com');
  assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '127.0.0.1']);
  assert.equal(config.publicRateLimit, 0);
  assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
  assert.equal(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl, 'sqlite::memory:');
});

test('the disk tier of the document cache: 2 GiB in a fresh temporary folder by default, 0 turns it off', () => {
  const defaults = loadConfig({});
  assert.equal(defaults.cacheDiskMb, 2048);
  assert.equal(defaults.cacheDir, undefined);
  const set = loadConfig({ CACHE_DISK_MB: '512', CACHE_DIR: '/var/cache/menu' });
  assert.equal(set.cacheDiskMb, 512);
  assert.equal(set.cacheDir, '/var/cache/menu');
  assert.equal(loadConfig({ CACHE_DISK_MB: '0' }).cacheDiskMb, 0);
  assert.equal(loadConfig({ CACHE_DIR: '' }).cacheDir, undefined);
  assert.throws(() => loadConfig({ CACHE_DISK_MB: '-1' }), /CACHE_DISK_MB/);
  assert.throws(() => loadConfig({ CACHE_DISK_MB: '1.5' }), /CACHE_DISK_MB/);
});

test('rejects bad values with a message naming the variable', () => {
  assert.throws(
    () => loadConfig({ PORT: 'eighty' }),
    (e: Error) => e instanceof ConfigError && /PORT/.test(e.message),
  );
  assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /DATABASE_URL/);
  assert.throws(() => loadConfig({ LOG_LEVEL: 'loud' }), /LOG_LEVEL/);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'yes please' }), /TRUST_PROXY/);
  assert.throws(() => loadConfig({ ADMIN_RATE_LIMIT: '0' }), /ADMIN_RATE_LIMIT/);
});

test('SIGNUP: open by default, closed by default in production, and only open, invite or closed', () => {
  assert.equal(loadConfig({}).signup, 'open');
  assert.equal(loadConfig({ NODE_ENV: 'production' }).signup, 'closed');
  assert.equal(loadConfig({ NODE_ENV: 'production', SIGNUP: 'invite' }).signup, 'invite');
  assert.equal(loadConfig({ SIGNUP: 'closed' }).signup, 'closed');
  assert.throws(
    () => loadConfig({ SIGNUP: 'yes' }),
    (e: Error) => e instanceof ConfigError && /SIGNUP/.test(e.message),
  );
});

test('TLS_ASK_FROM: loopback by default, addresses and CIDRs, nothing else', () => {
  assert.deepEqual(loadConfig({}).tlsAskFrom, ['127.0.0.1', '::1']);
  assert.deepEqual(loadConfig({ TLS_ASK_FROM: '10.0.0.0/8, 192.0.2.7' }).tlsAskFrom, ['10.0.0.0/8', '192.0.2.7']);
  assert.throws(
    () => loadConfig({ TLS_ASK_FROM: 'caddy' }),
    (e: Error) => e instanceof ConfigError && /TLS_ASK_FROM/.test(e.message),
  );
});

// Which client a request counts as for every limit: IPv4 by address, IPv6 by its /64 (configurable).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { clientKey } from '../../src/http/client-key.js';

test('IPv4 is its own key, also when a dual-stack socket reports it as ::ffff:a.b.c.d', () => {
  assert.equal(clientKey('198.51.100.7'), '198.51.100.7');
  assert.equal(clientKey('::ffff:198.51.100.7'), '198.51.100.7');
  assert.equal(clientKey(undefined), 'unknown');
});

test('IPv6 counts by its /64 in one spelling, whatever the spelling of the address', () => {
  const key = '2001:db8:a:b::/64';
  for (const ip of [
    '2001:db8:a:b::1',
    '2001:db8:a:b:ffff:ffff:ffff:ffff',
    '2001:0DB8:000A:000B:0:0:0:1',
    '2001:db8:a:b:1:2:3.4.5.6',
    '2001:db8:a:b::1%eth0',
  ]) {
    assert.equal(clientKey(ip), key, ip);
  }
  assert.notEqual(clientKey('2001:db8:a:c::1'), key);
  assert.equal(clientKey('::1'), '0:0:0:0::/64');
});

test('the prefix length is configurable, from 1 to 128', () => {
  assert.equal(clientKey('2001:db8:a:b::1', 48), '2001:db8:a::/48');
  assert.equal(clientKey('2001:db8:a:b::1', 56), '2001:db8:a:0::/56');
  assert.equal(clientKey('2001:db8:a:ff01::1', 56), '2001:db8:a:ff00::/56');
  assert.equal(clientKey('2001:db8:a:b::1', 128), '2001:db8:a:b::1');
  assert.equal(clientKey('2001:db8::1', 1), '0::/1');
  assert.equal(loadConfig({}).ipv6PrefixLength, 64);
  assert.equal(loadConfig({ IPV6_PREFIX_LENGTH: '56' }).ipv6PrefixLength, 56);
  for (const bad of ['0', '129', '64.5', 'x']) {
    assert.throws(() => loadConfig({ IPV6_PREFIX_LENGTH: bad }), /IPV6_PREFIX_LENGTH must be an integer from 1 to 128/);
  }
});

// Own domains over HTTPS (issue 35, point 3) through a real Caddy (Debian's package) with its
// internal CA and on-demand TLS, in front of the service: Caddy asks /internal/tls-allowed before
// getting a certificate, so a verified own domain is served over HTTPS (its certificate chains to
// Caddy's local root) while an unknown name is refused a certificate (the handshake fails).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:https';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { claimDomain, verifyClaim } from '../../src/accounts/tenants/domains.js';
import { createFixtureTenant } from '../fixtures.js';
import { createTestApp, type TestApp } from '../helper.js';

const CADDY = '/usr/bin/caddy';
const skip = existsSync(CADDY) ? false : 'Caddy is not installed (apt-get install -y caddy; .ci/run does it)';
const DOMAIN = 'menu.alpha-trattoria.test';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForPort(port: number, ms = 15_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() - started > ms) throw new Error(`nothing listens on ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function httpsGet(port: number, name: string, ca?: string): Promise<{ status: number; body: string; issuer: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        servername: name,
        path: '/',
        headers: { host: name, accept: 'text/html' },
        ...(ca ? { ca } : { rejectUnauthorized: false }),
      },
      (res) => {
        const cert = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        const issuer = String(cert?.issuer?.CN ?? '');
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, issuer }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

describe('own domain over HTTPS through Caddy', { skip }, () => {
  let t: TestApp;
  let caddy: ChildProcess | undefined;
  let dir: string;
  let httpsPort: number;
  let log = '';
  before(async () => {
    t = await createTestApp('sqlite', {}, { resolveTxt: async () => [[`menu-verify=${token}`]] });
    const alpha = await createFixtureTenant(t.db.db, 'alpha', 'Alpha');
    await claimDomain(t.db.db, alpha, DOMAIN, Date.now());
    const claim = await t.db.db.selectFrom('domain_claims').select('token').executeTakeFirstOrThrow();
    token = claim.token;
    assert.equal(await verifyClaim(t.db.db, alpha, DOMAIN, t.app.resolveTxt, Date.now()), 'verified');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (t.app.server.address() as AddressInfo).port;
    dir = await mkdtemp(join(tmpdir(), 'menu-caddy-'));
    httpsPort = await freePort();
    const httpPort = await freePort();
    const caddyfile = `{
	admin off
	skip_install_trust
	local_certs
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${dir}/data
	on_demand_tls {
		ask http://127.0.0.1:${appPort}/internal/tls-allowed
	}
}

https:// {
	tls {
		on_demand
	}
	reverse_proxy 127.0.0.1:${appPort}
}
`;
    await writeFile(join(dir, 'Caddyfile'), caddyfile);
    caddy = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (d) => (log += d));
    caddy.stderr?.on('data', (d) => (log += d));
    await waitForPort(httpsPort);
  });
  let token = '';
  after(async () => {
    caddy?.kill('SIGTERM');
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('a verified own domain is served over HTTPS with a certificate of Caddy’s CA; an unknown name gets none', async () => {
    const first = await httpsGet(httpsPort, DOMAIN).catch((err: Error) => {
      throw new Error(`${err.message}\n${log.slice(-3000)}`);
    });
    assert.equal(first.status, 200, log.slice(-2000));
    assert.match(first.body, /<html/);
    assert.match(first.issuer, /Caddy Local Authority/);
    // The chain checks out against Caddy's own root.
    const root = await readFile(join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt'), 'utf8');
    const verified = await httpsGet(httpsPort, DOMAIN, root);
    assert.equal(verified.status, 200);
    await assert.rejects(httpsGet(httpsPort, 'unknown.example.test'), /alert|socket|ECONNRESET|handshake/i);
    assert.match(log, /tls-allowed|on.demand|not allowed|certificate/i);
  });
});

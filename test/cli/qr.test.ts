// `menu qr`: the QR code of a restaurant (or one of its tables) as SVG on stdout or PNG in a file,
// decoded back to the address it opens.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { decodeQr } from '../qr-decode.js';
import { type CliDatabase, cliDatabase, runCli } from './run.js';

describe('menu qr (sqlite)', () => {
  let database: CliDatabase;
  before(async () => {
    database = await cliDatabase('sqlite');
    assert.equal((await runCli(['migrate'], database.env)).code, 0);
    assert.equal((await runCli(['tenant:create', 'osteria', '--name', 'Osteria'], database.env)).code, 0);
  });
  after(() => database.dispose());

  test('SVG on stdout and PNG in a file, both opening the public address with the table', async () => {
    const env = { ...database.env, PUBLIC_URL: 'https://{slug}.menu.example' };
    const svg = await runCli(['qr', 'osteria', '--table', '12'], env);
    assert.equal(svg.code, 0, svg.stderr);
    assert.match(svg.stdout, /^<svg /);
    const drawn = await sharp(Buffer.from(svg.stdout), { density: 300 }).png().toBuffer();
    assert.equal(await decodeQr(drawn), 'https://osteria.menu.example/?table=12');
    const file = join(tmpdir(), `qr-${process.pid}.png`);
    const png = await runCli(['qr', 'osteria', '--format', 'png', '--out', file], env);
    assert.equal(png.code, 0, png.stderr);
    assert.equal(await decodeQr(readFileSync(file)), 'https://osteria.menu.example/');
  });

  test('refusals: unknown restaurant, bad table, PNG without a file, unknown format', async () => {
    assert.match((await runCli(['qr', 'nobody'], database.env)).stderr, /Unknown tenant "nobody"/);
    assert.notEqual((await runCli(['qr', 'osteria', '--table', 'a b'], database.env)).code, 0);
    assert.match((await runCli(['qr', 'osteria', '--format', 'png'], database.env)).stderr, /needs --out/);
    assert.match((await runCli(['qr', 'osteria', '--format', 'gif'], database.env)).stderr, /svg or png/);
  });
});

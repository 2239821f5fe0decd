// Runs the `menu` command against a given database: in this process through the exported `main`
// (what almost every CLI test does: no node start-up per command), or as a real child process
// (the few smoke tests in process.test.ts that prove bin/menu.js itself works).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { main } from '../../src/cli.js';
import type { Dialect } from '../../src/db/connect.js';
import { runScopedName, testRunId } from '../helper.js';

/** bin/menu.js of the project, found upwards from here (this file also runs compiled, from .test-build/test/cli). */
function findBin(dir: string): string {
  const bin = join(dir, 'bin', 'menu.js');
  if (existsSync(bin)) return bin;
  if (dirname(dir) === dir) throw new Error('bin/menu.js not found above the tests');
  return findBin(dirname(dir));
}

export const BIN = findBin(dirname(fileURLToPath(import.meta.url)));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliDatabase {
  env: Record<string, string>;
  dispose(): Promise<void>;
}

/** An empty database for CLI runs: a temporary SQLite file, or a fresh PostgreSQL schema. */
export async function cliDatabase(dialect: Dialect): Promise<CliDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), `menu-cli-${testRunId}-`));
    return {
      env: { DATABASE_URL: `sqlite:${join(dir, 'menu.db')}` },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const schema = runScopedName('cli');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  return {
    env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
    dispose: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}

/**
 * Runs one command in this process: `main(argv, env, io)` with captured stdout/stderr and the given
 * standard input. The environment is only what is passed (as a child would get), never process.env.
 */
export async function runCli(args: string[], env: Record<string, string>, stdin?: string): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    args,
    { LOG_LEVEL: 'silent', ...env },
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      stdin: (async function* () {
        if (stdin) yield stdin;
      })(),
    },
  );
  return { code, stdout, stderr };
}

/** Runs one command as a real `node bin/menu.js` child process (for the smoke tests). */
export function runCliProcess(args: string[], env: Record<string, string>, stdin?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

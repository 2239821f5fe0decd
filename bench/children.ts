// Starts the benchmark's server processes (one at a time) and makes sure none outlives the run.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage } from './child-ipc.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

const live = new Set<ChildProcess>();

/** Last resort: whatever way the benchmark ends, its servers end with it. */
process.on('exit', killAllServers);

export function killAllServers(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  /** CPU time (user + system) the server process has used so far, in microseconds. */
  cpuMicros(): Promise<number>;
  /** SIGTERM, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
}

/** Runs `node --import tsx bench/<script> ...args` and waits for it to report its port. */
export async function startServer(
  name: string,
  script: string,
  args: string[],
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', fileURLToPath(new URL(script, import.meta.url)), ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  live.add(child);
  let exitReason: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitReason = `${name} server exited (code ${code}, signal ${signal})`;
      live.delete(child);
      resolve();
    }),
  );

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} server did not start within ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const onMessage = (message: ChildMessage) => {
      if (message.type !== 'listening') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message.port);
    };
    child.on('message', onMessage);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited before listening (code ${code}, signal ${signal})`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });

  let nextId = 0;
  return {
    name,
    pid: child.pid!,
    port,
    cpuMicros: () =>
      new Promise<number>((resolve, reject) => {
        if (exitReason) return reject(new Error(exitReason));
        const id = ++nextId;
        const timer = setTimeout(() => reject(new Error(`${name} server did not report its CPU usage`)), 5_000);
        const onMessage = (message: ChildMessage) => {
          if (message.type !== 'cpu' || message.id !== id) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve(message.userMicros + message.systemMicros);
        };
        child.on('message', onMessage);
        child.send({ type: 'cpu', id } satisfies ParentMessage);
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

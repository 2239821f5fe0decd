// Jobs for the worker-pool test, run inside a worker thread.
import { resourceLimits, threadId } from 'node:worker_threads';

export const POOL_JOBS = import.meta.url;

/** Waits `ms`, then says which thread ran it and when it started and ended. */
export async function wait(
  ms: number,
  label: string,
): Promise<{ label: string; thread: number; start: number; end: number }> {
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { label, thread: threadId, start, end: Date.now() };
}

export function bytes(n: number): Uint8Array {
  return new Uint8Array(n).fill(7);
}

export function fails(): never {
  throw new Error('this job fails');
}

export function spins(): void {
  for (;;) {
    // never returns: the pool's deadline ends it
  }
}

/** The heap limits the worker runs under. */
export function limits(): typeof resourceLimits {
  return { ...resourceLimits };
}

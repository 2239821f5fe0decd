// The small IPC protocol between the benchmark and its server processes, and the server side of it.

/** Child → parent. */
export type ChildMessage =
  | { type: 'listening'; port: number }
  | { type: 'cpu'; id: number; userMicros: number; systemMicros: number };

/** Parent → child. */
export type ParentMessage = { type: 'cpu'; id: number };

/**
 * Runs in a server process once it listens: reports the port, answers CPU-usage queries, closes on
 * SIGTERM, and exits when the parent goes away (the IPC channel closes), so it never outlives it.
 */
export function serveAsChild(port: number, close: () => Promise<void>): void {
  const send = (message: ChildMessage) => process.send?.(message);
  if (!process.send) throw new Error('This script is started by bench/run.ts (it needs an IPC channel).');
  let closing = false;
  const shutdown = (code: number) => {
    if (closing) return;
    closing = true;
    // Bounded: a close that hangs must not keep the process alive.
    setTimeout(() => process.exit(code), 5_000).unref();
    close().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'cpu') {
      const usage = process.cpuUsage();
      send({ type: 'cpu', id: message.id, userMicros: usage.user, systemMicros: usage.system });
    }
  });
  process.on('SIGTERM', () => shutdown(0));
  process.on('SIGINT', () => shutdown(0));
  process.on('disconnect', () => shutdown(0));
  send({ type: 'listening', port });
}

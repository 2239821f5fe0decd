// Heavy jobs off the request thread: a small pool of worker threads (one by default: this service
// runs on small machines, and the request thread needs the other core), a bounded queue, and at
// most one job per owner (a restaurant) running or waiting at a time beyond the one queued, so one
// restaurant's print run never holds up another's. A job names a module and one of its exported
// functions; the worker imports the module (under tsx when it is TypeScript, as in development)
// and calls the function with the job's arguments, which must survive structured cloning.
// Workers start on the first job (or a warm-up's: features/sync/warm.ts) and end after a minute
// without one (each costs ~20 MB, ~50 MB under tsx with the spreadsheet modules loaded).
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/** Why a job was not run: the queue is full, its owner already has jobs waiting, or the pool closed. */
export class JobRefusedError extends Error {
  constructor(
    readonly reason: 'busy' | 'closed',
    /** When to ask again. */
    readonly retryAfterSeconds: number,
  ) {
    super(reason === 'busy' ? 'Too many jobs are waiting.' : 'The service is stopping.');
  }
}

/** A job that ran past the pool's deadline (its worker is ended): the machine is too busy, or the job too big. */
export class JobTimeoutError extends Error {
  constructor() {
    super('The job took too long.');
  }
}

export interface Job {
  /** The module's file URL (`new URL('./x.js', import.meta.url)` or `import.meta.url`). */
  module: string;
  /** The exported function to call. */
  fn: string;
  args: unknown[];
  /** Jobs of one owner run one at a time. */
  owner: string;
}

export interface PoolOptions {
  /** Worker threads at most (default 1). */
  size?: number;
  /** Jobs waiting at most, all owners together (default 16). */
  maxQueued?: number;
  /** Jobs of one owner waiting at most (default 2). */
  maxQueuedPerOwner?: number;
  /** A worker with nothing to do for this long ends (default 60 s). */
  idleMs?: number;
  /** Heap of each worker, in MB (default 96). */
  heapMb?: number;
  /**
   * Young generation of each worker, in MB (default 16). V8's default (up to 48 MB on 64-bit) is
   * memory a job's short-lived objects fill before any is collected: reading a 2,000-dish workbook
   * peaked ~20 MB higher with it. Too small costs time instead: at 8 MB the workbook's reading
   * spent most of its time collecting (a warmed server's 2,000-dish preview 2.1-2.6 s against
   * 1.1-1.2 s at 16 MB, measured back to back at load 3-6), for 4-10 MB less at the peak.
   */
  youngMb?: number;
  /** A job still running after this long is abandoned and its worker ended (default 30 s). */
  timeoutMs?: number;
}

interface Pending {
  job: Job;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | undefined;
  /** The idle timer between jobs, the job's deadline during one. */
  timer: NodeJS.Timeout | undefined;
  /** The thread is up: a job's deadline counts from then, not from the thread's start (slow on a busy machine). */
  online: boolean;
}

type Reply = { ok: true; value: unknown } | { ok: false; message: string };

const self = import.meta.url;

export class WorkerPool {
  private readonly size: number;
  private readonly maxQueued: number;
  private readonly maxQueuedPerOwner: number;
  private readonly idleMs: number;
  private readonly heapMb: number;
  private readonly youngMb: number;
  private readonly timeoutMs: number;
  private readonly queue: Pending[] = [];
  private readonly slots = new Set<Slot>();
  private readonly running = new Set<string>();
  private closed = false;
  /** Jobs finished, refused, failed: for /metrics and tests. */
  readonly counts = { done: 0, refused: 0, failed: 0 };

  constructor(options: PoolOptions = {}) {
    this.size = Math.max(1, Math.min(options.size ?? 1, availableParallelism()));
    this.maxQueued = options.maxQueued ?? 16;
    this.maxQueuedPerOwner = options.maxQueuedPerOwner ?? 2;
    this.idleMs = options.idleMs ?? 60_000;
    this.heapMb = options.heapMb ?? 96;
    this.youngMb = options.youngMb ?? 16;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /** Jobs waiting and running now. */
  get load(): { queued: number; running: number; workers: number } {
    return { queued: this.queue.length, running: this.running.size, workers: this.slots.size };
  }

  /** Runs the job on a worker; rejects with JobRefusedError when it cannot be taken now. */
  run<T>(job: Job): Promise<T> {
    if (this.closed) return Promise.reject(new JobRefusedError('closed', 5));
    const ofOwner = this.queue.filter((p) => p.job.owner === job.owner).length;
    if (this.queue.length >= this.maxQueued || ofOwner >= this.maxQueuedPerOwner) {
      this.counts.refused++;
      return Promise.reject(new JobRefusedError('busy', 5));
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
      this.dispatch();
    });
  }

  /** Stops taking jobs, refuses the waiting ones and ends the workers (a running job is abandoned). */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new JobRefusedError('closed', 5));
    await Promise.all([...this.slots].map((slot) => this.end(slot)));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const index = this.queue.findIndex((p) => !this.running.has(p.job.owner));
      if (index < 0) return;
      const slot = this.freeSlot();
      if (!slot) return;
      const [pending] = this.queue.splice(index, 1) as [Pending];
      this.start(slot, pending);
    }
  }

  private freeSlot(): Slot | undefined {
    for (const slot of this.slots) if (!slot.current) return slot;
    if (this.slots.size >= this.size) return undefined;
    const options = {
      workerData: { poolWorker: true },
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: this.youngMb },
    };
    // Under tsx (development, `menu` without dist/) the worker registers tsx's loader before it
    // imports this module; Node 20 does not apply `--import` to a worker's own entry module.
    const worker = self.endsWith('.ts')
      ? new Worker(
          `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(self)}); })`,
          { ...options, eval: true },
        )
      : new Worker(new URL(self), options);
    // A worker must never keep the process alive on its own.
    worker.unref();
    const slot: Slot = { worker, current: undefined, timer: undefined, online: false };
    worker.on('online', () => {
      slot.online = true;
      if (slot.current) this.arm(slot);
    });
    worker.on('message', (reply: Reply) => this.finish(slot, reply));
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', () => this.fail(slot, new Error('The worker stopped.')));
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, pending: Pending): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.current = pending;
    if (slot.online) this.arm(slot);
    this.running.add(pending.job.owner);
    const { module, fn, args } = pending.job;
    slot.worker.postMessage({ module, fn, args });
  }

  /** The running job's deadline. */
  private arm(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      this.fail(slot, new JobTimeoutError());
      void slot.worker.terminate();
    }, this.timeoutMs).unref();
  }

  private settle(slot: Slot): Pending | undefined {
    const pending = slot.current;
    slot.current = undefined;
    if (pending) this.running.delete(pending.job.owner);
    return pending;
  }

  private finish(slot: Slot, reply: Reply): void {
    if (slot.timer) clearTimeout(slot.timer);
    const pending = this.settle(slot);
    if (pending) {
      if (reply.ok) {
        this.counts.done++;
        pending.resolve(reply.value);
      } else {
        this.counts.failed++;
        pending.reject(new Error(reply.message));
      }
    }
    if (!this.closed) slot.timer = setTimeout(() => void this.end(slot), this.idleMs).unref();
    this.dispatch();
  }

  /** The worker died (out of memory, a crash) or was ended: its job fails, the others go on. */
  private fail(slot: Slot, err: Error): void {
    if (!this.slots.delete(slot)) return;
    if (slot.timer) clearTimeout(slot.timer);
    const pending = this.settle(slot);
    if (pending) {
      this.counts.failed++;
      pending.reject(this.closed ? new JobRefusedError('closed', 5) : err);
    }
    this.dispatch();
  }

  private async end(slot: Slot): Promise<void> {
    const { worker } = slot;
    this.fail(slot, new JobRefusedError('closed', 5));
    await worker.terminate();
  }
}

// In a worker of the pool: run each job sent and answer with its value or its error's message.
if (!isMainThread && (workerData as { poolWorker?: boolean } | undefined)?.poolWorker && parentPort) {
  const port = parentPort;
  port.on('message', async ({ module, fn, args }: { module: string; fn: string; args: unknown[] }) => {
    try {
      const loaded = (await import(module)) as Record<string, unknown>;
      const f = loaded[fn];
      if (typeof f !== 'function') throw new Error(`${fn} is not a function of ${module}`);
      const value: unknown = await f(...args);
      // A byte array goes across without a copy.
      const own = value instanceof Uint8Array && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
      const transfer = own ? [value.buffer as ArrayBuffer] : [];
      port.postMessage({ ok: true, value } satisfies Reply, transfer);
    } catch (err) {
      port.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies Reply);
    }
  });
}

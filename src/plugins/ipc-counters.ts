// Rate-limit counters of cluster workers without Redis: every worker asks the primary, which keeps
// the one MemoryCounterStore, so a client's budget is the same whichever worker answers it.
// The primary side is `serveCounters`; workers use IpcCounterStore.
import type { Worker } from 'node:cluster';
import { type CounterStore, type Hit, MemoryCounterStore } from './counters.js';

interface HitRequest {
  type: 'menu:hit';
  id: number;
  key: string;
}

interface HitAnswer {
  type: 'menu:hit';
  id: number;
  hit: Hit;
}

export class IpcCounterStore implements CounterStore {
  private next = 0;
  private readonly waiting = new Map<number, (hit: Hit) => void>();
  private readonly onMessage = (message: unknown) => {
    const answer = message as Partial<HitAnswer>;
    if (answer?.type !== 'menu:hit' || typeof answer.id !== 'number' || !answer.hit) return;
    this.waiting.get(answer.id)?.(answer.hit);
    this.waiting.delete(answer.id);
  };

  constructor() {
    if (!process.send) throw new Error('IpcCounterStore runs in a cluster worker only');
    process.on('message', this.onMessage);
  }

  hit(key: string): Promise<Hit> {
    return new Promise<Hit>((resolve, reject) => {
      const id = ++this.next;
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the primary process did not answer the rate-limit count'));
      }, 2000);
      this.waiting.set(id, (hit) => {
        clearTimeout(timer);
        resolve(hit);
      });
      process.send!({ type: 'menu:hit', id, key } satisfies HitRequest);
    });
  }

  async close(): Promise<void> {
    process.off('message', this.onMessage);
  }
}

/** The primary's side: answers every worker's counts from one store. */
export function serveCounters(store: MemoryCounterStore = new MemoryCounterStore()) {
  return (worker: Worker, message: unknown): void => {
    const request = message as Partial<HitRequest>;
    if (request?.type !== 'menu:hit' || typeof request.key !== 'string' || typeof request.id !== 'number') return;
    const hit = store.hit(request.key);
    if (worker.isConnected()) worker.send({ type: 'menu:hit', id: request.id, hit } satisfies HitAnswer);
  };
}

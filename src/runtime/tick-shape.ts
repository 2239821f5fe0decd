// Keeps V8's fast path for process.nextTick, which Node's HTTP stack calls about five times per request.
//
// nextTick builds each queued tick as an object literal with two computed (symbol) keys. V8 remembers
// the hidden class ("map") of those objects in nextTick's feedback, but holds it weakly: when a full
// garbage collection runs at a moment no tick is queued — during a busy startup (migrations, seeding,
// building the app) or an idle spell — the map is collected, the next tick gets a new one, and that
// feedback slot turns megamorphic for good. From then on every nextTick takes V8's slow runtime path,
// which cost this service about 15% of its cached /menu throughput (see bench/README.md, "nextTick").
// Holding one tick object for the life of the process keeps the map alive, so the feedback never changes.
import { createHook } from 'node:async_hooks';

let kept: object | undefined;

/** Captures one tick object (once per process) and keeps it; returns it. Call it before anything else runs. */
export function keepTickObjectShape(): object | undefined {
  if (kept) return kept;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === 'TickObject' && kept === undefined) kept = resource;
    },
  });
  hook.enable();
  process.nextTick(() => {});
  hook.disable();
  return kept;
}

keepTickObjectShape();

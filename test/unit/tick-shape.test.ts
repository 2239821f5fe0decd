// src/runtime/tick-shape.ts: one process.nextTick tick object is kept, so its V8 hidden class
// outlives full garbage collections and nextTick's feedback never sees a second one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keepTickObjectShape } from '../../src/runtime/tick-shape.js';

test('keeps one tick object, the same one on every call', () => {
  const kept = keepTickObjectShape();
  assert.ok(kept, 'a tick object was captured');
  assert.equal(typeof (kept as { callback?: unknown }).callback, 'function');
  assert.equal(Object.getOwnPropertySymbols(kept).length, 2, "nextTick's two async-id symbol keys");
  assert.equal(keepTickObjectShape(), kept);
});

test('ticks made after full garbage collections, with none queued, still share the kept hidden class', () => {
  // Compiled (npm test runs .test-build/) or the TypeScript source through tsx (a file run on its own).
  const compiled = fileURLToPath(new URL('../../src/runtime/tick-shape.js', import.meta.url));
  const module = existsSync(compiled)
    ? compiled
    : fileURLToPath(new URL('../../src/runtime/tick-shape.ts', import.meta.url));
  const script = `
    const { createHook } = await import('node:async_hooks');
    const { keepTickObjectShape } = await import(${JSON.stringify(module)});
    const kept = keepTickObjectShape();
    for (let i = 0; i < 5; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 5)); }
    let fresh;
    const hook = createHook({ init(_id, type, _t, resource) { if (type === 'TickObject') fresh ??= resource; } });
    hook.enable();
    process.nextTick(() => {}, 'with', 'arguments');
    hook.disable();
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
    process.stdout.write(String(fresh !== kept && sameMap(kept, fresh)));
  `;
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '--allow-natives-syntax',
      ...(module === compiled ? [] : ['--import', 'tsx']),
      '--input-type=module',
      '-e',
      script,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(child.status, 0, child.stderr);
  assert.equal(child.stdout, 'true');
});

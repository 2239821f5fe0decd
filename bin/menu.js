#!/usr/bin/env node
// The `menu` command. Runs the compiled JavaScript in dist/ (built by `npm install` through the
// `prepare` script: it starts in about half the time and ~40 MB less memory than compiling on
// the fly, see docs/DESIGN-NOTES.md), or the TypeScript sources through tsx when dist/ is missing
// or older than src/ (while developing). Either way the tick-shape module is loaded first, before
// any other module of the app, so V8 keeps process.nextTick on its fast path.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');

/** The newest modification time under a folder (src/ has about a hundred files: a few ms). */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const compiled =
  process.env.MENU_FROM_SOURCE !== '1' && existsSync(stamp) && statSync(stamp).mtimeMs >= newest(join(root, 'src'));

let cli;
if (compiled) {
  await import('../dist/runtime/tick-shape.js');
  cli = await import('../dist/cli.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/runtime/tick-shape.ts');
  cli = await import('../src/cli.ts');
}
process.exitCode = await cli.main(process.argv.slice(2));

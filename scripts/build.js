// Compiles src/ to dist/ (what `menu` runs in production), copies the static files that live beside
// the sources (the panel's stylesheet and browser modules), and stamps the build, so bin/menu.js
// can tell a build older than the sources and fall back to them.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync('dist', { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
// Every `assets` folder under src/ goes to the same place under dist/.
function copyAssets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const path = join(dir, entry.name);
    if (entry.name === 'assets') cpSync(path, join('dist', path.slice('src/'.length)), { recursive: true });
    else copyAssets(path);
  }
}
copyAssets('src');
writeFileSync('dist/.build-stamp', `${new Date().toISOString()}\n`);

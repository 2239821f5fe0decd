// Compiles src/ to dist/ (what `menu` runs in production) and stamps the build, so bin/menu.js
// can tell a build older than the sources and fall back to them.
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
rmSync('dist', { recursive: true, force: true });
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync('dist/.build-stamp', `${new Date().toISOString()}\n`);

// `npm test`: compiles src/ and test/ into .test-build/ and type-checks them (tsc) beside the tests, then runs
// every test/**/*.test.ts — found by name, so new files need no registration — as compiled JavaScript
// under node's test runner, several files at once. Plain node starts a test file in about a third of
// the CPU time that tsx needs (measured in docs/DESIGN-NOTES.md), and it runs what production runs.
//
// Files share processes: each process loads the app's modules once (about 2 s of CPU; node 20 has
// no compile cache) and then runs a group of test files one after another, each test still on a
// fresh app and database. A file that changes something the whole process shares (signals, the
// process's environment, a global, its memory as a measure) says so on a line of its own:
//   // npm test: a process of its own (<why>)
// and runs alone. Failures name their file as before (node:test reports where each test is
// defined). TEST_ISOLATE=1 gives every file a process of its own, to rule out a neighbour.
//
//   npm test                        the in-process suites (a few minutes on a 2-core machine)
//   npm run test:all                those and the end-to-end ones (what .ci/run runs)
//   npm test -- test/cli panel      only the files whose path contains one of the words (any tier)
//   npm test -- --test-name-pattern=refuses   any node --test option passes through
//
// Two tiers, by folder. The in-process suites drive the app through inject() on a real database
// and call the CLI's commands in-process. The end-to-end suites are the slow ones: a real Chromium
// (test/browser/) and real processes (test/processes/: servers, signals, a cluster, the POS example).
//
// Environment: TEST_CONCURRENCY (processes at once; default: the machine's cores), TEST_DATABASE_URL and
// TEST_REDIS_URL (also run on PostgreSQL / Redis), TEST_RUN_ID (set here when absent: names this run's
// PostgreSQL schemas and temporary folders, all removed at the end, so runs never meet).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';

const BUILD = '.test-build';
const started = Date.now();

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

// 1. Compile, and type-check beside the tests. Each changed .ts file is transpiled on its own
// (TypeScript's transpileModule: the code passes --isolatedModules, so a file's JavaScript does not
// depend on the others' types), which takes seconds; tsc then checks the types while the first
// tests run (8 s incremental, ~30 s from scratch, one core: it held up every test before). A type
// error still fails the run: printed when found, the run's status once the tests end.
const ts = createRequire(import.meta.url)('typescript');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const typeCheck = spawn(
  process.execPath,
  [tsc, '-p', 'tsconfig.test.json', '--noEmit', '--tsBuildInfoFile', join(BUILD, '.tsbuildinfo-check')],
  { stdio: ['ignore', 'pipe', 'pipe'] },
);
let typeErrors = '';
typeCheck.stdout.on('data', (chunk) => (typeErrors += chunk));
typeCheck.stderr.on('data', (chunk) => (typeErrors += chunk));
const typeChecked = new Promise((resolve) => typeCheck.on('close', (code) => resolve(code ?? 1)));
const { options: compilerOptions } = ts.convertCompilerOptionsFromJson(
  JSON.parse(readFileSync('tsconfig.json', 'utf8')).compilerOptions,
  '.',
);
Object.assign(compilerOptions, {
  module: ts.ModuleKind.ES2022, // every file is an ES module ("type": "module"), as NodeNext emits them
  noEmit: false,
  sourceMap: true,
  inlineSources: false,
});
let transpiled = 0;
for (const root of ['src', 'test', 'bench', 'scripts']) {
  for (const path of walk(root)) {
    const target = join(BUILD, path.endsWith('.ts') ? path.replace(/\.ts$/, '.js') : path);
    if (path.endsWith('.d.ts')) continue;
    if (existsSync(target) && statSync(target).mtimeMs >= statSync(path).mtimeMs) continue;
    mkdirSync(dirname(target), { recursive: true });
    if (!path.endsWith('.ts')) {
      // Files beside the sources that code reads at run time (the panel's assets, test fixtures) go along.
      if (root === 'src' || root === 'test') copyFileSync(path, target);
      continue;
    }
    const out = ts.transpileModule(readFileSync(path, 'utf8'), { compilerOptions, fileName: basename(path) });
    const map = JSON.parse(out.sourceMapText);
    map.sources = [relative(dirname(target), path)];
    writeFileSync(target, out.outputText);
    writeFileSync(`${target}.map`, JSON.stringify(map));
    transpiled++;
  }
}

// 2. Which files: every test/**/*.test.ts that exists now (a stale compiled file of a deleted test never runs).
const END_TO_END = ['test/browser/', 'test/processes/'];
const all = process.argv.includes('--all');
const words = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const nodeOptions = process.argv.slice(2).filter((arg) => arg.startsWith('-') && arg !== '--all');
const sources = walk('test')
  .filter((path) => path.endsWith('.test.ts'))
  .filter((path) =>
    words.length > 0
      ? words.some((word) => path.includes(word))
      : all || !END_TO_END.some((dir) => path.startsWith(dir)),
  );
if (sources.length === 0) {
  console.error(
    words.length > 0 ? `No test file under test/ matches ${words.join(', ')}.` : 'No test files under test/.',
  );
  process.exit(1);
}
// The slowest files of the last run start first, so the run does not end waiting on one long file.
const timingsFile = join(BUILD, 'timings.json');
let timings = {};
try {
  timings = JSON.parse(readFileSync(timingsFile, 'utf8'));
} catch {
  // first run: alphabetical
}
sources.sort(
  (a, b) => (timings[b] ?? Number.MAX_SAFE_INTEGER) - (timings[a] ?? Number.MAX_SAFE_INTEGER) || a.localeCompare(b),
);
const compiledPath = (path) => join(BUILD, path.replace(/\.ts$/, '.js'));

// 3. Which files share a process: the rest are packed into a few groups of about equal time (by
// the last run's timings, longest first into the least loaded group), a few per process at once.
const runId = (process.env.TEST_RUN_ID ?? randomBytes(4).toString('hex')).toLowerCase().replace(/[^a-z0-9]/g, '');
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism();
/** How long one test, or one process per file it runs, may take before its process is stopped. */
const HANG_LIMIT_MS = 180_000;
const OWN_PROCESS = /^\/\/ npm test: a process of its own\b/m;
const isolate = process.env.TEST_ISOLATE === '1';
// The end-to-end files run alone: they start browsers and servers, and loading modules is little of their time.
const alone = sources.filter(
  (path) => isolate || END_TO_END.some((dir) => path.startsWith(dir)) || OWN_PROCESS.test(readFileSync(path, 'utf8')),
);
const shared = sources.filter((path) => !alone.includes(path));
const known = sources.map((path) => timings[path]).filter((ms) => ms !== undefined);
const typical = known.length > 0 ? known.sort((a, b) => a - b)[Math.floor(known.length / 2)] : 5000;
const weight = (path) => timings[path] ?? typical;
// Four groups per process slot: a group's modules load once, and the run's end is not one long group.
const groups = Array.from({ length: Math.min(shared.length, concurrency * 4) }, () => ({ paths: [], ms: 0 }));
for (const path of [...shared].sort((a, b) => weight(b) - weight(a))) {
  const lightest = groups.reduce((min, group) => (group.ms < min.ms ? group : min));
  lightest.paths.push(path);
  lightest.ms += weight(path);
}
// Every process starts from a small entry (.test-build/test-groups/) that imports its files.
const groupDir = join(BUILD, 'test-groups');
rmSync(groupDir, { recursive: true, force: true });
mkdirSync(groupDir, { recursive: true });
const runs = [
  ...alone.map((path) => ({ paths: [path], ms: weight(path) })),
  ...groups.filter((group) => group.paths.length > 0),
]
  .sort((a, b) => b.ms - a.ms)
  .map((run, i) => {
    const name =
      run.paths.length === 1 ? run.paths[0].replace(/\.test\.ts$/, '').replaceAll('/', '-') : `group-${i + 1}`;
    const file = join(groupDir, `${name}.js`);
    writeFileSync(file, processEntry(run.paths));
    return { file, ms: run.ms };
  });
const files = runs.map((run) => run.file);

// 4. Run, several processes at once.
const summaryFile = join(tmpdir(), `menu-test-summary-${runId}.txt`);
const reporter = process.stdout.isTTY ? 'spec' : 'tap';
const child = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    `--test-concurrency=${concurrency}`,
    `--test-reporter=${reporter}`,
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/test-summary.js',
    `--test-reporter-destination=${summaryFile}`,
    ...nodeOptions,
    ...files,
  ],
  { stdio: 'inherit', env: { ...process.env, TEST_RUN_ID: runId, TEST_TIMINGS_FILE: timingsFile } },
);
// Type errors are printed as soon as tsc finds them, and fail the run once the tests are done.
typeChecked.then((code) => {
  if (code !== 0) console.error(`${typeErrors}Type errors (tsc exited with ${code}): the run will fail.`);
});
const testStatus = await new Promise((resolve) =>
  child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
);
const typeStatus = await typeChecked;
if (typeStatus !== 0) console.error(`Type errors: the run fails (printed above, where tsc found them).`);
const status = typeStatus !== 0 ? typeStatus : testStatus;

// 5. Clean up whatever this run left behind (a crashed file cannot drop its own schema).
await cleanUp(runId);
console.log(
  `${sources.length} files in ${files.length} processes (${alone.length} alone), ${concurrency} at a time, in ${((Date.now() - started) / 1000).toFixed(1)} s (${transpiled} files compiled, type-checked beside the tests)`,
);
if (existsSync(summaryFile)) {
  process.stdout.write(readFileSync(summaryFile, 'utf8'));
  rmSync(summaryFile, { force: true });
}
if (!all && words.length === 0) {
  console.log(`Not run here: the end-to-end suites (${END_TO_END.join(', ')}): \`npm run test:all\` runs everything.`);
}
process.exit(status);

async function cleanUp(id) {
  for (const name of readdirSync(tmpdir())) {
    if (name.includes(`-${id}-`) && name.startsWith('menu-'))
      rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE '%\\_' || $1 || '\\_%'", [
      id,
    ]);
    // Each process leaves the schemas it was giving to its next tests (test/helper.ts): dropped a
    // few per statement (one commit each, and within the server's lock table).
    const names = rows.map(({ nspname }) => `"${nspname}"`);
    for (let i = 0; i < names.length; i += 8) {
      await client.query(`DROP SCHEMA IF EXISTS ${names.slice(i, i + 8).join(', ')} CASCADE`);
    }
    if (rows.length > 0) console.log(`Dropped ${rows.length} schema(s) left by this run.`);
  } catch (err) {
    console.error(`Could not drop this run's schemas: ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A process's entry: imports its test files in turn, so node:test queues each file's tests behind
 * the previous file's. A file that throws while loading fails as a test named after it, and the
 * others still run. A test that hangs (a browser that never answers) stops the process after three
 * minutes, as does a process past three minutes per file (a hook that hangs), instead of holding
 * the run until CI's limit. (node --test's own --test-timeout would time a whole process, whatever
 * the number of files in it.)
 */
function processEntry(paths) {
  const imports = JSON.stringify(
    paths.map((path) => relative(groupDir, compiledPath(path))),
    null,
    1,
  );
  return `// Written by scripts/run-tests.js: one test process, ${paths.length} file(s).
import { afterEach, beforeEach, test } from 'node:test';
const LIMIT_MS = ${HANG_LIMIT_MS};
const running = new Map();
const stop = (what) => {
  console.error(\`\${what}: stopping this process (\${[...running.keys()].map((name) => \`"\${name}"\`).join(', ') || 'no test'} running)\`);
  process.exit(1);
};
beforeEach((t) => {
  const timer = setTimeout(() => stop(\`"\${t.name}" still running after \${LIMIT_MS / 1000} s\`), LIMIT_MS);
  timer.unref();
  running.set(t.name, timer);
});
afterEach((t) => {
  clearTimeout(running.get(t.name));
  running.delete(t.name);
});
setTimeout(() => stop(\`\${LIMIT_MS / 1000} s per file passed\`), LIMIT_MS * ${paths.length}).unref();
for (const file of ${imports}) {
  try {
    await import(file);
  } catch (err) {
    test(\`loading \${file}\`, () => {
      throw err;
    });
  }
}
`;
}

// A node:test reporter that prints the run's summary: tests passed, failed and skipped, every skipped
// suite or test with the reason it was skipped, and the PostgreSQL runs that did not happen.
// scripts/run-tests.js runs it beside the usual reporter and prints its output last, so the closing
// line is `summary: N passed, N failed, N skipped`. It also records how long each file took, so the
// next run starts the slowest files first (.test-build/timings.json).
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

/** The files run, relative to the project, and where they were compiled to. */
function shortName(file) {
  if (!file) return '(unknown file)';
  return relative(process.cwd(), file)
    .replace(/^\.test-build\//, '')
    .replace(/\.js$/, '.ts');
}

export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let todo = 0;
  /** reason → names of what was skipped for it */
  const skipped = new Map();
  const skip = (reason, name) => {
    const list = skipped.get(reason) ?? [];
    list.push(name);
    skipped.set(reason, list);
  };
  /** file → depth → failed tests below the suite open at that depth */
  const failedBelow = new Map();
  const durations = {};
  /** file → its suites named "… (sqlite)", whose PostgreSQL twins run only with TEST_DATABASE_URL */
  const sqliteSuites = new Map();

  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, nesting, file, details } = event.data;
    const isSuite = details?.type === 'suite';
    const where = shortName(file);
    if (nesting === 0 && file) durations[where] = (durations[where] ?? 0) + (details?.duration_ms ?? 0);
    const depths = failedBelow.get(where) ?? [];
    failedBelow.set(where, depths);
    if (event.data.skip !== undefined && event.data.skip !== false) {
      const reason = typeof event.data.skip === 'string' && event.data.skip ? event.data.skip : 'skipped';
      skip(reason, `${isSuite ? 'suite' : 'test'} "${name}" (${where})`);
      continue;
    }
    if (event.data.todo !== undefined && event.data.todo !== false) {
      todo++;
      continue;
    }
    if (isSuite) {
      const below = depths[nesting] ?? 0;
      depths[nesting] = 0;
      // A suite fails on its own (a hook threw) without any of its tests failing: count it once.
      if (event.type === 'test:fail' && below === 0) {
        failed++;
        for (let d = 0; d < nesting; d++) depths[d] = (depths[d] ?? 0) + 1;
      }
      if (/\(sqlite\)$/.test(name)) sqliteSuites.set(where, (sqliteSuites.get(where) ?? 0) + 1);
      continue;
    }
    if (event.type === 'test:pass') passed++;
    else {
      failed++;
      for (let d = 0; d < nesting; d++) depths[d] = (depths[d] ?? 0) + 1;
    }
  }

  let skippedCount = 0;
  const lines = [];
  if (!process.env.TEST_DATABASE_URL && sqliteSuites.size > 0) {
    // Each "(sqlite)" suite would also have run as "(postgres)": one skipped suite each, listed per file.
    let count = 0;
    const files = [...sqliteSuites].sort(([a], [b]) => a.localeCompare(b));
    for (const [, n] of files) count += n;
    skippedCount += count;
    lines.push(
      `  PostgreSQL: TEST_DATABASE_URL not set: ${count} suites (the "(postgres)" twin of each "(sqlite)" suite)`,
    );
    for (const [file, n] of files) lines.push(`    - ${file}: ${n} suite${n === 1 ? '' : 's'}`);
  }
  for (const [reason, list] of [...skipped].sort(([a], [b]) => a.localeCompare(b))) {
    skippedCount += list.length;
    lines.push(`  ${reason}: ${list.length} ${list.length === 1 ? 'item' : 'items'}`);
    for (const item of list) lines.push(`    - ${item}`);
  }
  if (process.env.TEST_TIMINGS_FILE) {
    // A run of some files keeps the others' figures from earlier runs.
    let earlier = {};
    try {
      earlier = JSON.parse(readFileSync(process.env.TEST_TIMINGS_FILE, 'utf8'));
    } catch {
      // first run
    }
    writeFileSync(process.env.TEST_TIMINGS_FILE, `${JSON.stringify({ ...earlier, ...durations }, null, 1)}\n`);
  }
  yield '\n== test summary ==\n';
  if (lines.length > 0) yield `Skipped, and why:\n${lines.join('\n')}\n`;
  else yield 'Nothing skipped.\n';
  if (todo > 0) yield `${todo} todo\n`;
  yield `summary: ${passed} passed, ${failed} failed, ${skippedCount} skipped\n`;
}

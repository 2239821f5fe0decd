// The layer rule of .dependency-cruiser.cjs really refuses imports that run up a floor: a copy of
// src/ gets three such imports injected, and dependency-cruiser must name each one.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

const root = process.cwd();
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(dir: string): Violation[] {
  const run = spawnSync(
    process.execPath,
    [depcruise, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  assert.ok(run.stdout, `dependency-cruiser printed nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('layer rule', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'layers-'));
    for (const name of ['src', 'tsconfig.json', '.dependency-cruiser.cjs'])
      cpSync(join(root, name), join(dir, name), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the real tree has no violation, and imports running up a floor are each refused', () => {
    // A resource importing a feature, a request stage importing the catalog, a foundation
    // importing a request stage, and a sideways import between two features on one floor.
    const injected: Array<[string, string]> = [
      ['src/resources/items/schema.ts', "import '../../features/analytics/reports.js';"],
      ['src/plugins/auth.ts', "import '../catalog/snapshot.js';"],
      ['src/runtime/announcements.ts', "import '../plugins/counters.js';"],
      ['src/features/qr/codes.ts', "import '../webhooks/signature.js';"],
    ];
    // One run of dependency-cruiser (about 3.5 s of CPU each): the list it reports after the
    // injection is exactly the four, so the rest of the real tree breaks no rule.
    for (const [file, line] of injected) appendFileSync(join(dir, file), `\n${line}\n`);
    const found = cruise(dir).map((v) => `${v.from} -> ${v.to} (${v.rule.name})`);
    assert.deepEqual(found.sort(), [
      'src/features/qr/codes.ts -> src/features/webhooks/signature.ts (floor:features/qr)',
      'src/plugins/auth.ts -> src/catalog/snapshot.ts (floor:plugins)',
      'src/resources/items/schema.ts -> src/features/analytics/reports.ts (floor:resources/items)',
      'src/runtime/announcements.ts -> src/plugins/counters.ts (floor:runtime)',
    ]);
  });
});

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];

/** Runs dependency-cruiser with the project's rules on a copy of a fixture tree. */
function cruise(fixture: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  made.push(dir);
  cpSync(path.join(ROOT, 'tests/fixtures', fixture), dir, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const layers = ['domain', 'application', 'infrastructure', 'presentation', 'server'].filter((layer) =>
    spawnSync('test', ['-d', path.join(dir, layer)]).status === 0,
  );
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', path.join(ROOT, '.dependency-cruiser.cjs'), ...layers],
    { cwd: dir, encoding: 'utf8' },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('layer rules (DESIGN.md §1)', () => {
  it('fail the run on each kind of wrong import', () => {
    const { status, output } = cruise('layer-violation');
    expect(status).not.toBe(0);
    for (const rule of ['domain-is-pure', 'application-inward-only', 'infrastructure-not-outward', 'presentation-not-adapters', 'server-own-world']) {
      expect(output, `rule ${rule} should fire`).toContain(rule);
    }
    expect(output).toMatch(/domain-is-pure: domain\/money\.ts → presentation\/Label\.tsx/);
    expect(output).toMatch(/domain-is-pure: domain\/money\.ts → \S*node_modules\/rxjs\//);
  });

  it('pass a tree that keeps to them', () => {
    const { status, output } = cruise('layer-clean');
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});

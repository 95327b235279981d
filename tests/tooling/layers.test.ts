import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];

/**
 * How long a dependency-cruiser run or a type-aware lint may take. Each takes seconds on a quiet
 * machine but several times that on a busy two-core one (npm test runs the projects side by side),
 * so the limit is there only to stop a run that hangs, not to time one.
 */
const SLOW = 300_000;

type Cruise = { status: number | null; output: string };

/** Runs dependency-cruiser with the project's rules on a copy of a fixture tree, without blocking the test runner. */
function cruise(fixture: string): Promise<Cruise> {
  const dir = mkdtempSync(path.join(tmpdir(), 'layers-'));
  made.push(dir);
  cpSync(path.join(ROOT, 'tests/fixtures', fixture), dir, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const layers = ['domain', 'application', 'contract', 'infrastructure', 'presentation', 'server'].filter((layer) => existsSync(path.join(dir, layer)));
  const args = [path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), '--config', path.join(ROOT, '.dependency-cruiser.cjs'), ...layers];
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: dir, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** Both fixture trees cruised once, side by side, before the cases read the results. */
let violation: Cruise;
let clean: Cruise;
beforeAll(async () => {
  [violation, clean] = await Promise.all([cruise('layer-violation'), cruise('layer-clean')]);
}, SLOW);

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('layer rules (DESIGN.md §1)', () => {
  it('fail the run on each kind of wrong import', () => {
    const { status, output } = violation;
    expect(status).not.toBe(0);
    for (const rule of ['domain-is-pure', 'application-inward-only', 'contract-is-the-wire', 'contract-zod-mini', 'contract-only-for-adapters-and-server', 'infrastructure-not-outward', 'presentation-not-adapters', 'presentation-offers-from-use-cases', 'server-own-world']) {
      expect(output, `rule ${rule} should fire`).toContain(rule);
    }
    expect(output).toMatch(/domain-is-pure: domain\/money\.ts → presentation\/Label\.tsx/);
    expect(output).toMatch(/domain-is-pure: domain\/money\.ts → \S*node_modules\/rxjs\//);
  });

  it('pass a tree that keeps to them', () => {
    const { status, output } = clean;
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });
});

/**
 * ESLint holds the same rules (eslint.config.js, no-restricted-imports per layer), so an editor shows
 * a wrong import as it is typed. Each probe is linted as if it were a file of that layer, with the
 * project's own type-aware configuration.
 */
describe('layer rules in ESLint', () => {
  const eslint = new ESLint({ cwd: ROOT });
  const lint = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
  };

  it('refuse each kind of wrong import, with the layer named', async () => {
    const probes: [file: string, code: string, layer: string][] = [
      ['domain/money/money.ts', "import { AppLayout } from '../../presentation/layout/AppLayout';\nexport const x = AppLayout;\n", 'domain'],
      ['domain/money/money.ts', "import { BehaviorSubject } from 'rxjs';\nexport const x = BehaviorSubject;\n", 'domain'],
      ['application/api/ApiClient.ts', "import { FetchApiTransport } from '../../infrastructure/http/FetchApiTransport';\nexport const x = FetchApiTransport;\n", 'application'],
      ['presentation/layout/AppLayout.tsx', "import { FetchApiTransport } from '../../infrastructure/http/FetchApiTransport';\nexport const x = FetchApiTransport;\n", 'presentation'],
      ['presentation/components/CreateLink.tsx', "import { hasPermission } from '../../domain/auth/permissions';\nexport const x = hasPermission;\n", 'presentation'],
      ['infrastructure/http/FetchApiTransport.ts', "import { AppLayout } from '../../presentation/layout/AppLayout';\nexport const x = AppLayout;\n", 'infrastructure'],
      ['server/app.ts', "import { ApiClient } from '../application/api/ApiClient';\nexport const x = ApiClient;\n", 'server'],
    ];
    for (const [file, code, layer] of probes) {
      const messages = await lint(file, code);
      expect(messages, `${file}: ${code}`).toHaveLength(1);
      expect(messages[0]).toMatch(new RegExp(`is restricted .*The ${layer} layer may not import this \\(DESIGN\\.md §1\\)\\.$`));
    }
  }, SLOW);

  it('let the imports each layer may make through', async () => {
    expect(await lint('application/api/ApiClient.ts', "import { ok } from 'neverthrow';\nimport { checkPassword } from '../../domain/auth/password-policy';\nexport const x = [ok, checkPassword];\n")).toEqual([]);
    expect(await lint('presentation/main.tsx', "import { composeApp } from '../infrastructure/composition/container';\nexport const x = composeApp;\n")).toEqual([]);
  }, SLOW);
});

/**
 * npm test: every check and test, as CI runs it (.ci/run). The steps are the npm scripts listed in
 * docs/testing.md. They run in two lanes side by side, so the two cores stay busy:
 *
 * - the browser lane: both builds, the bundle budget, then the end-to-end tests. Playwright runs one
 *   test at a time and mostly waits on the page (about 0.4 of a core on average), so it has room
 *   beside it;
 * - the checks lane: the type check, ESLint and the layer rules together, then the unit tests, then
 *   the PostgreSQL tests.
 *
 * Each line a step prints is shown as it comes, prefixed with the step's name, so parallel steps
 * stay readable and a CI log shows progress. The first failed step stops the run: the other lane's
 * running step is ended, and the step is named with its exit code. Each step's time is printed at
 * its end (`[test] lint: passed in … s`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ROOT } from './bench/lib';

/** A lane is phases one after another; the npm scripts of a phase run at the same time. */
const LANES: readonly (readonly (readonly string[])[])[] = [
  [['build', 'build:demo'], ['budget'], ['test:e2e']],
  [['typecheck', 'lint', 'layers'], ['test:unit'], ['test:postgres']],
];

interface Outcome {
  readonly script: string;
  readonly code: number;
  readonly seconds: number;
}

const running = new Set<ChildProcess>();
let failed: Outcome | null = null;

function run(script: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // Its own process group, so a step ended early takes its children (servers, browsers) with it.
    const child = spawn('npm', ['run', '--silent', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env, detached: true });
    running.add(child);
    const prefix = `[${script}] `;
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
    }
    child.on('close', (code, signal) => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

/**
 * Ends the steps still running: SIGINT first, as Ctrl-C would, so Playwright and Vitest stop their
 * own servers (Playwright's web servers run in process groups of their own, which a signal to the
 * step's group does not reach); whatever is still there 15 s later is killed.
 */
function stopAll(): void {
  const signal = (sig: NodeJS.Signals) => {
    for (const child of running) {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // Already gone.
      }
    }
  };
  signal('SIGINT');
  setTimeout(() => signal('SIGKILL'), 15_000).unref();
}

async function lane(phases: readonly (readonly string[])[]): Promise<void> {
  for (const phase of phases) {
    if (failed) return;
    const outcomes = await Promise.all(phase.map(run));
    for (const o of outcomes) {
      if (failed && o.code !== 0) continue; // ended because the other lane failed first
      console.log(`[test] ${o.script}: ${o.code === 0 ? 'passed' : `FAILED (exit ${o.code})`} in ${o.seconds.toFixed(0)} s`);
      if (o.code !== 0 && !failed) {
        failed = o;
        stopAll();
      }
    }
  }
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const total = performance.now();
await Promise.all(LANES.map(lane));
if (failed) {
  const { script, code } = failed as Outcome;
  console.error(`[test] stopped: npm run ${script} failed.`);
  process.exit(code);
}
console.log(`[test] all passed in ${((performance.now() - total) / 1000).toFixed(0)} s`);

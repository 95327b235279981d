/**
 * npm test: every check and test, as CI runs it (.ci/run). The steps are the npm scripts listed in
 * docs/testing.md; steps that do not depend on each other run side by side, so the two cores are
 * both busy: the type check, ESLint (type-aware, single-threaded) and the layer rules together; the
 * production build and the demo build together (separate output folders). Each step's output is
 * held and printed whole when it ends, so parallel steps do not interleave. The run stops after the
 * first phase with a failed step, naming it, with that step's exit code.
 */
import { spawn } from 'node:child_process';
import { ROOT } from './bench/lib';

/** Phases run one after another; the npm scripts of a phase run at the same time. */
const PHASES: readonly (readonly string[])[] = [
  ['typecheck', 'lint', 'layers'],
  ['test:unit'],
  ['build', 'build:demo'],
  ['budget'],
  ['test:e2e'],
  ['test:postgres'],
];

interface Outcome {
  readonly script: string;
  readonly code: number;
  readonly seconds: number;
}

function run(script: string, alone: boolean): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    // A step alone streams its output as it comes (e2e and unit tests report progress); steps side
    // by side hold theirs until they end.
    const child = spawn('npm', ['run', '--silent', script], { cwd: ROOT, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) {
        process.stdout.write(`\n── npm run ${script} ──\n`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ script, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const total = performance.now();
for (const phase of PHASES) {
  const outcomes = await Promise.all(phase.map((script) => run(script, phase.length === 1)));
  for (const o of outcomes) console.log(`[test] ${o.script}: ${o.code === 0 ? 'passed' : `FAILED (exit ${o.code})`} in ${o.seconds.toFixed(0)} s`);
  const failed = outcomes.find((o) => o.code !== 0);
  if (failed) {
    console.error(`[test] stopped: npm run ${failed.script} failed.`);
    process.exit(failed.code);
  }
}
console.log(`[test] all passed in ${((performance.now() - total) / 1000).toFixed(0)} s`);

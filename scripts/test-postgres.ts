/**
 * npm run test:postgres: the concurrency and fault tests again on a real PostgreSQL server (the
 * `postgres` Vitest project: a pool of 10 connections, statements really in parallel), on a
 * throw-away cluster made here and removed afterwards. .ci/run runs it after `npm test` when
 * PostgreSQL is installed; without it this says so and succeeds, since `npm test` needs no database
 * server. PG_BIN picks the binaries; TEST_PG_PORT the port (default 3391).
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './bench/lib';
import { findPostgres, startPostgres } from './soak/postgres';

const bin = findPostgres();
if (!bin) {
  console.log('[test:postgres] PostgreSQL is not installed here (no /usr/lib/postgresql/*/bin, no PG_BIN): skipped.');
  process.exit(0);
}
const cluster = startPostgres(bin, Number(process.env.TEST_PG_PORT ?? 3391));
let status: number;
try {
  console.log(`[test:postgres] ${cluster.version}`);
  status = spawnSync('npx', ['vitest', 'run', '--project', 'postgres'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: cluster.url } }).status ?? 1;
} finally {
  cluster.stop();
}
process.exit(status);

/**
 * A throw-away PostgreSQL server for the soak: a new cluster in a temporary folder (initdb), started
 * with pg_ctl on 127.0.0.1 and a port of its own, trusted local connections, fsync off (the data is
 * thrown away), stopped and removed afterwards. PostgreSQL refuses to run as root, so as root the
 * cluster is made and run as the `postgres` account (Debian's package creates it).
 *
 * `findPostgres()` is null where PostgreSQL is not installed; the soak then says so and goes on.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

export interface PostgresServer {
  /** A connection URL for the `postgres` database (an administrator's, to create and drop databases). */
  readonly url: string;
  readonly version: string;
  stop(): void;
}

/** The bin folder of the newest installed PostgreSQL (PG_BIN overrides), or null. */
export function findPostgres(): string | null {
  if (process.env.PG_BIN) return existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

export function startPostgres(bin: string, port: number): PostgresServer {
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'soak-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres']).toString().trim();
    const gid = execFileSync('id', ['-g', 'postgres']).toString().trim();
    chownSync(dir, Number(ids), Number(gid));
    chmodSync(dir, 0o700);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]] : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { cwd: dir, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed (${result.status}): ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100`, 'start']);
  const version = run('pg_ctl', ['--version']).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

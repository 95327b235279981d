/**
 * Server start on an existing data folder (spawn to first answered heartbeat, five runs) and the
 * server's memory at rest, on PGlite. The first start creates and seeds the folder and is reported
 * on its own.
 *
 *   node --import tsx scripts/bench/server.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ms, percentile, startServer, table } from './lib';

export async function benchServer(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-server-'));
  try {
    const first = await startServer({ port: 3630, dataDir });
    await first.stop();
    const starts: number[] = [];
    let rss = 0;
    for (let i = 0; i < 5; i++) {
      const server = await startServer({ port: 3630, dataDir });
      starts.push(server.startMs);
      if (i === 4) {
        await fetch(`${server.url}/api/heartbeat`);
        await new Promise((r) => setTimeout(r, 5_000));
        rss = server.rssMb();
      }
      await server.stop();
    }
    return table(
      ['server (PGlite)', 'figure'],
      [
        ['first start: create, migrate, seed', ms(first.startMs)],
        ['start on an existing folder, median of 5', ms(percentile(starts, 50))],
        ['start on an existing folder, slowest of 5', ms(Math.max(...starts))],
        ['memory at rest (RSS, 5 s after start)', `${Math.round(rss)} MB`],
      ],
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await benchServer());

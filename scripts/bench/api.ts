/**
 * The API under load with autocannon on 127.0.0.1, against the real server on the large data set
 * (10,000 clients, 100,000 invoices, 300,000 lines): a client list page, an invoice, creating an
 * invoice, and each report over a month. Prints p50, p99, requests per second and errors per
 * endpoint, once per number of connections: one (what a single user waits) and ten (requests
 * queue behind each other: PGlite answers one query at a time). Nothing is asserted: the goals
 * (lists p99 ≤ 100 ms, reports ≤ 1 s) are read off. With DATABASE_URL set, the server uses that
 * PostgreSQL database, seeded beforehand with `npm run seed:large`.
 *
 *   node --import tsx scripts/bench/api.ts [--data-dir DIR] [--seconds 10] [--connections 1,10]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureLargeData, signIn, startServer, table } from './lib';

const MONTH = 'date_from=2026-10-01&date_to=2026-10-31';
const REPORTS = ['orders/order', 'orders/items', 'orders/order-analysis', 'orders/receipt', 'orders/commission', 'clients/client', 'products/product', 'appointments/appointment', 'appointments/completed-report'];

interface Target {
  readonly name: string;
  readonly method?: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

export async function benchApi(dataDir: string, options: { seconds: number; connections: readonly number[]; port: number }): Promise<string> {
  await ensureLargeData(dataDir);
  const server = await startServer({ port: options.port, dataDir, env: { SEED: 'none' } });
  try {
    const session = await signIn(server.url, 'admin@example.com', 'Admin1234');
    const headers = { Cookie: session.cookie, 'X-XSRF-TOKEN': session.xsrf, 'Content-Type': 'application/json', Accept: 'application/json' };
    const clients = (await (await fetch(`${server.url}/api/clients?per_page=1`, { headers })).json()) as { items: { id: number }[] };
    const clientId = clients.items[0]?.id ?? 1;
    const targets: Target[] = [
      { name: 'client list, page 50', path: '/api/clients?page=50&per_page=20' },
      { name: 'client search', path: `/api/clients?q=${encodeURIComponent('陳')}` },
      { name: 'invoice list, overdue', path: '/api/orders?status=reminder_outstanding' },
      { name: 'one invoice', path: '/api/orders/50000' },
      {
        name: 'create an invoice',
        method: 'POST',
        path: '/api/orders',
        body: JSON.stringify({ type: 'new_order', date: '2026-11-23', clientId, items: [{ productId: null, descriptionEn: 'Load test', quantity: 100, unitPrice: 12_345 }] }),
      },
      ...REPORTS.map((report) => ({ name: `report ${report}, a month`, path: `/api/reports/${report}?${MONTH}` })),
    ];
    const rows: (string | number)[][] = [];
    for (const target of targets) {
      const row: (string | number)[] = [target.name];
      for (const connections of options.connections) {
        const result = await autocannon({
          url: `${server.url}${target.path}`,
          method: target.method ?? 'GET',
          headers,
          ...(target.body ? { body: target.body } : {}),
          connections,
          duration: options.seconds,
        });
        row.push(`${result.latency.p50} ms`, `${result.latency.p99} ms`, Math.round(result.requests.average), result.errors + result.non2xx);
      }
      rows.push(row);
    }
    const headings = options.connections.flatMap((n) => [`p50 (${n})`, `p99 (${n})`, `req/s (${n})`, `errors (${n})`]);
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    return `${table(['endpoint', ...headings], rows)}\n\n(autocannon on 127.0.0.1, ${options.seconds} s per endpoint and number of connections (in brackets), on the large data set, ${database})`;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '1,10' }, port: { type: 'string', default: '3640' } } });
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(tmpdir(), 'bench-api-'));
  try {
    console.log(await benchApi(dataDir, { seconds: Number(values.seconds), connections: values.connections.split(',').map(Number), port: Number(values.port) }));
  } finally {
    if (!values['data-dir']) rmSync(dataDir, { recursive: true, force: true });
  }
}

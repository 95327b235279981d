/**
 * The soak's load: autocannon sends a mix of reads and writes, as a signed-in administrator, and
 * remembers every write the server acknowledged (2xx) by the id in its reply; `countWrites` then
 * looks for each of them in the database.
 */
import autocannon from 'autocannon';

type AutocannonRequest = autocannon.Request;
type AutocannonResult = autocannon.Result;
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';

export type WriteKind = 'client' | 'quotation' | 'receipt';

export interface LoadRun {
  readonly result: AutocannonResult;
  /** Ids of the records whose creation the server acknowledged with a 2xx reply. */
  readonly acknowledged: Record<WriteKind, number[]>;
  /** Writes sent (whatever the answer). */
  readonly writesSent: number;
  /** Replies that were not 2xx, by status, with the first few bodies. */
  readonly failures: { status: number; path: string; body: string }[];
}

export interface Session {
  readonly cookie: string;
  readonly xsrf: string;
}

/** What one soak run writes with: a name prefix (to find its rows) and an order with room for many small receipts. */
export interface LoadTarget {
  readonly prefix: string;
  readonly orderId: number;
}

const RECEIPT_CENTS = 100;

/**
 * `mix`: per connection a cycle of nine requests, three of them writes (a client with a contact, a
 * quotation with two lines and a number, a receipt on one busy order) and six reads (lists, the
 * calendar, the dashboard, the heartbeat). `writes`: the same three writes and no reads (the crash
 * phase), so a client, a numbered quotation and a receipt (with its order's paid amount) are each
 * checked for loss across a SIGKILL.
 */
export async function runLoad(options: {
  url: string;
  session: Session;
  target: LoadTarget;
  connections: number;
  duration: number;
  mode: 'mix' | 'writes';
  /** Called once the load is under way, with a function that stops it early. */
  during?: (stop: () => void) => Promise<void>;
}): Promise<LoadRun> {
  const { session, target } = options;
  const acknowledged: Record<WriteKind, number[]> = { client: [], quotation: [], receipt: [] };
  const failures: LoadRun['failures'] = [];
  let serial = 0;
  let writesSent = 0;
  const headers = { Cookie: session.cookie, 'X-XSRF-TOKEN': session.xsrf, 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': 'en' };

  const read = (path: string): AutocannonRequest => ({
    method: 'GET',
    path,
    onResponse: (status, body) => {
      if (status >= 300 && failures.length < 20) failures.push({ status, path, body: body.slice(0, 200) });
    },
  });
  const write = (kind: WriteKind, path: string, body: () => unknown, idOf: (reply: Record<string, unknown>) => unknown): AutocannonRequest => ({
    method: 'POST',
    path,
    setupRequest: (request) => {
      writesSent++;
      return { ...request, body: JSON.stringify(body()) };
    },
    onResponse: (status, text) => {
      if (status >= 200 && status < 300) {
        const id = idOf(JSON.parse(text) as Record<string, unknown>);
        if (typeof id === 'number') acknowledged[kind].push(id);
      } else if (failures.length < 20) failures.push({ status, path, body: text.slice(0, 200) });
    },
  });

  const client = write(
    'client',
    '/api/clients',
    () => {
      const n = ++serial;
      return { nameEn: `${target.prefix} client ${n}`, nameZh: `浸泡測試客戶 ${n}`, contacts: [{ name: `Contact ${n}`, phones: ['9123 4567'] }], addresses: [{ address: `${n} Soak Street`, areaId: 1 }] };
    },
    (reply) => (reply.client as { id?: unknown } | undefined)?.id,
  );
  const quotation = write(
    'quotation',
    '/api/quotations',
    () => ({
      kind: 'basic',
      date: '2026-12-01',
      clientId: 1,
      validDays: 30,
      notes: target.prefix,
      items: [
        { productId: null, descriptionEn: 'Survey', quantity: 100, unitPrice: 30_000 },
        { productId: null, descriptionEn: 'Treatment', quantity: 150, unitPrice: 45_000 },
      ],
    }),
    (reply) => (reply.quotation as { id?: unknown } | undefined)?.id,
  );
  const receipt = write('receipt', `/api/orders/${target.orderId}/receipts`, () => ({ kind: 'receipt', date: '2026-12-01', method: 'fps', amount: RECEIPT_CENTS, reference: target.prefix }), (reply) => reply.receiptId);

  const requests =
    options.mode === 'writes'
      ? [client, quotation, receipt]
      : [
          read('/api/clients?q=soak'),
          client,
          read('/api/orders'),
          receipt,
          read('/api/appointments?start=2026-11-30&end=2027-01-04'),
          quotation,
          read('/api/dashboard/show'),
          read('/api/heartbeat'),
          read('/api/products'),
        ];
  // With a callback autocannon returns its running instance (which can be stopped); the callback
  // hands over the result.
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<AutocannonResult>((resolve, reject) => {
    instance = autocannon({ url: options.url, connections: options.connections, duration: options.duration, timeout: 30, headers, requests }, (error, result) => (error ? reject(error as Error) : resolve(result)));
  });
  const during = options.during?.(() => instance?.stop());
  const result = await finished;
  await during;
  return { result, acknowledged, writesSent, failures };
}

export interface WriteCheck {
  readonly acknowledged: number;
  readonly found: number;
  /** Acknowledged (2xx) but not in the database. */
  readonly lost: number;
  /** In the database without an audit line. */
  readonly unaudited: number;
  /** Stored by requests whose reply never arrived (cut off by the end of the run or a crash); not lost. */
  readonly unacknowledgedStored: number;
}

/** Looks for every acknowledged write in the database, with its audit line, and checks the order's paid total and the numbers. */
export async function countWrites(db: Kysely<Database>, run: Pick<LoadRun, 'acknowledged'>, target: LoadTarget) {
  const checks: Partial<Record<WriteKind, WriteCheck>> = {};
  const tables = { client: 'clients', quotation: 'quotations', receipt: 'receipts' } as const;
  const mine = {
    client: sql<number>`select id from clients where name_en like ${`${target.prefix} client %`}`,
    quotation: sql<number>`select id from quotations where notes = ${target.prefix}`,
    receipt: sql<number>`select id from receipts where order_id = ${target.orderId} and reference = ${target.prefix}`,
  };
  for (const kind of ['client', 'quotation', 'receipt'] as const) {
    const ids = run.acknowledged[kind];
    const stored = new Set((await sql<{ id: number }>`${mine[kind]}`.execute(db)).rows.map((r) => Number(r.id)));
    const audited = new Set(
      (await sql<{ id: string }>`select entity_id as id from audits where entity_type = ${kind} and action = 'create' and entity_id in (select id::text from ${sql.table(tables[kind])} where id in (${mine[kind]}))`.execute(db)).rows.map((r) => Number(r.id)),
    );
    const found = ids.filter((id) => stored.has(id)).length;
    checks[kind] = {
      acknowledged: ids.length,
      found,
      lost: ids.length - found,
      unaudited: [...stored].filter((id) => !audited.has(id)).length,
      unacknowledgedStored: stored.size - found,
    };
  }
  const numbers = (await sql<{ n: string; distinct: string }>`select count(*)::text as n, count(distinct number)::text as distinct from quotations where notes = ${target.prefix}`.execute(db)).rows[0];
  const order = (await sql<{ paid: number; receipts: string }>`select paid, (select coalesce(sum(amount), 0)::text from receipts where order_id = ${target.orderId}) as receipts from orders where id = ${target.orderId}`.execute(db)).rows[0];
  return {
    checks: checks as Record<WriteKind, WriteCheck>,
    duplicateNumbers: Number(numbers?.n ?? 0) - Number(numbers?.distinct ?? 0),
    paidMatchesReceipts: order !== undefined && Number(order.paid) === Number(order.receipts),
  };
}

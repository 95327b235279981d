import { sql, type Kysely, type RawBuilder } from 'kysely';
import { expand, lastDate, recurrenceFor, type Series } from '../../domain/appointments/recurrence';
import { documentNumber } from '../../domain/documents/numbering';
import { lineTotal } from '../../domain/money/money';
import { orderFigures } from '../../domain/orders/order';
import { addDays, parts, weekday, type IsoDate } from '../../domain/time/dates';
import { codeValue } from './documents';
import type { Database } from './schema';

/**
 * A large, deterministic data set for the reports' benchmark and tests: clients, orders with their
 * lines, receipts and refunds, and recurring appointments with visits, on top of the demo data
 * (which must be there: users, branches, categories, products, areas). The same seed and counts
 * always give the same rows. Rows go in as column arrays (`insert … select * from unnest(…)`), some
 * thousands at a time, which PGlite and PostgreSQL both take quickly.
 */
export interface LargeSeedOptions {
  readonly clients: number;
  readonly orders: number;
  readonly items: number;
  readonly appointments: number;
  /** The seed of the pseudo-random sequence. */
  readonly seed: number;
  /** The last day orders are dated; they spread over the three years before it. */
  readonly today: IsoDate;
  /** How many years back the orders go. */
  readonly years?: number;
  /** Progress lines (e.g. console.log); nothing by default. */
  readonly log?: (line: string) => void;
}

export interface LargeSeedResult {
  readonly clients: number;
  readonly orders: number;
  readonly items: number;
  readonly receipts: number;
  readonly appointments: number;
  readonly visits: number;
}

/** mulberry32: a small, fast, seeded pseudo-random generator (the same numbers for the same seed). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BATCH = 5_000;

type Column = readonly [name: string, type: string, values: unknown[]];

/** Inserts the columns' values, row i taking the i-th value of each column, a batch at a time. */
async function insertColumns(db: Kysely<Database>, table: string, columns: readonly Column[]): Promise<void> {
  const count = columns[0]?.[2].length ?? 0;
  for (let start = 0; start < count; start += BATCH) {
    const arrays: RawBuilder<unknown>[] = columns.map(([, type, values]) => sql`${values.slice(start, start + BATCH)}::${sql.raw(type)}[]`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map(([name]) => sql.ref(name)))}) select * from unnest(${sql.join(arrays)})`.execute(db);
  }
}

const SURNAMES = [
  ['Chan', '陳'],
  ['Wong', '黃'],
  ['Lee', '李'],
  ['Cheung', '張'],
  ['Lau', '劉'],
  ['Ho', '何'],
  ['Ng', '吳'],
  ['Leung', '梁'],
  ['Lam', '林'],
  ['Tsang', '曾'],
] as const;
const GIVEN = [
  ['Ka Ming', '家明'],
  ['Siu Wai', '小慧'],
  ['Chi Keung', '志強'],
  ['Mei Ling', '美玲'],
  ['Wing Yan', '詠欣'],
  ['Kwok Wai', '國偉'],
  ['Hoi Yee', '凱儀'],
  ['Tsz Hin', '子軒'],
] as const;
const SHOPS = [
  ['Restaurant', '餐廳'],
  ['Bakery', '餅店'],
  ['Trading Co.', '貿易公司'],
  ['Property Management', '物業管理'],
  ['Café', '咖啡店'],
] as const;

const STAFF = [
  { name: 'Kelvin Yip 葉家輝', email: 'kelvin.yip@example.com', rate: 500 },
  { name: 'Joyce Mak 麥嘉欣', email: 'joyce.mak@example.com', rate: 650 },
  { name: 'Ricky Tam 譚志聰', email: 'ricky.tam@example.com', rate: 400 },
  { name: 'Fiona Kwan 關慧芬', email: 'fiona.kwan@example.com', rate: null },
  { name: 'Eric So 蘇浩然', email: 'eric.so@example.com', rate: 550 },
  { name: 'Cindy Fung 馮倩儀', email: 'cindy.fung@example.com', rate: 300 },
] as const;

const BRANCHES = [
  ['Kowloon Branch', '九龍分行'],
  ['New Territories Branch', '新界分行'],
] as const;

/** Writes the large data set; see LargeSeedOptions. */
export async function seedLarge(db: Kysely<Database>, options: LargeSeedOptions): Promise<LargeSeedResult> {
  const random = prng(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const log = options.log ?? (() => undefined);
  const now = new Date(`${options.today}T12:00:00+08:00`);

  // Staff with their own commission rates, and two more branches (once: a second run reuses them).
  const company = await db.selectFrom('companies').select('id').orderBy('id').executeTakeFirstOrThrow();
  for (const [en, zh] of BRANCHES) {
    const exists = await db.selectFrom('branches').select('id').where('name_en', '=', en).executeTakeFirst();
    if (!exists) await db.insertInto('branches').values({ company_id: company.id, name_en: en, name_zh: zh, address: null, phone: null, created_at: now, updated_at: now }).execute();
  }
  const salesRole = await db.selectFrom('roles').select('id').where('name', '=', 'sales').executeTakeFirst();
  for (const s of STAFF) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', s.email).executeTakeFirst();
    // A password hash no password matches, and inactive: these accounts exist for the figures only.
    if (!exists)
      await db
        .insertInto('users')
        .values({ name: s.name, email: s.email, password_hash: '!', language: 'zh-HK', role_id: salesRole?.id ?? null, branch_id: null, company_id: company.id, active: false, commission_rate_bp: s.rate, calendar_color: null, two_factor_secret: null, two_factor_recovery_codes: null, two_factor_confirmed_at: null, two_factor_last_step: null, photo_key: null, photo_type: null, password_changed_at: null, created_at: now, updated_at: now })
        .execute();
  }
  const branches = (await db.selectFrom('branches').select('id').orderBy('id').execute()).map((b) => b.id);
  const staff = (await db.selectFrom('users').select(['id', 'email']).orderBy('id').execute()).filter((u) => u.email !== 'worker@example.com').map((u) => u.id);
  const workers = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
  const products = await db.selectFrom('products').select(['id', 'unit_price', 'unit']).orderBy('id').execute();
  const areas = (await db.selectFrom('areas').select('id').orderBy('id').execute()).map((a) => a.id);
  const types = (await db.selectFrom('options').select('value').where('key', '=', 'appointment_type').orderBy('sort_order').execute()).map((t) => t.value);

  // Clients, each with one address in an area.
  const firstClient = ((await db.selectFrom('clients').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0) + 1;
  {
    const en: string[] = [];
    const zh: string[] = [];
    const branch: number[] = [];
    for (let i = 0; i < options.clients; i++) {
      if (random() < 0.3) {
        const [shopEn, shopZh] = pick(SHOPS);
        const [surEn, surZh] = pick(SURNAMES);
        en.push(`${surEn} ${shopEn} ${i + 1}`);
        zh.push(`${surZh}氏${shopZh}${i + 1}`);
      } else {
        const [surEn, surZh] = pick(SURNAMES);
        const [givenEn, givenZh] = pick(GIVEN);
        en.push(`${surEn} ${givenEn} ${i + 1}`);
        zh.push(`${surZh}${givenZh}${i + 1}`);
      }
      branch.push(pick(branches));
    }
    const nowText = en.map(() => now.toISOString());
    const ids = en.map((_, i) => firstClient + i);
    await insertColumns(db, 'clients', [
      ['id', 'int', ids],
      ['name_en', 'text', en],
      ['name_zh', 'text', zh],
      ['branch_id', 'int', branch],
      ['created_at', 'timestamptz', nowText],
      ['updated_at', 'timestamptz', nowText],
    ]);
    if (ids.length > 0) await sql`select setval(pg_get_serial_sequence('clients', 'id'), (select max(id) from clients))`.execute(db);
    await insertColumns(db, 'client_addresses', [
      ['client_id', 'int', ids],
      ['address', 'text', ids.map((id) => `${between(1, 300)} Nathan Road, Flat ${id % 40}`)],
      ['area_id', 'int', ids.map(() => pick(areas))],
    ]);
    log(`clients: ${options.clients}`);
  }
  const clientIds = (await db.selectFrom('clients').select('id').orderBy('id').execute()).map((c) => c.id);

  // Orders and their lines: as many lines in all as asked, one to several per order.
  const invoicePrefix = await codeValue(db, 'invoice_prefix');
  const receiptPrefix = await codeValue(db, 'receipt_prefix');
  const refundPrefix = await codeValue(db, 'refund_prefix');
  const sequences = new Map((await db.selectFrom('document_sequences').selectAll().execute()).map((s) => [`${s.prefix}:${s.year}`, s.last]));
  const nextNumber = (prefix: string, date: IsoDate) => {
    const { year } = parts(date);
    const key = `${prefix}:${year}`;
    const n = (sequences.get(key) ?? 0) + 1;
    sequences.set(key, n);
    return documentNumber(prefix, year, n);
  };
  const days = Math.max(1, Math.round((options.years ?? 3) * 365));
  const firstOrder = ((await db.selectFrom('orders').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0) + 1;
  const o = { id: [] as number[], number: [] as string[], date: [] as string[], due: [] as string[], client: [] as number[], branch: [] as (number | null)[], sales: [] as (number | null)[], type: [] as string[], rate: [] as number[], subtotal: [] as number[], discount: [] as number[], total: [] as number[], paid: [] as number[], voided: [] as boolean[] };
  const it = { order: [] as number[], product: [] as (number | null)[], en: [] as string[], zh: [] as string[], quantity: [] as number[], price: [] as number[], total: [] as number[], sort: [] as number[] };
  const r = { number: [] as string[], order: [] as number[], kind: [] as string[], date: [] as string[], method: [] as string[], amount: [] as number[], banked: [] as boolean[], by: [] as (number | null)[] };
  const orderDates: string[] = [];
  for (let i = 0; i < options.orders; i++) orderDates.push(addDays(options.today, -Math.floor(random() * days)));
  orderDates.sort();
  let linesLeft = Math.max(options.items, options.orders);
  const perOrder = Math.max(1, Math.round(linesLeft / Math.max(1, options.orders)));
  const maxLines = 2 * perOrder - 1;
  for (let i = 0; i < options.orders; i++) {
    const id = firstOrder + i;
    const others = options.orders - i - 1;
    // Between 1 and 2 × the average lines, kept within what the orders still to come can take.
    const lineCount = Math.min(Math.max(between(1, maxLines), linesLeft - others * maxLines), linesLeft - others);
    linesLeft -= lineCount;
    const date = orderDates[i]!;
    const lines: { quantity: number; unitPrice: number }[] = [];
    for (let l = 0; l < lineCount; l++) {
      const free = random() < 0.05;
      const product = free ? null : pick(products);
      const quantity = product?.unit === 'sqft' ? between(300, 1500) * 100 : random() < 0.15 ? between(101, 450) : between(1, 4) * 100;
      const unitPrice = free ? between(50, 2_000) * 100 : product!.unit_price;
      lines.push({ quantity, unitPrice });
      it.order.push(id);
      it.product.push(product?.id ?? null);
      it.en.push(free ? 'Site survey' : '');
      it.zh.push(free ? '實地視察' : '');
      it.quantity.push(quantity);
      it.price.push(unitPrice);
      it.total.push(lineTotal(quantity, unitPrice));
      it.sort.push(l);
    }
    const rate = pick([0, 0, 0, 500, 1000]);
    const figures = orderFigures(lines, rate);
    const voided = random() < 0.02;
    o.id.push(id);
    o.number.push(nextNumber(invoicePrefix, date));
    o.date.push(date);
    o.due.push(addDays(date, 30));
    o.client.push(pick(clientIds));
    o.branch.push(random() < 0.05 ? null : pick(branches));
    o.sales.push(random() < 0.05 ? null : pick(staff));
    o.type.push(pick(['new_order', 'new_order', 'regular_order', 'review', 'maintenance']));
    o.rate.push(rate);
    o.subtotal.push(figures.subtotal);
    o.discount.push(figures.discount);
    o.total.push(figures.total);
    o.voided.push(voided);
    // Payments: most orders paid in full, some in part, some not yet; now and then a refund.
    let paid = 0;
    const roll = random();
    if (!voided && figures.total > 0 && roll < 0.8) {
      const full = roll < 0.6;
      const instalments = full && random() < 0.3 ? 2 : 1;
      const target = full ? figures.total : Math.max(1, Math.floor(figures.total * (0.2 + random() * 0.6)));
      for (let k = 0; k < instalments; k++) {
        const amount = k === instalments - 1 ? target - paid : Math.floor(target / 2);
        if (amount <= 0) continue;
        const when = addDays(date, between(0, 40) + k * 20);
        const payDate = when > options.today ? options.today : when;
        const method = pick(['cash', 'cheque', 'bank_transfer', 'fps', 'fps']);
        r.number.push(nextNumber(receiptPrefix, payDate));
        r.order.push(id);
        r.kind.push('receipt');
        r.date.push(payDate);
        r.method.push(method);
        r.amount.push(amount);
        r.banked.push(method === 'cash' || method === 'cheque' ? payDate < addDays(options.today, -14) || random() < 0.5 : false);
        r.by.push(pick(staff));
        paid += amount;
      }
      if (paid > 0 && random() < 0.02) {
        const refund = Math.max(1, Math.floor(paid / 4));
        const refundDate = r.date[r.date.length - 1]! < options.today ? addDays(r.date[r.date.length - 1]!, 1) : options.today;
        r.number.push(nextNumber(refundPrefix, refundDate));
        r.order.push(id);
        r.kind.push('refund');
        r.date.push(refundDate);
        r.method.push('bank_transfer');
        r.amount.push(refund);
        r.banked.push(false);
        r.by.push(pick(staff));
        paid -= refund;
      }
    }
    o.paid.push(paid);
  }
  const stamp = (n: number) => Array.from({ length: n }, () => now.toISOString());
  await insertColumns(db, 'orders', [
    ['id', 'int', o.id],
    ['number', 'text', o.number],
    ['date', 'date', o.date],
    ['due_date', 'date', o.due],
    ['client_id', 'int', o.client],
    ['branch_id', 'int', o.branch],
    ['salesperson_id', 'int', o.sales],
    ['type', 'text', o.type],
    ['discount_rate_bp', 'int', o.rate],
    ['subtotal', 'int', o.subtotal],
    ['discount', 'int', o.discount],
    ['total', 'int', o.total],
    ['paid', 'int', o.paid],
    ['voided', 'boolean', o.voided],
    ['void_reason', 'text', o.voided.map((v) => (v ? 'Entered twice' : ''))],
    ['created_by', 'int', o.sales],
    ['created_at', 'timestamptz', stamp(o.id.length)],
    ['updated_at', 'timestamptz', stamp(o.id.length)],
  ]);
  await sql`select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`.execute(db);
  log(`orders: ${o.id.length}`);
  await insertColumns(db, 'order_items', [
    ['order_id', 'int', it.order],
    ['product_id', 'int', it.product],
    ['description_en', 'text', it.en],
    ['description_zh', 'text', it.zh],
    ['quantity', 'int', it.quantity],
    ['unit_price', 'int', it.price],
    ['line_total', 'int', it.total],
    ['sort_order', 'int', it.sort],
  ]);
  log(`order items: ${it.order.length}`);
  await insertColumns(db, 'receipts', [
    ['number', 'text', r.number],
    ['order_id', 'int', r.order],
    ['kind', 'text', r.kind],
    ['date', 'date', r.date],
    ['method', 'text', r.method],
    ['amount', 'int', r.amount],
    ['reason', 'text', r.kind.map((k) => (k === 'refund' ? 'Overpaid' : ''))],
    ['banked_in', 'boolean', r.banked],
    ['banked_in_at', 'timestamptz', r.banked.map((b) => (b ? now.toISOString() : null))],
    ['created_by', 'int', r.by],
    ['created_at', 'timestamptz', stamp(r.number.length)],
  ]);
  log(`receipts and refunds: ${r.number.length}`);
  for (const [key, last] of sequences) {
    const [prefix = '', year = '0'] = key.split(':');
    await db
      .insertInto('document_sequences')
      .values({ prefix, year: Number(year), last })
      .onConflict((oc) => oc.columns(['prefix', 'year']).doUpdateSet({ last }))
      .execute();
  }

  // Appointments: series of every kind over the past year and the next three months, with their
  // workers; past visits mostly reported (ended, auditing, audited), some canceled.
  const firstAppointment = ((await db.selectFrom('appointments').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0) + 1;
  const a = { id: [] as number[], client: [] as number[], address: [] as string[], area: [] as number[], branch: [] as number[], type: [] as string[], start: [] as string[], minute: [] as number[], duration: [] as number[], allDay: [] as boolean[], recurrence: [] as string[], endKind: [] as string[], endCount: [] as (number | null)[], last: [] as (string | null)[] };
  const w = { appointment: [] as number[], user: [] as number[] };
  const v = { appointment: [] as number[], date: [] as string[], status: [] as string[], work: [] as string[], reported: [] as (number | null)[], reportedAt: [] as (string | null)[], signer: [] as string[] };
  for (let i = 0; i < options.appointments; i++) {
    const id = firstAppointment + i;
    const start = addDays(options.today, between(-365, 90));
    const freq = pick(['once', 'once', 'once', 'weekly', 'biweekly', 'monthly', 'monthly_weekday'] as const);
    const allDay = random() < 0.05;
    const series: Series = {
      startDate: start,
      startMinute: allDay ? 0 : between(16, 36) * 30,
      durationMinutes: allDay ? 1440 : pick([60, 90, 120, 180]),
      allDay,
      recurrence: recurrenceFor(freq, start, freq === 'monthly_weekday' ? pick([1, 2, 3, 4, -1] as const) : 1),
      end: freq === 'once' ? { kind: 'count', count: 1 } : { kind: 'count', count: between(2, 12) },
      exceptions: [],
    };
    if (series.recurrence.freq === 'monthly_weekday' && weekday(start) !== series.recurrence.weekday) continue;
    a.id.push(id);
    a.client.push(pick(clientIds));
    a.address.push(`${between(1, 300)} Queen's Road, Shop ${i % 50}`);
    a.area.push(pick(areas));
    a.branch.push(pick(branches));
    a.type.push(types.length > 0 ? pick(types) : '');
    a.start.push(start);
    a.minute.push(series.startMinute);
    a.duration.push(series.durationMinutes);
    a.allDay.push(allDay);
    a.recurrence.push(JSON.stringify(series.recurrence));
    a.endKind.push(series.end.kind);
    a.endCount.push(series.end.kind === 'count' ? series.end.count : null);
    a.last.push(lastDate(series));
    const crew = random() < 0.3 ? [pick(workers), pick(workers)] : [pick(workers)];
    for (const user of new Set(crew)) {
      w.appointment.push(id);
      w.user.push(user);
    }
    for (const visit of expand(series, addDays(options.today, -400), addDays(options.today, -1))) {
      const roll = random();
      if (roll < 0.2) continue;
      const status = roll < 0.3 ? 'canceled' : roll < 0.5 ? 'ended' : roll < 0.7 ? 'auditing' : 'audited';
      const reported = status !== 'canceled';
      v.appointment.push(id);
      v.date.push(visit.date);
      v.status.push(status);
      v.work.push(reported ? 'Treatment done as planned.' : '');
      v.reported.push(reported ? crew[0]! : null);
      v.reportedAt.push(reported ? `${visit.date}T18:00:00+08:00` : null);
      v.signer.push(reported ? 'Client' : '');
    }
  }
  await insertColumns(db, 'appointments', [
    ['id', 'int', a.id],
    ['client_id', 'int', a.client],
    ['address', 'text', a.address],
    ['area_id', 'int', a.area],
    ['branch_id', 'int', a.branch],
    ['appointment_type', 'text', a.type],
    ['start_date', 'date', a.start],
    ['start_minute', 'int', a.minute],
    ['duration_minutes', 'int', a.duration],
    ['all_day', 'boolean', a.allDay],
    ['recurrence', 'jsonb', a.recurrence],
    ['end_kind', 'text', a.endKind],
    ['end_count', 'int', a.endCount],
    ['last_date', 'date', a.last],
  ]);
  if (a.id.length > 0) await sql`select setval(pg_get_serial_sequence('appointments', 'id'), (select max(id) from appointments))`.execute(db);
  await insertColumns(db, 'appointment_workers', [
    ['appointment_id', 'int', w.appointment],
    ['user_id', 'int', w.user],
  ]);
  await insertColumns(db, 'appointment_visits', [
    ['appointment_id', 'int', v.appointment],
    ['date', 'date', v.date],
    ['status', 'text', v.status],
    ['work_done', 'text', v.work],
    ['reported_by', 'int', v.reported],
    ['reported_at', 'timestamptz', v.reportedAt],
    ['client_signer', 'text', v.signer],
    ['worker_signer_id', 'int', v.reported],
  ]);
  // Signed reports: nine in ten of those reported (a few bytes stand for the drawn signature).
  await sql`update appointment_visits set client_signature = decode('89504e470d0a1a0a', 'hex'), worker_signature = decode('89504e470d0a1a0a', 'hex')
    where appointment_id >= ${firstAppointment} and reported_at is not null and id % 10 <> 0`.execute(db);
  log(`appointments: ${a.id.length} series, ${v.date.length} visits with a state`);
  await sql`analyze`.execute(db);
  return { clients: options.clients, orders: o.id.length, items: it.order.length, receipts: r.number.length, appointments: a.id.length, visits: v.date.length };
}

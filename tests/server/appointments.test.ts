import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { canWorkVisits, type Permission } from '../../domain/auth/permissions';
import { DEMO, type Reply, serverForTests, signedInAgent, TestAgent } from './harness';

const ADMIN = 1;
const SALES = 2;
const WORKER = 3;

const server = serverForTests();
let admin: TestAgent;
let sales: TestAgent;
let worker: TestAgent;

beforeAll(async () => {
  admin = await signedInAgent(server, DEMO.admin);
  sales = await signedInAgent(server, DEMO.sales);
  worker = await signedInAgent(server, DEMO.worker);
});

interface CalendarEvent {
  id: string;
  appointmentId: number;
  date: string;
  start: string;
  end: string;
  allDay: boolean;
  status: string;
  onHoliday: boolean;
  recurring: boolean;
  workerIds: number[];
  version: number;
}

const events = async (agent: TestAgent, start: string, end: string, extra = ''): Promise<CalendarEvent[]> => {
  const reply = await agent.get(`/api/appointments?start=${start}&end=${end}${extra}`);
  expect(reply.status).toBe(200);
  return reply.body!.events as CalendarEvent[];
};
const of = (list: CalendarEvent[], ids: number[]) => list.filter((e) => ids.includes(e.appointmentId));

let nextClient = 1;
/** A weekly appointment on Mondays in 2027 (no demo data there), for the given workers. */
async function create(agent: TestAgent, overrides: Record<string, unknown> = {}): Promise<Reply> {
  return agent.post('/api/appointments', {
    clientId: (nextClient++ % 3) + 1,
    address: '灣仔道 1 號',
    areaId: 2,
    workerIds: [ADMIN],
    date: '2027-03-01',
    startTime: '10:00',
    endTime: '11:30',
    recurrence: { freq: 'weekly' },
    end: { kind: 'count', count: 6 },
    notes: '',
    ...overrides,
  });
}
const idOf = (reply: Reply) => (reply.body!.appointment as { id: number }).id;
const detail = async (agent: TestAgent, id: number, query = '') => agent.get(`/api/appointments/${id}?tab=appointment${query}`);
const version = async (id: number) => ((await detail(admin, id)).body!.appointment as { version: number }).version;

describe('range queries with recurrence and exceptions', () => {
  it('expands a weekly series on the server, only inside the asked range, in Hong Kong time', async () => {
    const created = await create(admin);
    expect(created.status).toBe(201);
    const id = idOf(created);
    const march = of(await events(admin, '2027-03-01', '2027-03-29'), [id]);
    expect(march.map((e) => e.date)).toEqual(['2027-03-01', '2027-03-08', '2027-03-15', '2027-03-22']);
    expect(march[0]).toMatchObject({ start: '2027-03-01T10:00:00+08:00', end: '2027-03-01T11:30:00+08:00', allDay: false, status: 'in_progress', recurring: true, workerIds: [ADMIN] });
    expect(of(await events(admin, '2027-04-01', '2027-04-30'), [id]).map((e) => e.date)).toEqual(['2027-04-05']);
    expect(of(await events(admin, '2027-04-06', '2027-05-01'), [id])).toEqual([]);
  });

  it('leaves out a visit deleted on its own and shows a visit moved on its own on its new day', async () => {
    const id = idOf(await create(admin));
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 1, occurrence: '2027-03-08', scope: 'one' }, { 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! })).status).toBe(200);
    const moved = await admin.post(`/api/appointments/${id}/reschedule`, { version: 2, occurrence: '2027-03-15', scope: 'one', date: '2027-03-17', startTime: '15:00', endTime: '16:00', allDay: false });
    expect(moved.status).toBe(200);
    const single = idOf(moved);
    expect(single).not.toBe(id);
    const list = of(await events(admin, '2027-03-01', '2027-04-12'), [id, single]);
    expect(list.map((e) => `${e.appointmentId === id ? 'series' : 'single'} ${e.start}`)).toEqual([
      'series 2027-03-01T10:00:00+08:00',
      'single 2027-03-17T15:00:00+08:00',
      'series 2027-03-22T10:00:00+08:00',
      'series 2027-03-29T10:00:00+08:00',
      'series 2027-04-05T10:00:00+08:00',
    ]);
    const series = (await detail(admin, id)).body!.appointment as { exceptions: string[]; rrule: string };
    expect(series.exceptions).toEqual(['2027-03-08', '2027-03-15']);
    expect(series.rrule).toContain('EXDATE;TZID=Asia/Hong_Kong:20270308T100000,20270315T100000');
  });

  it('flags a visit on a holiday and sends the range\'s holidays', async () => {
    await server.db.insertInto('holidays').values({ date: '2027-03-22', name_en: 'Test holiday', name_zh: '測試假期' }).execute();
    const id = idOf(await create(admin));
    const reply = await admin.get('/api/appointments?start=2027-03-15&end=2027-03-29');
    const list = of(reply.body!.events as CalendarEvent[], [id]);
    expect(list.map((e) => [e.date, e.onHoliday])).toEqual([
      ['2027-03-15', false],
      ['2027-03-22', true],
    ]);
    expect(reply.body!.holidays).toContainEqual({ date: '2027-03-22', nameEn: 'Test holiday', nameZh: '測試假期' });
  });

  it('filters by worker, area and status, and refuses a range over 100 days with a message in the caller\'s language', async () => {
    const mine = idOf(await create(admin, { workerIds: [WORKER], areaId: 16, date: '2027-06-07', end: { kind: 'count', count: 2 } }));
    const other = idOf(await create(admin, { workerIds: [SALES], areaId: 2, date: '2027-06-07', end: { kind: 'count', count: 2 } }));
    expect(of(await events(admin, '2027-06-01', '2027-06-30', `&worker_id=${WORKER}`), [mine, other]).map((e) => e.appointmentId)).toEqual([mine, mine]);
    expect(of(await events(admin, '2027-06-01', '2027-06-30', '&area_id=2'), [mine, other]).map((e) => e.appointmentId)).toEqual([other, other]);
    expect(of(await events(admin, '2027-06-01', '2027-06-30', '&status=canceled'), [mine, other])).toEqual([]);
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn('admin@example.com', 'Admin1234');
    const tooLong = await zh.get('/api/appointments?start=2027-01-01&end=2027-06-01');
    expect(tooLong.status).toBe(422);
    expect(tooLong.body!.errors).toEqual({ end: ['每次最多查詢 100 日。'] });
    expect((await admin.get('/api/appointments?start=2027-01-01')).status).toBe(422);
  });

  it('filters by branch: a visit of the branch comes back, one of another branch does not', async () => {
    const company = await server.db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const kowloon = (
      await server.db
        .insertInto('branches')
        .values({ company_id: company.id, name_en: 'Kowloon Branch', name_zh: '九龍分行', address: null, phone: null, created_at: new Date(), updated_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const head = idOf(await create(admin, { branchId: 1, date: '2027-07-05', end: { kind: 'count', count: 2 } }));
    const branch = idOf(await create(admin, { branchId: kowloon, date: '2027-07-05', end: { kind: 'count', count: 2 } }));
    expect(of(await events(admin, '2027-07-01', '2027-07-31', `&branch_id=${kowloon}`), [head, branch]).map((e) => `${e.appointmentId === branch ? 'kowloon' : 'head'} ${e.date}`)).toEqual(['kowloon 2027-07-05', 'kowloon 2027-07-12']);
    expect(of(await events(admin, '2027-07-01', '2027-07-31', '&branch_id=1'), [head, branch]).map((e) => `${e.appointmentId === branch ? 'kowloon' : 'head'} ${e.date}`)).toEqual(['head 2027-07-05', 'head 2027-07-12']);
  });

  it('filters by status: the visit with that status comes back, the others of the same series do not', async () => {
    const id = idOf(await create(admin, { date: '2027-08-02', end: { kind: 'count', count: 3 } }));
    expect((await admin.post(`/api/appointments/${id}/visits/2027-08-09/status`, { status: 'on_hold', version: 0 })).status).toBe(200);
    expect(of(await events(admin, '2027-08-01', '2027-08-31', '&status=on_hold'), [id]).map((e) => `${e.date} ${e.status}`)).toEqual(['2027-08-09 on_hold']);
    expect(of(await events(admin, '2027-08-01', '2027-08-31', '&status=in_progress'), [id]).map((e) => `${e.date} ${e.status}`)).toEqual(['2027-08-02 in_progress', '2027-08-16 in_progress']);
  });

  it('reads only the series that can touch the range (an index on start and last day)', async () => {
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from appointments where start_date <= '2027-03-31' and (last_date is null or last_date >= '2027-03-01')`.execute(server.db);
    expect(plan.rows.length).toBeGreaterThan(0);
    const row = await server.db.selectFrom('appointments').select(sql<string | null>`last_date::text`.as('last')).where('id', '=', idOf(await create(admin, { end: { kind: 'count', count: 3 } }))).executeTakeFirstOrThrow();
    expect(row.last).toBe('2027-03-15');
  });
});

describe("'this and future' splits", () => {
  it('ends the series before the visit and starts a new one with the change; together they keep every visit', async () => {
    const id = idOf(await create(admin, { date: '2027-09-06', end: { kind: 'count', count: 6 } }));
    const moved = await admin.post(`/api/appointments/${id}/reschedule`, { version: 1, occurrence: '2027-09-20', scope: 'future', date: '2027-09-21', startTime: '14:00', endTime: '15:00', allDay: false });
    expect(moved.status).toBe(200);
    const after = idOf(moved);
    expect(after).not.toBe(id);
    const list = of(await events(admin, '2027-09-01', '2027-10-31'), [id, after]);
    expect(list.map((e) => `${e.appointmentId === id ? 'old' : 'new'} ${e.start.slice(0, 16)}`)).toEqual([
      'old 2027-09-06T10:00',
      'old 2027-09-13T10:00',
      'new 2027-09-21T14:00',
      'new 2027-09-28T14:00',
      'new 2027-10-05T14:00',
      'new 2027-10-12T14:00',
    ]);
    const before = (await detail(admin, id)).body!.appointment as { end: unknown; version: number };
    expect(before.end).toEqual({ kind: 'count', count: 2 });
    const run = (await detail(admin, after)).body!.appointment as { end: unknown; workerIds: number[]; recurrence: unknown };
    expect(run).toMatchObject({ end: { kind: 'count', count: 4 }, workerIds: [ADMIN], recurrence: { freq: 'weekly' } });
  });

  it('from the form: a new rule for this and future visits, the reports of future visits following them', async () => {
    const id = idOf(await create(admin, { date: '2027-11-01', end: { kind: 'until', until: '2027-12-31' } }));
    // A visit in the future run gets a state of its own; it must follow its visit.
    expect((await admin.post(`/api/appointments/${id}/visits/2027-11-22/status`, { status: 'on_hold', version: 0 })).status).toBe(200);
    const form = (await detail(admin, id, '&date=2027-11-15')).body!.appointment as Record<string, unknown>;
    const saved = await admin.put(`/api/appointments/${id}`, { ...form, occurrence: '2027-11-15', scope: 'future', date: '2027-11-16', startTime: '08:00', endTime: '09:00', workerIds: [ADMIN, WORKER] });
    expect(saved.status).toBe(200);
    const after = idOf(saved);
    const list = of(await events(admin, '2027-11-01', '2027-12-01'), [id, after]);
    expect(list.map((e) => `${e.date} ${e.status} ${e.workerIds.join('+')}`)).toEqual([
      '2027-11-01 in_progress 1',
      '2027-11-08 in_progress 1',
      '2027-11-16 in_progress 1+3',
      '2027-11-23 on_hold 1+3',
      '2027-11-30 in_progress 1+3',
    ]);
    // The worker now sees the new run (they are one of its workers) but not the old part.
    expect(of(await events(worker, '2027-11-01', '2027-12-01'), [id, after]).map((e) => e.date)).toEqual(['2027-11-16', '2027-11-23', '2027-11-30']);
  });

  it('from the first visit changes the whole series in place', async () => {
    const id = idOf(await create(admin, { date: '2028-01-03', end: { kind: 'count', count: 3 } }));
    const moved = await admin.post(`/api/appointments/${id}/reschedule`, { version: 1, occurrence: '2028-01-03', scope: 'future', date: '2028-01-03', startTime: '07:00', endTime: '07:45', allDay: false });
    expect(idOf(moved)).toBe(id);
    expect(of(await events(admin, '2028-01-01', '2028-01-31'), [id]).map((e) => e.start.slice(0, 16))).toEqual(['2028-01-03T07:00', '2028-01-10T07:00', '2028-01-17T07:00']);
  });

  it('deletes this and future visits, refuses a stale version (409) and a day that is not a visit', async () => {
    const id = idOf(await create(admin, { date: '2028-02-07', end: { kind: 'count', count: 4 } }));
    const xsrf = { 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! };
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 7, occurrence: '2028-02-21', scope: 'future' }, xsrf)).status).toBe(409);
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 1, occurrence: '2028-02-22', scope: 'future' }, xsrf)).status).toBe(422);
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 1, occurrence: '2028-02-21', scope: 'future' }, xsrf)).body).toEqual({ deleted: false });
    expect(of(await events(admin, '2028-02-01', '2028-03-31'), [id]).map((e) => e.date)).toEqual(['2028-02-07', '2028-02-14']);
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 2, occurrence: '2028-02-07', scope: 'future' }, xsrf)).body).toEqual({ deleted: true });
    expect((await detail(admin, id)).status).toBe(404);
    const audits = await server.db.selectFrom('audits').select(['action']).where('entity_type', '=', 'appointment').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'delete', 'delete']);
  });

  it('keeps the input of a stale edit: 409 and nothing changed', async () => {
    const id = idOf(await create(admin, { date: '2028-03-06' }));
    const form = (await detail(admin, id)).body!.appointment as Record<string, unknown>;
    expect((await admin.post(`/api/appointments/${id}/reschedule`, { version: 1, occurrence: '2028-03-13', scope: 'one', date: '2028-03-14', startTime: '10:00', endTime: '11:00', allDay: false })).status).toBe(200);
    const stale = await admin.put(`/api/appointments/${id}`, { ...form, occurrence: '2028-03-06', scope: 'one', notes: 'typed' });
    expect(stale.status).toBe(409);
    expect(((await detail(admin, id)).body!.appointment as { notes: string }).notes).toBe('');
  });
});

describe('creating and validating', () => {
  it('answers 422 with a message per field, all at once', async () => {
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn('admin@example.com', 'Admin1234');
    const reply = await zh.post('/api/appointments', { clientId: 99999, workerIds: [99999], date: '2027-03-01', startTime: '11:00', endTime: '10:00', recurrence: { freq: 'weekly' }, end: { kind: 'until', until: '2027-02-01' } });
    expect(reply.status).toBe(422);
    expect(reply.body!.errors).toEqual({
      clientId: ['請選擇客戶。'],
      workerIds: ['工作人員必須是已啟用、而且角色可查看預約的使用者。'],
      endTime: ['結束時間必須在開始時間之後。'],
      'end.until': ['最後日期不可早於第一次到訪。'],
    });
    expect((await admin.post('/api/appointments', { clientId: 1, workerIds: [], date: '2027-13-01' })).body!.errors).toHaveProperty('workerIds');
  });

  it('offers and books as workers only the users who can work visits (an administrator, or a role with appointment_view), as the domain says', async () => {
    const role = await server.db.insertInto('roles').values({ name: 'accounts only' }).returning('id').executeTakeFirstOrThrow();
    await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'order_view' }).execute();
    const accounts = await server.db
      .insertInto('users')
      .values({ name: 'Accounts Only 會計', email: 'accounts-only@example.com', password_hash: '', language: 'en', role_id: role.id, branch_id: 1, company_id: null, is_admin: false, calendar_color: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The SQL rule equals the domain's canWorkVisits for every active user.
    const users = await server.db.selectFrom('users').select(['id', 'is_admin', 'role_id']).where('active', '=', true).execute();
    const permissions = await server.db.selectFrom('role_permissions').select(['role_id', 'permission']).execute();
    const expected = users
      .filter((u) => canWorkVisits({ isAdmin: u.is_admin, role: u.role_id === null ? null : { permissions: permissions.filter((p) => p.role_id === u.role_id).map((p) => p.permission as Permission) } }))
      .map((u) => u.id)
      .sort((a, b) => a - b);
    for (const path of ['/api/appointments/create', '/api/appointments/filters']) {
      const reply = await admin.get(path);
      const offered = ((path.endsWith('create') ? (reply.body!.options as { workers: { id: number }[] }).workers : (reply.body!.workers as { id: number }[])) ?? []).map((w) => w.id);
      expect([...offered].sort((a, b) => a - b), path).toEqual(expected);
      expect(offered, path).not.toContain(accounts.id);
    }
    expect(expected).toEqual(expect.arrayContaining([ADMIN, SALES, WORKER]));

    // Booking one anyway is refused, with a message in the caller's language.
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn('admin@example.com', 'Admin1234');
    for (const [agent, message] of [
      [admin, 'Choose active users whose role can work visits (it lets them view appointments).'],
      [zh, '工作人員必須是已啟用、而且角色可查看預約的使用者。'],
    ] as const) {
      const refused = await create(agent, { workerIds: [WORKER, accounts.id] });
      expect(refused.status).toBe(422);
      expect(refused.body!.errors).toEqual({ workerIds: [message] });
    }
    expect((await create(admin, { workerIds: [WORKER] })).status).toBe(201);
  });

  it('creates every kind of rule: all day, daily, biweekly, monthly, yearly and a specified week of the month', async () => {
    const dates = async (overrides: Record<string, unknown>) => {
      const id = idOf(await create(admin, { date: '2029-01-31', ...overrides }));
      const reply = await admin.get('/api/appointments?start=2029-01-01&end=2029-04-10');
      return of(reply.body!.events as CalendarEvent[], [id]).map((e) => e.date);
    };
    expect(await dates({ recurrence: { freq: 'daily' }, end: { kind: 'count', count: 3 } })).toEqual(['2029-01-31', '2029-02-01', '2029-02-02']);
    expect(await dates({ recurrence: { freq: 'biweekly' }, end: { kind: 'count', count: 3 } })).toEqual(['2029-01-31', '2029-02-14', '2029-02-28']);
    expect(await dates({ recurrence: { freq: 'monthly' }, end: { kind: 'never' } })).toEqual(['2029-01-31', '2029-02-28', '2029-03-31']);
    expect(await dates({ recurrence: { freq: 'yearly' }, end: { kind: 'never' } })).toEqual(['2029-01-31']);
    expect(await dates({ date: '2029-01-08', recurrence: { freq: 'monthly_weekday', week: 2 }, end: { kind: 'count', count: 3 } })).toEqual(['2029-01-08', '2029-02-12', '2029-03-12']);
    const allDay = idOf(await create(admin, { date: '2029-05-02', allDay: true, recurrence: { freq: 'once' } }));
    const [event] = of((await admin.get('/api/appointments?start=2029-05-01&end=2029-05-05')).body!.events as CalendarEvent[], [allDay]);
    expect(event).toMatchObject({ start: '2029-05-02', end: '2029-05-03', allDay: true, recurring: false });
  });

  it('offers the form its options and a client picked from the client screen', async () => {
    const reply = await sales.get('/api/appointments/create?date=2027-03-01&client_id=2');
    expect(reply.status).toBe(200);
    const body = reply.body as { options: { workers: { id: number; color: string | null }[]; types: unknown[] }; defaults: { date: string; client: { id: number; addresses: unknown[] } } };
    expect(body.defaults.date).toBe('2027-03-01');
    expect(body.defaults.client.id).toBe(2);
    expect(body.options.workers.find((w) => w.id === WORKER)?.color).toBe('#1f7a4d');
    expect(body.options.types.length).toBeGreaterThan(0);
    const found = await sales.get(`/api/appointments/clients?q=${encodeURIComponent('金龍')}`);
    expect((found.body!.items as { nameZh: string }[]).map((c) => c.nameZh)).toEqual(['金龍酒家有限公司']);
  });
});

describe('double-booking', () => {
  it('warns when a worker already has an overlapping visit, on the check, on save and after a move', async () => {
    const first = idOf(await create(admin, { workerIds: [SALES], date: '2030-01-07', startTime: '10:00', endTime: '12:00', recurrence: { freq: 'once' } }));
    const check = await admin.post('/api/appointments/overlaps', { workerIds: [SALES, ADMIN], date: '2030-01-07', startTime: '11:00', endTime: '11:30', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, excludeId: null });
    expect(check.status).toBe(200);
    expect(check.body!.overlaps).toEqual([
      expect.objectContaining({ workerId: SALES, date: '2030-01-07', appointmentId: first, start: '2030-01-07T10:00:00+08:00', end: '2030-01-07T12:00:00+08:00', client: { nameEn: expect.any(String) as unknown, nameZh: expect.any(String) as unknown } }),
    ]);
    const touching = await admin.post('/api/appointments/overlaps', { workerIds: [SALES], date: '2030-01-07', startTime: '12:00', endTime: '13:00', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    expect(touching.body!.overlaps).toEqual([]);
    const weekly = await create(admin, { workerIds: [SALES], date: '2029-12-31', startTime: '09:00', endTime: '10:30', end: { kind: 'count', count: 3 } });
    expect(weekly.status).toBe(201);
    expect((weekly.body!.overlaps as { date: string }[]).map((o) => o.date)).toEqual(['2030-01-07']);
    const id = idOf(weekly);
    const moved = await admin.post(`/api/appointments/${id}/reschedule`, { version: 1, occurrence: '2029-12-31', scope: 'one', date: '2029-12-31', startTime: '13:00', endTime: '14:00', allDay: false });
    expect(moved.body!.overlaps).toEqual([]);
    // A canceled visit does not count.
    expect((await admin.post(`/api/appointments/${first}/visits/2030-01-07/status`, { status: 'canceled', version: 0 })).status).toBe(200);
    const again = await admin.post('/api/appointments/overlaps', { workerIds: [SALES], date: '2030-01-07', startTime: '11:00', endTime: '11:30', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    expect(again.body!.overlaps).toEqual([]);
  });
});

describe('who sees which appointments', () => {
  it('a worker sees only the appointments they work on; the sales role (appointment_view_all) sees all', async () => {
    const theirs = idOf(await create(admin, { workerIds: [WORKER], date: '2030-03-04', recurrence: { freq: 'once' } }));
    const others = idOf(await create(admin, { workerIds: [SALES], date: '2030-03-04', recurrence: { freq: 'once' } }));
    expect(of(await events(worker, '2030-03-01', '2030-03-31'), [theirs, others]).map((e) => e.appointmentId)).toEqual([theirs]);
    expect(of(await events(sales, '2030-03-01', '2030-03-31'), [theirs, others]).map((e) => e.appointmentId).sort()).toEqual([theirs, others].sort());
    expect((await worker.get(`/api/appointments/${others}`)).status).toBe(404);
    expect((await worker.post(`/api/appointments/${others}/reschedule`, { version: 1, occurrence: '2030-03-04', scope: 'one', date: '2030-03-05', startTime: '10:00', endTime: '11:00', allDay: false })).status).toBe(404);
    const filters = await worker.get('/api/appointments/filters');
    expect((filters.body!.workers as { id: number }[]).map((w) => w.id)).toEqual([WORKER]);
    expect(filters.body!.seesAll).toBe(false);
  });

  it('needs appointment_view to see the calendar or an appointment (403)', async () => {
    const role = await admin.post('/api/roles', { name: 'Client desk', permissions: ['client_view', 'order_view'] });
    expect(role.status).toBe(201);
    const roleId = (role.body!.role as { id: number }).id;
    const account = { name: 'Desk clerk', email: 'desk@example.com', language: 'en', roleId, branchId: 1, isAdmin: false, active: true, password: 'Desk12345', password_confirmation: 'Desk12345' };
    expect((await admin.post('/api/users', account)).status).toBe(201);
    const desk = new TestAgent(server);
    expect((await desk.signIn('desk@example.com', 'Desk12345')).status).toBe(200);
    const id = idOf(await create(admin, { date: '2030-03-11', recurrence: { freq: 'once' } }));
    expect((await desk.get('/api/appointments?start=2030-03-01&end=2030-03-31')).status).toBe(403);
    expect((await desk.get(`/api/appointments/${id}`)).status).toBe(403);
    expect((await desk.get(`/api/appointments/${id}?tab=invoice`)).status).toBe(403);
    expect((await admin.get(`/api/appointments/${id}`)).status).toBe(200);
  });

  it('needs appointment_create to create and appointment_delete to delete (403)', async () => {
    expect((await create(worker)).status).toBe(403);
    expect((await worker.request('DELETE', '/api/appointments/1', { version: 1, occurrence: '2030-01-01', scope: 'one' }, { 'X-XSRF-TOKEN': worker.cookies.get('XSRF-TOKEN')! })).status).toBe(403);
    expect((await sales.request('DELETE', '/api/appointments/1', { version: 1, occurrence: '2030-01-01', scope: 'one' }, { 'X-XSRF-TOKEN': sales.cookies.get('XSRF-TOKEN')! })).status).toBe(403);
  });
});

describe('the demo appointment 1 and its completed report', () => {
  it('is the worker\'s weekly visit with a completed report, signatures and the product used', async () => {
    const reply = await worker.get('/api/appointments/1?tab=report');
    expect(reply.status).toBe(200);
    const report = reply.body!.report as { status: string; workDone: string; clientSignature: string; workerSignature: string; productsUsed: { code: string }[]; editable: boolean };
    expect(report.workDone).not.toBe('');
    expect(report.clientSignature).toMatch(/^data:image\/png;base64,/);
    expect(report.workerSignature).toMatch(/^data:image\/png;base64,/);
    expect(report.productsUsed.map((p) => p.code)).toEqual(['CR-GEL']);
    expect(report.status).toBe('ended');
    expect(reply.body!.company).toMatchObject({ nameZh: '海港除蟲服務有限公司' });
    // The invoice tab is not the worker's (no order_view: issue 31 item 21).
    expect((await worker.get('/api/appointments/1?tab=invoice')).status).toBe(403);
  });
});

describe('visit status and the completed report', () => {
  const png = (): Uint8Array => Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

  it('ends a visit only with a complete report, then moves pending recheck → auditing → audited, locking the report', async () => {
    const id = idOf(await create(admin, { workerIds: [WORKER], date: '2030-05-06', recurrence: { freq: 'once' } }));
    const base = `/api/appointments/${id}/visits/2030-05-06`;
    const refused = await worker.post(`${base}/status`, { status: 'ended', version: 0 });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body!.errors as object).sort()).toEqual(['clientSignature', 'workDone', 'workerSignature']);

    const saved = await worker.put(`${base}/report`, { workDone: 'Bait stations installed', findings: 'Droppings behind the fridge', productsUsed: [{ productId: 1, quantity: 150, note: '' }], clientSigner: 'Mr Chan', version: 0 });
    expect(saved.status).toBe(200);
    let report = saved.body!.report as { version: number; productsUsed: { quantity: number }[]; reportedBy: string };
    expect(report.productsUsed[0]!.quantity).toBe(150);
    expect(report.reportedBy).toBe('Wing Wong 黃永');
    expect((await worker.put(`${base}/report`, { workDone: 'stale', version: 0 })).status).toBe(409);

    expect((await worker.raw('PUT', `${base}/signatures/client`, new TextEncoder().encode('GIF89a not a png'), { 'X-XSRF-TOKEN': worker.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png' })).status).toBe(422);
    for (const who of ['client', 'worker']) {
      const signed = await worker.raw('PUT', `${base}/signatures/${who}`, png(), { 'X-XSRF-TOKEN': worker.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png' });
      expect(signed.status).toBe(200);
      report = signed.body!.report as typeof report;
    }
    // The visit (2030) is after today: completing it is refused until confirmed (issue 18).
    const early = await worker.post(`${base}/status`, { status: 'ended', version: report.version });
    expect(early.status).toBe(422);
    expect(early.body!.errors).toEqual({ confirmFuture: ['This visit is on 2030-05-06, after today. Complete it before its day only if the work is really done: confirm to go on.'] });
    const ended = await worker.post(`${base}/status`, { status: 'ended', version: report.version, confirmFuture: true });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'ended', transitions: ['auditing', 'pending_recheck'] });
    let v = ended.body!.visitVersion as number;
    const wrong = await admin.post(`${base}/status`, { status: 'audited', version: v });
    expect(wrong.status).toBe(422);
    expect(wrong.body!.message).toBe('A visit cannot go from “Completed” to “Audited”.');
    for (const status of ['pending_recheck', 'auditing', 'audited']) {
      const moved = await admin.post(`${base}/status`, { status, version: v });
      expect(moved.status, status).toBe(200);
      v = moved.body!.visitVersion as number;
    }
    expect((await worker.put(`${base}/report`, { workDone: 'late change', version: v })).status).toBe(422);
    const final = (await admin.get(`/api/appointments/${id}?tab=report`)).body!;
    expect(final.report).toMatchObject({ status: 'audited', editable: false, workDone: 'Bait stations installed' });
    expect((final.occurrence as { transitions: string[] }).transitions).toEqual([]);
    const audits = await server.db.selectFrom('audits').select('action').where('entity_id', '=', String(id)).where('entity_type', 'in', ['appointment', 'appointment_report']).orderBy('id').execute();
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'sign', 'sign', 'status', 'status', 'status', 'status']);
    // A visit with a report is not deleted: it is canceled instead.
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 1, occurrence: '2030-05-06', scope: 'one' }, { 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! })).status).toBe(422);
  });

  it('credits the worker signature to the worker who signs, one of the visit\'s workers, not to whoever holds the device (issue 18)', async () => {
    const sign = (agent: TestAgent, base: string, query = '') => agent.raw('PUT', `${base}/signatures/worker${query}`, png(), { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'image/png', 'Accept-Language': 'en' });
    // The office enters the report of a visit the worker alone worked: the signature is the worker's.
    const alone = idOf(await create(admin, { workerIds: [WORKER], date: '2030-05-13', recurrence: { freq: 'once' } }));
    const aloneBase = `/api/appointments/${alone}/visits/2030-05-13`;
    const byOffice = await sign(admin, aloneBase);
    expect(byOffice.status).toBe(200);
    expect(byOffice.body!.report).toMatchObject({ workerSigner: 'Wing Wong 黃永', workerSignerId: WORKER });
    // Someone who is not one of the visit's workers cannot be named as the signer.
    const stranger = await sign(admin, aloneBase, `?signer=${ADMIN}`);
    expect(stranger.status).toBe(422);
    expect(stranger.body!.errors).toEqual({ signer: ['The signer must be one of the visit’s workers.'] });
    expect((await sign(admin, aloneBase, '?signer=abc')).status).toBe(422);
    // Two workers: the worker's phone, handed to the other worker, signs for them.
    const pair = idOf(await create(admin, { workerIds: [WORKER, ADMIN], date: '2030-05-14', recurrence: { freq: 'once' } }));
    const pairBase = `/api/appointments/${pair}/visits/2030-05-14`;
    expect((await sign(worker, pairBase)).body!.report).toMatchObject({ workerSigner: 'Wing Wong 黃永', workerSignerId: WORKER });
    const handed = await sign(worker, pairBase, `?signer=${ADMIN}`);
    expect(handed.status).toBe(200);
    expect(handed.body!.report).toMatchObject({ workerSigner: 'Ada Chan 陳愛達', workerSignerId: ADMIN });
    const audit = await server.db.selectFrom('audits').select('changes').where('entity_id', '=', String(pair)).where('action', '=', 'sign').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.changes)).toContain(`"signerId":${ADMIN}`);
  });

  it('cancels a visit with a reason picked from Settings → Options or typed, shows it on the visit and audits it', async () => {
    const id = idOf(await create(admin, { workerIds: [WORKER], date: '2030-07-01', end: { kind: 'count', count: 3 } }));
    const first = `/api/appointments/${id}/visits/2030-07-01`;
    // The usual reasons come with the visit, for who may cancel it.
    const shown = (await admin.get(`/api/appointments/${id}?tab=appointment&date=2030-07-01`)).body!;
    expect(shown.cancellationReasons).toEqual([
      { value: 'client_request', nameEn: 'Client request', nameZh: '客戶要求' },
      { value: 'weather', nameEn: 'Bad weather', nameZh: '天氣惡劣' },
    ]);
    expect((shown.occurrence as { cancelReason: string }).cancelReason).toBe('');
    expect((await worker.get(`/api/appointments/${id}?tab=appointment&date=2030-07-01`)).body!.cancellationReasons).toBeDefined();

    // A reason only goes with a cancellation, and is at most 500 characters.
    const notCanceling = await admin.post(`${first}/status`, { status: 'on_hold', version: 0, reason: 'Client request' });
    expect(notCanceling.status).toBe(422);
    expect(notCanceling.body!.errors).toEqual({ reason: ['A reason is given only when the visit is canceled.'] });
    const chinese = new TestAgent(server, 'zh-HK');
    expect((await chinese.signIn('admin@example.com', 'Admin1234')).status).toBe(200);
    expect((await chinese.post(`${first}/status`, { status: 'on_hold', version: 0, reason: 'x' })).body!.errors).toEqual({ reason: ['只有取消到訪時才需填寫原因。'] });
    const tooLong = await admin.post(`${first}/status`, { status: 'canceled', version: 0, reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body!.errors as object)).toEqual(['reason']);

    const canceled = await admin.post(`${first}/status`, { status: 'canceled', version: 0, reason: '  Bad weather  ' });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', transitions: [], cancelReason: 'Bad weather' });
    const after = (await sales.get(`/api/appointments/${id}?tab=appointment&date=2030-07-01`)).body!;
    expect(after.occurrence).toMatchObject({ status: 'canceled', cancelReason: 'Bad weather' });
    // A canceled visit cannot be canceled again, so no reasons are offered for it.
    expect(after.cancellationReasons).toBeUndefined();
    const line = await server.db.selectFrom('audits').select('changes').where('action', '=', 'status').where('entity_id', '=', String(id)).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(line.changes).toEqual({ date: '2030-07-01', status: { from: 'in_progress', to: 'canceled' }, cancelReason: 'Bad weather' });

    // A reason typed (not one of the list) is kept as typed; with none, the visit is canceled without one.
    const second = await admin.post(`/api/appointments/${id}/visits/2030-07-08/status`, { status: 'canceled', version: 0, reason: '客戶搬屋，另約時間' });
    expect(second.body).toMatchObject({ cancelReason: '客戶搬屋，另約時間' });
    const third = await admin.post(`/api/appointments/${id}/visits/2030-07-15/status`, { status: 'canceled', version: 0 });
    expect(third.body).toMatchObject({ status: 'canceled', cancelReason: '' });
    // The other visits of the series are untouched by a visit's reason.
    expect((await admin.get(`/api/appointments/${id}?tab=appointment&date=2030-07-08`)).body!.occurrence).toMatchObject({ cancelReason: '客戶搬屋，另約時間' });
  });

  it('takes photos up to 5 MB, images only, and shows them to who may see the appointment', async () => {
    const id = idOf(await create(admin, { workerIds: [WORKER], date: '2030-06-03', recurrence: { freq: 'once' } }));
    const base = `/api/appointments/${id}/visits/2030-06-03`;
    const headers = { 'X-XSRF-TOKEN': worker.cookies.get('XSRF-TOKEN')!, 'Content-Type': 'application/octet-stream', 'X-File-Name': encodeURIComponent('廚房.png') };
    const tooBig = new Uint8Array(5 * 1024 * 1024 + 1);
    tooBig.set(png());
    expect((await worker.raw('POST', `${base}/photos`, tooBig, headers)).status).toBe(413);
    expect((await worker.raw('POST', `${base}/photos`, new TextEncoder().encode('%PDF-1.4'), headers)).status).toBe(422);
    const added = await worker.raw('POST', `${base}/photos`, png(), headers);
    expect(added.status).toBe(201);
    const [photo] = (added.body!.report as { photos: { id: number; name: string; downloadUrl: string }[] }).photos;
    expect(photo!.name).toBe('廚房.png');
    const image = await worker.rawGet(photo!.downloadUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await admin.rawGet(`/api/attachments/${photo!.id}/download`)).status).toBe(404);
    const removed = await worker.request('DELETE', photo!.downloadUrl, undefined, { 'X-XSRF-TOKEN': worker.cookies.get('XSRF-TOKEN')! });
    expect(removed.status).toBe(200);
    expect(server.files.size).toBe(0);
  });
});

describe('the invoice tab and linking an order', () => {
  const order = async (clientId: number, number: string, voided = false) =>
    (
      await server.db
        .insertInto('orders')
        .values({ number, date: '2030-06-30', client_id: clientId, subtotal: 80000, discount: 0, total: 80000, type: 'new_order', due_date: '2030-07-30', paid: 30000, voided })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  it('links an existing order of the same client and shows its summary; another client\'s order is refused', async () => {
    const id = idOf(await create(admin, { clientId: 1, date: '2030-07-01', recurrence: { freq: 'once' } }));
    const mine = await order(1, 'INV-2030-00001');
    const theirs = await order(2, 'INV-2030-00002');
    expect((await admin.put(`/api/appointments/${id}/order`, { orderId: theirs })).status).toBe(422);
    const linked = await admin.put(`/api/appointments/${id}/order`, { orderId: mine, version: 1 });
    expect(linked.status).toBe(200);
    expect(linked.body!.order).toEqual({ id: mine, number: 'INV-2030-00001', date: '2030-06-30', total: 80000, paid: 30000, voided: false });
    expect((await admin.put(`/api/appointments/${id}/order`, { orderId: null, version: 1 })).status).toBe(409);
    const tab = await admin.get(`/api/appointments/${id}?tab=invoice`);
    expect(tab.body!.order).toMatchObject({ number: 'INV-2030-00001' });
    expect((await worker.put(`/api/appointments/${id}/order`, { orderId: null })).status).toBe(404);
    const unlinked = await admin.put(`/api/appointments/${id}/order`, { orderId: null, version: 2 });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body!.order).toBeNull();
    expect((await admin.get(`/api/appointments/${id}?tab=invoice`)).body!.order).toBeNull();
    const audits = await server.db.selectFrom('audits').select(['action', 'changes']).where('entity_type', '=', 'appointment').where('entity_id', '=', String(id)).orderBy('id').execute();
    expect(audits.slice(1).map((a) => a.changes)).toEqual([{ orderId: { from: null, to: mine } }, { orderId: { from: mine, to: null } }]);
  });

  it("creates an appointment with one of its client's orders; an order of another client or a void one is refused (422)", async () => {
    const clientOrder = await order(2, 'INV-2030-00010');
    const otherOrder = await order(3, 'INV-2030-00011');
    const voidOrder = await order(2, 'INV-2030-00012', true);
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn('admin@example.com', 'Admin1234');
    const refused = await zh.post('/api/appointments', { clientId: 2, workerIds: [ADMIN], date: '2030-07-08', orderId: otherOrder });
    expect(refused.status).toBe(422);
    expect(refused.body!.errors).toEqual({ orderId: ['此發票屬於另一位客戶。'] });
    expect((await create(admin, { clientId: 2, date: '2030-07-08', orderId: voidOrder })).body!.errors).toHaveProperty('orderId');
    const created = await create(admin, { clientId: 2, date: '2030-07-08', recurrence: { freq: 'once' }, orderId: clientOrder });
    expect(created.status).toBe(201);
    const id = idOf(created);
    expect((await detail(admin, id)).body!.appointment).toMatchObject({ orderId: clientOrder });
    expect((await admin.get(`/api/appointments/${id}?tab=invoice`)).body!.order).toMatchObject({ id: clientOrder, number: 'INV-2030-00010' });
  });

  it("offers the client's orders that are not void to who may see orders, on the invoice tab and for the form", async () => {
    const open = await order(3, 'INV-2030-00020');
    const voided = await order(3, 'INV-2030-00021', true);
    const id = idOf(await create(admin, { clientId: 3, workerIds: [WORKER], date: '2030-07-15', recurrence: { freq: 'once' } }));
    const listed = await sales.get('/api/appointments/orders?client_id=3');
    expect(listed.status).toBe(200);
    const ids = (listed.body!.items as { id: number }[]).map((o) => o.id);
    expect(ids).toContain(open);
    expect(ids).not.toContain(voided);
    expect((listed.body!.items as { id: number; number: string; total: number; voided: boolean }[]).find((o) => o.id === open)).toMatchObject({ number: 'INV-2030-00020', date: '2030-06-30', total: 80000, voided: false });
    expect(((await sales.get('/api/appointments/orders?client_id=1')).body!.items as { id: number }[]).map((o) => o.id)).not.toContain(open);
    const tab = await sales.get(`/api/appointments/${id}?tab=invoice`);
    expect((tab.body!.orders as { id: number }[]).map((o) => o.id)).toEqual(ids);
    // The worker role has no order_view: no list, and the picker's endpoint refuses.
    expect((await worker.get('/api/appointments/orders?client_id=3')).status).toBe(403);
    const workerTab = await worker.get(`/api/appointments/${id}?tab=invoice`);
    expect(workerTab.status).toBe(403);
    expect(workerTab.body).not.toHaveProperty('orders');
    expect((await sales.get('/api/appointments/orders')).status).toBe(422);
  });

  it('lets no one without order_view link orders or read them from the reply or the invoice tab (403, nothing changed)', async () => {
    // The worker is on appointment 1 and may edit it, but holds no order_view.
    const orderIds = (await server.db.selectFrom('orders').select('id').orderBy('id').limit(40).execute()).map((o) => o.id);
    expect(orderIds.length).toBeGreaterThan(0);
    const before = await server.db.selectFrom('appointments').select(['order_id', 'version']).where('id', '=', 1).executeTakeFirstOrThrow();
    const leaked: string[] = [];
    for (const orderId of orderIds) {
      const reply = await worker.put('/api/appointments/1/order', { orderId });
      if (reply.status !== 403 || 'order' in (reply.body ?? {})) leaked.push(`order ${orderId} → ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    expect(leaked).toEqual([]);
    expect(await server.db.selectFrom('appointments').select(['order_id', 'version']).where('id', '=', 1).executeTakeFirstOrThrow()).toEqual(before);
    expect((await worker.put('/api/appointments/1/order', { orderId: null })).status).toBe(403);

    // Linked by someone who may: the worker's invoice tab is refused (issue 31 item 21: no finance tabs), nothing of the order in it.
    const mine = await order(1, 'INV-2030-00040');
    const id = idOf(await create(admin, { clientId: 1, workerIds: [WORKER], date: '2030-08-12', recurrence: { freq: 'once' }, orderId: mine }));
    const tab = await worker.get(`/api/appointments/${id}?tab=invoice`);
    expect(tab.status).toBe(403);
    expect(JSON.stringify(tab.body)).not.toContain('INV-2030-00040');
    expect((await sales.get(`/api/appointments/${id}?tab=invoice`)).body!.order).toMatchObject({ number: 'INV-2030-00040', total: 80000, paid: 30000 });

    // Creating with an order needs order_view too.
    const role = await admin.post('/api/roles', { name: 'Booker', permissions: ['appointment_view', 'appointment_create', 'appointment_view_all', 'client_view'] });
    const account = { name: 'Booker', email: 'booker@example.com', language: 'en', roleId: (role.body!.role as { id: number }).id, branchId: 1, isAdmin: false, active: true, password: 'Booker123', password_confirmation: 'Booker123' };
    expect((await admin.post('/api/users', account)).status).toBe(201);
    const booker = new TestAgent(server);
    expect((await booker.signIn('booker@example.com', 'Booker123')).status).toBe(200);
    expect((await create(booker, { clientId: 1, date: '2030-08-19', orderId: mine })).status).toBe(403);
    expect((await create(booker, { clientId: 1, date: '2030-08-19', orderId: null })).status).toBe(201);
  });

  it('unlinks the order when an edit gives the appointment another client', async () => {
    const mine = await order(1, 'INV-2030-00030');
    const id = idOf(await create(admin, { clientId: 1, date: '2030-08-05', recurrence: { freq: 'once' }, orderId: mine }));
    const form = (await detail(admin, id)).body!.appointment as Record<string, unknown>;
    expect((await admin.put(`/api/appointments/${id}`, { ...form, occurrence: '2030-08-05', notes: 'same client' })).status).toBe(200);
    expect(((await detail(admin, id)).body!.appointment as { orderId: number | null }).orderId).toBe(mine);
    const again = (await detail(admin, id)).body!.appointment as Record<string, unknown>;
    expect((await admin.put(`/api/appointments/${id}`, { ...again, occurrence: '2030-08-05', clientId: 2 })).status).toBe(200);
    expect(((await detail(admin, id)).body!.appointment as { orderId: number | null }).orderId).toBeNull();
  });
});

describe("the client's appointment tab", () => {
  it("lists the client's appointments the user may see, and a client with appointments is not deleted", async () => {
    const reply = await sales.get('/api/clients/3?tab=appointment');
    expect(reply.status).toBe(200);
    const list = reply.body!.appointments as { id: number; workers: string[] }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    // Someone who sees clients but only their own visits (no appointment_view_all) is on one of them.
    const role = await admin.post('/api/roles', { name: 'Own visits, all clients', permissions: ['client_view', 'appointment_view'] });
    const own = { email: 'own-visits@example.com', password: 'OwnVisits123' };
    const made = await admin.post('/api/users', { name: 'Own Visits', ...own, language: 'en', roleId: (role.body!.role as { id: number }).id, branchId: 1, isAdmin: false, active: true, password_confirmation: own.password });
    const mine = idOf(await create(admin, { clientId: 3, workerIds: [(made.body!.user as { id: number }).id], recurrence: { freq: 'once' } }));
    const asWorker = (await (await signedInAgent(server, own)).get('/api/clients/3?tab=appointment')).body!.appointments as { id: number; workers: string[] }[];
    expect(asWorker.map((a) => a.id)).toEqual([mine]);
    expect(asWorker.length).toBeLessThan(list.length);
    expect((await admin.request('DELETE', '/api/clients/3', undefined, { 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! })).status).toBe(422);
  });

  it("shows the status of the visit it shows (next or last): the visit's own, in progress while it has none; the invoice's tab too", async () => {
    // Today is 2026-11-23 (the test clock).
    const past = idOf(await create(admin, { clientId: 2, date: '2026-11-02', end: { kind: 'count', count: 2 } }));
    const current = idOf(await create(admin, { clientId: 2, date: '2026-11-16', end: { kind: 'count', count: 3 } }));
    const untouched = idOf(await create(admin, { clientId: 2, date: '2026-12-07', recurrence: { freq: 'once' } }));
    const move = async (id: number, date: string, status: string, version = 0) => expect((await admin.post(`/api/appointments/${id}/visits/${date}/status`, { status, version })).status).toBe(200);
    // The status of a visit not shown does not count.
    await move(past, '2026-11-02', 'on_hold');
    await move(past, '2026-11-09', 'canceled');
    await move(current, '2026-11-16', 'on_hold');
    type Listed = { id: number; date: string; upcoming: boolean; status: string };
    const listed = async (path: string, key = 'appointments') => new Map(((await admin.get(path)).body![key] as Listed[]).map((a) => [a.id, a]));
    let tab = await listed('/api/clients/2?tab=appointment');
    expect(tab.get(past)).toMatchObject({ date: '2026-11-09', upcoming: false, status: 'canceled' });
    expect(tab.get(current)).toMatchObject({ date: '2026-11-23', upcoming: true, status: 'in_progress' });
    expect(tab.get(untouched)).toMatchObject({ date: '2026-12-07', upcoming: true, status: 'in_progress' });

    await move(current, '2026-11-23', 'on_hold');
    tab = await listed('/api/clients/2?tab=appointment');
    expect(tab.get(current)).toMatchObject({ date: '2026-11-23', status: 'on_hold' });
    const orderId = (
      await server.db
        .insertInto('orders')
        .values({ number: 'INV-2026-09901', date: '2026-11-20', client_id: 2, subtotal: 80000, discount: 0, total: 80000, type: 'new_order', due_date: '2026-12-20', paid: 0, voided: false })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await admin.put(`/api/appointments/${current}/order`, { orderId, version: 1 })).status).toBe(200);
    const invoice = await listed(`/api/orders/${orderId}`);
    expect([...invoice.values()]).toEqual([expect.objectContaining({ id: current, date: '2026-11-23', status: 'on_hold' })]);
  });

  it('counts a worker on an appointment as a business record of the user', async () => {
    expect((await admin.request('DELETE', `/api/users/${WORKER}`, undefined, { 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! })).status).toBe(422);
  });
});

it('keeps the version of an edited appointment', async () => {
  const id = idOf(await create(admin, { date: '2031-01-06', recurrence: { freq: 'once' } }));
  expect(await version(id)).toBe(1);
});

describe('week-of-month and month-end series moved or typed (issue 18)', () => {
  const xsrf = () => ({ 'X-XSRF-TOKEN': admin.cookies.get('XSRF-TOKEN')! });
  /** The visit days of some appointments over months (the calendar asks for at most 100 days at once). */
  const daysOf = async (ids: number[], from: string, months: number): Promise<string[]> => {
    const out: string[] = [];
    for (let m = 0; m < months; m++) {
      const start = new Date(`${from}T00:00:00Z`);
      start.setUTCMonth(start.getUTCMonth() + m);
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      out.push(...of(await events(admin, start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)), ids).map((e) => e.date));
    }
    return out;
  };

  it('drops a "last Friday" visit on Thursday 1 April "this and future": the run becomes "1st Thursday" and keeps the visit', async () => {
    const id = idOf(await create(admin, { date: '2027-01-29', recurrence: { freq: 'monthly_weekday', week: -1 }, end: { kind: 'count', count: 6 } }));
    const moved = await admin.post(`/api/appointments/${id}/reschedule`, { version: 1, occurrence: '2027-03-26', scope: 'future', date: '2027-04-01', startTime: '10:00', endTime: '11:30', allDay: false });
    expect(moved.status).toBe(200);
    const run = idOf(moved);
    expect(await daysOf([id, run], '2027-01-01', 7)).toEqual(['2027-01-29', '2027-02-26', '2027-04-01', '2027-05-06', '2027-06-03', '2027-07-01']);
    const detailOf = (await detail(admin, run)).body!.appointment as { recurrence: unknown; rrule: string };
    expect(detailOf.recurrence).toEqual({ freq: 'monthly_weekday', week: 1 });
    expect(detailOf.rrule).toContain('BYDAY=1TH');
  });

  it('keeps a deleted visit deleted when the series moves: monthly on the 31st without 30 June, 31 March moved to 28 March', async () => {
    const id = idOf(await create(admin, { date: '2030-01-31', recurrence: { freq: 'monthly' }, end: { kind: 'count', count: 8 } }));
    expect((await admin.request('DELETE', `/api/appointments/${id}`, { version: 1, occurrence: '2030-06-30', scope: 'one' }, xsrf())).status).toBe(200);
    const moved = await admin.post(`/api/appointments/${id}/reschedule`, { version: 2, occurrence: '2030-03-31', scope: 'future', date: '2030-03-28', startTime: '10:00', endTime: '11:30', allDay: false });
    expect(moved.status).toBe(200);
    expect(await daysOf([id, idOf(moved)], '2030-01-01', 12)).toEqual(['2030-01-31', '2030-02-28', '2030-03-28', '2030-04-28', '2030-05-28', '2030-07-28', '2030-08-28']);
  });

  it('refuses a series with no visit at all (422 on the last day, in both languages) and exports its first visit as DTSTART', async () => {
    // Friday 21 May 2027 is a 3rd Friday: "1st Friday" from there first falls on 4 June.
    const none = { date: '2027-05-21', recurrence: { freq: 'monthly_weekday', week: 1 }, end: { kind: 'until', until: '2027-05-31' } };
    const en = await create(admin, none);
    expect(en.status).toBe(422);
    expect(en.body!.errors).toEqual({ 'end.until': ['No visit falls on or before this last day: the first one would be on 2027-06-04.'] });
    const zh = new TestAgent(server, 'zh-HK');
    await zh.signIn('admin@example.com', 'Admin1234');
    expect((await create(zh, none)).body!.errors).toEqual({ 'end.until': ['最後日期或之前沒有任何到訪：第一次到訪會在 2027-06-04。'] });
    const id = idOf(await create(admin, { ...none, end: { kind: 'until', until: '2027-07-31' } }));
    expect(((await detail(admin, id)).body!.appointment as { rrule: string }).rrule.split('\n')[0]).toBe('DTSTART;TZID=Asia/Hong_Kong:20270604T100000');
  });
});

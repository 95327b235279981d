import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../../server/http/errors';
import { StatementFault, type StatementKind } from './fault-injection';
import { DEMO, type Reply, serverForTests, signedInAgent, signedInServer, startTestServer, TestAgent } from './harness';
import { dbFingerprint } from './snapshot';
import { totp } from '../support/totp';

const { admin } = DEMO;

describe('when the database cannot be reached', () => {
  it('answers 503 with a clear message in the caller’s language, and no stack or SQL', async () => {
    const server = await startTestServer();
    const agent = new TestAgent(server, 'zh-HK');
    await agent.signIn(admin.email, admin.password);
    await server.db.destroy();
    const read = await agent.get('/api/clients');
    expect(read.status).toBe(503);
    expect(read.body).toEqual({ message: '暫時未能連接資料庫，是次操作未有儲存，請稍後再試。' });
    // An error reply carries the security headers too.
    expect(read.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    const write = await agent.post('/api/areas', { nameEn: 'X', nameZh: 'X', region: 'kowloon' });
    expect(write.status).toBe(503);
    expect(JSON.stringify(write.body)).not.toMatch(/at |select|insert|Error/);
  });

  it('tells an unreachable database from a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('driver has already been destroyed'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

describe('an unexpected error inside a route (a bug, not the database going away)', () => {
  /** What a bug can throw: its words name code, SQL and a file, none of which may reach the caller. */
  const bugs = {
    'a TypeError': () => new TypeError(`Cannot read properties of undefined (reading 'id')\n    at loadClient (/work/main/server/routes/clients.ts:42:7)`),
    'an SQL error': () => Object.assign(new Error('syntax error at or near "FROM" in select "c".* FROM "clients" as "c"'), { code: '42601', position: '17', routine: 'scanner_yyerror' }),
  };
  const INTERNALS = /\bat \w|\.ts\b|\/work\/|node_modules|select|insert|from "|TypeError|Cannot read|syntax error|42601|scanner|stack/i;

  it('answers 500 with a generic message in the caller’s language, without the stack, a file path, SQL or the exception’s words; logs it on the server; keeps nothing', async () => {
    const fault = new StatementFault();
    const server = await startTestServer(undefined, undefined, { plugins: [fault] });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const zh = new TestAgent(server, 'zh-HK');
      const en = new TestAgent(server, 'en');
      for (const agent of [zh, en]) expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
      const client = { nameZh: '錯誤測試客戶', contacts: [{ name: '陳先生', phones: ['9123 4567'] }], addresses: [{ address: '旺角道 1 號', areaId: 5 }] };
      const cases: { what: string; message: string; kind: StatementKind; table: string; request: () => Promise<Reply> }[] = [
        { what: 'a read', message: '伺服器發生錯誤，請稍後再試。', kind: 'select', table: 'clients', request: () => zh.get('/api/clients/1') },
        { what: 'half-way through a write', message: 'Something went wrong on the server. Please try again.', kind: 'insert', table: 'client_addresses', request: () => en.post('/api/clients', client) },
      ];
      for (const [bug, error] of Object.entries(bugs)) {
        for (const { what: where, message, kind, table, request } of cases) {
          const what = `${bug} in ${where}`;
          const before = await dbFingerprint(server.db);
          logged.mockClear();
          fault.failNext(kind, table, error);
          const reply = await request();
          expect(fault.pending, `${what}: no ${kind} on ${table} happened`).toBe(false);
          expect(reply.status, what).toBe(500);
          // Only the message for people, in the caller's language.
          expect(reply.body, what).toEqual({ message });
          expect(JSON.stringify(reply.body), what).not.toMatch(INTERNALS);
          expect(reply.headers.get('content-type'), what).toMatch(/^application\/json/);
          expect(reply.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
          // The operator sees the error itself in the server's log.
          expect(logged, what).toHaveBeenCalledTimes(1);
          expect(logged.mock.calls[0]?.at(-1), what).toBeInstanceOf(Error);
          // Nothing of the failed write is kept, and the same request works once the bug is gone.
          const after = await dbFingerprint(server.db);
          expect(Object.keys(after).filter((t) => after[t] !== before[t]), what).toEqual([]);
          expect((await request()).status, what).toBeLessThan(300);
        }
      }
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });
});

describe('a failure half-way through a write', () => {
  const fault = new StatementFault();
  const server = serverForTests(undefined, undefined, { plugins: [fault] });
  let agent: TestAgent;
  beforeAll(async () => {
    agent = await signedInAgent(server, admin);
  });

  const UNAVAILABLE = 'The database cannot be reached just now. Nothing was saved; please try again shortly.';
  const lines = [
    { productId: null, descriptionEn: 'Survey', quantity: 100, unitPrice: 30_000 },
    { productId: null, descriptionEn: 'Treatment', quantity: 200, unitPrice: 45_000 },
  ];
  const client = { nameZh: '故障測試客戶', contacts: [{ name: '陳先生', phones: ['9123 4567'] }, { name: '陳太', phones: ['6123 4567'] }], addresses: [{ address: '旺角道 1 號', areaId: 5 }] };

  /**
   * Sends `request` with the database failing at the chosen statement: the reply is 503 with the
   * clear message, nothing at all is stored (no row, no file), and the same request succeeds once
   * the database is back.
   */
  async function failsCleanly(kind: StatementKind, table: string, request: () => Promise<Reply>, okStatus: number): Promise<Reply> {
    const before = await dbFingerprint(server.db);
    const files = server.files.size;
    fault.failNext(kind, table);
    const failed = await request();
    expect(server.files.size, 'files left in the storage').toBe(files);
    expect(fault.pending, `no ${kind} on ${table} happened`).toBe(false);
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: UNAVAILABLE });
    const after = await dbFingerprint(server.db);
    expect(Object.keys(after).filter((table) => after[table] !== before[table]), `${kind} ${table}`).toEqual([]);
    const retried = await request();
    expect(retried.status, JSON.stringify(retried.body)).toBe(okStatus);
    return retried;
  }

  it('an order whose lines fail leaves no order, no number used and no audit line', async () => {
    const order = await failsCleanly('insert', 'order_items', () => agent.post('/api/orders', { type: 'new_order', date: '2027-05-05', clientId: 1, items: lines }), 201);
    // The number handed out in the failed attempt was rolled back with it: the retry gets the first of the year.
    expect((order.body!.order as { number: string }).number).toBe('INV-2027-00001');
  });

  it('a client whose addresses fail leaves no client and no contacts; an edit whose addresses fail changes nothing', async () => {
    const created = await failsCleanly('insert', 'client_addresses', () => agent.post('/api/clients', client), 201);
    const saved = created.body!.client as { id: number; version: number };
    await failsCleanly('insert', 'client_addresses', () => agent.put(`/api/clients/${saved.id}`, { ...client, nameZh: '改名', contacts: [{ name: '新聯絡人' }], version: saved.version }), 200);
  });

  it('a receipt whose order update fails leaves no receipt and no paid amount', async () => {
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2027-05-06', clientId: 1, items: lines })).body!.order as { id: number };
    await failsCleanly('update', 'orders', () => agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2027-05-06', method: 'cash', amount: 20_000 }), 201);
  });

  it('a quotation turned into an order, with the order’s lines failing, stays as it was', async () => {
    const quotation = (await agent.post('/api/quotations', { kind: 'basic', date: '2027-05-07', clientId: 1, validDays: 30, items: lines })).body!.quotation as { id: number; version: number };
    let version = quotation.version;
    for (const status of ['sent', 'accepted']) {
      const moved = await agent.post(`/api/quotations/${quotation.id}/status`, { status, version });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      version = (moved.body!.quotation as { version: number }).version;
    }
    await failsCleanly('insert', 'order_items', () => agent.post(`/api/quotations/${quotation.id}/convert`, { version }), 201);
  });

  it('a role whose permissions fail keeps its old permissions', async () => {
    const role = (await agent.post('/api/roles', { name: 'Fault role', permissions: ['client_view'] })).body!.role as { id: number; version: number };
    await failsCleanly('insert', 'role_permissions', () => agent.put(`/api/roles/${role.id}`, { name: 'Fault role 2', permissions: ['client_view', 'product_view'], version: role.version }), 200);
  });

  it('an upload whose database row fails leaves no file behind in the storage', async () => {
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
    const pdf = new TextEncoder().encode('%PDF-1.7\n%%EOF');
    const appointment = await agent.post('/api/appointments', { clientId: 1, address: '灣仔道 1 號', workerIds: [1], date: '2031-07-07', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    const visit = `/api/appointments/${(appointment.body!.appointment as { id: number }).id}/visits/2031-07-07`;
    const send = (method: string, path: string, bytes: Uint8Array, type: string) => () => agent.raw(method, path, bytes, { 'Content-Type': type, 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    const uploads: [StatementKind, string, () => Promise<Reply>, number][] = [
      ['insert', 'attachments', send('POST', '/api/clients/1/attachments', pdf, 'application/pdf'), 201],
      ['insert', 'attachments', send('POST', `${visit}/photos`, png, 'image/png'), 201],
      ['update', 'users', send('PUT', '/api/user/profile-photo', png, 'image/png'), 200],
      ['update', 'companies', send('PUT', '/api/companies/1/logo', png, 'image/png'), 200],
    ];
    for (const [kind, table, request, ok] of uploads) {
      const files = server.files.size;
      await failsCleanly(kind, table, request, ok);
      expect(server.files.size, table).toBe(files + 1);
    }
    // The same when the audit line is what fails.
    for (const [, , request, ok] of uploads) await failsCleanly('insert', 'audits', request, ok);
  });

  it('“this and future” on a series whose new part fails leaves the series whole', async () => {
    const created = await agent.post('/api/appointments', { clientId: 1, address: '灣仔道 1 號', workerIds: [1], date: '2031-06-02', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 8 } });
    const id = (created.body!.appointment as { id: number }).id;
    await failsCleanly(
      'insert',
      'appointment_workers',
      () => agent.post(`/api/appointments/${id}/reschedule`, { version: 1, occurrence: '2031-06-23', scope: 'future', date: '2031-06-24', startTime: '09:00', endTime: '10:00', allDay: false }),
      200,
    );
  });

  it('an appointment edit refused half-way (a visit with a status of its own would be lost) changes nothing', async () => {
    // A weekly series whose third visit has a status: making the series a single visit from its
    // first day would drop that visit, so the edit is refused (422) after it has begun writing.
    const created = await agent.post('/api/appointments', { clientId: 1, address: '灣仔道 1 號', workerIds: [1], date: '2031-09-01', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 4 } });
    const id = (created.body!.appointment as { id: number }).id;
    expect((await agent.post(`/api/appointments/${id}/visits/2031-09-15/status`, { status: 'on_hold', version: 0 })).status).toBe(200);
    const before = await dbFingerprint(server.db);
    const edit = await agent.put(`/api/appointments/${id}`, {
      clientId: 1,
      address: '灣仔道 1 號',
      workerIds: [2],
      date: '2031-09-01',
      startTime: '14:00',
      endTime: '15:00',
      recurrence: { freq: 'once' },
      end: { kind: 'count', count: 1 },
      version: 1,
      occurrence: '2031-09-01',
      scope: 'future',
    });
    expect(edit.status).toBe(422);
    const after = await dbFingerprint(server.db);
    expect(Object.keys(after).filter((table) => after[table] !== before[table])).toEqual([]);
  });

  it('a change whose audit line fails is not kept either (the reply says nothing was saved, and it is true)', async () => {
    await failsCleanly('insert', 'audits', () => agent.post('/api/clients', client), 201);
    await failsCleanly('insert', 'audits', () => agent.post('/api/orders', { type: 'new_order', date: '2027-05-08', clientId: 1, items: lines }), 201);
    const order = (await agent.post('/api/orders', { type: 'new_order', date: '2027-05-08', clientId: 1, items: lines })).body!.order as { id: number; version: number };
    await failsCleanly('insert', 'audits', () => agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2027-05-08', method: 'fps', amount: 10_000 }), 201);
    await failsCleanly('insert', 'audits', () => agent.post('/api/quotations', { kind: 'basic', date: '2027-05-08', clientId: 1, validDays: 30, items: lines }), 201);
    const appointment = { clientId: 1, address: '灣仔道 1 號', workerIds: [1], date: '2031-10-06', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 3 } };
    const created = await failsCleanly('insert', 'audits', () => agent.post('/api/appointments', appointment), 201);
    const id = (created.body!.appointment as { id: number }).id;
    await failsCleanly('insert', 'audits', () => agent.put(`/api/appointments/${id}`, { ...appointment, startTime: '11:00', endTime: '12:00', version: 1, occurrence: '2031-10-13', scope: 'future' }), 200);
    await failsCleanly('insert', 'audits', () => agent.request('DELETE', `/api/appointments/${id}`, { version: 2, occurrence: '2031-10-06', scope: 'one' }, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! }), 200);
  });

  it('the account’s own security changes too: password, two-factor on and off, new recovery codes, other sessions ended', async () => {
    const password = 'Fault1234';
    const account = { name: 'Fault security', email: 'fault.security@example.com', language: 'en', roleId: null, branchId: 1, isAdmin: false, active: true };
    expect((await agent.post('/api/users', { ...account, password, password_confirmation: password })).status).toBe(201);
    const own = new TestAgent(server);
    expect((await own.signIn(account.email, password)).status).toBe(200);
    const del = (path: string, body: unknown) => () => own.request('DELETE', path, body, { 'X-XSRF-TOKEN': own.cookies.get('XSRF-TOKEN')! });

    await failsCleanly('insert', 'audits', () => own.put('/api/user/password', { current_password: password, password: 'Fault5678', password_confirmation: 'Fault5678' }), 200);
    const newPassword = 'Fault5678';
    expect((await new TestAgent(server).signIn(account.email, newPassword)).status).toBe(200);
    const ended = await failsCleanly('insert', 'audits', del('/api/user/other-sessions', { password: newPassword }), 200);
    expect(ended.body).toEqual({ ended: 1 });

    const { secret } = (await own.post('/api/user/two-factor-authentication', { password: newPassword })).body as { secret: string };
    await failsCleanly('insert', 'audits', () => own.post('/api/user/confirmed-two-factor-authentication', { code: totp(secret, server.clock.now()) }), 200);
    await failsCleanly('insert', 'audits', () => own.post('/api/user/two-factor-recovery-codes/regenerate', { password: newPassword }), 200);
    await failsCleanly('insert', 'audits', del('/api/user/two-factor-authentication', { password: newPassword }), 200);
  });

  it('the same for the settings screens, API tokens and the profile: a change whose audit line fails is not kept', async () => {
    const xsrf = () => ({ 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    const del = (path: string) => () => agent.request('DELETE', path, undefined, xsrf());
    const failsAtAudit = (request: () => Promise<Reply>, ok: number) => failsCleanly('insert', 'audits', request, ok);
    type Saved = { id: number; version: number };
    const saved = (reply: Reply, key: string) => reply.body![key] as Saved & Record<string, unknown>;

    // Areas, options, order terms, holidays, codes: create, edit, delete.
    const area = saved(await failsAtAudit(() => agent.post('/api/areas', { nameEn: 'Fault area', region: 'kowloon' }), 201), 'area');
    await failsAtAudit(() => agent.put(`/api/areas/${area.id}`, { ...area, nameZh: '故障區' }), 200);
    await failsAtAudit(del(`/api/areas/${area.id}`), 204);
    const option = saved(await failsAtAudit(() => agent.post('/api/options/payment_method', { value: 'fault_pay', labelEn: 'Fault' }), 201), 'option');
    await failsAtAudit(() => agent.put(`/api/options/payment_method/${option.id}`, { ...option, active: false }), 200);
    await failsAtAudit(del(`/api/options/payment_method/${option.id}`), 204);
    const term = saved(await failsAtAudit(() => agent.post('/api/order-terms', { titleEn: 'Fault term' }), 201), 'term');
    await failsAtAudit(() => agent.put(`/api/order-terms/${term.id}`, { ...term, bodyEn: 'Text' }), 200);
    // A delete fails as well at its own statement (a raw one), not only at its audit line.
    await failsCleanly('delete', 'order_terms', del(`/api/order-terms/${term.id}`), 204);
    const holiday = saved(await failsAtAudit(() => agent.post('/api/holidays', { date: '2031-08-08', nameEn: 'Fault day' }), 201), 'holiday');
    await failsAtAudit(() => agent.put(`/api/holidays/${holiday.id}`, { ...holiday, date: '2031-08-09' }), 200);
    await failsAtAudit(del(`/api/holidays/${holiday.id}`), 204);
    const codes = (await agent.get('/api/settings')).body!.codes as { key: string; version: number }[];
    await failsAtAudit(() => agent.put('/api/settings', { values: { quotation_prefix: 'QF' }, versions: { quotation_prefix: codes.find((c) => c.key === 'quotation_prefix')!.version } }), 200);

    // Companies, branches, roles, users.
    const company = saved(await failsAtAudit(() => agent.post('/api/companies', { nameEn: 'Fault Co.' }), 201), 'company');
    await failsAtAudit(() => agent.put(`/api/companies/${company.id}`, { ...company, phone: '2111 1111' }), 200);
    const branch = saved(await failsAtAudit(() => agent.post('/api/branches', { nameEn: 'Fault branch', companyId: company.id }), 201), 'branch');
    await failsAtAudit(() => agent.put(`/api/branches/${branch.id}`, { ...branch, phone: '2111 1112' }), 200);
    await failsAtAudit(del(`/api/branches/${branch.id}`), 204);
    await failsAtAudit(del(`/api/companies/${company.id}`), 204);
    const role = saved(await failsAtAudit(() => agent.post('/api/roles', { name: 'Fault audit role', permissions: ['client_view'] }), 201), 'role');
    await failsAtAudit(() => agent.put(`/api/roles/${role.id}`, { name: 'Fault audit role', permissions: ['product_view'], version: role.version }), 200);
    await failsAtAudit(del(`/api/roles/${role.id}`), 204);
    const account = { name: 'Fault user', email: 'fault.user@example.com', language: 'en', roleId: null, branchId: 1, isAdmin: false, active: true };
    const user = saved(await failsAtAudit(() => agent.post('/api/users', { ...account, password: 'Fault1234', password_confirmation: 'Fault1234' }), 201), 'user');
    await failsAtAudit(() => agent.put(`/api/users/${user.id}`, { ...account, commissionRateBp: 300, version: user.version }), 200);
    await failsAtAudit(() => agent.post(`/api/users/${user.id}/reset-two-factor`), 200);

    // The signed-in user's own API tokens and profile.
    const token = saved(await failsAtAudit(() => agent.post('/api/user/api-tokens', { name: 'Fault token', abilities: ['read'] }), 201), 'token');
    await failsAtAudit(del(`/api/user/api-tokens/${token.id}`), 204);
    const profile = saved(await agent.get('/api/user/profile'), 'profile');
    await failsAtAudit(() => agent.put('/api/user/profile', { name: 'Admin (fault)', email: profile.email, language: profile.language, version: profile.version }), 200);
  });
});

describe('a server restart in the middle of a session', () => {
  it('a new app instance on the same database takes the same session cookie: the next heartbeat says signed in and the user carries on', async () => {
    const first = await startTestServer();
    const before = new TestAgent(first);
    expect((await before.signIn(admin.email, admin.password)).status).toBe(200);
    const created = await before.post('/api/clients', { nameZh: '重啟前客戶' });
    expect(created.status).toBe(201);
    const client = created.body!.client as { id: number; version: number };

    const second = await first.restart();
    const after = before.on(second);
    expect((await after.get('/api/heartbeat')).body).toEqual({ auth: true });
    expect(((await after.get('/api/user')).body!.user as { email: string }).email).toBe(admin.email);
    // The same XSRF token is still the session's: a save goes through without signing in again.
    const edited = await after.put(`/api/clients/${client.id}`, { nameZh: '重啟後客戶', version: client.version });
    expect(edited.status).toBe(200);
    expect((edited.body!.client as { nameZh: string }).nameZh).toBe('重啟後客戶');
    await second.close();
  });
});

describe('an upload cut off on the way', () => {
  const PDF_HEAD = new TextEncoder().encode('%PDF-1.7\n');
  const CHUNK = 64 * 1024;
  const { server, agent } = signedInServer(admin);

  const attachmentRows = async () => Number((await server.db.selectFrom('attachments').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const headers = () => ({
    Cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')!,
    'Content-Type': 'application/pdf',
    'Accept-Language': 'en',
  });
  /** A PDF body that arrives a chunk at a time and then does what `end` says after `chunks` chunks. */
  const body = (chunks: number, end: 'error' | 'close' | 'endless') => {
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === chunks) {
          if (end === 'error') return controller.error(new Error('connection reset by peer'));
          if (end === 'close') return controller.close();
        }
        const chunk = new Uint8Array(CHUNK);
        if (sent === 0) chunk.set(PDF_HEAD);
        sent++;
        controller.enqueue(chunk);
      },
    });
  };
  const upload = (stream: ReadableStream<Uint8Array>, extra: Record<string, string> = {}) =>
    server.app.request(new Request('http://localhost/api/clients/1/attachments', { method: 'POST', headers: { ...headers(), ...extra }, body: stream, duplex: 'half' } as RequestInit));

  it('a body that breaks off half-way stores no file and no row, and the reply is no server error', async () => {
    const reply = await upload(body(16, 'error'));
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { message: string }).message).toBe('The upload was interrupted before it finished. Nothing was saved; please try again.');
    expect(server.files.size).toBe(0);
    expect(await attachmentRows()).toBe(0);
  });

  it('a body that streams past 5 MB is refused (413) with nothing stored', async () => {
    const reply = await upload(body(Number.MAX_SAFE_INTEGER, 'endless'));
    expect(reply.status).toBe(413);
    expect(server.files.size).toBe(0);
    expect(await attachmentRows()).toBe(0);
  });

  it('a connection closed before the promised length arrived stores nothing (over real HTTP)', async () => {
    const { serve } = await import('@hono/node-server');
    const { connect } = await import('node:net');
    const listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listener.once('listening', resolve));
    const port = (listener.address() as { port: number }).port;
    try {
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const head = Object.entries({ ...headers(), 'Content-Length': String(2 * 1024 * 1024), Host: `127.0.0.1:${port}` })
        .map(([k, v]) => `${k}: ${v}`)
        .join('\r\n');
      socket.write(`POST /api/clients/1/attachments HTTP/1.1\r\n${head}\r\n\r\n`);
      socket.write(PDF_HEAD);
      socket.write(new Uint8Array(1024 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      // Give the server time to notice the closed connection and finish the request.
      for (let i = 0; i < 50 && server.files.size === 0 && (await attachmentRows()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.files.size).toBe(0);
      expect(await attachmentRows()).toBe(0);
      // The server still answers.
      const ok = await fetch(`http://127.0.0.1:${port}/api/heartbeat`);
      expect(ok.status).toBe(200);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

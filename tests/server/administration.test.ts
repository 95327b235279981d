import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { startTestServer, TestAgent, type TestServer } from './harness';

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
const worker = DEMO_USERS.find((u) => u.role === 'worker')!;

let server: TestServer;
let agent: TestAgent;
beforeAll(async () => {
  server = await startTestServer();
  agent = new TestAgent(server);
  expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

const del = (path: string) => agent.request('DELETE', path, undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
const lastAudit = () => server.db.selectFrom('audits').select(['action', 'entity_type', 'entity_id', 'changes']).orderBy('id', 'desc').executeTakeFirstOrThrow();

type AdminUser = { id: number; name: string; roleId: number | null; isAdmin: boolean; active: boolean; version: number };

describe('users', () => {
  it('creates a user with the password policy, edits, deactivates (signing them out), and audits each step', async () => {
    const roles = ((await agent.get('/api/users/create')).body?.options as { roles: { id: number; name: string }[] }).roles;
    const workerRole = roles.find((r) => r.name === 'worker')!;
    const weak = await agent.post('/api/users', { name: 'New', email: 'staff1@example.com', language: 'zh-HK', roleId: workerRole.id, branchId: 1, isAdmin: false, active: true, password: 'short', password_confirmation: 'short' });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body?.errors as object)).toEqual(['password']);
    const created = await agent.post('/api/users', {
      name: '張師傅',
      email: 'staff1@example.com',
      language: 'zh-HK',
      roleId: workerRole.id,
      branchId: 1,
      isAdmin: false,
      active: true,
      calendarColor: '#aa3300',
      commissionRateBp: 550,
      password: 'Staff1234',
      password_confirmation: 'Staff1234',
    });
    expect(created.status).toBe(201);
    const user = created.body?.user as AdminUser;
    expect(await lastAudit()).toMatchObject({ action: 'create', entity_type: 'user', entity_id: String(user.id) });

    const staff = new TestAgent(server);
    expect((await staff.signIn('staff1@example.com', 'Staff1234')).status).toBe(200);

    const edited = await agent.put(`/api/users/${user.id}`, { ...user, name: '張師傅 (Cheung)', language: 'en', roleId: workerRole.id, branchId: 1, calendarColor: '#aa3300', commissionRateBp: 600, active: false });
    expect(edited.status).toBe(200);
    expect((await lastAudit()).changes).toEqual({ name: { from: '張師傅', to: '張師傅 (Cheung)' }, language: { from: 'zh-HK', to: 'en' }, active: { from: true, to: false }, commissionRateBp: { from: 550, to: 600 } });
    expect((await staff.get('/api/user')).status).toBe(401);
    expect((await new TestAgent(server).signIn('staff1@example.com', 'Staff1234')).status).toBe(422);

    const stale = await agent.put(`/api/users/${user.id}`, { ...user, roleId: workerRole.id, branchId: 1 });
    expect(stale.status).toBe(409);
  });

  it('never demotes, deactivates or deletes the last active administrator', async () => {
    const me = (await agent.get('/api/users/1')).body?.user as AdminUser & { email: string; language: string; branchId: number };
    const reply = await agent.put('/api/users/1', { ...me, isAdmin: false });
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('At least one active administrator must remain. Make another user an administrator first.');
  });

  it('deletes only a user with no records, and resets two-factor on request', async () => {
    const workerRow = await server.db.selectFrom('users').select('id').where('email', '=', worker.email).executeTakeFirstOrThrow();
    // The worker has signed in and changed things in other tests of other files, but here: give them a record.
    await server.db.insertInto('audits').values({ user_id: workerRow.id, action: 'update', entity_type: 'client', entity_id: '1', created_at: new Date() }).execute();
    const refused = await del(`/api/users/${workerRow.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toBe('This user has records in the system and cannot be deleted. Deactivate the account instead.');
    const fresh = (await agent.post('/api/users', { name: 'Temp', email: 'temp@example.com', language: 'en', roleId: null, branchId: null, isAdmin: false, active: true, password: 'Temp12345', password_confirmation: 'Temp12345' })).body?.user as AdminUser;
    expect((await agent.post(`/api/users/${fresh.id}/reset-two-factor`)).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'two_factor_reset' });
    expect((await del(`/api/users/${fresh.id}`)).status).toBe(204);
  });
});

describe('roles', () => {
  it('creates a role from the matrix, refuses a duplicate name, and deletes it only when unused', async () => {
    const catalogue = (await agent.get('/api/roles/create')).body?.catalogue as { areas: string[]; actions: string[]; special: string[] };
    expect(catalogue.areas).toContain('client');
    expect(catalogue.special).toContain('hkid_reveal');
    const created = await agent.post('/api/roles', { name: 'Receptionist', permissions: ['client_view', 'client_create', 'client_view'] });
    expect(created.status).toBe(201);
    const role = created.body?.role as { id: number; permissions: string[]; version: number };
    expect(role.permissions).toEqual(['client_create', 'client_view']);
    expect((await agent.post('/api/roles', { name: 'receptionist', permissions: [] })).body?.errors).toEqual({ name: ['A role with this name already exists.'] });
    expect((await agent.post('/api/roles', { name: 'X', permissions: ['fly'] })).status).toBe(422);
    const edited = await agent.put(`/api/roles/${role.id}`, { name: 'Receptionist', permissions: ['client_view', 'appointment_view'], version: role.version });
    expect((await lastAudit()).changes).toEqual({ permissions: { added: ['appointment_view'], removed: ['client_create'] } });
    expect((edited.body?.role as { permissions: string[] }).permissions).toEqual(['appointment_view', 'client_view']);
    const inUse = (await agent.get('/api/roles')).list as { id: number; name: string; userCount: number }[];
    const adminRole = inUse.find((r) => r.name === 'admin')!;
    expect((await del(`/api/roles/${adminRole.id}`)).body?.message).toBe('Users still have this role. Give them another role before deleting it.');
    expect((await del(`/api/roles/${role.id}`)).status).toBe(204);
  });
});

describe('companies and branches', () => {
  it('keeps letterhead fields in both languages, and refuses to delete a branch in use', async () => {
    const company = (await agent.get('/api/companies/1')).body?.company as Record<string, unknown> & { version: number };
    expect(company).toMatchObject({ nameZh: '海港除蟲服務有限公司', brNumber: '12345678-000-01-26-0' });
    const saved = await agent.put('/api/companies/1', { ...company, addressZh: '香港灣仔港灣道 2 號', fax: '+852 2123 4568' });
    expect(saved.status).toBe(200);
    expect((await lastAudit()).changes).toEqual({ addressZh: { from: '香港灣仔港灣道 1 號', to: '香港灣仔港灣道 2 號' }, fax: { from: '', to: '+852 2123 4568' } });
    const branch = await agent.post('/api/branches', { nameZh: '沙田分店', nameEn: 'Sha Tin Branch', companyId: 1, address: '沙田正街 1 號', phone: '2600 0000' });
    expect(branch.status).toBe(201);
    expect((await del(`/api/branches/${(branch.body?.branch as { id: number }).id}`)).status).toBe(204);
    expect((await del('/api/branches/1')).body?.message).toBe('This is still in use and cannot be deleted.');
    expect((await agent.post('/api/branches', { nameZh: '', nameEn: '', companyId: 999 })).body?.errors).toEqual({
      nameEn: ['Enter the English or the Chinese name.'],
      nameZh: ['Enter the English or the Chinese name.'],
      companyId: ['This value is not valid.'],
    });
  });

  it('takes a logo image and serves it back', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const reply = await agent.raw('PUT', '/api/companies/1/logo', png, { 'Content-Type': 'image/png', 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    const url = (reply.body?.company as { logoUrl: string }).logoUrl;
    const logo = await agent.rawGet(url);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });
});

describe('settings lists', () => {
  it('keeps order terms, options by key and codes, with validation in the user’s language', async () => {
    const terms = (await agent.get('/api/order-terms')).list;
    expect(terms.length).toBeGreaterThanOrEqual(2);
    const term = await agent.post('/api/order-terms', { titleZh: '取消', bodyZh: '請於服務前 24 小時通知取消。', appliesTo: 'order' });
    expect(term.status).toBe(201);

    const methods = (await agent.get('/api/options/payment_method')).body?.items as { value: string }[];
    expect(methods.map((m) => m.value)).toEqual(['cash', 'cheque', 'bank_transfer', 'fps']);
    expect((await agent.post('/api/options/payment_method', { value: 'cash', labelEn: 'Cash again' })).body?.errors).toEqual({ value: ['This value is already in the list.'] });
    expect((await agent.post('/api/options/payment_method', { value: 'octopus', labelZh: '八達通' })).status).toBe(201);
    expect((await agent.get('/api/options/no_such_list')).status).toBe(404);

    const codes = (await agent.get('/api/settings')).body?.codes as { key: string; value: string; version: number }[];
    const invoice = codes.find((c) => c.key === 'invoice_prefix')!;
    expect(invoice.value).toBe('INV');
    const bad = await agent.put('/api/settings', { values: { invoice_prefix: 'inv-2026', quotation_valid_days: '0' }, versions: {} });
    expect(bad.body?.errors).toEqual({ invoice_prefix: ['Use 1 to 6 capital letters or digits.'], quotation_valid_days: ['Enter a whole number in the allowed range.'] });
    const good = await agent.put('/api/settings', { values: { invoice_prefix: 'IV' }, versions: { invoice_prefix: invoice.version } });
    expect(good.status).toBe(200);
    expect((await agent.put('/api/settings', { values: { invoice_prefix: 'IN' }, versions: { invoice_prefix: invoice.version } })).status).toBe(409);
  });

  it('lists holidays by year, seeded with Hong Kong public holidays, and refuses a second one on a date', async () => {
    const y2026 = (await agent.get('/api/holidays?year=2026')).list as { date: string; nameZh: string }[];
    const y2027 = (await agent.get('/api/holidays?year=2027')).list as { date: string }[];
    expect(y2026.length).toBeGreaterThanOrEqual(12);
    expect(y2027.length).toBeGreaterThanOrEqual(12);
    expect(y2026[0]).toMatchObject({ date: '2026-01-01', nameZh: '一月一日' });
    expect(y2026.find((h) => h.date === '2026-10-01')?.nameZh).toBe('國慶日');
    expect((await agent.post('/api/holidays', { date: '2026-10-01', nameEn: 'Again' })).body?.errors).toEqual({ date: ['There is already a holiday on this date.'] });
    expect((await agent.get('/api/holidays')).status).toBe(422);
  });

  it('manages areas, refusing to delete one that addresses use', async () => {
    const created = await agent.post('/api/areas', { nameZh: '將軍澳', nameEn: 'Tseung Kwan O', region: 'new_territories', sortOrder: 19 });
    expect(created.status).toBe(201);
    expect((await del(`/api/areas/${(created.body?.area as { id: number }).id}`)).status).toBe(204);
    expect((await del('/api/areas/2')).status).toBe(422);
  });
});

describe('audit log', () => {
  type AuditItem = { action: string; userId: number | null; userName: string | null; entityType: string; entityId: string | null; changes: Record<string, unknown> | null; at: string };
  const auditOf = async (query: string) => (await agent.get(`/api/audits?${query}`)).body?.items as AuditItem[];

  it('writes an entry for each kind of change — create, update, delete, sign-in, failed sign-in, sign-out, reveal — with who, when and what', async () => {
    const created = await agent.post('/api/options/client_source', { value: 'audit_probe', labelEn: 'Probe', labelZh: '探測' });
    const option = created.body?.option as { id: number; version: number };
    await agent.put(`/api/options/client_source/${option.id}`, { value: 'audit_probe', labelEn: 'Probe 2', labelZh: '探測', version: option.version });
    await del(`/api/options/client_source/${option.id}`);
    const entries = await auditOf(`entity_type=option&entity_id=${option.id}`);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries.every((e) => e.userName === admin.name && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(entries[1]?.changes).toEqual({ labelEn: { from: 'Probe', to: 'Probe 2' } });
    expect(entries[2]?.changes).toMatchObject({ value: 'audit_probe', labelEn: 'Probe' });
    expect(entries[0]?.changes).toMatchObject({ value: 'audit_probe', labelEn: 'Probe 2' });

    const someone = new TestAgent(server);
    await someone.signIn(worker.email, 'Wrong0000');
    await someone.signIn(worker.email, worker.password);
    await someone.post('/api/logout');
    const workerId = (await server.db.selectFrom('users').select('id').where('email', '=', worker.email).executeTakeFirstOrThrow()).id;
    const sessions = await auditOf(`entity_type=user&entity_id=${workerId}`);
    expect(sessions.slice(0, 3).map((e) => e.action)).toEqual(['logout', 'login', 'login_failed']);
    expect(sessions[0]?.userId).toBe(workerId);

    await agent.post('/api/clients/1/hkid/reveal');
    expect((await auditOf('action=reveal&entity_type=client&entity_id=1'))[0]).toMatchObject({ userName: admin.name, changes: { field: 'hkid' } });

    const byWorker = await auditOf(`user_id=${workerId}`);
    expect(byWorker.length).toBeGreaterThan(0);
    expect(byWorker.every((e) => e.userId === workerId)).toBe(true);
  });

  it('is read-only: there is no way to change or remove an entry', async () => {
    const [entry] = await auditOf('per_page=1');
    const xsrf = { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! };
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await agent.request(method, '/api/audits', {}, xsrf)).status).toBe(404);
      expect((await agent.request(method, `/api/audits/${entry!.entityId ?? 1}`, {}, xsrf)).status).toBe(404);
    }
  });

  it('lists changes newest first with who, what and the field-level before/after, filtered', async () => {
    const reply = await agent.get('/api/audits?entity_type=company');
    const items = reply.body?.items as { action: string; userName: string; entityType: string; changes: unknown }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.entityType === 'company')).toBe(true);
    expect(items[0]).toMatchObject({ userName: admin.name });
    expect((reply.body?.filters as { actions: string[] }).actions).toEqual(expect.arrayContaining(['create', 'update', 'login']));
    const today = await agent.get('/api/audits?from=2026-11-23&to=2026-11-23&action=login');
    expect((today.body?.items as unknown[]).length).toBeGreaterThan(0);
    const yesterday = await agent.get('/api/audits?from=2026-11-22&to=2026-11-22');
    expect(yesterday.body?.total).toBe(0);
  });
});

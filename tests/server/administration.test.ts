import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SEEDED_HOLIDAY_YEARS } from '../../server/db/hkPublicHolidays';
import enAdmin from '../../locales/en/admin.json';
import zhAdmin from '../../locales/zh-HK/admin.json';
import { DEMO, signedInServer, TestAgent } from './harness';

const { admin, worker } = DEMO;

/** A real 1×1 PNG (a stored picture is read to its end to take its metadata out). */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const app = signedInServer(admin);

const del = (path: string) => app.agent.request('DELETE', path, undefined, { 'X-XSRF-TOKEN': app.agent.cookies.get('XSRF-TOKEN')! });
const lastAudit = () => app.server.db.selectFrom('audits').select(['action', 'entity_type', 'entity_id', 'changes']).orderBy('id', 'desc').executeTakeFirstOrThrow();

type AdminUser = { id: number; name: string; roleId: number | null; isAdmin: boolean; active: boolean; version: number };

describe('users', () => {
  it('creates a user with the password policy, edits, deactivates (signing them out), and audits each step', async () => {
    const roles = ((await app.agent.get('/api/users/create')).body?.options as { roles: { id: number; name: string }[] }).roles;
    const workerRole = roles.find((r) => r.name === 'worker')!;
    const weak = await app.agent.post('/api/users', { name: 'New', email: 'staff1@example.com', language: 'zh-HK', roleId: workerRole.id, branchId: 1, isAdmin: false, active: true, password: 'short', password_confirmation: 'short' });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body?.errors as object)).toEqual(['password']);
    const created = await app.agent.post('/api/users', {
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

    const staff = new TestAgent(app.server);
    expect((await staff.signIn('staff1@example.com', 'Staff1234')).status).toBe(200);

    const edited = await app.agent.put(`/api/users/${user.id}`, { ...user, name: '張師傅 (Cheung)', language: 'en', roleId: workerRole.id, branchId: 1, calendarColor: '#aa3300', commissionRateBp: 600, active: false });
    expect(edited.status).toBe(200);
    expect((await lastAudit()).changes).toEqual({ name: { from: '張師傅', to: '張師傅 (Cheung)' }, language: { from: 'zh-HK', to: 'en' }, active: { from: true, to: false }, commissionRateBp: { from: 550, to: 600 } });
    expect((await staff.get('/api/user')).status).toBe(401);
    expect((await new TestAgent(app.server).signIn('staff1@example.com', 'Staff1234')).status).toBe(422);

    const stale = await app.agent.put(`/api/users/${user.id}`, { ...user, roleId: workerRole.id, branchId: 1 });
    expect(stale.status).toBe(409);
  });

  it('never demotes, deactivates or deletes the last active administrator', async () => {
    const me = (await app.agent.get('/api/users/1')).body?.user as AdminUser & { email: string; language: string; branchId: number };
    const reply = await app.agent.put('/api/users/1', { ...me, isAdmin: false });
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('At least one active administrator must remain. Make another user an administrator first.');
  });

  it('deletes only a user with no records, and resets two-factor on request', async () => {
    const workerRow = await app.server.db.selectFrom('users').select('id').where('email', '=', worker.email).executeTakeFirstOrThrow();
    // The worker has signed in and changed things in other tests of other files, but here: give them a record.
    await app.server.db.insertInto('audits').values({ user_id: workerRow.id, action: 'update', entity_type: 'client', entity_id: '1', created_at: new Date() }).execute();
    const refused = await del(`/api/users/${workerRow.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toBe('This user has records in the system and cannot be deleted. Deactivate the account instead.');
    const fresh = (await app.agent.post('/api/users', { name: 'Temp', email: 'temp@example.com', language: 'en', roleId: null, branchId: null, isAdmin: false, active: true, password: 'Temp12345', password_confirmation: 'Temp12345' })).body?.user as AdminUser;
    expect((await app.agent.post(`/api/users/${fresh.id}/reset-two-factor`)).status).toBe(200);
    expect(await lastAudit()).toMatchObject({ action: 'two_factor_reset' });
    expect((await del(`/api/users/${fresh.id}`)).status).toBe(204);
  });
});

describe('roles', () => {
  it('creates a role from the matrix, refuses a duplicate name, and deletes it only when unused', async () => {
    const catalogue = (await app.agent.get('/api/roles/create')).body?.catalogue as { areas: string[]; actions: string[]; special: string[] };
    expect(catalogue.areas).toContain('client');
    expect(catalogue.special).toContain('hkid_reveal');
    const created = await app.agent.post('/api/roles', { name: 'Receptionist', permissions: ['client_view', 'client_create', 'client_view'] });
    expect(created.status).toBe(201);
    const role = created.body?.role as { id: number; permissions: string[]; version: number };
    expect(role.permissions).toEqual(['client_create', 'client_view']);
    expect((await app.agent.post('/api/roles', { name: 'receptionist', permissions: [] })).body?.errors).toEqual({ name: ['A role with this name already exists.'] });
    expect((await app.agent.post('/api/roles', { name: 'X', permissions: ['fly'] })).status).toBe(422);
    const edited = await app.agent.put(`/api/roles/${role.id}`, { name: 'Receptionist', permissions: ['client_view', 'appointment_view'], version: role.version });
    expect((await lastAudit()).changes).toEqual({ permissions: { added: ['appointment_view'], removed: ['client_create'] } });
    expect((edited.body?.role as { permissions: string[] }).permissions).toEqual(['appointment_view', 'client_view']);
    const inUse = (await app.agent.get('/api/roles')).list as { id: number; name: string; userCount: number }[];
    const adminRole = inUse.find((r) => r.name === 'admin')!;
    expect((await del(`/api/roles/${adminRole.id}`)).body?.message).toBe('Users still have this role. Give them another role before deleting it.');
    expect((await del(`/api/roles/${role.id}`)).status).toBe(204);
  });
});

describe('companies and branches', () => {
  it('keeps letterhead fields in both languages, and refuses to delete a branch in use', async () => {
    const company = (await app.agent.get('/api/companies/1')).body?.company as Record<string, unknown> & { version: number };
    expect(company).toMatchObject({ nameZh: '海港除蟲服務有限公司', brNumber: '12345678-000-01-26-0' });
    const saved = await app.agent.put('/api/companies/1', { ...company, addressZh: '香港灣仔港灣道 2 號', fax: '+852 2123 4568' });
    expect(saved.status).toBe(200);
    expect((await lastAudit()).changes).toEqual({ addressZh: { from: '香港灣仔港灣道 1 號', to: '香港灣仔港灣道 2 號' }, fax: { from: '', to: '+852 2123 4568' } });
    const branch = await app.agent.post('/api/branches', { nameZh: '沙田分店', nameEn: 'Sha Tin Branch', companyId: 1, address: '沙田正街 1 號', phone: '2600 0000' });
    expect(branch.status).toBe(201);
    expect((await del(`/api/branches/${(branch.body?.branch as { id: number }).id}`)).status).toBe(204);
    expect((await del('/api/branches/1')).body?.message).toBe('Users, clients, files, quotations, invoices or appointments still belong to this branch. Move them to another branch before deleting it.');
    expect((await app.agent.post('/api/branches', { nameZh: '', nameEn: '', companyId: 999 })).body?.errors).toEqual({
      nameEn: ['Enter the English or the Chinese name.'],
      nameZh: ['Enter the English or the Chinese name.'],
      companyId: ['This value is not valid.'],
    });
  });

  it('takes a logo image and serves it back', async () => {
    const png = Uint8Array.from(atob(PNG_1X1), (ch) => ch.charCodeAt(0));
    const reply = await app.agent.raw('PUT', '/api/companies/1/logo', png, { 'Content-Type': 'image/png', 'X-XSRF-TOKEN': app.agent.cookies.get('XSRF-TOKEN')! });
    const url = (reply.body?.company as { logoUrl: string }).logoUrl;
    const logo = await app.agent.rawGet(url);
    expect(logo.headers.get('content-type')).toBe('image/png');
  });
});

describe('settings lists', () => {
  it('keeps order terms, options by key and codes, with validation in the user’s language', async () => {
    const terms = (await app.agent.get('/api/order-terms')).list;
    expect(terms.length).toBeGreaterThanOrEqual(2);
    const term = await app.agent.post('/api/order-terms', { titleZh: '取消', bodyZh: '請於服務前 24 小時通知取消。', appliesTo: 'order' });
    expect(term.status).toBe(201);

    const methods = (await app.agent.get('/api/options/payment_method')).body?.items as { value: string }[];
    expect(methods.map((m) => m.value)).toEqual(['cash', 'cheque', 'bank_transfer', 'fps']);
    expect((await app.agent.post('/api/options/payment_method', { value: 'cash', labelEn: 'Cash again' })).body?.errors).toEqual({ value: ['This value is already in the list.'] });
    expect((await app.agent.post('/api/options/payment_method', { value: 'octopus', labelZh: '八達通' })).status).toBe(201);
    expect((await app.agent.get('/api/options/no_such_list')).status).toBe(404);

    const codes = (await app.agent.get('/api/settings')).body?.codes as { key: string; value: string; version: number }[];
    const invoice = codes.find((c) => c.key === 'invoice_prefix')!;
    expect(invoice.value).toBe('INV');
    const bad = await app.agent.put('/api/settings', { values: { invoice_prefix: 'inv-2026', quotation_valid_days: '0' }, versions: {} });
    expect(bad.body?.errors).toEqual({ invoice_prefix: ['Use 1 to 6 capital letters or digits.'], quotation_valid_days: ['Enter a whole number in the allowed range.'] });
    const good = await app.agent.put('/api/settings', { values: { invoice_prefix: 'IV' }, versions: { invoice_prefix: invoice.version } });
    expect(good.status).toBe(200);
    expect((await app.agent.put('/api/settings', { values: { invoice_prefix: 'IN' }, versions: { invoice_prefix: invoice.version } })).status).toBe(409);
  });

  it('lists holidays by year, seeded with Hong Kong public holidays, and refuses a second one on a date', async () => {
    const y2026 = (await app.agent.get('/api/holidays?year=2026')).list as { date: string; nameZh: string }[];
    const y2027 = (await app.agent.get('/api/holidays?year=2027')).list as { date: string }[];
    expect(y2026.length).toBeGreaterThanOrEqual(12);
    expect(y2027.length).toBeGreaterThanOrEqual(12);
    expect(y2026[0]).toMatchObject({ date: '2026-01-01', nameZh: '一月一日' });
    expect(y2026.find((h) => h.date === '2026-10-01')?.nameZh).toBe('國慶日');
    expect((await app.agent.post('/api/holidays', { date: '2026-10-01', nameEn: 'Again' })).body?.errors).toEqual({ date: ['There is already a holiday on this date.'] });
    expect((await app.agent.get('/api/holidays')).status).toBe(422);
  });

  it('seeds the 17 Hong Kong general holidays of 2026 and of 2027 only, the fixed-date ones on the days the rules give, and the screen says later years are added by hand', async () => {
    const day = (date: string) => new Date(`${date}T00:00:00Z`);
    const iso = (d: Date) => d.toISOString().slice(0, 10);
    const next = (d: Date) => new Date(d.getTime() + 86_400_000);
    const isSunday = (d: Date) => d.getUTCDay() === 0;
    /** A fixed-date holiday on a Sunday is kept on the day after (General Holidays Ordinance, as gazetted). */
    const offSunday = (date: string) => iso(isSunday(day(date)) ? next(day(date)) : day(date));
    /** Christmas Day (the 26th when the 25th is a Sunday) and the first weekday (not a Sunday) after it. */
    const christmas = (year: number) => {
      const first = day(offSunday(`${year}-12-25`));
      let second = next(first);
      while (isSunday(second)) second = next(second);
      return [iso(first), iso(second)];
    };
    expect([...SEEDED_HOLIDAY_YEARS]).toEqual([2026, 2027]);
    for (const year of SEEDED_HOLIDAY_YEARS) {
      const list = (await app.agent.get(`/api/holidays?year=${year}`)).list as { date: string; nameEn: string; nameZh: string }[];
      expect(list, String(year)).toHaveLength(17);
      expect(new Set(list.map((h) => h.date)).size).toBe(17);
      expect(list.filter((h) => isSunday(day(h.date))).map((h) => h.date), 'a general holiday on a Sunday').toEqual([]);
      const on = (date: string) => list.find((h) => h.date === date)?.nameEn;
      expect(on(offSunday(`${year}-01-01`))).toMatch(/first day of January/);
      expect(on(offSunday(`${year}-05-01`))).toMatch(/Labour Day/);
      expect(on(offSunday(`${year}-07-01`))).toMatch(/Hong Kong Special Administrative Region Establishment Day/);
      expect(on(offSunday(`${year}-10-01`))).toMatch(/National Day/);
      const [xmas, boxing] = christmas(year);
      expect(on(xmas!)).toMatch(/Christmas Day/);
      expect(on(boxing!)).toBe('The first weekday after Christmas Day');
    }
    expect(christmas(2026)).toEqual(['2026-12-25', '2026-12-26']);
    expect(christmas(2027)).toEqual(['2027-12-25', '2027-12-27']);
    // Other years are not seeded; the Holidays screen says which years are and that later ones are added by an administrator.
    expect((await app.agent.get('/api/holidays?year=2028')).list).toEqual([]);
    for (const note of [enAdmin.holidays.seededYears, zhAdmin.holidays.seededYears]) for (const year of SEEDED_HOLIDAY_YEARS) expect(note).toContain(String(year));
  });

  it('manages areas, refusing to delete one that addresses use', async () => {
    const created = await app.agent.post('/api/areas', { nameZh: '將軍澳', nameEn: 'Tseung Kwan O', region: 'new_territories', sortOrder: 19 });
    expect(created.status).toBe(201);
    expect((await del(`/api/areas/${(created.body?.area as { id: number }).id}`)).status).toBe(204);
    expect((await del('/api/areas/2')).status).toBe(422);
  });
});

describe('audit log', () => {
  type AuditItem = { action: string; userId: number | null; userName: string | null; entityType: string; entityId: string | null; changes: Record<string, unknown> | null; at: string };
  const auditOf = async (query: string) => (await app.agent.get(`/api/audits?${query}`)).body?.items as AuditItem[];

  it('writes an entry for each kind of change — create, update, delete, sign-in, failed sign-in, sign-out, reveal — with who, when and what', async () => {
    const created = await app.agent.post('/api/options/client_source', { value: 'audit_probe', labelEn: 'Probe', labelZh: '探測' });
    const option = created.body?.option as { id: number; version: number };
    await app.agent.put(`/api/options/client_source/${option.id}`, { value: 'audit_probe', labelEn: 'Probe 2', labelZh: '探測', version: option.version });
    await del(`/api/options/client_source/${option.id}`);
    const entries = await auditOf(`entity_type=option&entity_id=${option.id}`);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(entries.every((e) => e.userName === admin.name && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(entries[1]?.changes).toEqual({ labelEn: { from: 'Probe', to: 'Probe 2' } });
    expect(entries[2]?.changes).toMatchObject({ value: 'audit_probe', labelEn: 'Probe' });
    expect(entries[0]?.changes).toMatchObject({ value: 'audit_probe', labelEn: 'Probe 2' });

    const someone = new TestAgent(app.server);
    await someone.signIn(worker.email, 'Wrong0000');
    await someone.signIn(worker.email, worker.password);
    await someone.post('/api/logout');
    const workerId = (await app.server.db.selectFrom('users').select('id').where('email', '=', worker.email).executeTakeFirstOrThrow()).id;
    const sessions = await auditOf(`entity_type=user&entity_id=${workerId}`);
    expect(sessions.slice(0, 3).map((e) => e.action)).toEqual(['logout', 'login', 'login_failed']);
    expect(sessions[0]?.userId).toBe(workerId);

    await app.agent.post('/api/clients/1/hkid/reveal');
    expect((await auditOf('action=reveal&entity_type=client&entity_id=1'))[0]).toMatchObject({ userName: admin.name, changes: { field: 'hkid' } });

    const byWorker = await auditOf(`user_id=${workerId}`);
    expect(byWorker.length).toBeGreaterThan(0);
    expect(byWorker.every((e) => e.userId === workerId)).toBe(true);
  });

  it('is read-only: there is no way to change or remove an entry', async () => {
    const [entry] = await auditOf('per_page=1');
    const xsrf = { 'X-XSRF-TOKEN': app.agent.cookies.get('XSRF-TOKEN')! };
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect((await app.agent.request(method, '/api/audits', {}, xsrf)).status).toBe(404);
      expect((await app.agent.request(method, `/api/audits/${entry!.entityId ?? 1}`, {}, xsrf)).status).toBe(404);
    }
  });

  it('lists changes newest first with who, what and the field-level before/after, filtered', async () => {
    const reply = await app.agent.get('/api/audits?entity_type=company');
    const items = reply.body?.items as { action: string; userName: string; entityType: string; changes: unknown }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.entityType === 'company')).toBe(true);
    expect(items[0]).toMatchObject({ userName: admin.name });
    expect((reply.body?.filters as { actions: string[] }).actions).toEqual(expect.arrayContaining(['create', 'update', 'login']));
    const today = await app.agent.get('/api/audits?from=2026-11-23&to=2026-11-23&action=login');
    expect((today.body?.items as unknown[]).length).toBeGreaterThan(0);
    const yesterday = await app.agent.get('/api/audits?from=2026-11-22&to=2026-11-22');
    expect(yesterday.body?.total).toBe(0);
  });
});

describe('deleting a record that is still in use', () => {
  const lines = [{ productId: null, descriptionEn: 'Survey', quantity: 100, unitPrice: 30_000 }];
  const newBranch = async (nameEn: string) => ((await app.agent.post('/api/branches', { nameEn, companyId: 1 })).body?.branch as { id: number }).id;
  const newArea = async (nameEn: string) => ((await app.agent.post('/api/areas', { nameEn, region: 'kowloon' })).body?.area as { id: number }).id;
  const appointment = (extra: Record<string, unknown>) =>
    app.agent.post('/api/appointments', { clientId: 1, address: '彌敦道 1 號', workerIds: [1], date: '2031-03-03', startTime: '09:00', endTime: '10:00', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 }, ...extra });
  const BRANCH_IN_USE = 'Users, clients, files, quotations, invoices or appointments still belong to this branch. Move them to another branch before deleting it.';

  it('refuses a branch that only an invoice, a quotation or an appointment points to, with the reason in the user’s language and nothing changed', async () => {
    const zh = new TestAgent(app.server, 'zh-HK');
    expect((await zh.signIn(admin.email, admin.password)).status).toBe(200);
    const users: [string, (branchId: number) => Promise<{ status: number }>][] = [
      ['invoice', (branchId) => app.agent.post('/api/orders', { type: 'new_order', date: '2026-11-20', clientId: 1, branchId, items: lines })],
      ['quotation', (branchId) => app.agent.post('/api/quotations', { kind: 'basic', date: '2026-11-20', clientId: 1, validDays: 30, branchId, items: lines })],
      ['appointment', (branchId) => appointment({ branchId })],
    ];
    for (const [what, use] of users) {
      const id = await newBranch(`Branch used by an ${what}`);
      expect((await use(id)).status, what).toBe(201);
      const before = await app.server.db.selectFrom('audits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const refused = await del(`/api/branches/${id}`);
      expect(refused.status, what).toBe(422);
      expect(refused.body?.message).toBe(BRANCH_IN_USE);
      const inChinese = await zh.request('DELETE', `/api/branches/${id}`, undefined, { 'X-XSRF-TOKEN': zh.cookies.get('XSRF-TOKEN')! });
      expect(inChinese.status).toBe(422);
      expect(inChinese.body?.message).toBe('仍有用戶、客戶、檔案、報價單、發票或預約屬於此分店。請先將它們轉到其他分店，然後再刪除。');
      expect((await app.agent.get(`/api/branches/${id}`)).status).toBe(200);
      expect(await app.server.db.selectFrom('audits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    }
  });

  it('refuses a company that still has a branch, and deletes an unused one keeping all its fields in the audit line', async () => {
    const company = (await app.agent.post('/api/companies', { nameEn: 'Kowloon Pest Ltd.', nameZh: '九龍除蟲有限公司', addressEn: '1 Nathan Road', brNumber: '87654321', phone: '2300 0000', invoicePrefix: 'KIV' })).body?.company as { id: number };
    const branch = await app.agent.post('/api/branches', { nameEn: 'Mong Kok', companyId: company.id });
    const refused = await del(`/api/companies/${company.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toBe('Branches, users or clients still belong to this company. Move or delete them before deleting the company.');
    expect((await del(`/api/branches/${(branch.body?.branch as { id: number }).id}`)).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'delete', entity_type: 'branch', changes: { nameEn: 'Mong Kok', companyId: company.id, address: '', phone: '', version: 1 } });
    expect((await del(`/api/companies/${company.id}`)).status).toBe(204);
    expect((await app.agent.get(`/api/companies/${company.id}`)).status).toBe(404);
    expect(await lastAudit()).toMatchObject({
      action: 'delete',
      entity_type: 'company',
      entity_id: String(company.id),
      changes: { id: company.id, nameEn: 'Kowloon Pest Ltd.', nameZh: '九龍除蟲有限公司', addressEn: '1 Nathan Road', addressZh: '', phone: '2300 0000', brNumber: '87654321', invoicePrefix: 'KIV', logoKey: null, version: 1 },
    });
    expect((await del(`/api/companies/${company.id}`)).status).toBe(404);
  });

  it('refuses an area that only an appointment is in', async () => {
    const id = await newArea('Area of an appointment');
    expect((await appointment({ areaId: id })).status).toBe(201);
    const refused = await del(`/api/areas/${id}`);
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toBe('Client addresses or appointments are in this area, so it cannot be deleted.');
  });

  it('refuses a payment method or appointment type that records use (it can be made inactive instead)', async () => {
    const methods = (await app.agent.get('/api/options/payment_method')).body?.items as { id: number; value: string; labelEn: string; labelZh: string; sortOrder: number; version: number }[];
    const cheque = methods.find((m) => m.value === 'cheque')!;
    const order = (await app.agent.post('/api/orders', { type: 'new_order', date: '2026-11-20', clientId: 1, items: lines })).body?.order as { id: number };
    expect((await app.agent.post(`/api/orders/${order.id}/receipts`, { kind: 'receipt', date: '2026-11-20', method: 'cheque', amount: 1_000 })).status).toBe(201);
    const refused = await del(`/api/options/payment_method/${cheque.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body?.message).toBe('Records already use this value, so it cannot be deleted. Make it inactive instead.');
    // Nor may its value change (the receipts would keep a code no option has); its labels may.
    const renamed = await app.agent.put(`/api/options/payment_method/${cheque.id}`, { ...cheque, value: 'cheque_hk' });
    expect(renamed.body?.errors).toEqual({ value: ['Records already use this value, so it cannot be changed. Change its labels, or make it inactive and add a new one.'] });
    const relabelled = await app.agent.put(`/api/options/payment_method/${cheque.id}`, { ...cheque, labelEn: 'Cheque (HKD)' });
    expect(relabelled.status).toBe(200);
    // Another list's id under this key is not found.
    expect((await del(`/api/options/appointment_type/${cheque.id}`)).status).toBe(404);
    const types = (await app.agent.get('/api/options/appointment_type')).body?.items as { id: number; value: string }[];
    const used = types[0]!;
    expect((await appointment({ appointmentType: used.value })).status).toBe(201);
    expect((await del(`/api/options/appointment_type/${used.id}`)).status).toBe(422);
  });

  it('deletes an order term that a quotation used: the quotation keeps its own copy of the text', async () => {
    const term = (await app.agent.post('/api/order-terms', { titleEn: 'Warranty', bodyEn: 'Six months.', appliesTo: 'both' })).body?.term as { id: number };
    const quotation = (await app.agent.post('/api/quotations', { kind: 'basic', date: '2026-11-20', clientId: 1, validDays: 30, items: lines, termIds: [term.id] })).body?.quotation as { id: number };
    expect((await del(`/api/order-terms/${term.id}`)).status).toBe(204);
    expect(await lastAudit()).toMatchObject({ action: 'delete', entity_type: 'order_term', changes: { titleEn: 'Warranty', bodyEn: 'Six months.', appliesTo: 'both', active: true } });
    const kept = (await app.agent.get(`/api/quotations/${quotation.id}`)).body?.quotation as { terms: { titleEn: string; bodyEn: string }[] };
    expect(kept.terms).toEqual([expect.objectContaining({ titleEn: 'Warranty', bodyEn: 'Six months.' })]);
  });

  it('checks every foreign key the database holds against companies, branches, roles and areas', async () => {
    const { REFERENCES } = await import('../../server/db/references');
    // Each foreign key that would refuse the delete (not ON DELETE CASCADE or SET NULL).
    const keys = await sql<{ target: string; source: string; column: string }>`
      select confrelid::regclass::text as target, conrelid::regclass::text as source, a.attname as column
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confdeltype in ('a', 'r') and confrelid::regclass::text in ('companies', 'branches', 'roles', 'areas')`.execute(app.server.db);
    const found = (target: string) => keys.rows.filter((k) => k.target === target).map((k) => `${k.source}.${k.column}`).sort();
    for (const [target, references] of Object.entries(REFERENCES)) expect(references.map((r) => `${r.table}.${r.column}`).sort(), target).toEqual(found(target));
  });
});

describe('the audit line of a delete keeps the whole record, never its secrets', () => {
  it('a user: every field but the password hash and the two-factor secrets', async () => {
    const user = (await app.agent.post('/api/users', { name: 'Leaving', email: 'leaving@example.com', language: 'en', roleId: null, branchId: 1, isAdmin: false, active: true, calendarColor: '#123456', commissionRateBp: 250, password: 'Leave1234', password_confirmation: 'Leave1234' })).body?.user as AdminUser;
    await app.server.db.updateTable('users').set({ two_factor_secret: 'sealed-secret', two_factor_recovery_codes: 'sealed-codes' }).where('id', '=', user.id).execute();
    expect((await del(`/api/users/${user.id}`)).status).toBe(204);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'delete', entity_type: 'user', changes: { id: user.id, name: 'Leaving', email: 'leaving@example.com', language: 'en', branchId: 1, companyId: 1, calendarColor: '#123456', commissionRateBp: 250, isAdmin: false, active: true } });
    expect(Object.keys(entry.changes!)).not.toEqual(expect.arrayContaining(['passwordHash']));
    expect(JSON.stringify(entry.changes)).not.toMatch(/passwordHash|twoFactorSecret|twoFactorRecoveryCodes|sealed-|\$argon|\$2[aby]\$/);
  });

  it('an API token: its name, abilities and dates, never its hash', async () => {
    const created = (await app.agent.post('/api/user/api-tokens', { name: 'Leaving token', abilities: ['read'] })).body?.token as { id: number };
    expect((await del(`/api/user/api-tokens/${created.id}`)).status).toBe(204);
    const entry = await lastAudit();
    expect(entry).toMatchObject({ action: 'delete', entity_type: 'api_token', changes: { id: created.id, name: 'Leaving token', abilities: ['read'], lastUsedAt: null } });
    expect(Object.keys(entry.changes!)).not.toContain('tokenHash');
  });

  it('a holiday: its date as a date', async () => {
    const holiday = (await app.agent.post('/api/holidays', { date: '2031-12-31', nameEn: 'Year end' })).body?.holiday as { id: number };
    expect((await del(`/api/holidays/${holiday.id}`)).status).toBe(204);
    expect((await lastAudit()).changes).toMatchObject({ id: holiday.id, date: '2031-12-31', nameEn: 'Year end', nameZh: '' });
  });
});

describe('settings records: edits and validation', () => {
  type Term = { id: number; titleEn: string; titleZh: string; bodyEn: string; bodyZh: string; appliesTo: string; sortOrder: number; active: boolean; version: number };

  it('order terms: both titles empty is refused on each, an edit is audited field by field, a stale one is 409, a delete is gone', async () => {
    const empty = await app.agent.post('/api/order-terms', { titleEn: ' ', titleZh: '', bodyEn: 'Text' });
    expect(empty.status).toBe(422);
    expect(empty.body?.errors).toEqual({ titleEn: ['Enter it in English or Chinese (or both).'], titleZh: ['Enter it in English or Chinese (or both).'] });
    const term = (await app.agent.post('/api/order-terms', { titleEn: 'Payment', bodyEn: 'Within 30 days.' })).body?.term as Term;
    expect((await app.agent.put(`/api/order-terms/${term.id}`, { ...term, titleEn: '', titleZh: '' })).body?.errors).toEqual({ titleEn: ['Enter it in English or Chinese (or both).'], titleZh: ['Enter it in English or Chinese (or both).'] });
    const edited = await app.agent.put(`/api/order-terms/${term.id}`, { ...term, titleZh: '付款', bodyEn: 'Within 14 days.', appliesTo: 'order' });
    expect(edited.status).toBe(200);
    expect(edited.body?.term).toMatchObject({ titleZh: '付款', bodyEn: 'Within 14 days.', appliesTo: 'order', version: term.version + 1 });
    expect((await lastAudit()).changes).toEqual({ titleZh: { from: '', to: '付款' }, bodyEn: { from: 'Within 30 days.', to: 'Within 14 days.' }, appliesTo: { from: 'both', to: 'order' } });
    expect((await app.agent.put(`/api/order-terms/${term.id}`, { ...term, titleEn: 'Lost' })).status).toBe(409);
    expect((await app.agent.put('/api/order-terms/999999', { ...term })).status).toBe(404);
    expect((await del(`/api/order-terms/${term.id}`)).status).toBe(204);
    expect(((await app.agent.get('/api/order-terms')).list as Term[]).some((t) => t.id === term.id)).toBe(false);
    expect((await del(`/api/order-terms/${term.id}`)).status).toBe(404);
  });

  it('branches: an edit is saved and audited, a stale one is 409, an unknown company is refused', async () => {
    const created = (await app.agent.post('/api/branches', { nameEn: 'Tuen Mun', companyId: 1, address: '屯門鄉事會路 1 號' })).body?.branch as { id: number; companyId: number; nameEn: string; nameZh: string; address: string; phone: string; version: number };
    const edited = await app.agent.put(`/api/branches/${created.id}`, { ...created, nameZh: '屯門分店', phone: '2450 0000' });
    expect(edited.status).toBe(200);
    expect(edited.body?.branch).toMatchObject({ nameZh: '屯門分店', phone: '2450 0000', version: created.version + 1 });
    expect((await lastAudit()).changes).toEqual({ nameZh: { from: '', to: '屯門分店' }, phone: { from: '', to: '2450 0000' } });
    expect((await app.agent.put(`/api/branches/${created.id}`, { ...created, nameEn: 'Stale' })).status).toBe(409);
    expect((await app.agent.put(`/api/branches/${created.id}`, { ...created, version: created.version + 1, companyId: 999 })).body?.errors).toEqual({ companyId: ['This value is not valid.'] });
  });

  it('companies: the chop image is stored and served; a file that is not an image is refused', async () => {
    const png = Uint8Array.from(atob(PNG_1X1), (ch) => ch.charCodeAt(0));
    const xsrf = { 'X-XSRF-TOKEN': app.agent.cookies.get('XSRF-TOKEN')! };
    const reply = await app.agent.raw('PUT', '/api/companies/1/chop', png, { 'Content-Type': 'image/png', ...xsrf });
    expect(reply.status).toBe(200);
    const url = (reply.body?.company as { chopUrl: string }).chopUrl;
    expect(url).toMatch(/^\/api\/companies\/1\/chop\?v=/);
    const chop = await app.agent.rawGet(url);
    expect(chop.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await chop.arrayBuffer())).toEqual(png);
    expect(await lastAudit()).toMatchObject({ action: 'update', entity_type: 'company', changes: { chop: { type: 'image/png', bytes: png.length } } });
    const text = await app.agent.raw('PUT', '/api/companies/1/chop', 'not an image', { 'Content-Type': 'image/png', ...xsrf });
    expect(text.status).toBe(422);
    expect(Object.keys(text.body?.errors as object)).toEqual(['chop']);
  });

  it('holidays: an edit moves the date and is audited, a taken date or a stale version is refused, a delete removes it', async () => {
    const holiday = (await app.agent.post('/api/holidays', { date: '2031-05-02', nameEn: 'Company day' })).body?.holiday as { id: number; date: string; nameEn: string; nameZh: string; version: number };
    const moved = await app.agent.put(`/api/holidays/${holiday.id}`, { ...holiday, date: '2031-05-03', nameZh: '公司日' });
    expect(moved.status).toBe(200);
    expect(moved.body?.holiday).toMatchObject({ date: '2031-05-03', nameZh: '公司日', version: holiday.version + 1 });
    expect((await lastAudit()).changes).toEqual({ date: { from: '2031-05-02', to: '2031-05-03' }, nameZh: { from: '', to: '公司日' } });
    expect((await app.agent.put(`/api/holidays/${holiday.id}`, { ...holiday, version: holiday.version + 1, date: '2027-01-01' })).body?.errors).toEqual({ date: ['There is already a holiday on this date.'] });
    expect((await app.agent.put(`/api/holidays/${holiday.id}`, { ...holiday, nameEn: 'Stale' })).status).toBe(409);
    expect((await del(`/api/holidays/${holiday.id}`)).status).toBe(204);
    expect(((await app.agent.get('/api/holidays?year=2031')).list as { id: number }[]).some((h) => h.id === holiday.id)).toBe(false);
  });

  it('areas: edited through the session, audited, stale 409, both names empty refused', async () => {
    const area = (await app.agent.post('/api/areas', { nameEn: 'Lohas Park', region: 'new_territories', sortOrder: 30 })).body?.area as { id: number; nameEn: string; nameZh: string; region: string; sortOrder: number; version: number };
    const edited = await app.agent.put(`/api/areas/${area.id}`, { ...area, nameZh: '日出康城', sortOrder: 31 });
    expect(edited.status).toBe(200);
    expect(edited.body?.area).toMatchObject({ nameZh: '日出康城', sortOrder: 31, version: area.version + 1 });
    expect((await lastAudit()).changes).toEqual({ nameZh: { from: '', to: '日出康城' }, sortOrder: { from: 30, to: 31 } });
    expect(((await app.agent.get('/api/areas')).list as { id: number; nameZh: string }[]).find((a) => a.id === area.id)?.nameZh).toBe('日出康城');
    expect((await app.agent.put(`/api/areas/${area.id}`, { ...area, nameEn: 'Stale' })).status).toBe(409);
    expect((await app.agent.put(`/api/areas/${area.id}`, { ...area, version: area.version + 1, nameEn: '', nameZh: '' })).body?.errors).toEqual({ nameEn: ['Enter it in English or Chinese (or both).'], nameZh: ['Enter it in English or Chinese (or both).'] });
  });

  it('users: a calendar colour that is not #rrggbb and a commission rate outside 0–100% are refused on their fields', async () => {
    const me = (await app.agent.get('/api/users/1')).body?.user as Record<string, unknown>;
    const base = { name: 'Colour', email: 'colour@example.com', language: 'en', roleId: null, branchId: 1, isAdmin: false, active: true, password: 'Colour1234', password_confirmation: 'Colour1234' };
    for (const calendarColor of ['red', '#12345', '#1234567', '#ggg000']) {
      const reply = await app.agent.post('/api/users', { ...base, calendarColor });
      expect(reply.status, calendarColor).toBe(422);
      expect(Object.keys(reply.body?.errors as object)).toEqual(['calendarColor']);
    }
    for (const commissionRateBp of [-1, 10_001, 5.5]) {
      const reply = await app.agent.put('/api/users/1', { ...me, commissionRateBp });
      expect(reply.status, String(commissionRateBp)).toBe(422);
      expect(Object.keys(reply.body?.errors as object)).toEqual(['commissionRateBp']);
    }
    const ok = await app.agent.post('/api/users', { ...base, calendarColor: '#A1b2C3', commissionRateBp: 10_000 });
    expect(ok.status).toBe(201);
    expect(ok.body?.user).toMatchObject({ calendarColor: '#A1b2C3', commissionRateBp: 10_000 });
  });
});

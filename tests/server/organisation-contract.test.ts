import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { BranchInput, BranchList, BranchPage, BranchReply, CompanyInput, CompanyList, CompanyReply, NewBranchPage, NewCompanyPage } from '../../contract/organisation';
import { DEMO_USERS } from '../../server/db/seed';
import { startTestServer, TestAgent, type TestServer } from './harness';

/*
 * Every reply of Settings → Companies and Branches, from the real server on the seeded database, read
 * by the wire contract the browser decodes with (contract/organisation.ts).
 */

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

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

function read<S extends z.ZodMiniType>(schema: S, reply: { status: number; body: unknown; list: unknown[] }, status = 200): z.output<S> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  // An array reply comes as `list`.
  const parsed = z.safeParse(schema, reply.body ?? reply.list);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  return parsed.data!;
}

// A 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

describe('the company and branch replies match the wire contract', () => {
  it('companies: list, form, create, read, update, logo', async () => {
    expect(read(CompanyList, await agent.get('/api/companies')).length).toBeGreaterThan(0);
    read(NewCompanyPage, await agent.get('/api/companies/create'));
    const input = CompanyInput.parse({
      nameEn: 'Contract Ltd',
      nameZh: '合約有限公司',
      addressEn: '1 Queen’s Road',
      addressZh: '皇后大道 1 號',
      phone: '21234567',
      fax: '',
      email: 'hello@example.com',
      website: '',
      brNumber: '12345678',
      quotationPrefix: '',
      invoicePrefix: 'CINV',
      receiptPrefix: '',
      refundPrefix: '',
    });
    const { company } = read(CompanyReply, await agent.post('/api/companies', input), 201);
    expect(read(CompanyReply, await agent.get(`/api/companies/${company.id}`)).company.invoicePrefix).toBe('CINV');
    expect(read(CompanyReply, await agent.put(`/api/companies/${company.id}`, { ...input, phone: '29876543', version: company.version })).company.phone).toBe('29876543');
    const logo = read(
      CompanyReply,
      await agent.raw('PUT', `/api/companies/${company.id}/logo`, PNG, { 'Content-Type': 'application/octet-stream', 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! }),
    );
    expect(logo.company.logoUrl).toMatch(new RegExp(`^/api/companies/${company.id}/logo`));
  });

  it('branches: list, form, create, read, update', async () => {
    expect(read(BranchList, await agent.get('/api/branches')).length).toBeGreaterThan(0);
    const form = read(NewBranchPage, await agent.get('/api/branches/create'));
    const input = BranchInput.parse({ nameEn: 'Contract Branch', nameZh: '合約分店', companyId: form.options.companies[0]!.id, address: '', phone: '' });
    const { branch } = read(BranchReply, await agent.post('/api/branches', input), 201);
    expect(read(BranchPage, await agent.get(`/api/branches/${branch.id}`)).branch.nameZh).toBe('合約分店');
    expect(read(BranchReply, await agent.put(`/api/branches/${branch.id}`, { ...input, phone: '23456789', version: branch.version })).branch.phone).toBe('23456789');
  });
});

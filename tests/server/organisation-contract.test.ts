import { expect, it } from 'vitest';
import { BranchInput, BranchList, BranchPage, BranchReply, CompanyInput, CompanyList, CompanyReply, NewBranchPage, NewCompanyPage } from '../../contract/organisation';
import { describeContract, readReply } from './harness';

/*
 * Settings → Companies and Branches, read by contract/organisation.ts (the frame: describeContract in
 * harness.ts).
 */

// A 1×1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

describeContract('the company and branch replies', (agent) => {
  it('companies: list, form, create, read, update, logo', async () => {
    expect(readReply(CompanyList, await agent.get('/api/companies')).length).toBeGreaterThan(0);
    readReply(NewCompanyPage, await agent.get('/api/companies/create'));
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
      ...{ fpsType: null, fpsValue: '', bankName: '', bankAccountName: '', bankAccountNumber: '' },
    });
    const { company } = readReply(CompanyReply, await agent.post('/api/companies', input), 201);
    expect(readReply(CompanyReply, await agent.get(`/api/companies/${company.id}`)).company.invoicePrefix).toBe('CINV');
    expect(readReply(CompanyReply, await agent.put(`/api/companies/${company.id}`, { ...input, phone: '29876543', version: company.version })).company.phone).toBe('29876543');
    const logo = readReply(
      CompanyReply,
      await agent.raw('PUT', `/api/companies/${company.id}/logo`, PNG, { 'Content-Type': 'application/octet-stream', 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! }),
    );
    expect(logo.company.logoUrl).toMatch(new RegExp(`^/api/companies/${company.id}/logo`));
  });

  it('branches: list, form, create, read, update', async () => {
    expect(readReply(BranchList, await agent.get('/api/branches')).length).toBeGreaterThan(0);
    const form = readReply(NewBranchPage, await agent.get('/api/branches/create'));
    const input = BranchInput.parse({ nameEn: 'Contract Branch', nameZh: '合約分店', companyId: form.options.companies[0]!.id, address: '', phone: '' });
    const { branch } = readReply(BranchReply, await agent.post('/api/branches', input), 201);
    expect(readReply(BranchPage, await agent.get(`/api/branches/${branch.id}`)).branch.nameZh).toBe('合約分店');
    expect(readReply(BranchReply, await agent.put(`/api/branches/${branch.id}`, { ...input, phone: '23456789', version: branch.version })).branch.phone).toBe('23456789');
  });
});

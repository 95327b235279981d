import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { ListDeskService } from '../../application/admin/ListDeskService';
import { blankArea, blankHoliday, listOffers, optionForm } from '../../application/admin/listForms';
import { OrganisationDeskService } from '../../application/admin/OrganisationDeskService';
import { branchValues, companyValues, type Branch, type Company } from '../../application/admin/organisation';
import type { CodeSetting, ListRef } from '../../application/admin/referenceLists';
import type { Organisation } from '../../application/ports/Organisation';
import type { ReferenceLists } from '../../application/ports/ReferenceLists';
import { AreaReply, CodesReply, OptionReply } from '../../contract/lists';
import { BranchReply, CompanyReply } from '../../contract/organisation';
import type { Permission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { ADMIN, createCore } from '../support/fakes';

const OPTION = OptionReply.parse({ option: { id: 1, key: 'payment_method', value: 'cash', labelEn: 'Cash', labelZh: '現金', sortOrder: 1, active: true, version: 2 } }).option;
const AREA = AreaReply.parse({ area: { id: 4, nameEn: 'Wan Chai', nameZh: '灣仔區', region: 'hk_island', sortOrder: 4, version: 1 } }).area;
const CODES: readonly CodeSetting[] = CodesReply.parse({
  codes: [
    { key: 'quotation_prefix', kind: 'prefix', value: 'Q', version: 0 },
    { key: 'invoice_prefix', kind: 'prefix', value: 'INV', version: 2 },
    { key: 'receipt_prefix', kind: 'prefix', value: 'R', version: 0 },
    { key: 'refund_prefix', kind: 'prefix', value: 'RF', version: 0 },
    { key: 'quotation_valid_days', kind: 'number', value: '30', version: 0 },
    { key: 'payment_terms_days', kind: 'number', value: '30', version: 1 },
  ],
}).codes;
const COMPANY: Company = CompanyReply.parse({
  company: {
    ...{ id: 3, nameEn: 'Harbour', nameZh: '海港', addressEn: '', addressZh: '', phone: '', fax: '', email: '', website: '', brNumber: '' },
    ...{ quotationPrefix: '', invoicePrefix: 'HINV', receiptPrefix: '', refundPrefix: '', logoUrl: null, chopUrl: null, version: 5 },
    ...{ fpsType: null, fpsValue: '', bankName: '', bankAccountName: '', bankAccountNumber: '' },
  },
}).company;
const BRANCH: Branch = BranchReply.parse({ branch: { id: 5, companyId: 3, nameEn: 'Sha Tin', nameZh: '沙田分店', address: '', phone: '', version: 1 } }).branch;

/** Lists that answer every save with `saved` and record what they were asked. */
function fakeLists() {
  const calls: unknown[][] = [];
  const lists: ReferenceLists = {
    save: (list: ListRef, record, body) => (calls.push(['save', list, record, body]), okAsync((list.kind === 'areas' ? AREA : OPTION) as never)),
    remove: (list, id) => (calls.push(['remove', list, id]), okAsync(undefined)),
    saveCodes: (values, versions) => (calls.push(['saveCodes', values, versions]), okAsync(CODES)),
  };
  return { lists, calls };
}

function listDesk() {
  const core = createCore({ user: ADMIN, start: '/settings/option/payment_method' });
  const { lists, calls } = fakeLists();
  return { core, calls, desk: new ListDeskService(lists, core.state, core.confirmation) };
}

describe('the Settings list forms (ListDesk)', () => {
  it('refuses a value with neither language and a code that is not lower-case, sending nothing', async () => {
    const { desk, calls } = listDesk();
    const result = await desk.save({ kind: 'options', key: 'payment_method' }, null, { labelZh: ' ', labelEn: '', value: 'Bad Code', sortOrder: '0', active: true });
    expect(result._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { labelZh: [{ key: 'admin:oneLanguageRequired' }], labelEn: [{ key: 'admin:oneLanguageRequired' }], value: [{ key: 'admin:options.valueFormat' }] },
    });
    expect(calls).toEqual([]);
  });

  it('sends an edit as the list’s body at the version it was loaded at, then loads the list again', async () => {
    const { desk, calls, core } = listDesk();
    const viewKey = core.state.get().viewKey;
    const values = { ...optionForm.toValues(OPTION), labelEn: 'Cash payment', sortOrder: 'x' };
    expect((await desk.save({ kind: 'options', key: 'payment_method' }, OPTION, values)).isOk()).toBe(true);
    expect(calls).toEqual([['save', { kind: 'options', key: 'payment_method' }, OPTION, { labelZh: '現金', labelEn: 'Cash payment', value: 'cash', sortOrder: 0, active: true }]]);
    expect(core.state.get().viewKey).toBe(viewKey + 1);
  });

  it('starts a new area after the others and a new holiday on the first day of the year shown', () => {
    expect(blankArea(18)).toEqual({ nameZh: '', nameEn: '', region: 'hk_island', sortOrder: '19' });
    expect(blankHoliday(2027).date).toBe('2027-01-01');
  });

  it('deletes only once the user confirms, then reloads', async () => {
    const { desk, calls, core } = listDesk();
    const refused = desk.remove({ kind: 'areas' }, AREA, '灣仔區');
    core.confirmation.answer(false);
    expect((await refused)._unsafeUnwrap()).toBe(false);
    expect(calls).toEqual([]);
    const confirmed = desk.remove({ kind: 'areas' }, AREA, '灣仔區');
    core.confirmation.answer(true);
    expect((await confirmed)._unsafeUnwrap()).toBe(true);
    expect(calls).toEqual([['remove', { kind: 'areas' }, 4]]);
  });

  it('checks every code by the domain’s rule, then saves them with their versions and says so', async () => {
    const { desk, calls, core } = listDesk();
    const values = Object.fromEntries(CODES.map((c) => [c.key, c.value]));
    const bad = await desk.saveCodes(CODES, { ...values, invoice_prefix: 'inv-1', payment_terms_days: '999' });
    expect(bad._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { invoice_prefix: [{ key: 'admin:codePrefix' }], payment_terms_days: [{ key: 'admin:codeNumber' }] } });
    expect(calls).toEqual([]);
    core.state.set({ unsavedChanges: true });
    expect((await desk.saveCodes(CODES, { ...values, invoice_prefix: 'INV2' })).isOk()).toBe(true);
    expect(calls[0]?.[2]).toEqual({ quotation_prefix: 0, invoice_prefix: 2, receipt_prefix: 0, refund_prefix: 0, quotation_valid_days: 0, payment_terms_days: 1 });
    expect(core.state.get()).toMatchObject({ unsavedChanges: false, notification: { title: 'admin:saved', type: 'success' } });
  });
});

describe('what the Settings list screens offer (listOffers)', () => {
  const withRights = (...permissions: Permission[]): User => ({ ...ADMIN, isAdmin: false, role: { id: 3, name: 'office', permissions } });

  it('offers adding, editing and deleting each by its own setting right; everything to an administrator, nothing to no one', () => {
    expect(listOffers(ADMIN)).toEqual({ create: true, edit: true, delete: true });
    expect(listOffers(withRights('setting_view', 'setting_edit'))).toEqual({ create: false, edit: true, delete: false });
    expect(listOffers(withRights('setting_create', 'setting_delete'))).toEqual({ create: true, edit: false, delete: true });
    expect(listOffers(withRights('setting_view'))).toEqual({ create: false, edit: false, delete: false });
    expect(listOffers(null)).toEqual({ create: false, edit: false, delete: false });
  });
});

function organisationDesk(start: string) {
  const core = createCore({ user: ADMIN, start });
  const calls: unknown[][] = [];
  const organisation: Organisation = {
    save: (kind, record, body) => (calls.push(['save', kind, record, body]), okAsync((kind === 'companies' ? COMPANY : BRANCH) as never)),
    remove: (kind, id) => (calls.push(['remove', kind, id]), okAsync(undefined)),
    uploadLetterhead: (id, kind) => (calls.push(['upload', id, kind]), okAsync(COMPANY)),
  };
  return { core, calls, desk: new OrganisationDeskService(organisation, core.state, core.navigation, core.confirmation) };
}

describe('the company and branch forms (OrganisationDesk, one protocol for both)', () => {
  it('needs a name in one language, on both name fields', async () => {
    const { desk, calls } = organisationDesk('/settings/companies/create');
    const result = await desk.save('companies', null, companyValues(null));
    expect(result._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { nameZh: [{ key: 'admin:oneLanguageRequired' }], nameEn: [{ key: 'admin:oneLanguageRequired' }] } });
    expect(calls).toEqual([]);
  });

  it('sends the company trimmed, returns to the list and says it is saved', async () => {
    const { desk, calls, core } = organisationDesk('/settings/companies/3');
    core.state.set({ unsavedChanges: true });
    expect((await desk.save('companies', COMPANY, { ...companyValues(COMPANY), nameEn: ' Harbour Ltd ', refundPrefix: 'HRF' })).isOk()).toBe(true);
    expect(calls[0]).toEqual(['save', 'companies', COMPANY, expect.objectContaining({ nameEn: 'Harbour Ltd', invoicePrefix: 'HINV', refundPrefix: 'HRF', quotationPrefix: '' })]);
    expect(core.navigator.current().path).toBe('/settings/companies');
    expect(core.state.get()).toMatchObject({ unsavedChanges: false, notification: { title: 'admin:saved', type: 'success' } });
  });

  it('a new branch starts under the first company; its company is sent as an id', async () => {
    const { desk, calls, core } = organisationDesk('/settings/branches/create');
    const values = branchValues(null, [{ id: 3, nameEn: 'Harbour', nameZh: '海港' }]);
    expect(values.companyId).toBe('3');
    await desk.save('branches', null, { ...values, nameZh: '荃灣分店' });
    expect(calls[0]).toEqual(['save', 'branches', null, { nameZh: '荃灣分店', nameEn: '', companyId: 3, address: '', phone: '' }]);
    expect(core.navigator.current().path).toBe('/settings/branches');
  });

  it('deletes once confirmed and returns to the list; not confirmed, it stays', async () => {
    const { desk, calls, core } = organisationDesk('/settings/branches/5');
    const kept = desk.remove('branches', BRANCH, '沙田分店');
    core.confirmation.answer(false);
    expect((await kept)._unsafeUnwrap()).toBe(false);
    expect(core.navigator.current().path).toBe('/settings/branches/5');
    const gone = desk.remove('branches', BRANCH, '沙田分店');
    core.confirmation.answer(true);
    expect((await gone)._unsafeUnwrap()).toBe(true);
    expect(calls).toEqual([['remove', 'branches', 5]]);
    expect(core.navigator.current().path).toBe('/settings/branches');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { AreaList, HolidayList, OptionList, OptionReply } from '../../contract/lists';
import { BranchPage, CompanyReply } from '../../contract/organisation';
import { OPTION_KEYS } from '../../domain/settings/options';
import { ADMIN } from '../support/fakes';
import { NewRolePage, RoleSaved, TwoFactorPolicy } from '../../contract/roles';
import { NewUserPage, UserPage, UserSaved } from '../../contract/users';
import { renderSignedIn } from './render';

const CATALOGUE = { areas: ['client'], actions: ['view', 'create', 'edit', 'delete'], special: ['hkid_reveal'] };
const USER_OPTIONS = { roles: [{ id: 3, name: 'worker' }], branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司', companyId: 1 }] };

type Answer = { status: number; body: unknown } | null;
const backend = (routes: (r: ApiRequest) => Answer) => (r: ApiRequest) => routes(r) ?? { status: 200, body: { auth: true } };

describe('settings list editor (options)', () => {
  const list = OptionList.parse({ key: 'payment_method', keys: [...OPTION_KEYS], items: [{ id: 1, key: 'payment_method', value: 'cash', labelEn: 'Cash', labelZh: '現金', sortOrder: 1, active: true, version: 2 }] });
  const saved = OptionReply.parse({ option: { ...list.items[0], labelEn: 'Cash payment', version: 3 } });

  it('adds an option in a dialog, checking the fields first and showing the server’s message under its field', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/option/payment_method',
      handler: backend((r) =>
        r.method === 'GET' && r.path === '/api/options/payment_method'
          ? { status: 200, body: list }
          : r.method === 'POST'
            ? { status: 422, body: { message: 'This value is already in the list.', errors: { value: ['This value is already in the list.'] } } }
            : null,
      ),
    });
    expect(await screen.findByRole('row', { name: /Cash/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    const dialog = screen.getByRole('dialog', { name: 'Add option' });
    expect(within(dialog).getByLabelText('Label (Chinese)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Code (lower-case letters, digits, _)'), 'Bad Code');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Label (Chinese)')).toHaveAccessibleDescription('Enter it in English or Chinese (or both).');
    expect(within(dialog).getByLabelText('Code (lower-case letters, digits, _)')).toHaveAccessibleDescription('Use lower-case letters, digits and _ only.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Label (Chinese)'), '現金');
    await user.clear(within(dialog).getByLabelText('Code (lower-case letters, digits, _)'));
    await user.type(within(dialog).getByLabelText('Code (lower-case letters, digits, _)'), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This value is already in the list.')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toEqual({ labelZh: '現金', labelEn: '', value: 'cash', sortOrder: 0, active: true });
  });

  it('edits with the record’s version, then reloads the list', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/option/payment_method',
      handler: backend((r) => (r.method === 'GET' && r.path === '/api/options/payment_method' ? { status: 200, body: list } : r.method === 'PUT' ? { status: 200, body: saved } : null)),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit 現金' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit option' });
    await user.type(within(dialog).getByLabelText('Label (English)'), ' payment');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/options/payment_method')).toHaveLength(2));
    expect(transport.requests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/options/payment_method/1', body: { labelEn: 'Cash payment', version: 2 } });
  });
});

describe('counts in words (issue 31, item 23)', () => {
  const area = (id: number) => ({ id, nameEn: `Area ${id}`, nameZh: `地區 ${id}`, region: 'kowloon', sortOrder: id, version: 1 });
  it.each([
    ['en', 1, '1 area'],
    ['en', 2, '2 areas'],
    ['zh-HK', 1, '共 1 個地區'],
    ['zh-HK', 2, '共 2 個地區'],
  ] as const)('names the list of areas by its count, in plural forms (%s, %i)', async (language, count, caption) => {
    const areas = AreaList.parse(Array.from({ length: count }, (_, i) => area(i + 1)));
    renderSignedIn({ start: '/settings/area', language, handler: backend((r) => (r.method === 'GET' && r.path === '/api/areas' ? { status: 200, body: areas } : null)) });
    expect(await screen.findByRole('table', { name: caption })).toBeInTheDocument();
  });
});

describe('weekdays (issue 31, item 23)', () => {
  it.each([
    ['zh-HK', '2026-12-09 (星期三)'],
    ['en', '2026-12-09 (Wed)'],
  ] as const)('writes a holiday’s day of the week one way per language: 星期三, never 週三 (%s)', async (language, day) => {
    const holidays = HolidayList.parse([{ id: 1, date: '2026-12-09', nameEn: 'Company day', nameZh: '公司日', version: 1 }]);
    renderSignedIn({ start: '/settings/holiday?year=2026', language, handler: backend((r) => (r.method === 'GET' && r.path === '/api/holidays' ? { status: 200, body: holidays } : null)) });
    expect(await screen.findByRole('cell', { name: day })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/週/);
  });
});

describe('role form', () => {
  it('sends the permissions ticked in the matrix and the special ones', async () => {
    const { user, transport, navigator } = renderSignedIn({
      start: '/settings/roles/create',
      handler: backend((r) =>
        r.path === '/api/roles/create'
          ? { status: 200, body: NewRolePage.parse({ catalogue: CATALOGUE }) }
          : r.method === 'POST'
            ? { status: 201, body: RoleSaved.parse({ role: { id: 9, name: 'Receptionist', permissions: ['client_view', 'client_create', 'hkid_reveal'], userCount: 0, version: 1 } }) }
            : r.path === '/api/roles'
              ? { status: 200, body: [] }
              : r.path === '/api/two-factor-policy'
                ? { status: 200, body: TwoFactorPolicy.parse({ everyone: false, roles: [] }) }
                : null,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Role name')).toHaveAccessibleDescription("Enter the role's name.");
    await user.type(screen.getByLabelText('Role name'), 'Receptionist');
    await user.click(screen.getByRole('checkbox', { name: 'Clients: View' }));
    await user.click(screen.getByRole('checkbox', { name: 'Clients: Create' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reveal full HKID numbers' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/settings/roles'));
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Receptionist', permissions: ['client_view', 'client_create', 'hkid_reveal'] });
  });
});

describe('user form', () => {
  it('checks the initial password against the policy and the commission rate before sending', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/users/create',
      handler: backend((r) => (r.path === '/api/users/create' ? { status: 200, body: NewUserPage.parse({ options: USER_OPTIONS }) } : null)),
    });
    await user.type(await screen.findByLabelText('Name'), 'Wong');
    await user.type(screen.getByLabelText('Email'), 'wong@example.com');
    await user.type(screen.getByLabelText('Commission rate (%)'), '5.555');
    await user.type(screen.getByLabelText('Initial password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Commission rate (%)')).toHaveAccessibleDescription('Enter a percentage from 0 to 100 with up to 2 decimals.');
    expect(screen.getByLabelText('Initial password')).toHaveAccessibleDescription('An uppercase letter A number');
    expect(screen.getByLabelText('Confirm initial password')).toHaveAccessibleDescription('The password confirmation does not match.');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says beside the role and administrator choice that a change signs the user out', async () => {
    renderSignedIn({
      start: '/settings/users/create',
      handler: backend((r) => (r.path === '/api/users/create' ? { status: 200, body: NewUserPage.parse({ options: { roles: [{ id: 3, name: 'worker' }], branches: [] } }) } : null)),
    });
    expect(await screen.findByLabelText('Administrator (every permission)')).toHaveAccessibleDescription('Changing the role or administrator rights signs the user out: they sign in again with the new rights.');
  });
});

describe('changing one’s own rights', () => {
  it('holds the user the server answers with and, without the right to the list any more, goes to the start page', async () => {
    const user = userEvent.setup();
    const self = { id: 1, name: 'Ada Chan', email: 'admin@example.com', language: 'en', roleId: 3, branchId: null, companyId: null, isAdmin: true, active: true, calendarColor: null, commissionRateBp: null, twoFactor: false, version: 4 };
    const demoted = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'worker', permissions: ['appointment_view'] } };
    const { transport, navigator, store } = renderSignedIn({
      start: '/settings/users/1',
      handler: backend((r) =>
        r.method === 'GET' && r.path === '/api/users/1'
          ? { status: 200, body: UserPage.parse({ user: self, options: { roles: [{ id: 3, name: 'worker' }], branches: [] } }) }
          : r.method === 'PUT' && r.path === '/api/users/1'
            ? { status: 200, body: UserSaved.parse({ user: { ...self, isAdmin: false, version: 5 }, currentUser: demoted }) }
            : null,
      ),
    });
    await user.click(await screen.findByLabelText('Administrator (every permission)'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.user).toMatchObject({ isAdmin: false }));
    expect(transport.requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ isAdmin: false });
    await waitFor(() => expect(navigator.current().path).not.toMatch(/^\/settings/));
    expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/users')).toEqual([]);
  });
});

describe('company form', () => {
  it('sends the company’s own document prefixes in capitals and shows the server’s message under a prefix', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/companies/create',
      handler: backend((r) =>
        r.path === '/api/companies/create'
          ? { status: 200, body: {} }
          : r.method === 'POST'
            ? { status: 422, body: { message: 'Use 1 to 6 capital letters or digits.', errors: { refundPrefix: ['Use 1 to 6 capital letters or digits.'] } } }
            : null,
      ),
    });
    expect(await screen.findByRole('group', { name: 'Document numbers' })).toHaveAccessibleDescription(/Leave a prefix empty to use the one under Settings → Codes/);
    await user.type(screen.getByLabelText('English name'), 'Kowloon Cleaning Ltd');
    await user.type(screen.getByLabelText('Invoice prefix'), 'kinv');
    await user.type(screen.getByLabelText('Refund prefix'), 'k-rf');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Refund prefix')).toHaveAccessibleDescription('Use 1 to 6 capital letters or digits.');
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ nameEn: 'Kowloon Cleaning Ltd', invoicePrefix: 'KINV', refundPrefix: 'K-RF', quotationPrefix: '' });
  });
});

describe('company form: a logo or chop chosen is saved with the form (issue 31 item 12)', () => {
  const company = CompanyReply.parse({
    company: {
      id: 1, nameEn: 'Harbour Pest Control Ltd', nameZh: '海港除蟲服務有限公司', addressEn: '', addressZh: '', phone: '', fax: '', email: '', website: '', brNumber: '',
      quotationPrefix: '', invoicePrefix: '', receiptPrefix: '', refundPrefix: '',
      fpsType: null, fpsValue: '', bankName: '', bankAccountName: '', bankAccountNumber: '', logoUrl: null, chopUrl: null, version: 3,
    },
  }); // prettier-ignore
  const stored = (kind: 'logo' | 'chop') => ({ status: 200, body: { company: { ...company.company, [`${kind}Url`]: `/api/companies/1/${kind}?v=9` } } });
  const refused = (kind: 'logo' | 'chop') => ({ status: 422, body: { message: 'The file must be an image (PNG, JPEG, GIF or WebP).', errors: { [kind]: ['The file must be an image (PNG, JPEG, GIF or WebP).'] } } });
  const picture = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, { type: 'image/png' });

  /** The company form with FPS and bank details typed, answered by `pictures` for the logo and chop. */
  async function typedForm(pictures: (kind: 'logo' | 'chop') => Answer) {
    const view = renderSignedIn({
      start: '/settings/companies/1',
      handler: backend((r) => {
        if (r.method === 'GET' && r.path === '/api/companies/1') return { status: 200, body: company };
        const letterhead = /^\/api\/companies\/1\/(logo|chop)$/.exec(r.path)?.[1] as 'logo' | 'chop' | undefined;
        if (r.method === 'PUT' && letterhead) return pictures(letterhead);
        if (r.method === 'PUT' && r.path === '/api/companies/1') return { status: 200, body: { company: { ...company.company, ...(r.body as object), version: 4 } } };
        if (r.method === 'GET' && r.path === '/api/companies') return { status: 200, body: [company.company] };
        return null;
      }),
    });
    const { user } = view;
    await user.selectOptions(await screen.findByLabelText('FPS identifier type'), 'fpsId');
    await user.type(screen.getByLabelText('FPS identifier'), '1234567');
    await user.type(screen.getByLabelText('Bank'), 'HSBC');
    await user.type(screen.getByLabelText('Account name'), 'Harbour Pest Control Ltd');
    await user.type(screen.getByLabelText('Account number'), '004-123-456789-001');
    return view;
  }

  const typed = () => ({ fps: screen.getByLabelText('FPS identifier'), bank: screen.getByLabelText('Bank'), account: screen.getByLabelText('Account number') });
  const writes = (transport: { requests: ApiRequest[] }) => transport.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

  it('keeps what was typed when a logo and a chop are chosen, sends nothing until Save, then stores the pictures and the FPS and bank details, and says saved', async () => {
    const { user, transport, navigator } = await typedForm(stored);
    await user.upload(screen.getByLabelText('Logo'), picture('logo.png'));
    await user.upload(screen.getByLabelText('Company chop'), picture('chop.png'));
    // Nothing sent, nothing reloaded: the typed details are all still there.
    expect(writes(transport)).toEqual([]);
    expect(typed().fps).toHaveValue('1234567');
    expect(typed().bank).toHaveValue('HSBC');
    expect(typed().account).toHaveValue('004-123-456789-001');
    expect(screen.getByLabelText('Logo')).toHaveAccessibleDescription('logo.png is chosen: it is stored when you save.');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/settings/companies'));
    expect(writes(transport)).toEqual(['PUT /api/companies/1/logo', 'PUT /api/companies/1/chop', 'PUT /api/companies/1']);
    expect(transport.requests.find((r) => r.path === '/api/companies/1/logo')?.body).toBeInstanceOf(File);
    expect(transport.requests.find((r) => r.method === 'PUT' && r.path === '/api/companies/1')?.body).toMatchObject({
      fpsType: 'fpsId',
      fpsValue: '1234567',
      bankName: 'HSBC',
      bankAccountName: 'Harbour Pest Control Ltd',
      bankAccountNumber: '004-123-456789-001',
      version: 3,
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('says nothing was saved when the server refuses the logo: no "saved", the fields not sent, everything typed still there', async () => {
    const { user, transport, navigator } = await typedForm(refused);
    await user.upload(screen.getByLabelText('Logo'), picture('not-really.png'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing was saved: the logo could not be stored (see the message under it). Choose another file or keep the current one, then save again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Logo')).toHaveAccessibleDescription(/The file must be an image \(PNG, JPEG, GIF or WebP\)\./);
    expect(writes(transport)).toEqual(['PUT /api/companies/1/logo']);
    expect(navigator.current().path).toBe('/settings/companies/1');
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
    expect(typed().fps).toHaveValue('1234567');
    expect(typed().account).toHaveValue('004-123-456789-001');

    // Kept as it is, the form then saves the rest, and says so.
    await user.click(screen.getByRole('button', { name: 'Keep the current logo' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/settings/companies'));
    expect(writes(transport)).toEqual(['PUT /api/companies/1/logo', 'PUT /api/companies/1']);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('says the logo was saved and the chop was not when only the chop is refused, and shows the new logo', async () => {
    const { user, transport, navigator } = await typedForm((kind) => (kind === 'logo' ? stored('logo') : refused('chop')));
    await user.upload(screen.getByLabelText('Logo'), picture('logo.png'));
    await user.upload(screen.getByLabelText('Company chop'), picture('chop.txt.png'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The logo was saved, but the company chop could not be stored (see the message under it). Nothing else was saved: choose another file or keep the current one, then save again.')).toBeInTheDocument();
    expect(writes(transport)).toEqual(['PUT /api/companies/1/logo', 'PUT /api/companies/1/chop']);
    expect(navigator.current().path).toBe('/settings/companies/1');
    expect(await screen.findByRole('img', { name: "The company's logo" })).toBeInTheDocument();
    // The logo is no longer waiting; the chop still is.
    expect(screen.getByLabelText('Logo')).toHaveAccessibleDescription('PNG, JPEG, GIF or WebP, at most 5 MB. A picture you choose is stored when you save the form.');
    expect(screen.getByRole('button', { name: 'Keep the current company chop' })).toBeInTheDocument();
    expect(typed().bank).toHaveValue('HSBC');
  });

  it('refuses a picture over 5 MB before sending anything', async () => {
    const { user, transport } = await typedForm(stored);
    await user.upload(screen.getByLabelText('Logo'), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Logo')).toHaveAccessibleDescription(/Error! File Size is over limit 5MB\. Please upload again\./);
    expect(writes(transport)).toEqual([]);
  });
});

describe('branch form', () => {
  it('a branch still in use: the delete is refused with the server’s reason and the form stays', async () => {
    const user = userEvent.setup();
    const reason = '仍有用戶、客戶、檔案、報價單、發票或預約屬於此分店。請先將它們轉到其他分店，然後再刪除。';
    const { transport, navigator } = renderSignedIn({
      start: '/settings/branches/5',
      language: 'zh-HK',
      handler: backend((r) =>
        r.method === 'GET' && r.path === '/api/branches/5'
          ? { status: 200, body: BranchPage.parse({ branch: { id: 5, companyId: 1, nameEn: 'Sha Tin', nameZh: '沙田分店', address: '', phone: '', version: 1 }, options: { companies: [{ id: 1, nameEn: 'Harbour', nameZh: '海港' }] } }) }
          : r.method === 'DELETE'
            ? { status: 422, body: { message: reason } }
            : null,
      ),
    });
    await user.click(await screen.findByRole('button', { name: '刪除' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: '刪除沙田分店？' })).getByRole('button', { name: '刪除' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/branches/5');
    expect(navigator.current().path).toBe('/settings/branches/5');
    expect(screen.getByLabelText('中文名稱')).toHaveValue('沙田分店');
  });
});

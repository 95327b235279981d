import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../domain/i18n/language';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { AppState } from '../../application/state/AppState';
import { Client, ClientOptions, ClientPage, ClientReply, NewClientPage } from '../../contract/clients';
import { appointmentFixture, clientChoiceFixture, optionsFixture, reportFixture, visitFixture, workerFixture } from '../support/appointments';
import { ADMIN } from '../support/fakes';
import { invoiceOptionsFixture, orderFixture, SALES_CLIENT } from '../support/sales';
import { NewRolePage } from '../../contract/roles';
import { NewUserPage } from '../../contract/users';
import { renderApp, renderSignedIn } from './render';
import { Profile } from '../../contract/account';
import { OptionList } from '../../contract/lists';
import { BranchPage } from '../../contract/organisation';
import { OPTION_KEYS } from '../../domain/settings/options';

const CATALOGUE = { areas: ['client'], actions: ['view', 'create', 'edit', 'delete'], special: ['hkid_reveal'] };

/**
 * Every form of the product, walked one by one: what is typed survives a save that fails with a
 * 500 or gets no reply (the error catalogue still routes to its page), comes back as it was when the
 * user goes back, and the form says why it was not saved. Offline, the form stays and saves when
 * the connection returns.
 */

// The screens load lazily; on a busy machine that can take longer than the default second.
configure({ asyncUtilTimeout: 10_000 });

type Answer = { status: number; body: unknown } | 'no-response';
type User = ReturnType<typeof userEvent.setup>;

const BRANCHES = [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }];
const SALES_OPTIONS = invoiceOptionsFixture({ paymentMethods: [{ value: 'cash', nameEn: 'Cash', nameZh: '現金' }] });
const ORDER = orderFixture();
/* The client fixtures are made through the wire contract (contract/clients.ts). */
const CLIENT_OPTIONS = ClientOptions.parse({ areas: [{ id: 2, nameEn: 'Wan Chai', nameZh: '灣仔區', region: 'hk_island' }], branches: BRANCHES.map((b) => ({ ...b, companyId: 1 })), companies: [{ id: 1, nameEn: 'Harbour Pest', nameZh: '海港除蟲' }], sources: [] });
const CLIENT = Client.parse({ id: 7, code: 'C000007', nameEn: 'Chan Tai Man', nameZh: '陳大文', hkidMasked: 'A123***(*)', tags: [], companyId: 1, branchId: 1, notes: '', version: 3, contacts: [], addresses: [], source: null, remindersOptOut: false, mailLanguage: 'both', createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' });
const APPOINTMENT_OPTIONS = optionsFixture({ workers: [workerFixture()], branches: BRANCHES, areas: [{ id: 5, nameEn: 'Yau Tsim Mong', nameZh: '油尖旺區' }] });
const APPOINTMENT = appointmentFixture({
  client: clientChoiceFixture({ nameEn: 'Golden Dragon', nameZh: '金龍酒家', addresses: [] }),
  date: '2026-12-14',
  recurrence: { freq: 'once' },
  end: { kind: 'never' },
  recurring: false,
  rrule: 'DTSTART;TZID=Asia/Hong_Kong:20261214T140000',
  lastDate: '2026-12-14',
});
const VISIT = visitFixture({ index: 0 });
const TREE = [{ id: 1, parentId: null, nameEn: 'Pest control', nameZh: '滅蟲服務', commissionRateBp: 800, sortOrder: 1, productCount: 2, version: 1, children: [{ id: 2, parentId: 1, nameEn: 'Termites', nameZh: '白蟻', commissionRateBp: null, sortOrder: 1, productCount: 2, version: 2, children: [] }] }];
const PRODUCT = { id: 5, code: 'TM-INSP', nameEn: 'Termite inspection', nameZh: '白蟻視察', categoryId: 2, unit: 'visit', unitPrice: 80_000, commissionRateBp: 500, active: true, activeIngredient: '', version: 4 };
const PROFILE = Profile.parse({ id: 1, name: 'Ada Chan', email: 'admin@example.com', language: 'en', version: 4, isAdmin: true, role: 'admin', branch: null, twoFactor: 'off', photoUrl: null });
const OPTION_ITEMS = [{ id: 1, key: 'payment_method', value: 'cash', labelEn: 'Cash', labelZh: '現金', sortOrder: 1, active: true, version: 2 }];

/** Each screen's data, as the server gives it. */
function screens(r: ApiRequest): Answer {
  const get = (path: string) => r.method === 'GET' && r.path === path;
  if (get('/api/clients/create')) return { status: 200, body: NewClientPage.parse({ options: CLIENT_OPTIONS, defaults: { companyId: 1, branchId: 1 } }) };
  if (get('/api/clients/7')) return { status: 200, body: ClientPage.parse({ client: CLIENT, tab: 'basic', options: CLIENT_OPTIONS, canRevealHkid: true, attachments: [] }) };
  if (get('/api/quotations/create')) return { status: 200, body: { options: SALES_OPTIONS, defaults: { kind: 'basic', date: '2026-11-23', validDays: 30, branchId: 1, salespersonId: 2 }, client: SALES_CLIENT } };
  if (get('/api/orders/3')) return { status: 200, body: { order: ORDER, attachments: [], appointments: [], options: SALES_OPTIONS } };
  if (get('/api/appointments/create')) return { status: 200, body: { options: APPOINTMENT_OPTIONS, defaults: { date: '2026-12-07', branchId: 1, client: null } } };
  if (get('/api/appointments/overlaps')) return { status: 200, body: { overlaps: [] } };
  if (get('/api/appointments/12'))
    return { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: r.query?.tab ?? 'appointment', options: APPOINTMENT_OPTIONS, order: null, report: reportFixture(), products: SALES_OPTIONS.products.map((p) => ({ ...p, activeIngredient: '' })), company: null } };
  if (get('/api/products/create')) return { status: 200, body: { categories: TREE, units: ['visit', 'item'] } };
  if (get('/api/products/5')) return { status: 200, body: { product: PRODUCT, categories: TREE, units: ['visit', 'item'] } };
  if (get('/api/product-categories/2')) return { status: 200, body: { category: TREE[0]!.children[0], categories: TREE } };
  if (get('/api/companies/create')) return { status: 200, body: {} };
  if (get('/api/branches/5'))
    return { status: 200, body: BranchPage.parse({ branch: { id: 5, companyId: 1, nameEn: 'Sha Tin', nameZh: '沙田分店', address: '', phone: '', version: 1 }, options: { companies: [{ id: 1, nameEn: 'Harbour', nameZh: '海港' }] } }) };
  if (get('/api/users/create')) return { status: 200, body: NewUserPage.parse({ options: { roles: [{ id: 3, name: 'worker' }], branches: BRANCHES.map((b) => ({ ...b, companyId: 1 })) } }) };
  if (get('/api/roles/create')) return { status: 200, body: NewRolePage.parse({ catalogue: CATALOGUE }) };
  if (get('/api/options/payment_method')) return { status: 200, body: OptionList.parse({ key: 'payment_method', keys: [...OPTION_KEYS], items: OPTION_ITEMS }) };
  if (get('/api/user/profile')) return { status: 200, body: { profile: PROFILE } };
  if (get('/api/user/sessions')) return { status: 200, body: { sessions: [] } };
  return { status: 200, body: { auth: true } };
}

interface FormCase {
  readonly form: string;
  readonly start: string;
  /** Opens the form where it is a dialog. */
  readonly open?: (user: User) => Promise<void>;
  /** The field typed into, by its label (inside the dialog where there is one). */
  readonly field: string;
  readonly typed: string;
  /** Clears the field first (it holds the record's value). */
  readonly replace?: boolean;
  readonly save: string;
  /** What else the form needs before it sends anything (its own checks pass). */
  readonly prepare?: (user: User) => Promise<void>;
  /** A second step of saving (the repeating appointment's scope). */
  readonly confirm?: (user: User) => Promise<void>;
}

const withinDialog = () => within(screen.getByRole('dialog'));

const FORMS: readonly FormCase[] = [
  { form: 'new client', start: '/clients/basic/create', field: 'English name', typed: 'Wong Siu Ming', save: 'Save' },
  { form: 'client', start: '/clients/basic/7', field: 'English name', typed: 'Chan Tai Man Ltd', replace: true, save: 'Save' },
  { form: 'new quotation', start: '/quotations/basic/create', field: 'Notes', typed: 'Side gate only', save: 'Create quotation',
    prepare: async (user) => user.selectOptions(within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Product'), '5'),
  },
  { form: 'invoice', start: '/orders/order/invoice/3', field: 'Notes', typed: 'Back door only', save: 'Save' },
  { form: 'receipt', start: '/orders/order/invoice/3', open: async (user) => user.click(await screen.findByRole('button', { name: 'Record a receipt' })), field: 'Reference (cheque or transfer number)', typed: 'CHQ 000123', save: 'Save' },
  { form: 'refund', start: '/orders/order/invoice/3', open: async (user) => user.click(await screen.findByRole('button', { name: 'Record a refund' })), field: 'Reason', typed: 'Paid twice', save: 'Save',
    prepare: async (user) => user.type(field('Amount (HK$)'), '100'),
  },
  { form: 'void', start: '/orders/order/invoice/3', open: async (user) => user.click(await screen.findByRole('button', { name: 'Void' })), field: 'Reason', typed: 'Issued in error', save: 'Void' },
  {
    form: 'appointment',
    start: '/calendar/appointment/12?date=2026-12-14',
    field: 'Notes',
    typed: 'Bring a ladder',
    save: 'Save',
    confirm: async (user) => {
      const dialog = await waitFor(() => screen.queryByRole('dialog'), { timeout: 500 }).catch(() => null);
      if (dialog) await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    },
  },
  { form: 'completed service report', start: '/calendar/completed-report/12?date=2026-12-14', field: 'Work done', typed: 'Treated the kitchen', save: 'Save report' },
  { form: 'product', start: '/products/product/5', field: 'English name', typed: 'Termite check', replace: true, save: 'Save' },
  { form: 'category', start: '/products/categories/2', field: 'English name', typed: 'Ants', replace: true, save: 'Save' },
  { form: 'new company', start: '/settings/companies/create', field: 'English name', typed: 'Kowloon Cleaning Ltd', save: 'Save' },
  { form: 'branch', start: '/settings/branches/5', field: 'English name', typed: 'Sha Tin East', replace: true, save: 'Save' },
  { form: 'option (settings list)', start: '/settings/option/payment_method', open: async (user) => user.click(await screen.findByRole('button', { name: 'Add option' })), field: 'Label (English)', typed: 'Cheque', save: 'Save',
    prepare: async (user) => user.type(field('Code (lower-case letters, digits, _)'), 'cheque'),
  },
  { form: 'new user', start: '/settings/users/create', field: 'Email', typed: 'wong@example.com', save: 'Save',
    prepare: async (user) => {
      await user.type(field('Name'), 'Wong Siu Ming');
      await user.type(field('Initial password'), 'Secret123');
      await user.type(field('Confirm initial password'), 'Secret123');
    },
  },
  { form: 'role', start: '/settings/roles/create', field: 'Role name', typed: 'Supervisor', save: 'Save' },
  { form: 'profile', start: '/user/profile', field: 'Name', typed: 'Ada Chan Wai', replace: true, save: 'Save' },
];

/** The field, inside the open dialog if there is one. */
function field(label: string) {
  const dialog = screen.queryByRole('dialog');
  return (dialog ? within(dialog) : screen).getByLabelText(label);
}

async function fillAndSave(user: User, form: FormCase) {
  if (form.open) await form.open(user);
  const input = form.open ? await waitFor(() => field(form.field)) : await screen.findByLabelText(form.field);
  if (form.replace) await user.clear(input);
  await user.type(input, form.typed);
  await form.prepare?.(user);
  const scope = form.open ? withinDialog() : screen;
  const buttons = scope.getAllByRole('button', { name: form.save });
  await user.click(buttons.at(-1)!);
  await form.confirm?.(user);
}

/** The error page is shown (the form has gone); then the browser's Back button to `url`. */
async function backFromErrorPage(navigator: { pop: (url: string) => Promise<void> }, language: Language, url: string) {
  await screen.findByRole('button', { name: language === 'en' ? 'Go back' : '返回上一頁' });
  await navigator.pop(url);
}

const MESSAGES: Record<Language, Record<'server' | 'network' | 'waiting', string>> = {
  en: {
    server: 'The server had a problem, so this was not saved. What you typed is back: check it and save again.',
    network: 'The connection dropped before the save was confirmed, so it may not have been saved. What you typed is back: check it (for a new record, look in the list first) and save again.',
    waiting: 'You are offline. What you saved is kept here and will be sent when the connection returns.',
  },
  'zh-HK': {
    server: '伺服器出現問題，內容未有儲存。您輸入的內容已還原，請檢查後再儲存。',
    network: '儲存未獲確認前連線已中斷，內容可能未有儲存。您輸入的內容已還原，請先檢查（如屬新紀錄，請先查看列表）再儲存。',
    waiting: '您目前離線。要儲存的內容已保留在此，連線恢復後會自動送出。',
  },
};

describe('every form keeps what was typed when its save fails with a 500', () => {
  it.each(FORMS)('$form: /error-500, then Back finds the form as it was, with the failure said', async (form) => {
    const user = userEvent.setup();
    const { navigator, drafts } = renderApp({ start: form.start, user: ADMIN, language: 'en', handler: (r) => (r.method === 'GET' ? screens(r) : { status: 500, body: { message: 'Server Error' } }) });
    await fillAndSave(user, form);
    await waitFor(() => expect(navigator.url).toBe('/error-500'));
    await backFromErrorPage(navigator, 'en', form.start);
    await waitFor(() => expect(field(form.field)).toHaveValue(form.typed));
    expect(screen.getByText(MESSAGES.en.server)).toBeInTheDocument();
    // Taken once: it is in the form now, not in storage.
    expect([...drafts.map.keys()]).toEqual([]);
  }, 60_000);
});

describe('a save that gets no reply', () => {
  it.each(['en', 'zh-HK'] as const)('goes to /error-no-connection; Back finds the new client as typed, saying it may not have been saved (%s)', async (language) => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/clients/basic/create', user: ADMIN, language, handler: (r) => (r.method === 'GET' ? screens(r) : 'no-response') });
    const label = language === 'en' ? 'English name' : '英文名稱';
    await user.type(await screen.findByLabelText(label), 'Wong Siu Ming');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Save' : '儲存' }));
    await waitFor(() => expect(navigator.url).toBe('/error-no-connection'));
    await backFromErrorPage(navigator, language, '/clients/basic/create');
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveValue('Wong Siu Ming'));
    expect(screen.getByText(MESSAGES[language].network)).toBeInTheDocument();
  });

  it('the failure is said in Chinese too, and goes once the form is saved', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { navigator } = renderSignedIn({
      start: '/clients/basic/7',
      language: 'zh-HK',
      handler: (r) => (r.method === 'GET' ? screens(r) : fail ? { status: 500, body: {} } : { status: 200, body: ClientReply.parse({ client: { ...CLIENT, nameEn: 'Chan Tai Man Ltd', version: 4 } }) }),
    });
    const name = await screen.findByLabelText('英文名稱');
    await user.type(name, ' Ltd');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(navigator.url).toBe('/error-500'));
    await backFromErrorPage(navigator, 'zh-HK', '/clients/basic/7');
    expect(await screen.findByText(MESSAGES['zh-HK'].server)).toBeInTheDocument();
    expect(screen.getByLabelText('英文名稱')).toHaveValue('Chan Tai Man Ltd');
    fail = false;
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES['zh-HK'].server)).toBeNull());
  });
});

describe('a save made while offline', () => {
  it.each(['en', 'zh-HK'] as const)('stays on the form, says it will be sent when the connection returns, and is sent then (%s)', async (language) => {
    const user = userEvent.setup();
    let online = false;
    const { navigator, transport, services } = renderApp({
      start: '/clients/basic/create',
      user: ADMIN,
      language,
      handler: (r) => (r.method === 'GET' ? screens(r) : online ? { status: 201, body: ClientReply.parse({ client: CLIENT }) } : 'no-response'),
    });
    const state = services.get(AppState);
    state.set({ isOnline: true });
    state.set({ isOnline: false });
    const label = language === 'en' ? 'English name' : '英文名稱';
    await user.type(await screen.findByLabelText(label), 'Wong Siu Ming');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Save' : '儲存' }));
    expect(await screen.findByText(MESSAGES[language].waiting)).toBeInTheDocument();
    expect(navigator.current().path).toBe('/clients/basic/create');
    expect(screen.getByLabelText(label)).toHaveValue('Wong Siu Ming');
    online = true;
    state.set({ isOnline: true });
    await waitFor(() => expect(navigator.current().path).toBe('/clients/basic/7'));
    const saves = transport.requests.filter((r) => r.method === 'POST' && r.path === '/api/clients');
    expect(saves).toHaveLength(2);
    expect(saves[1]?.body).toMatchObject({ nameEn: 'Wong Siu Ming' });
  });

  it('a refusal (422) once the connection returns is shown on the form, with what was typed', async () => {
    const user = userEvent.setup();
    let online = false;
    const { navigator, services } = renderSignedIn({
      start: '/orders/order/invoice/3',
      handler: (r) => (r.method === 'GET' ? screens(r) : online ? { status: 422, body: { message: 'The reference is already used.', errors: { reference: ['The reference is already used.'] } } } : 'no-response'),
    });
    const state = services.get(AppState);
    state.set({ isOnline: true });
    state.set({ isOnline: false });
    await user.click(await screen.findByRole('button', { name: 'Record a receipt' }));
    await user.type(field('Reference (cheque or transfer number)'), 'CHQ 000123');
    await user.click(withinDialog().getByRole('button', { name: 'Save' }));
    expect(await within(screen.getByRole('dialog')).findByText(MESSAGES.en.waiting)).toBeInTheDocument();
    online = true;
    state.set({ isOnline: true });
    await waitFor(() => expect(field('Reference (cheque or transfer number)')).toHaveAccessibleDescription('The reference is already used.'));
    expect(field('Reference (cheque or transfer number)')).toHaveValue('CHQ 000123');
    expect(screen.queryByText(MESSAGES.en.waiting)).toBeNull();
    expect(navigator.current().path).toBe('/orders/order/invoice/3');
  });
});

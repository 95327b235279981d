import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { ADMIN } from '../support/fakes';
import { orderFixture } from '../support/sales';
import { renderApp, renderSignedIn } from './render';

/* FPS and bank details: the company form's payment fields, and the printed invoice's "Pay by FPS" with its QR code. */

const LETTERHEAD = {
  ...{ nameEn: 'Harbour Pest Services Ltd.', nameZh: '海港除蟲服務有限公司', addressEn: '', addressZh: '', branchAddress: '' },
  ...{ phone: '', fax: '', email: '', website: '', brNumber: '', logoUrl: null, chopUrl: null },
  payment: { fps: { type: 'mobile' as const, value: '+852-91234567' }, bankName: 'HSBC', accountName: 'Harbour Pest Services Ltd.', accountNumber: '123-456789-001' },
};
const OPTIONS = { branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }], salespeople: [{ id: 2, name: 'Sam Lee' }], products: [], terms: [], paymentMethods: [], refundReasons: [] };
const invoiceBackend = (order: ReturnType<typeof orderFixture>) => (r: ApiRequest) =>
  r.path === '/api/orders/3' ? { status: 200, body: { order, attachments: [], appointments: [], options: OPTIONS } } : { status: 200, body: { auth: true } };

describe('the company form’s payment details', () => {
  it('checks the FPS identifier by the domain’s rule before sending, then sends the type, value and bank account', async () => {
    const { user, transport } = renderSignedIn({
      start: '/settings/companies/create',
      handler: (r) => (r.path === '/api/companies/create' ? { status: 200, body: {} } : r.method === 'POST' ? { status: 422, body: { message: 'Stop here.', errors: {} } } : { status: 200, body: { auth: true } }),
    });
    const group = await screen.findByRole('group', { name: 'Payment details' });
    expect(group).toHaveAccessibleDescription(/an invoice with a balance due shows an FPS QR code/);
    await user.type(screen.getByLabelText('English name'), 'Kowloon Cleaning Ltd');
    await user.selectOptions(within(group).getByLabelText('FPS identifier type'), 'Mobile number');
    await user.type(within(group).getByLabelText('FPS identifier'), '2123 4567');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(group).findByLabelText('FPS identifier')).toHaveAccessibleDescription('Enter a Hong Kong mobile number (8 digits, optionally after +852).');
    expect(transport.requests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.clear(within(group).getByLabelText('FPS identifier'));
    await user.type(within(group).getByLabelText('FPS identifier'), '9123 4567');
    await user.type(within(group).getByLabelText('Bank'), 'HSBC');
    await user.type(within(group).getByLabelText('Account number'), '123-456789-001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Stop here.');
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toMatchObject({ fpsType: 'mobile', fpsValue: '9123 4567', bankName: 'HSBC', bankAccountName: '', bankAccountNumber: '123-456789-001' });
  });
});

describe('the printed invoice', () => {
  it('with FPS set and a balance due: "Pay by FPS", the QR code of the invoice, the FPS identifier and the bank account, in both languages', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: invoiceBackend(orderFixture({ letterhead: LETTERHEAD, fpsQrUrl: '/api/orders/3/fps-qr.png?amount=40000' })) });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    const preview = screen.getByRole('dialog', { name: 'Print INV-2026-00003' });
    await user.click(within(preview).getByRole('radio', { name: 'Both' }));
    const payment = await within(preview).findByRole('region', { name: '付款方法 Payment' });
    expect(within(payment).getByRole('img', { name: '轉數快二維碼 FPS QR code' })).toHaveAttribute('src', '/api/orders/3/fps-qr.png?amount=40000');
    expect(payment).toHaveTextContent('以轉數快付款Pay by FPS');
    expect(payment).toHaveTextContent('手提電話Mobile+852-91234567');
    expect(payment).toHaveTextContent('銀行BankHSBC');
    expect(payment).toHaveTextContent('戶口號碼Account no.123-456789-001');
  });

  it('without FPS: the bank account only; with nothing due: no payment details at all', async () => {
    const user = userEvent.setup();
    const bankOnly = { ...LETTERHEAD, payment: { ...LETTERHEAD.payment, fps: null } };
    const { unmount } = renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: invoiceBackend(orderFixture({ letterhead: bankOnly })) });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    const payment = await screen.findByRole('region', { name: 'Payment' });
    expect(within(payment).queryByRole('img')).not.toBeInTheDocument();
    expect(payment).not.toHaveTextContent('Pay by FPS');
    expect(payment).toHaveTextContent('BankHSBC');
    unmount();

    renderApp({ start: '/orders/order/invoice/3', user: ADMIN, language: 'en', handler: invoiceBackend(orderFixture({ letterhead: LETTERHEAD, paid: 100_000, outstanding: 0, status: 'paid' })) });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    await screen.findByRole('article', { name: 'INVOICE' });
    expect(screen.queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pay by FPS')).not.toBeInTheDocument();
  });
});

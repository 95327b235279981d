import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiRequest, ApiResponse } from '../../application/ports/ApiTransport';
import { ObjectUrlFileAddresses, RELEASE_AFTER_MS } from '../../infrastructure/fake-backend/ObjectUrlFileAddresses';
import { ADMIN, FakeObjectUrls, globalTimer, type FakeTransport } from '../support/fakes';
import { orderFixture } from '../support/sales';
import { renderApp, renderSignedIn } from './render';
import { CompanyReply } from '../../contract/organisation';
import { CalendarRangeReply } from '../../contract/appointments';
import { optionsFixture } from '../support/appointments';

/* Stored pictures (profile photo, company logo and chop, on screen and on a printed document) with the back end in the page: fetched through the transport, shown from blob: addresses. */

const inPage = (urls: FakeObjectUrls) => (transport: FakeTransport) => new ObjectUrlFileAddresses(transport, urls, globalTimer);
const image = (bytes: number[]) => new Blob([new Uint8Array(bytes)], { type: 'image/png' });
const fileReply = (blob: Blob): ApiResponse => ({ status: 200, body: { blob, name: null } });

const PROFILE = { id: 1, name: 'Ada Chan', email: 'admin@example.com', language: 'en', version: 4, isAdmin: true, role: 'admin', branch: null, twoFactor: 'off' };
const OLD_PHOTO = '/api/user/profile-photo/1?v=aaaa1111';
const NEW_PHOTO = '/api/user/profile-photo/1?v=bbbb2222';

/**
 * The calendar the last test goes to, empty: its replies are read by the contract, and without them
 * the calendar would go on to the error page as soon as its code is loaded (at once when an earlier
 * test file of the worker loaded it already).
 */
function calendar(r: ApiRequest): ApiResponse | null {
  if (r.method === 'GET' && r.path === '/api/appointments') return { status: 200, body: CalendarRangeReply.parse({ events: [], holidays: [], workers: [] }) };
  if (r.method === 'GET' && r.path === '/api/appointments/filters') return { status: 200, body: optionsFixture() };
  return null;
}

function profileBackend(files: Record<string, Blob>) {
  return (r: ApiRequest): ApiResponse => {
    if (r.expect === 'file') return files[r.path] ? fileReply(files[r.path]!) : { status: 404, body: { message: 'Not found' } };
    if (r.path === '/api/user/profile') return { status: 200, body: { profile: { ...PROFILE, photoUrl: OLD_PHOTO } } };
    if (r.path === '/api/user/profile-photo' && r.method === 'PUT') return { status: 200, body: { profile: { ...PROFILE, photoUrl: NEW_PHOTO } } };
    if (r.path === '/api/user/sessions') return { status: 200, body: { sessions: [] } };
    return { status: 200, body: { auth: true } };
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stored pictures with the back end in the page', () => {
  it('the profile shows the photo fetched through the transport from a blob: address; a new photo replaces it and the old address is revoked', async () => {
    const user = userEvent.setup();
    const urls = new FakeObjectUrls();
    const oldBytes = image([1, 2, 3]);
    const { transport, unmount } = renderSignedIn({
      start: '/user/profile',
      language: 'zh-HK',
      handler: profileBackend({ [OLD_PHOTO]: oldBytes, [NEW_PHOTO]: image([4, 5, 6]) }),
      fileAddresses: inPage(urls),
    });

    const photo = await screen.findByRole('img', { name: 'Ada Chan的相片' });
    expect(photo).toHaveAttribute('src', 'blob:fake/1');
    expect(urls.created[0]?.blob).toBe(oldBytes);
    expect(transport.requests.filter((r) => r.expect === 'file')).toEqual([{ method: 'GET', path: OLD_PHOTO, expect: 'file' }]);

    await user.upload(screen.getByLabelText('選擇相片'), new File([new Uint8Array([4, 5, 6])], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Ada Chan的相片' })).toHaveAttribute('src', 'blob:fake/2'));
    expect(transport.requests.filter((r) => r.expect === 'file').map((r) => r.path)).toEqual([OLD_PHOTO, NEW_PHOTO]);
    await waitFor(() => expect(urls.revoked).toEqual(['blob:fake/1']), { timeout: RELEASE_AFTER_MS * 3 });

    // Leaving the screen gives up the address of the photo it showed.
    unmount();
    await waitFor(() => expect(urls.live).toEqual([]), { timeout: RELEASE_AFTER_MS * 3 });
  });

  it('with the real server the photo is its own address and the app asks for nothing more', async () => {
    const { transport } = renderApp({ start: '/user/profile', user: ADMIN, language: 'zh-HK', handler: profileBackend({}) });
    expect(await screen.findByRole('img', { name: 'Ada Chan的相片' })).toHaveAttribute('src', OLD_PHOTO);
    expect(transport.requests.filter((r) => r.expect === 'file')).toEqual([]);
  });

  it('the company form shows the logo from a blob: address, and names a chop that could not be had by its text', async () => {
    const urls = new FakeObjectUrls();
    const { company } = CompanyReply.parse({
      company: {
        id: 1,
        nameEn: 'Harbour Pest Services Ltd.',
        nameZh: '海港除蟲服務有限公司',
        ...{ addressEn: '', addressZh: '', phone: '', fax: '', email: '', website: '', brNumber: '' },
        ...{ quotationPrefix: '', invoicePrefix: '', receiptPrefix: '', refundPrefix: '' },
        ...{ fpsType: null, fpsValue: '', bankName: '', bankAccountName: '', bankAccountNumber: '' },
        logoUrl: '/api/companies/1/logo?v=aaaa1111',
        chopUrl: '/api/companies/1/chop?v=bbbb2222',
        version: 3,
      },
    });
    renderSignedIn({
      start: '/settings/companies/1',
      handler: (r) =>
        r.expect === 'file'
          ? r.path === company.logoUrl
            ? fileReply(image([7]))
            : { status: 404, body: { message: 'Not found' } }
          : r.path === '/api/companies/1'
            ? { status: 200, body: { company } }
            : { status: 200, body: { auth: true } },
      fileAddresses: inPage(urls),
    });
    const logo = await screen.findByRole('img', { name: "The company's logo" });
    await waitFor(() => expect(logo).toHaveAttribute('src', 'blob:fake/1'));
    const chop = await screen.findByRole('img', { name: "The company's chop" });
    expect(chop.tagName).toBe('SPAN');
    expect(chop).not.toHaveAttribute('src');
    expect(urls.created).toHaveLength(1);
  });

  it('a printed invoice waits for its letterhead logo and chop to be drawn before the print dialog opens, and leaves nothing unsaved', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const urls = new FakeObjectUrls();
    const letterhead = {
      nameEn: 'Harbour Pest Services Ltd.',
      nameZh: '海港除蟲服務有限公司',
      addressEn: '',
      addressZh: '',
      branchAddress: '',
      phone: '',
      fax: '',
      email: '',
      website: '',
      brNumber: '',
      logoUrl: '/api/companies/1/logo?v=aaaa1111',
      chopUrl: '/api/companies/1/chop?v=bbbb2222',
      payment: null,
    };
    const order = orderFixture({
      subtotal: 80_000,
      total: 80_000,
      paid: 0,
      outstanding: 80_000,
      status: 'outstanding',
      items: [{ id: 1, productId: 5, productCode: 'TM-INSP', descriptionEn: 'Termite inspection', descriptionZh: '白蟻視察', quantity: 100, unit: 'visit', unitPrice: 80_000, lineTotal: 80_000 }],
      letterhead,
    });
    const options = { branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }], salespeople: [{ id: 2, name: 'Sam Lee' }], products: [], terms: [], paymentMethods: [], refundReasons: [] };
    const { navigator } = renderSignedIn({
      start: '/orders/order/invoice/3',
      handler: (r) =>
        r.expect === 'file'
          ? fileReply(image([8]))
          : r.path === '/api/orders/3'
            ? { status: 200, body: { order, attachments: [], appointments: [], options } }
            : calendar(r) ?? { status: 200, body: { auth: true } },
      fileAddresses: inPage(urls),
    });
    await user.click(await screen.findByRole('button', { name: 'Print' }));
    const preview = screen.getByRole('dialog', { name: 'Print INV-2026-00003' });
    const sheet = await within(preview).findByRole('article', { name: 'INVOICE' });
    await waitFor(() => expect(sheet.querySelectorAll('img')).toHaveLength(2));
    const [logo, chop] = [sheet.querySelector('img.letterhead-logo')!, sheet.querySelector('img.chop')!];
    expect([logo.getAttribute('src'), chop.getAttribute('src')].sort()).toEqual(['blob:fake/1', 'blob:fake/2']);

    await user.click(within(preview).getByRole('button', { name: 'Print' }));
    fireEvent.load(logo);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(print).not.toHaveBeenCalled();
    fireEvent.load(chop);
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));

    // Looking at the print view changed nothing: the invoice is left without a question.
    await user.click(within(preview).getByRole('button', { name: 'Close' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(navigator.current().path).toBe('/calendar'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

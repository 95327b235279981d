import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { appointmentFixture, clientChoiceFixture, optionsFixture, orderSummaryFixture, overlapFixture, reportFixture, visitFixture, workerFixture } from '../support/appointments';
import { ADMIN } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';

const OPTIONS = optionsFixture();
const CLIENT = clientChoiceFixture();
const APPOINTMENT = appointmentFixture();
const VISIT = visitFixture();
const OTHER_CLIENT = clientChoiceFixture({ id: 5, code: 'C000005', nameEn: 'Chan Tai Man', nameZh: '陳大文', branchId: 1, addresses: [] });
const ORDER = orderSummaryFixture();
const ORDER_2 = orderSummaryFixture({ id: 3, number: 'INV-2026-00003', date: '2026-10-02', total: 45050, paid: 45050, voided: false });
const OVERLAP = overlapFixture();

function backend(extra: (r: ApiRequest) => { status: number; body: unknown } | null = () => null) {
  return (r: ApiRequest) => {
    const answer = extra(r);
    if (answer) return answer;
    if (r.path === '/api/appointments/create') return { status: 200, body: { options: OPTIONS, defaults: { date: '2026-12-07', branchId: 1, client: null } } };
    if (r.path === '/api/appointments/clients') return { status: 200, body: { items: [CLIENT] } };
    if (r.path === '/api/appointments/overlaps') return { status: 200, body: { overlaps: [] } };
    if (r.path === '/api/appointments/12' && r.method === 'GET') return { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: r.query?.tab ?? 'appointment', options: OPTIONS, order: null } };
    return { status: 200, body: { auth: true } };
  };
}

const posts = (requests: ApiRequest[], path: string) => requests.filter((r) => r.method !== 'GET' && r.path === path);

describe('the appointment form', () => {
  it('shows every problem at once, beside its field, without calling the server', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/calendar/appointment/create', user: ADMIN, language: 'en', handler: backend() });
    await user.clear(await screen.findByLabelText('Start time'));
    await user.type(screen.getByLabelText('Start time'), '11:00');
    await user.clear(screen.getByLabelText('End time'));
    await user.type(screen.getByLabelText('End time'), '10:00');
    await user.selectOptions(screen.getByLabelText('Repeat'), 'weekly');
    await user.click(screen.getByRole('radio', { name: 'On a date' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please correct the fields marked below.')).toBeInTheDocument();
    expect(screen.getByLabelText('Client')).toHaveAccessibleDescription('Choose a client.');
    expect(screen.getByRole('group', { name: 'Workers' })).toHaveAccessibleDescription('Choose at least one worker.');
    expect(screen.getByLabelText('End time')).toHaveAccessibleDescription('The end time must be after the start time.');
    expect(screen.getByLabelText('Last day')).toHaveAccessibleDescription('Enter the last day.');
    expect(posts(transport.requests, '/api/appointments')).toEqual([]);
  });

  it('says so, beside the last day, when a week-of-month series would have no visit at all (issue 18)', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/calendar/appointment/create', user: ADMIN, language: 'en', handler: backend() });
    // Monday 7 December 2026 is a 1st Monday: "2nd Monday" first falls on the 14th.
    await user.selectOptions(await screen.findByLabelText('Repeat', {}, { timeout: 15_000 }), 'monthly_weekday');
    await user.selectOptions(screen.getByLabelText('Week of the month'), '2');
    await user.click(screen.getByRole('radio', { name: 'On a date' }));
    await user.type(screen.getByLabelText('Last day'), '2026-12-10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Last day')).toHaveAccessibleDescription('No visit falls on or before this last day: the first one would be on 2026-12-14.');
    expect(posts(transport.requests, '/api/appointments')).toEqual([]);
  });

  it('creates a weekly appointment: client found by search, address and area from the client, several workers, an end by count', async () => {
    const { user, transport, navigator } = renderSignedIn({
      start: '/calendar/appointment/create',
      language: 'zh-HK',
      handler: backend((r) => (r.method === 'POST' && r.path === '/api/appointments' ? { status: 201, body: { appointment: { id: 12, date: '2026-12-07' }, overlaps: [] } } : null)),
    });
    await user.type(await screen.findByLabelText('以名稱、編號或電話搜尋客戶'), '金龍');
    await user.click(screen.getByRole('button', { name: '搜尋客戶' }));
    await user.selectOptions(await screen.findByLabelText('客戶'), '2');
    expect(screen.getByLabelText('地址')).toHaveValue('九龍旺角彌敦道 600 號地下');
    expect(screen.getByLabelText('地區')).toHaveValue('5');
    await user.click(screen.getByRole('checkbox', { name: 'Sam Lee' }));
    await user.click(screen.getByRole('checkbox', { name: 'Wing Wong' }));
    await user.clear(screen.getByLabelText('開始時間'));
    await user.type(screen.getByLabelText('開始時間'), '14:00');
    await user.clear(screen.getByLabelText('結束時間'));
    await user.type(screen.getByLabelText('結束時間'), '15:30');
    await user.selectOptions(screen.getByLabelText('重複'), 'monthly_weekday');
    await user.selectOptions(screen.getByLabelText('每月第幾個星期'), '-1');
    await user.clear(screen.getByRole('spinbutton', { name: '次數' }));
    await user.type(screen.getByRole('spinbutton', { name: '次數' }), '6');
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(navigator.current().path).toBe('/calendar/appointment/12'));
    expect(posts(transport.requests, '/api/appointments')[0]?.body).toEqual({
      clientId: 2,
      address: '九龍旺角彌敦道 600 號地下',
      areaId: 5,
      branchId: 1,
      appointmentType: '',
      workerIds: [2, 3],
      notes: '',
      date: '2026-12-07',
      startTime: '14:00',
      endTime: '15:30',
      allDay: false,
      recurrence: { freq: 'monthly_weekday', week: -1 },
      end: { kind: 'count', count: 6 },
      orderId: null,
    });
  });

  it("links one of the chosen client's invoices on creating; choosing another client clears the choice", async () => {
    const { user, transport, navigator } = renderSignedIn({
      start: '/calendar/appointment/create',
      handler: backend((r) => {
        if (r.path === '/api/appointments/clients') return { status: 200, body: { items: [CLIENT, OTHER_CLIENT] } };
        if (r.path === '/api/appointments/orders') return { status: 200, body: { items: r.query?.client_id === 2 ? [ORDER, ORDER_2] : [] } };
        if (r.method === 'POST' && r.path === '/api/appointments') return { status: 201, body: { appointment: { id: 12, date: '2026-12-07' }, overlaps: [] } };
        return null;
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Search clients' }));
    await user.selectOptions(await screen.findByLabelText('Client'), '2');
    const invoice = await screen.findByRole('combobox', { name: 'Invoice' });
    await waitFor(() => expect(within(invoice).getAllByRole('option').map((o) => o.textContent)).toEqual(['No invoice', 'INV-2026-00007 · 2026-11-30 · HK$1,200.00', 'INV-2026-00003 · 2026-10-02 · HK$450.50']));
    await user.selectOptions(invoice, '7');
    expect(invoice).toHaveValue('7');
    await user.selectOptions(screen.getByLabelText('Client'), '5');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Invoice' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['This client has no invoices to link']));
    expect(screen.getByRole('combobox', { name: 'Invoice' })).toHaveValue('');
    await user.selectOptions(screen.getByLabelText('Client'), '2');
    await waitFor(() => expect(within(screen.getByRole('combobox', { name: 'Invoice' })).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByRole('combobox', { name: 'Invoice' })).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Invoice' }), '3');
    await user.click(screen.getByRole('checkbox', { name: 'Wing Wong' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(navigator.current().path).toBe('/calendar/appointment/12'));
    expect(posts(transport.requests, '/api/appointments')[0]?.body).toMatchObject({ clientId: 2, workerIds: [3], orderId: 3 });
    expect(transport.requests.filter((r) => r.path === '/api/appointments/orders').map((r) => r.query?.client_id)).toEqual([2, 5, 2]);
  });

  it('shows no invoice picker to a user who may not see orders, and sends no order', async () => {
    const booker = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'booker', permissions: ['appointment_view' as const, 'appointment_create' as const] } };
    const { user, transport } = renderSignedIn({
      start: '/calendar/appointment/create',
      user: booker,
      handler: backend((r) => (r.method === 'POST' && r.path === '/api/appointments' ? { status: 201, body: { appointment: { id: 12, date: '2026-12-07' }, overlaps: [] } } : null)),
    });
    await user.click(await screen.findByRole('button', { name: 'Search clients' }));
    await user.selectOptions(await screen.findByLabelText('Client'), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Wing Wong' }));
    expect(screen.queryByRole('combobox', { name: 'Invoice' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(transport.requests, '/api/appointments')).toHaveLength(1));
    expect(posts(transport.requests, '/api/appointments')[0]?.body).toMatchObject({ clientId: 2, orderId: null });
    expect(transport.requests.some((r) => r.path === '/api/appointments/orders')).toBe(false);
  });

  // A clash of times, never "repeat": 重複預約 reads as a recurring appointment (issue 31, item 23).
  it.each([
    ['en', 'End time', 'Time clash: a worker already has another appointment at this time.', 'Wing Wong: 2026-12-14 14:30–16:00 (Chan Tai Man)'],
    ['zh-HK', '結束時間', '時間衝突：工作人員在這段時間已有其他預約。', 'Wing Wong：2026-12-14 14:30–16:00（陳大文）'],
  ] as const)('warns of a time clash (double-booking) while the schedule is typed (%s)', async (language, endTime, title, item) => {
    const user = userEvent.setup();
    renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language, handler: backend((r) => (r.path === '/api/appointments/overlaps' ? { status: 200, body: { overlaps: [OVERLAP] } } : null)) });
    await user.clear(await screen.findByLabelText(endTime));
    await user.type(screen.getByLabelText(endTime), '16:00');
    const warning = (await screen.findByText(title, {}, { timeout: 3000 })).closest('[role="status"]')!;
    expect(within(warning as HTMLElement).getByText(item)).toBeInTheDocument();
    expect(warning.textContent).not.toMatch(/重複|repeat/i);
  });

  it('asks "this one only" or "this and future ones" on saving a repeating appointment, and sends the choice with the visit and version', async () => {
    const { user, transport } = renderSignedIn({
      start: '/calendar/appointment/12?date=2026-12-14',
      handler: backend((r) => (r.method === 'PUT' ? { status: 200, body: { appointment: { id: 13, date: '2026-12-15' }, overlaps: [] } } : null)),
    });
    const date = await screen.findByLabelText('Date of this visit');
    expect(date).toHaveValue('2026-12-14');
    await user.clear(date);
    await user.type(date, '2026-12-15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save a repeating appointment' });
    expect(within(dialog).getByRole('radio', { name: 'This one only' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'This and future ones' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts(transport.requests, '/api/appointments/12')).toHaveLength(1));
    expect(posts(transport.requests, '/api/appointments/12')[0]?.body).toMatchObject({ version: 4, occurrence: '2026-12-14', scope: 'future', date: '2026-12-15', workerIds: [3], recurrence: { freq: 'weekly' }, end: { kind: 'count', count: 6 } });
  });

  it('keeps what was typed when the save is stale (409) and offers the latest version', async () => {
    const user = userEvent.setup();
    const conflict = 'Someone else changed this record while you were editing. Your changes are kept; review them and save again.';
    renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'en', handler: backend((r) => (r.method === 'PUT' ? { status: 409, body: { message: conflict } } : null)) });
    await user.type(await screen.findByLabelText('Notes'), 'Bring ladder');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Bring ladder');
    expect(screen.getByRole('button', { name: 'Load the latest version' })).toBeInTheDocument();
  });

  it('loads the latest version when asked after a stale save, discarding what was typed', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'en', handler: backend((r) => (r.method === 'PUT' ? { status: 409, body: { message: 'Someone else changed this record.' } } : null)) });
    await user.type(await screen.findByLabelText('Notes'), 'Bring ladder');
    expect(screen.queryByRole('button', { name: 'Load the latest version' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/appointments/12')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue(''));
    expect(screen.queryByRole('button', { name: 'Load the latest version' })).not.toBeInTheDocument();
  });

  it('is read-only for a user without appointment_edit, and the invoice tab offers to create an invoice', async () => {
    const viewer = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'viewer', permissions: ['appointment_view' as const, 'order_view' as const, 'order_create' as const] } };
    const user = userEvent.setup();
    renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: viewer, language: 'en', handler: backend() });
    expect(await screen.findByLabelText('Notes')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as completed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Invoice' }));
    expect(await screen.findByRole('link', { name: 'Create an invoice' })).toHaveAttribute('href', '/orders/order/invoice/create?client_id=2&appointment_id=12');
  });

  it('deletes a repeating appointment after asking "this one only" or "this and future ones", sending the choice with the visit and version', async () => {
    const { user, transport, navigator } = renderSignedIn({
      start: '/calendar/appointment/12?date=2026-12-14',
      handler: backend((r) => (r.method === 'DELETE' && r.path === '/api/appointments/12' ? { status: 200, body: { deleted: false } } : null)),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete appointment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete a repeating appointment' });
    expect(within(dialog).getByRole('radio', { name: 'This one only' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(transport.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete appointment' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete a repeating appointment' });
    await user.click(within(dialog).getByRole('radio', { name: 'This and future ones' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete appointment' }));
    await waitFor(() => expect(navigator.current().path).toBe('/calendar'));
    expect(transport.requests.filter((r) => r.method === 'DELETE').map((r) => [r.path, r.body])).toEqual([['/api/appointments/12', { version: 4, occurrence: '2026-12-14', scope: 'future' }]]);
  });
});

describe('confirming a deletion or a cancellation', () => {
  it('opens the delete dialog of a repeating appointment on Cancel, styles Delete as destructive, and Enter never deletes', async () => {
    const { user, transport } = renderSignedIn({
      start: '/calendar/appointment/12?date=2026-12-14',
      handler: backend((r) => (r.method === 'DELETE' && r.path === '/api/appointments/12' ? { status: 200, body: { deleted: false } } : null)),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete appointment' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete a repeating appointment' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete appointment' })).toHaveClass('button-danger');
    // Enter on the focused Cancel closes the dialog.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Enter on a chosen radio does not delete either: only the Delete button does.
    await user.click(screen.getByRole('button', { name: 'Delete appointment' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete a repeating appointment' });
    await user.click(within(dialog).getByRole('radio', { name: 'This and future ones' }));
    expect(within(dialog).getByRole('radio', { name: 'This and future ones' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Delete a repeating appointment' })).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('opens the cancel-visit dialog on “Keep the visit”, styles the cancellation as destructive, and Enter never cancels', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'en', handler: backend() });
    await user.click(await screen.findByRole('button', { name: 'Cancel this visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this visit' });
    expect(within(dialog).getByRole('button', { name: 'Keep the visit' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cancel the visit' })).toHaveClass('button-danger');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts(transport.requests, '/api/appointments/12/visits/2026-12-14/status')).toEqual([]);
  });
});

describe('the invoice tab', () => {
  /** The appointment's server: its linked order and version change with each PUT of /order. */
  function linking() {
    let linked: typeof ORDER | null = null;
    let version = 4;
    return backend((r) => {
      if (r.path === '/api/appointments/12' && r.method === 'GET') {
        return { status: 200, body: { appointment: { ...APPOINTMENT, orderId: linked?.id ?? null, version }, occurrence: VISIT, tab: 'invoice', order: linked, orders: [ORDER, ORDER_2] } };
      }
      if (r.path === '/api/appointments/12/order' && r.method === 'PUT') {
        const body = r.body as { orderId: number | null; version: number };
        if (body.version !== version) return { status: 409, body: { message: 'Someone else changed this record.' } };
        linked = [ORDER, ORDER_2].find((o) => o.id === body.orderId) ?? null;
        version += 1;
        return { status: 200, body: { appointment: { id: 12, orderId: body.orderId, version }, order: linked } };
      }
      return null;
    });
  }

  it("links one of the client's existing invoices, then unlinks it", async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/calendar/invoice/12?date=2026-12-14', user: ADMIN, language: 'en', handler: linking() });
    expect(await screen.findByText('No invoice is linked to this appointment yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(screen.getByRole('combobox', { name: 'Link an existing invoice' })).toHaveAccessibleDescription('Choose the invoice to link.');
    expect(posts(transport.requests, '/api/appointments/12/order')).toEqual([]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Link an existing invoice' }), 'INV-2026-00007 · 2026-11-30 · HK$1,200.00');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByRole('link', { name: 'Open invoice INV-2026-00007' })).toHaveAttribute('href', '/orders/order/invoice/7');
    expect(screen.getByText('The invoice has been linked to this appointment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlink invoice INV-2026-00007' }));
    expect(await screen.findByText('No invoice is linked to this appointment yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open invoice INV-2026-00007' })).not.toBeInTheDocument();
    expect(posts(transport.requests, '/api/appointments/12/order').map((r) => r.body)).toEqual([
      { orderId: 7, version: 4 },
      { orderId: null, version: 5 },
    ]);
  });

  it('a stale link (409) says so and offers the latest version, which loads the appointment again', async () => {
    const user = userEvent.setup();
    const stale = backend((r) => {
      if (r.path === '/api/appointments/12' && r.method === 'GET') return { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: 'invoice', order: null, orders: [ORDER] } };
      if (r.path === '/api/appointments/12/order' && r.method === 'PUT') return { status: 409, body: { message: 'Someone else changed this record.' } };
      return null;
    });
    const { transport } = renderApp({ start: '/calendar/invoice/12?date=2026-12-14', user: ADMIN, language: 'en', handler: stale });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Link an existing invoice' }), 'INV-2026-00007 · 2026-11-30 · HK$1,200.00');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Someone else changed this record.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(transport.requests.filter((r) => r.method === 'GET' && r.path === '/api/appointments/12')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load the latest version' })).not.toBeInTheDocument());
  });

  it('offers no linking without appointment_edit', async () => {
    const viewer = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'viewer', permissions: ['appointment_view' as const, 'order_view' as const] } };
    renderApp({ start: '/calendar/invoice/12?date=2026-12-14', user: viewer, language: 'en', handler: linking() });
    expect(await screen.findByText('No invoice is linked to this appointment yet.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Link an existing invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link' })).not.toBeInTheDocument();
  });

  it('shows a user without order_view no invoice tab, and its address the no-permission page (issue 31 item 21)', async () => {
    const editor = { ...ADMIN, isAdmin: false, role: { id: 4, name: 'worker', permissions: ['appointment_view' as const, 'appointment_edit' as const] } };
    const { unmount } = renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: editor, language: 'en', handler: linking() });
    const tabs = await screen.findByRole('navigation', { name: 'Appointment tabs' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Appointment', 'Completed report']);
    unmount();
    const { transport } = renderApp({ start: '/calendar/invoice/12?date=2026-12-14', user: editor, language: 'en', handler: linking() });
    expect(await screen.findByText('You do not have permission to open this page. Ask an administrator if you need access.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.query?.tab === 'invoice')).toEqual([]);
  });
});

describe('canceling a visit', () => {
  const REASONS = [
    { value: 'client_request', nameEn: 'Client request', nameZh: '客戶要求' },
    { value: 'weather', nameEn: 'Bad weather', nameZh: '天氣惡劣' },
  ];
  /** The visit, its usual cancellation reasons, and a status change answered as the server does (or as `refuse` says). */
  const canceling = (refuse: { status: number; body: unknown } | null = null) =>
    backend((r) => {
      if (r.path === '/api/appointments/12' && r.method === 'GET') return { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: 'appointment', options: OPTIONS, order: null, cancellationReasons: REASONS } };
      if (r.method === 'POST' && r.path === '/api/appointments/12/visits/2026-12-14/status') {
        const body = r.body as { status: string; reason?: string };
        return refuse ?? { status: 200, body: { status: body.status, visitVersion: 1, transitions: [], cancelReason: body.reason ?? '' } };
      }
      return null;
    });
  const statusPosts = (requests: ApiRequest[]) => posts(requests, '/api/appointments/12/visits/2026-12-14/status').map((r) => r.body);

  it('asks for a reason first: a usual one (in the interface language) fills the reason, which is sent and then shown on the visit', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'zh-HK', handler: canceling() });
    await user.click(await screen.findByRole('button', { name: '取消此到訪' }));
    const dialog = await screen.findByRole('dialog', { name: '取消此到訪' });
    // Nothing is sent until the cancellation is confirmed; keeping the visit sends nothing.
    await user.click(within(dialog).getByRole('button', { name: '保留到訪' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusPosts(transport.requests)).toEqual([]);

    await user.click(screen.getByRole('button', { name: '取消此到訪' }));
    const again = await screen.findByRole('dialog', { name: '取消此到訪' });
    const usual = within(again).getByLabelText('常用原因');
    expect(within(usual).getAllByRole('option').map((o) => o.textContent)).toEqual(['其他原因（請在下方輸入）', '客戶要求', '天氣惡劣']);
    await user.selectOptions(usual, '天氣惡劣');
    expect(within(again).getByLabelText('取消原因（選填）')).toHaveValue('天氣惡劣');
    await user.click(within(again).getByRole('button', { name: '確定取消到訪' }));
    expect(await screen.findByText('取消原因：天氣惡劣')).toBeInTheDocument();
    expect(statusPosts(transport.requests)).toEqual([{ status: 'canceled', version: 0, reason: '天氣惡劣' }]);
    // Canceled is final: no more status buttons.
    expect(screen.queryByRole('button', { name: '取消此到訪' })).not.toBeInTheDocument();
  });

  it('takes a reason typed in full, or none at all', async () => {
    const user = userEvent.setup();
    const typed = renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'en', handler: canceling() });
    await user.click(await screen.findByRole('button', { name: 'Cancel this visit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this visit' });
    await user.type(within(dialog).getByLabelText('Reason for canceling (optional)'), 'Moving house, will call back');
    expect(within(dialog).getByLabelText('Usual reason')).toHaveDisplayValue('Another reason (type it below)');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    expect(await screen.findByText('Reason for canceling: Moving house, will call back')).toBeInTheDocument();
    expect(statusPosts(typed.transport.requests)).toEqual([{ status: 'canceled', version: 0, reason: 'Moving house, will call back' }]);
    typed.unmount();

    const none = renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'en', handler: canceling() });
    await user.click(await screen.findByRole('button', { name: 'Cancel this visit' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this visit' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(statusPosts(none.transport.requests)).toEqual([{ status: 'canceled', version: 0 }]);
    expect(screen.queryByText(/Reason for canceling:/)).not.toBeInTheDocument();
  });

  it('keeps the dialog and the reason open with the server’s message under the reason when refused', async () => {
    const user = userEvent.setup();
    const message = 'The reason may be at most 500 characters.';
    renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'en', handler: canceling({ status: 422, body: { message, errors: { reason: [message] } } }) });
    await user.click(await screen.findByRole('button', { name: 'Cancel this visit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this visit' });
    await user.type(within(dialog).getByLabelText('Reason for canceling (optional)'), 'Too long');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason for canceling (optional)')).toHaveValue('Too long');
    expect(screen.getByText('In progress')).toBeInTheDocument();
  });
});

describe('the printed completed report', () => {
  const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const REPORT = reportFixture({
    version: 3,
    status: 'in_progress',
    editable: true,
    workDone: '廚房施放膠餌',
    findings: '',
    pestsFound: '德國蟑螂',
    productsUsed: [{ productId: 1, quantity: 1200, note: '', code: 'CR-GEL', nameEn: 'Cockroach gel', nameZh: '蟑螂膠餌', unit: 'visit', activeIngredient: 'Fipronil 0.05%' }],
    clientSignature: PNG,
    clientSigner: '李經理',
    // 23:30 UTC is 07:30 the next morning in Hong Kong.
    clientSignedAt: '2026-12-13T23:30:00.000Z',
    workerSignature: PNG,
    workerSigner: 'Wing Wong',
    workerSignedAt: '2026-12-14T06:05:00.000Z',
    reportedBy: 'Wing Wong',
    reportedAt: '2026-12-14T06:00:00.000Z',
    photos: [{ id: 8, name: 'kitchen.jpg', contentType: 'image/jpeg', sizeBytes: 1200, tag: 'before', uploadedBy: 'Wing Wong', uploadedAt: '2026-12-14T06:00:00.000Z', downloadUrl: '/api/appointments/12/photos/8' }],
  });

  const withReport = backend((r) =>
    r.path === '/api/appointments/12' && r.method === 'GET' ? { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: 'report', options: OPTIONS, order: null, report: REPORT, products: [], company: null } } : null,
  );

  it('prints the units in its language, the photos, and when each signature was made in Hong Kong time', async () => {
    const user = userEvent.setup();
    renderApp({ start: '/calendar/completed-report/12?date=2026-12-14', user: ADMIN, language: 'zh-HK', handler: withReport });
    const printed = await screen.findByRole('article', { name: '完工報告', hidden: true });
    await waitFor(() => expect(printed).toHaveTextContent('12 次'));
    expect(printed).not.toHaveTextContent('12 visit');
    expect(within(printed).getByRole('img', { name: 'kitchen.jpg', hidden: true })).toBeInTheDocument();
    expect(printed).toHaveTextContent('李經理 2026年12月14日 上午7:30');
    expect(printed).toHaveTextContent('Wing Wong 2026年12月14日 下午2:05');
    expect(printed).toHaveTextContent('2026年12月14日');
    // The worker's report (issue 22): pests found, the product's active ingredient, the photo's tag.
    expect(printed).toHaveTextContent('所見害蟲德國蟑螂');
    expect(printed).toHaveTextContent('CR-GEL 蟑螂膠餌 (有效成分: Fipronil 0.05%)');
    expect(printed).toHaveTextContent('工作前 · kitchen.jpg');
    await user.selectOptions(screen.getByLabelText('列印語言'), 'en');
    const english = await screen.findByRole('article', { name: 'Completed report', hidden: true });
    expect(english).toHaveTextContent('12 visits');
    expect(english).not.toHaveTextContent('次');
  });
});

describe('the completed report form', () => {
  it('says each wrong product row beside it without sending, then saves and says so', async () => {
    const user = userEvent.setup();
    const gel = { id: 1, code: 'CR-GEL', nameEn: 'Cockroach gel', nameZh: '蟑螂膠餌', unit: 'visit', activeIngredient: '' };
    const handler = backend((r) =>
      r.path === '/api/appointments/12' && r.method === 'GET'
        ? { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: 'report', options: OPTIONS, order: null, report: reportFixture(), products: [gel], company: null } }
        : r.method === 'PUT' && r.path.endsWith('/report')
          ? { status: 200, body: { report: reportFixture({ version: 1, workDone: 'Gel', productsUsed: [{ productId: 1, quantity: 150, note: '', code: 'CR-GEL', nameEn: 'Cockroach gel', nameZh: '蟑螂膠餌', unit: 'visit', activeIngredient: '' }] }) } }
          : null,
    );
    const { transport } = renderApp({ start: '/calendar/completed-report/12?date=2026-12-14', user: ADMIN, language: 'en', handler });
    await user.type(await screen.findByLabelText('Work done'), 'Gel');
    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    const row = screen.getByRole('group', { name: 'Product 1' });
    await user.clear(within(row).getByLabelText('Quantity'));
    await user.type(within(row).getByLabelText('Quantity'), '0');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText('Please correct the fields marked below.')).toBeInTheDocument();
    expect(within(row).getByLabelText('Product')).toHaveAccessibleDescription('Choose a product.');
    expect(within(row).getByLabelText('Quantity')).toHaveAccessibleDescription('Enter a quantity above zero.');
    expect(transport.requests.filter((r) => r.method === 'PUT')).toEqual([]);

    await user.selectOptions(within(row).getByLabelText('Product'), '1');
    await user.clear(within(row).getByLabelText('Quantity'));
    await user.type(within(row).getByLabelText('Quantity'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText('The completed report has been saved.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Please correct the fields marked below.')).toBeNull();
    expect(transport.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { workDone: 'Gel', findings: '', pestsFound: '', areasTreated: '', productsUsed: [{ productId: 1, quantity: 150, note: '' }], clientSigner: '', version: VISIT.visitVersion },
    ]);
  });
});

describe('a photo added to the completed report (issue 31 item 12)', () => {
  it('keeps the words typed and not yet saved; Save then sends them with the visit’s new version', async () => {
    const user = userEvent.setup();
    const withPhoto = reportFixture({ version: 4, photos: [{ id: 9, name: 'sink.jpg', contentType: 'image/jpeg', sizeBytes: 900, tag: null, uploadedBy: 'Ada Chan', uploadedAt: '2026-12-14T06:00:00.000Z', downloadUrl: '/api/appointments/12/photos/9' }] });
    const handler = backend((r) =>
      r.path === '/api/appointments/12' && r.method === 'GET'
        ? { status: 200, body: { appointment: APPOINTMENT, occurrence: VISIT, tab: 'report', options: OPTIONS, order: null, report: reportFixture(), products: [], company: null } }
        : r.method === 'POST' && r.path.endsWith('/photos')
          ? { status: 201, body: { report: withPhoto } }
          : r.method === 'PUT' && r.path.endsWith('/report')
            ? { status: 200, body: { report: reportFixture({ version: 5, findings: 'Droppings by the sink' }) } }
            : null,
    );
    const { transport } = renderApp({ start: '/calendar/completed-report/12?date=2026-12-14', user: ADMIN, language: 'en', handler });
    await user.type(await screen.findByLabelText('Findings'), 'Droppings by the sink');
    await user.upload(screen.getByLabelText('Add a photo'), new File([new Uint8Array([0xff, 0xd8, 0xff])], 'sink.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('sink.jpg has been added.')).toBeInTheDocument();
    expect(screen.getByLabelText('Findings')).toHaveValue('Droppings by the sink');
    await user.click(screen.getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText('The completed report has been saved.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([expect.objectContaining({ findings: 'Droppings by the sink', version: 4 })]);
  });
});

describe('who signs as the worker (issue 18)', () => {
  it('offers the visit\'s own workers, the signed-in one first when they work it, in both languages', async () => {
    const withTwo = backend((r) =>
      r.path === '/api/appointments/12' && r.method === 'GET'
        ? {
            status: 200,
            body: {
              appointment: { ...APPOINTMENT, workerIds: [3, 1], workers: [workerFixture({ color: null }), workerFixture({ id: 1, name: 'Ada Chan', color: null }), workerFixture({ id: 5, name: 'Not on this visit', color: null })] },
              occurrence: VISIT,
              tab: 'report',
              options: OPTIONS,
              order: null,
              report: reportFixture(),
              products: [],
              company: null,
            },
          }
        : null,
    );
    const english = renderApp({ start: '/calendar/completed-report/12?date=2026-12-14', user: ADMIN, language: 'en', handler: withTwo });
    const signer = await screen.findByLabelText('Worker who signs');
    expect(within(signer).getAllByRole('option').map((o) => o.textContent)).toEqual(['Wing Wong', 'Ada Chan']);
    expect(signer).toHaveDisplayValue('Ada Chan');
    english.unmount();
    renderApp({ start: '/calendar/completed-report/12?date=2026-12-14', user: ADMIN, language: 'zh-HK', handler: withTwo });
    expect(await screen.findByLabelText('簽名員工')).toHaveDisplayValue('Ada Chan');
  });
});

describe('completing a visit dated after today', () => {
  it('says the server’s warning and completes it only when the person goes on', async () => {
    const user = userEvent.setup();
    const warning = 'This visit is on 2026-12-14, after today. Complete it before its day only if the work is really done: confirm to go on.';
    const { transport } = renderSignedIn({
      start: '/calendar/appointment/12?date=2026-12-14',
      handler: backend((r) => {
        if (r.path !== '/api/appointments/12/visits/2026-12-14/status') return null;
        const body = r.body as { confirmFuture?: boolean };
        return body.confirmFuture ? { status: 200, body: { status: 'ended', visitVersion: 1, transitions: ['auditing', 'pending_recheck'], cancelReason: '' } } : { status: 422, body: { message: 'x', errors: { confirmFuture: [warning] } } };
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark as completed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(warning);
    await user.click(screen.getByRole('button', { name: 'Complete it anyway' }));
    await waitFor(() => expect(posts(transport.requests, '/api/appointments/12/visits/2026-12-14/status').map((r) => (r.body as { confirmFuture?: boolean }).confirmFuture)).toEqual([undefined, true]));
    expect(screen.queryByRole('button', { name: 'Complete it anyway' })).not.toBeInTheDocument();
  });
});

describe('the status a visit reads as (issue 18 #31)', () => {
  /** The server's reply for a visit next month: stored in progress, shown as scheduled until it starts. */
  const scheduled = (r: ApiRequest) =>
    r.path === '/api/appointments/12' && r.method === 'GET' ? { status: 200, body: { appointment: APPOINTMENT, occurrence: { ...VISIT, shownStatus: 'scheduled' }, tab: 'appointment', options: OPTIONS, order: null } } : null;

  it('shows a visit that has not started as 已排期, not 進行中', async () => {
    renderApp({ start: '/calendar/appointment/12?date=2026-12-14', user: ADMIN, language: 'zh-HK', handler: backend(scheduled) });
    expect(await screen.findByText('已排期')).toHaveClass('badge');
    expect(screen.queryByText('進行中')).not.toBeInTheDocument();
  });

  it('shows it as Scheduled in English, and by its new status once moved on', async () => {
    const { user } = renderSignedIn({
      start: '/calendar/appointment/12?date=2026-12-14',
      handler: backend((r) =>
        r.method === 'POST' && r.path === '/api/appointments/12/visits/2026-12-14/status' ? { status: 200, body: { status: 'on_hold', visitVersion: 1, transitions: ['in_progress', 'canceled'], cancelReason: '' } } : scheduled(r),
      ),
    });
    expect(await screen.findByText('Scheduled')).toHaveClass('badge');
    await user.click(screen.getByRole('button', { name: 'Put on hold' }));
    expect(await screen.findByText('On hold', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.queryByText('Scheduled')).not.toBeInTheDocument();
  });
});

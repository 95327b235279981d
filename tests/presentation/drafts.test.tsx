import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { sameShape } from '../../presentation/forms/sameShape';
import { ADMIN, MemoryDraftStore } from '../support/fakes';
import { invoiceOptionsFixture, orderFixture } from '../support/sales';
import { renderSignedIn } from './render';
import { NewUserPage } from '../../contract/users';

const ORDER = orderFixture({ paid: 0, outstanding: 100_000, status: 'outstanding' });

const EXPIRED = { status: 401, body: { message: 'Your session has expired, please log in again.', session_expired: true } };

/** A back end whose saves find the session expired until the user signs in again. */
function expiringBackend(routes: (r: ApiRequest) => { status: number; body: unknown } | null) {
  let signedIn = true;
  return (r: ApiRequest) => {
    if (r.path === '/api/login') {
      signedIn = true;
      return { status: 200, body: { user: { ...ADMIN, language: 'en' } } };
    }
    if (r.method !== 'GET' && signedIn) {
      signedIn = false;
      return EXPIRED;
    }
    return routes(r) ?? { status: 200, body: { auth: true } };
  };
}

async function signInAgain(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText('Your session has expired, please log in again.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Email'), 'admin@example.com');
  await user.type(screen.getByLabelText('Password'), 'Admin1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('what was typed when the session expired, on the other forms', () => {
  it('an invoice: its lines and notes are kept and offered back after signing in again', async () => {
    const { user, navigator } = renderSignedIn({
      start: '/orders/order/invoice/3',
      handler: expiringBackend((r) => (r.path === '/api/orders/3' ? { status: 200, body: { order: ORDER, attachments: [], appointments: [], options: invoiceOptionsFixture() } } : null)),
    });
    const line = await screen.findByRole('group', { name: 'Line 1' });
    await user.clear(within(line).getByLabelText('Quantity'));
    await user.type(within(line).getByLabelText('Quantity'), '3');
    await user.type(screen.getByLabelText('Notes'), 'Back door only');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(navigator.url).toBe('/login?session_expired=1'));
    await signInAgain(user);
    await waitFor(() => expect(navigator.current().path).not.toBe('/login'));
    navigator.push('/orders/order/invoice/3');

    expect(await screen.findByText('Your session expired while you were editing. Restore what you had typed?')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Quantity')).toHaveValue('1.25');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText('Quantity')).toHaveValue('3');
    expect(screen.getByLabelText('Notes')).toHaveValue('Back door only');
    expect(screen.queryByText('Your session expired while you were editing. Restore what you had typed?')).toBeNull();
    // The restored lines still work as lines: another can be added beside them.
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    expect(screen.getByRole('group', { name: 'Line 2' })).toBeInTheDocument();
  });

  it('a new user account: the name is kept, the password never is', async () => {
    const { user, navigator, drafts } = renderSignedIn({
      start: '/settings/users/create',
      handler: expiringBackend((r) =>
        r.path === '/api/users/create' ? { status: 200, body: NewUserPage.parse({ options: { roles: [{ id: 3, name: 'worker' }], branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司', companyId: 1 }] } }) } : null,
      ),
    });
    await user.type(await screen.findByLabelText('Name'), 'Wong Siu Ming');
    await user.type(screen.getByLabelText('Email'), 'wong@example.com');
    await user.type(screen.getByLabelText('Initial password'), 'Secret123');
    await user.type(screen.getByLabelText('Confirm initial password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(navigator.url).toBe('/login?session_expired=1'));
    const kept = drafts.load('draft:user:new') ?? '';
    expect(kept).toContain('Wong Siu Ming');
    expect(kept).not.toContain('Secret123');

    await signInAgain(user);
    await waitFor(() => expect(navigator.current().path).not.toBe('/login'));
    navigator.push('/settings/users/create');
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Wong Siu Ming');
    expect(screen.getByLabelText('Email')).toHaveValue('wong@example.com');
    expect(screen.getByLabelText('Initial password')).toHaveValue('');
  });

  it('is not offered when what was kept no longer fits the form', async () => {
    const oldDraft = new MemoryDraftStore();
    oldDraft.save('draft:user:new', JSON.stringify({ userId: ADMIN.id, value: { name: 'Old form', mail: 'x' } }));
    const { drafts } = renderSignedIn({
      start: '/settings/users/create',
      handler: (r) => (r.path === '/api/users/create' ? { status: 200, body: NewUserPage.parse({ options: { roles: [], branches: [] } }) } : { status: 200, body: { auth: true } }),
      drafts: oldDraft,
    });
    expect(await screen.findByLabelText('Name')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    // Dropped once the form is on the screen (an effect after it shows; the form's use-case loads first).
    await waitFor(() => expect(drafts.load('draft:user:new')).toBeNull());
  });
});

describe('sameShape (the check before kept input goes back into a form)', () => {
  const template = { name: '', count: '1', on: false, client: null as null | { id: number }, lines: [{ key: 1, text: '' }], ids: [] as number[] };

  it('takes input of the same shape, with or without a client, with any number of lines', () => {
    expect(sameShape(template, { name: 'A', count: '2', on: true, client: { id: 4 }, lines: [], ids: [1, 2] })).toBe(true);
    expect(sameShape(template, { name: 'A', count: '2', on: true, client: null, lines: [{ key: 7, text: 'x' }, { key: 8, text: 'y' }], ids: [] })).toBe(true);
  });

  it('refuses a missing or extra field, a field of another kind, or a line of another shape', () => {
    const good = { name: 'A', count: '2', on: true, client: null, lines: [], ids: [] };
    const { on: _on, ...missing } = good;
    expect(sameShape(template, missing)).toBe(false);
    expect(sameShape(template, { ...good, extra: 1 })).toBe(false);
    expect(sameShape(template, { ...good, count: 2 })).toBe(false);
    expect(sameShape(template, { ...good, client: 'Chan' })).toBe(false);
    expect(sameShape(template, { ...good, lines: [{ key: 1 }] })).toBe(false);
    expect(sameShape(template, { ...good, lines: 'none' })).toBe(false);
    expect(sameShape(template, null)).toBe(false);
  });
});

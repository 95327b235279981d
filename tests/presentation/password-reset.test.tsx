import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { Message, SignedIn } from '../../contract/account';
import { UserPage, UserSaved } from '../../contract/users';
import { ADMIN } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';

/* Password reset (issue 21 item 8): "Forgot password?", the e-mailed link's page, the change of a temporary password, and setting one in Settings → Users. */

const SENT_EN = 'If an active account signs in with this e-mail address, a link to choose a new password is on its way to it. The link works once, within 60 minutes.';
const TOKEN = 'A'.repeat(43);
const guestBackend = (routes: (r: ApiRequest) => { status: number; body: unknown } | null) => (r: ApiRequest) => routes(r) ?? { status: 200, body: { auth: false } };

describe('"Forgot password?"', () => {
  it('is a link on the sign-in page, in Chinese by default', async () => {
    const user = userEvent.setup();
    const { navigator } = renderApp({ start: '/login' });
    await user.click(await screen.findByRole('link', { name: '忘記密碼？' }));
    expect(navigator.current().path).toBe('/forgot-password');
    expect(await screen.findByRole('heading', { level: 1, name: '忘記密碼？' })).toBeInTheDocument();
    expect(screen.getByLabelText('電郵')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '以電郵寄出連結' })).toBeInTheDocument();
  });

  it('checks the address first, then shows the server’s answer, using the keyboard alone', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({
      start: '/forgot-password',
      language: 'en',
      handler: guestBackend((r) => (r.path === '/api/forgot-password' ? { status: 200, body: Message.parse({ message: SENT_EN }) } : null)),
    });
    const email = await screen.findByLabelText('Email');
    await user.click(email);
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    await user.keyboard('not-an-address{Enter}');
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.path === '/api/forgot-password')).toEqual([]);

    await user.clear(email);
    await user.keyboard('ada@harbour.test{Enter}');
    expect(await screen.findByText(SENT_EN)).toBeInTheDocument();
    expect(transport.requests.find((r) => r.path === '/api/forgot-password')?.body).toEqual({ email: 'ada@harbour.test' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when there have been too many requests (429)', async () => {
    const user = userEvent.setup();
    renderApp({
      start: '/forgot-password',
      language: 'en',
      handler: guestBackend((r) => (r.path === '/api/forgot-password' ? { status: 429, body: { message: 'Too many attempts. Please try again in 60 seconds.' } } : null)),
    });
    await user.type(await screen.findByLabelText('Email'), 'ada@harbour.test');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByText('Too many attempts. Please try again in 60 seconds.')).toBeInTheDocument();
  });
});

describe('the reset link’s page', () => {
  it('sets a new password under the password rules, then the sign-in page says it is changed', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({
      start: `/reset-password/${TOKEN}`,
      language: 'en',
      handler: guestBackend((r) => (r.path === '/api/reset-password' ? { status: 200, body: Message.parse({ message: 'Your password has been changed.' }) } : null)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findAllByText('At least 8 characters')).not.toHaveLength(0);
    expect(transport.requests.filter((r) => r.path === '/api/reset-password')).toEqual([]);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'Harbour-New-26');
    await user.type(screen.getByLabelText('Confirm new password'), 'Harbour-New-26');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(navigator.current().path).toBe('/login'));
    expect(transport.requests.find((r) => r.path === '/api/reset-password')?.body).toEqual({ token: TOKEN, password: 'Harbour-New-26', password_confirmation: 'Harbour-New-26' });
    expect(await screen.findByText('Your password has been changed. Sign in with your new password.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows one message for a link that no longer stands, with a way to ask for a new one (Chinese)', async () => {
    const user = userEvent.setup();
    const invalidZh = '此重設密碼連結無效、已過期或已被使用。請重新申請。';
    renderApp({
      start: `/reset-password/${TOKEN}`,
      handler: guestBackend((r) => (r.path === '/api/reset-password' ? { status: 422, body: { message: invalidZh, errors: { token: [invalidZh] }, reason: 'resetLinkInvalid' } } : null)),
    });
    await user.type(await screen.findByLabelText('新密碼'), 'Harbour-New-26');
    await user.type(screen.getByLabelText('確認新密碼'), 'Harbour-New-26');
    await user.click(screen.getByRole('button', { name: '設定新密碼' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(invalidZh);
    expect(screen.getByRole('link', { name: '重新申請連結' })).toHaveAttribute('href', '/forgot-password');
  });
});

describe('a temporary password', () => {
  const temporary = { ...ADMIN, mustChangePassword: true };

  it('leads its user to the password change; once changed, the app opens', async () => {
    const user = userEvent.setup();
    const { transport, navigator } = renderApp({
      start: '/calendar',
      user: temporary,
      language: 'en',
      handler: (r) =>
        r.path === '/api/user/password'
          ? { status: 200, body: Message.parse({ message: 'ok' }) }
          : r.path === '/api/user'
            ? { status: 200, body: SignedIn.parse({ user: ADMIN }) }
            : { status: 200, body: { auth: true } },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Change your password' })).toBeInTheDocument();
    expect(navigator.current().path).toBe('/user/change-password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Enter your current password.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.path === '/api/user/password')).toEqual([]);

    await user.type(screen.getByLabelText('Temporary password'), 'Temp-Harbour-55');
    await user.type(screen.getByLabelText('New password'), 'Harbour-Mine-66');
    await user.type(screen.getByLabelText('Confirm new password'), 'Harbour-Mine-66');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(navigator.current().path).not.toBe('/user/change-password'));
    expect(transport.requests.find((r) => r.path === '/api/user/password')?.body).toEqual({ current_password: 'Temp-Harbour-55', password: 'Harbour-Mine-66', password_confirmation: 'Harbour-Mine-66' });
  });

  it('is shown in Chinese too', async () => {
    renderApp({ start: '/user/change-password', user: temporary, handler: () => ({ status: 200, body: { auth: true } }) });
    expect(await screen.findByRole('heading', { level: 2, name: '更改密碼' })).toBeInTheDocument();
    expect(screen.getByLabelText('臨時密碼')).toBeInTheDocument();
  });

  it('is set from the user’s page in Settings → Users, under the password rules', async () => {
    const account = { id: 7, name: 'Wing Wong', email: 'w@h.test', language: 'en', roleId: null, branchId: null, companyId: null, isAdmin: false, active: true, calendarColor: null, commissionRateBp: null, twoFactor: false, version: 3 };
    const { user, transport } = renderSignedIn({
      start: '/settings/users/7',
      handler: (r) =>
        r.method === 'GET' && r.path === '/api/users/7'
          ? { status: 200, body: UserPage.parse({ user: account, options: { roles: [], branches: [] } }) }
          : r.path === '/api/users/7/temporary-password'
            ? { status: 200, body: UserSaved.parse({ user: { ...account, mustChangePassword: true, version: 4 } }) }
            : { status: 200, body: { auth: true } },
    });
    const section = await screen.findByRole('region', { name: 'Temporary password' });
    await user.click(within(section).getByRole('button', { name: 'Set a temporary password' }));
    await user.type(within(section).getByLabelText('Temporary password'), 'temp');
    await user.click(within(section).getByRole('button', { name: 'Set temporary password' }));
    expect(within(section).getAllByText('At least 8 characters').length).toBeGreaterThan(0);
    expect(transport.requests.filter((r) => r.path === '/api/users/7/temporary-password')).toEqual([]);

    await user.clear(within(section).getByLabelText('Temporary password'));
    await user.type(within(section).getByLabelText('Temporary password'), 'Temp-Harbour-55');
    await user.type(within(section).getByLabelText('Confirm temporary password'), 'Temp-Harbour-55');
    await user.click(within(section).getByRole('button', { name: 'Set temporary password' }));
    expect(await screen.findByText('Temporary password set. The user must change it at their next sign-in.')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.path === '/api/users/7/temporary-password')?.body).toEqual({ password: 'Temp-Harbour-55', password_confirmation: 'Temp-Harbour-55' });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { ADMIN, MemoryDraftStore } from '../support/fakes';
import { renderApp, renderSignedIn } from './render';
import { Profile } from '../../contract/account';

const PROFILE = Profile.parse({ id: 1, name: 'Ada Chan', email: 'admin@example.com', language: 'en', version: 4, isAdmin: true, role: 'admin', branch: null, twoFactor: 'off', photoUrl: null });

function profileBackend(extra: (r: ApiRequest) => { status: number; body: unknown } | null = () => null) {
  return (r: ApiRequest) =>
    extra(r) ??
    (r.path === '/api/user/profile'
      ? { status: 200, body: { profile: PROFILE } }
      : r.path === '/api/user/sessions'
        ? { status: 200, body: { sessions: [{ id: 'a', ip: '127.0.0.1', userAgent: 'Chromium on Linux', lastActivityAt: '2026-11-23T02:00:00Z', current: true }] } }
        : { status: 200, body: { auth: true } });
}

describe('two-factor sign-in', () => {
  it('asks for the code after the password, then goes on', async () => {
    const user = userEvent.setup();
    const { navigator, transport } = renderApp({
      start: '/login?redirect=%2Fhome',
      language: 'en',
      handler: (r) =>
        r.path === '/api/login'
          ? { status: 200, body: { two_factor: true } }
          : r.path === '/api/two-factor-challenge'
            ? (r.body as { code?: string }).code === '654321'
              ? { status: 200, body: { user: { ...ADMIN, language: 'en' } } }
              : { status: 422, body: { message: 'The provided two factor authentication code was invalid.', errors: { code: ['The provided two factor authentication code was invalid.'] } } }
            : { status: 200, body: { auth: false } },
    });
    await user.type(await screen.findByLabelText('Email'), 'admin@example.com');
    await user.type(screen.getByLabelText('Password'), 'Admin1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor verification' })).toBeInTheDocument();
    expect(navigator.url).toBe('/two-factor-challenge?redirect=%2Fhome');

    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The provided two factor authentication code was invalid.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(navigator.current().path).toBe('/home'));
    expect(transport.requests.filter((r) => r.path === '/api/two-factor-challenge').map((r) => r.body)).toEqual([{ code: '111111' }, { code: '654321' }]);
  });

  it('shows the server’s message when there have been too many code attempts (429), in either language', async () => {
    const user = userEvent.setup();
    const english = 'Too many attempts. Please try again in 37 seconds.';
    const { transport } = renderApp({
      start: '/two-factor-challenge',
      language: 'en',
      handler: (r) => (r.path === '/api/two-factor-challenge' ? { status: 429, body: { message: english } } : { status: 200, body: { auth: false } }),
    });
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(english);
    // Still on the challenge, with the code kept and the form usable once the wait is over.
    expect(screen.getByLabelText('Authentication code')).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(transport.requests.filter((r) => r.path === '/api/two-factor-challenge')).toHaveLength(1);
  });

  it('shows the 429 message in Traditional Chinese too, for a recovery code as well', async () => {
    const user = userEvent.setup();
    const chinese = '嘗試次數過多，請於 37 秒後再試。';
    renderApp({
      start: '/two-factor-challenge',
      handler: (r) => (r.path === '/api/two-factor-challenge' ? { status: 429, body: { message: chinese } } : { status: 200, body: { auth: false } }),
    });
    await user.click(await screen.findByRole('button', { name: '改用恢復碼' }));
    await user.type(screen.getByLabelText('恢復碼'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: '驗證' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(chinese);
    expect(screen.getByLabelText('恢復碼')).toHaveValue('abcde-fghij');
  });

  it('takes a recovery code instead', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/two-factor-challenge', language: 'en', handler: () => ({ status: 200, body: { auth: false } }) });
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(transport.requests.find((r) => r.path === '/api/two-factor-challenge')?.body).toEqual({ recovery_code: 'abcde-fghij' }));
  });
});

describe('registration', () => {
  it('shows every unmet password rule at once, then says the account awaits activation', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({
      start: '/register',
      language: 'en',
      handler: (r) => (r.path === '/api/register' ? { status: 201, body: { message: 'Your account has been created. An administrator must activate it before you can sign in.' } } : { status: 200, body: { auth: false } }),
    });
    await user.type(await screen.findByLabelText('Name'), 'New Colleague');
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 8 characters An uppercase letter A number');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('The password confirmation does not match.');
    expect(transport.requests.filter((r) => r.path === '/api/register')).toEqual([]);

    await user.clear(password);
    await user.type(password, 'Passw0rdX');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Passw0rdX');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your account has been created. An administrator must activate it before you can sign in.')).toBeInTheDocument();
  });
});

describe('profile security sections', () => {
  it('shows the server’s message when the current password is wrong', async () => {
    const user = userEvent.setup();
    const wrong = 'The provided password does not match your current password.';
    renderSignedIn({
      start: '/user/profile',
      handler: profileBackend((r) => (r.path === '/api/user/password' ? { status: 422, body: { message: wrong, errors: { current_password: [wrong] } } } : null)),
    });
    const section = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(section).getByLabelText('Current password'), 'Nope1234');
    await user.type(within(section).getByLabelText('New password'), 'NewPass123');
    await user.type(within(section).getByLabelText('Confirm new password'), 'NewPass123');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText(wrong)).toBeInTheDocument();
  });

  it.each([
    { language: 'en' as const, labels: ['Current password', 'New password', 'Confirm new password'], box: 'Keep my API tokens working', submit: 'Change password', ended: 'your API tokens no longer work', kept: 'your API tokens still work' },
    { language: 'zh-HK' as const, labels: ['目前密碼', '新密碼', '確認新密碼'], box: '保留我的 API 權杖', submit: '更改密碼', ended: '您的 API 權杖亦已失效', kept: '您的 API 權杖仍然有效' },
  ])('ends the API tokens with a password change unless the box is ticked, and says which ($language)', async ({ language, labels, box, submit, ended, kept }) => {
    const { user, transport } = renderSignedIn({ start: '/user/profile', language, handler: profileBackend((r) => (r.path === '/api/user/password' ? { status: 200, body: { message: 'ok' } } : null)) });
    const section = await screen.findByRole('region', { name: submit });
    const keep = within(section).getByRole('checkbox', { name: box });
    // Unticked by default, and it says plainly what that means.
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(/API/);
    const [current = '', fresh = '', confirmation = ''] = labels;
    const change = async (password: string) => {
      await user.type(within(section).getByLabelText(current), 'OldPass123');
      await user.type(within(section).getByLabelText(fresh), password);
      await user.type(within(section).getByLabelText(confirmation), password);
      await user.click(within(section).getByRole('button', { name: submit }));
    };
    const sent = () => transport.requests.filter((r) => r.path === '/api/user/password').map((r) => (r.body as { keep_api_tokens?: unknown }).keep_api_tokens);

    await change('NewPass123');
    expect(await within(section).findByText(new RegExp(ended))).toBeInTheDocument();
    expect(sent()).toEqual([false]);

    await user.click(keep);
    await change('NewPass456');
    expect(await within(section).findByText(new RegExp(kept))).toBeInTheDocument();
    expect(sent()).toEqual([false, true]);
    // The form starts again as it began: the box unticked.
    expect(keep).not.toBeChecked();
  });

  it('enables two-factor: password, QR code, code, then recovery codes', async () => {
    const { user } = renderSignedIn({
      start: '/user/profile',
      handler: profileBackend((r) =>
        r.path === '/api/user/two-factor-authentication' && r.method === 'POST'
          ? { status: 200, body: { status: 'pending', secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } }
          : r.path === '/api/user/confirmed-two-factor-authentication'
            ? { status: 200, body: { status: 'on', recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] } }
            : null,
      ),
    });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(within(section).getByRole('button', { name: 'Enable' }));
    expect(within(section).getByText('Enter your password to continue.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Enable' }));
    expect(await within(section).findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(within(section).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Code from the app'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));
    const codes = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(2);
    expect(within(section).getByText('On.')).toBeInTheDocument();
  });

  it('offers back what was typed before the session expired', async () => {
    const user = userEvent.setup();
    const drafts = new MemoryDraftStore();
    drafts.save('draft:profile:4', JSON.stringify({ userId: ADMIN.id, value: { name: 'Half typed', email: 'admin@example.com', language: 'en' } }));
    renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: profileBackend(), drafts });
    expect(await screen.findByText('Your session expired while you were editing. Restore what you had typed?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Half typed');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('profile: recovery codes, browser sessions, deleting the account, rights', () => {
  it('shows and regenerates the recovery codes only after the password is given again', async () => {
    const { user, transport } = renderSignedIn({
      start: '/user/profile',
      handler: (r) =>
        r.path === '/api/user/profile'
          ? { status: 200, body: { profile: { ...PROFILE, twoFactor: 'on' } } }
          : r.path === '/api/user/two-factor-recovery-codes'
            ? { status: 200, body: { recoveryCodes: ['old11-old11', 'old22-old22'] } }
            : r.path === '/api/user/two-factor-recovery-codes/regenerate'
              ? { status: 200, body: { recoveryCodes: ['new11-new11', 'new22-new22'] } }
              : profileBackend()(r),
    });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    await user.click(within(section).getByRole('button', { name: 'Show recovery codes' }));
    expect(within(section).getByText('Enter your password to continue.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.path.startsWith('/api/user/two-factor-recovery-codes'))).toEqual([]);

    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Show recovery codes' }));
    const shown = await within(section).findByRole('list', { name: 'Recovery codes' });
    expect(within(shown).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['old11-old11', 'old22-old22']);

    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Regenerate recovery codes' }));
    await waitFor(() => expect(within(within(section).getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['new11-new11', 'new22-new22']));
    expect(transport.requests.filter((r) => r.path.startsWith('/api/user/two-factor-recovery-codes')).map((r) => [r.path, r.body])).toEqual([
      ['/api/user/two-factor-recovery-codes', { password: 'Admin1234' }],
      ['/api/user/two-factor-recovery-codes/regenerate', { password: 'Admin1234' }],
    ]);
  });

  it('lists the browsers and signs out the others with the password, saying how many', async () => {
    const user = userEvent.setup();
    let others = true;
    renderSignedIn({
      start: '/user/profile',
      handler: (r) => {
        if (r.path === '/api/user/sessions') {
          const here = { id: 'a', ip: '127.0.0.1', userAgent: 'Chromium on Linux', lastActivityAt: '2026-11-23T02:00:00Z', current: true };
          const there = { id: 'b', ip: '10.0.0.9', userAgent: 'Safari on iPad', lastActivityAt: '2026-11-22T02:00:00Z', current: false };
          return { status: 200, body: { sessions: others ? [here, there] : [here] } };
        }
        if (r.path === '/api/user/other-sessions') {
          if ((r.body as { password?: string }).password !== 'Admin1234') return { status: 422, body: { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } } };
          others = false;
          return { status: 200, body: { ended: 1 } };
        }
        return profileBackend()(r);
      },
    });
    const section = await screen.findByRole('region', { name: 'Browser sessions' });
    expect(await within(section).findByText('Safari on iPad')).toBeInTheDocument();
    expect(within(section).getByText('This device')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'wrong');
    await user.click(within(section).getByRole('button', { name: 'Sign out other browsers' }));
    expect(await within(section).findByText('The password is incorrect.')).toBeInTheDocument();
    expect(within(section).getByText('Safari on iPad')).toBeInTheDocument();

    await user.clear(within(section).getByLabelText('Your password (to confirm it is you)'));
    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Sign out other browsers' }));
    expect(await within(section).findByText('1 other browser has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).queryByText('Safari on iPad')).toBeNull());
  });

  it('shows the server’s message when the password has been wrong too often (429)', async () => {
    const user = userEvent.setup();
    const throttled = 'Too many incorrect passwords. Please try again in 51 seconds.';
    renderSignedIn({
      start: '/user/profile',
      handler: profileBackend((r) => (r.path === '/api/user/other-sessions' ? { status: 429, body: { message: throttled } } : null)),
    });
    const section = await screen.findByRole('region', { name: 'Browser sessions' });
    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Sign out other browsers' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(throttled);
  });

  it('deletes the account only after the password and a confirmation, then forgets the user', async () => {
    const user = userEvent.setup();
    const lastAdmin = 'This is the only administrator account. Another administrator must exist before it can be deleted.';
    let allowed = false;
    const { transport, navigator, store } = renderSignedIn({
      start: '/user/profile',
      handler: profileBackend((r) => (r.path === '/api/user' && r.method === 'DELETE' ? (allowed ? { status: 200, body: { message: 'Deleted.' } } : { status: 422, body: { message: lastAdmin } }) : null)),
    });
    const section = await screen.findByRole('region', { name: 'Delete account' });
    // No password: said by the field, and nothing is asked.
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    expect(await within(section).findByText('Enter your password to continue.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(within(section).getByLabelText('Your password (to confirm it is you)'), 'Admin1234');
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(transport.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await within(section).findByText(lastAdmin)).toBeInTheDocument();
    expect(navigator.url).toBe('/user/profile');

    allowed = true;
    await user.click(within(section).getByRole('button', { name: 'Delete account' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigator.url).toBe('/login'));
    expect(store.user).toBeNull();
    expect(transport.requests.filter((r) => r.method === 'DELETE').at(-1)?.body).toEqual({ password: 'Admin1234' });
  });

  it('says that a change of role or administrator rights signs the user out', async () => {
    renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: profileBackend() });
    expect(await screen.findByText('If an administrator changes your role or administrator rights, you are signed out and sign in again with the new rights.')).toBeInTheDocument();
  });
});

describe('API tokens screen', () => {
  it('creates a token, shows it once, lists it, and revokes it after confirmation', async () => {
    const { user, transport } = renderSignedIn({
      start: '/user/api-tokens',
      handler: (r) =>
        r.path === '/api/user/api-tokens' && r.method === 'GET'
          ? { status: 200, body: { tokens: [], availableAbilities: ['read', 'create', 'update', 'delete'] } }
          : r.path === '/api/user/api-tokens' && r.method === 'POST'
            ? { status: 201, body: { token: { id: 7, name: 'Script', abilities: ['read', 'update'], lastUsedAt: null, createdAt: '2026-11-23T02:00:00Z' }, plainTextToken: '7|secret-value' } }
            : r.method === 'DELETE'
              ? { status: 204, body: null }
              : { status: 200, body: { auth: true } },
    });
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument();
    // The actions of their own are offered apart, and said never to come with create, update or delete.
    for (const named of ['Void and unvoid invoices', 'Reveal full HKID numbers', 'Manage users and roles (create, edit, delete, reset two-factor)']) {
      expect(screen.getByRole('checkbox', { name: named })).not.toBeChecked();
    }
    expect(screen.getByRole('group', { name: 'Abilities' })).toHaveAccessibleDescription(/Voiding invoices, revealing HKID numbers and managing users are abilities of their own/);
    await user.type(screen.getByLabelText('Token name'), 'Script');
    await user.click(screen.getByRole('checkbox', { name: 'Update' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('7|secret-value')).toBeInTheDocument();
    expect(transport.requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'Script', abilities: ['read', 'update'] });
    const row = screen.getByRole('row', { name: /Script/ });
    expect(row).toHaveTextContent('Read、Update');
    expect(row).toHaveTextContent('Never');

    await user.click(screen.getByRole('button', { name: 'Revoke Script' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete Script?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Script/ })).not.toBeInTheDocument());
    expect(transport.requests.find((r) => r.method === 'DELETE')?.path).toBe('/api/user/api-tokens/7');
  });
});

describe('profile photo', () => {
  it('refuses a file over 5 MB before sending it, with the spec’s message', async () => {
    const user = userEvent.setup();
    const { transport } = renderApp({ start: '/user/profile', user: ADMIN, language: 'en', handler: profileBackend() });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Choose a photo'), big);
    expect(await screen.findByText('Error! File Size is over limit 5MB. Please upload again.')).toBeInTheDocument();
    expect(transport.requests.filter((r) => r.path === '/api/user/profile-photo')).toEqual([]);
  });

  it('uploads an image as it is and shows it', async () => {
    const { user, transport } = renderSignedIn({
      start: '/user/profile',
      language: 'zh-HK',
      handler: profileBackend((r) => (r.path === '/api/user/profile-photo' ? { status: 200, body: { profile: { ...PROFILE, photoUrl: '/api/user/profile-photo/1?v=abc' } } } : null)),
    });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('選擇相片'), file);
    expect(await screen.findByRole('img', { name: 'Ada Chan的相片' })).toHaveAttribute('src', '/api/user/profile-photo/1?v=abc');
    expect(transport.requests.find((r) => r.path === '/api/user/profile-photo')?.body).toBe(file);
  });

  it('leaves the profile’s unsaved name as typed when a photo is uploaded (issue 31 item 12)', async () => {
    const { user } = renderSignedIn({
      start: '/user/profile',
      handler: profileBackend((r) => (r.path === '/api/user/profile-photo' ? { status: 200, body: { profile: { ...PROFILE, photoUrl: '/api/user/profile-photo/1?v=abc' } } } : null)),
    });
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Ada Chan Wing-yee');
    await user.upload(screen.getByLabelText('Choose a photo'), new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Photo of Ada Chan' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Chan Wing-yee');
  });
});

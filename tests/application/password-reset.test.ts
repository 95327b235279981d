import { describe, expect, it } from 'vitest';
import { decideRoute } from '../../application/navigation/match';
import { PasswordResets } from '../../application/passwordReset/PasswordResets';
import type { ApiRequest, ApiResponse } from '../../application/ports/ApiTransport';
import { Message, SignedIn } from '../../contract/account';
import { UserSaved } from '../../contract/users';
import { HttpAccountSecurity } from '../../infrastructure/http/account/HttpAccountSecurity';
import { HttpPasswordRecovery } from '../../infrastructure/http/account/HttpPasswordRecovery';
import { HttpSignIn } from '../../infrastructure/http/account/HttpSignIn';
import { ADMIN, createCore } from '../support/fakes';

/** Password reset's use-cases (issue 21 item 8) over the real HTTP adapters and a fake transport. */

const LINK_INVALID = { status: 422, body: { message: 'This password reset link is invalid, has expired or has already been used. Ask for a new one.', errors: { token: ['…'] }, reason: 'resetLinkInvalid' } };
const TEMPORARY = { ...ADMIN, id: 7, isAdmin: false, mustChangePassword: true };
const adminUser = { id: 7, name: 'Wing', email: 'w@h.test', language: 'en', roleId: null, branchId: null, companyId: null, isAdmin: false, active: true, calendarColor: null, commissionRateBp: null, twoFactor: false, mustChangePassword: true, version: 3 };

function desk(handler: (request: ApiRequest) => ApiResponse = () => ({ status: 200, body: Message.parse({ message: 'Sent.' }) }), user = ADMIN) {
  const core = createCore({ start: '/forgot-password', handler, user });
  const service = new PasswordResets(new HttpPasswordRecovery(core.api), new HttpAccountSecurity(core.api), new HttpSignIn(core.api), core.currentUser, core.navigator, core.navigation, core.state);
  return { ...core, service };
}

describe('"Forgot password?"', () => {
  it('sends nothing without a valid address, and says which is wrong', async () => {
    const { service, transport } = desk();
    expect((await service.requestLink('  '))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { email: [{ key: 'passwordReset:forgot.required' }] } });
    expect((await service.requestLink('not-an-address'))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { email: [{ key: 'passwordReset:forgot.invalidEmail' }] } });
    expect(transport.requests).toEqual([]);
  });

  it('sends the address trimmed and gives back the server’s words', async () => {
    const { service, transport } = desk();
    expect((await service.requestLink(' ada@harbour.test '))._unsafeUnwrap()).toBe('Sent.');
    expect(transport.requests).toEqual([{ method: 'POST', path: '/api/forgot-password', body: { email: 'ada@harbour.test' } }]);
  });
});

describe('the reset link', () => {
  it('refuses a new password against the domain’s password policy before sending', async () => {
    const { service, transport } = desk();
    expect((await service.reset('tok', 'short', 'other'))._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: {
        password: [{ key: 'auth:password.rules.passwordTooShort' }, { key: 'auth:password.rules.passwordNeedsUppercase' }, { key: 'auth:password.rules.passwordNeedsDigit' }],
        password_confirmation: [{ key: 'auth:password.mismatch' }],
      },
    });
    expect(transport.requests).toEqual([]);
  });

  it('sets the password, then goes to the sign-in page and says so there', async () => {
    const { service, transport, navigator, state } = desk(undefined, null as never);
    expect((await service.reset('tok', 'Harbour-New-26', 'Harbour-New-26')).isOk()).toBe(true);
    expect(transport.requests).toEqual([{ method: 'POST', path: '/api/reset-password', body: { token: 'tok', password: 'Harbour-New-26', password_confirmation: 'Harbour-New-26' } }]);
    expect(navigator.current().path).toBe('/login');
    expect(state.get().notification).toEqual({ title: 'passwordReset:reset.done', type: 'success' });
  });

  it('a link that no longer stands is the server’s one message, on the form (no error page)', async () => {
    const { service, navigator } = desk(() => LINK_INVALID, null as never);
    const error = (await service.reset('tok', 'Harbour-New-26', 'Harbour-New-26'))._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'validation', reason: 'resetLinkInvalid' });
    expect(navigator.current().path).toBe('/forgot-password');
  });
});

describe('a temporary password', () => {
  it('leads its user to the password change, whatever they open, until it is changed', () => {
    expect(decideRoute({ path: '/calendar', search: '' }, TEMPORARY)).toEqual({ kind: 'redirect', to: '/user/change-password' });
    expect(decideRoute({ path: '/user/profile', search: '' }, TEMPORARY)).toEqual({ kind: 'redirect', to: '/user/change-password' });
    expect(decideRoute({ path: '/user/change-password', search: '' }, TEMPORARY).kind).toBe('show');
    expect(decideRoute({ path: '/logout', search: '' }, TEMPORARY).kind).toBe('show');
    // Before two-factor's setup, when both are due.
    expect(decideRoute({ path: '/user/two-factor-setup', search: '' }, { ...TEMPORARY, mustSetUpTwoFactor: true })).toEqual({ kind: 'redirect', to: '/user/change-password' });
  });

  it('is changed with the temporary and the new password; then the user as the server sees them is held and the app opens', async () => {
    const { service, transport, navigator, currentUser } = desk((r) => (r.path === '/api/user' ? { status: 200, body: SignedIn.parse({ user: { ...TEMPORARY, mustChangePassword: undefined } }) } : { status: 200, body: Message.parse({ message: 'ok' }) }), TEMPORARY);
    expect((await service.changeTemporaryPassword({ current_password: '', password: 'x', password_confirmation: 'x' })).isErr()).toBe(true);
    expect(transport.requests).toEqual([]);
    const change = { current_password: 'Temp-Harbour-55', password: 'Harbour-Mine-66', password_confirmation: 'Harbour-Mine-66' };
    expect((await service.changeTemporaryPassword(change)).isOk()).toBe(true);
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/user/password', 'GET /api/user']);
    expect(currentUser.get()?.mustChangePassword).toBeUndefined();
    expect(navigator.history.at(-1)).toEqual({ kind: 'replace', url: '/' });
  });

  it('is set by an administrator under the password policy; then the user’s page is shown afresh and says so', async () => {
    const { service, transport, state } = desk(() => ({ status: 200, body: UserSaved.parse({ user: adminUser }) }));
    expect((await service.setTemporaryPassword(7, 'temp', 'temp')).isErr()).toBe(true);
    expect(transport.requests).toEqual([]);
    const before = state.get().viewKey;
    expect((await service.setTemporaryPassword(7, 'Temp-Harbour-55', 'Temp-Harbour-55')).isOk()).toBe(true);
    expect(transport.requests).toEqual([{ method: 'POST', path: '/api/users/7/temporary-password', body: { password: 'Temp-Harbour-55', password_confirmation: 'Temp-Harbour-55' } }]);
    expect(state.get().viewKey).toBe(before + 1);
    expect(state.get().notification).toEqual({ title: 'passwordReset:admin.done', type: 'success' });
  });
});

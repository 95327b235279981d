import { describe, expect, it } from 'vitest';
import { OwnAccountService } from '../../application/account/OwnAccountService';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { Message, OtherSessionsEnded, RecoveryCodes, TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorOff } from '../../contract/account';
import { HttpAccountSecurity } from '../../infrastructure/http/account/HttpAccountSecurity';
import { HttpSignIn } from '../../infrastructure/http/account/HttpSignIn';
import { ADMIN, createCore } from '../support/fakes';

/** Each call answered as the server does (contract/account.ts). */
function reply(request: ApiRequest): unknown {
  switch (request.path) {
    case '/api/user/password':
    case '/api/user':
      return Message.parse({ message: 'ok' });
    case '/api/user/other-sessions':
      return OtherSessionsEnded.parse({ ended: 2 });
    case '/api/user/two-factor-authentication':
      return request.method === 'POST' ? TwoFactorEnrolment.parse({ status: 'pending', secret: 'S', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' }) : TwoFactorOff.parse({ status: 'off' });
    case '/api/user/confirmed-two-factor-authentication':
      return TwoFactorConfirmed.parse({ status: 'on', recoveryCodes: ['aaaaa-bbbbb'] });
    default:
      return RecoveryCodes.parse({ recoveryCodes: ['ccccc-ddddd'] });
  }
}

function account() {
  const core = createCore({ start: '/user/profile', handler: (request) => ({ status: 200, body: reply(request) }) });
  core.currentUser.set(ADMIN);
  return { ...core, service: new OwnAccountService(new HttpAccountSecurity(core.api), new HttpSignIn(core.api), core.currentUser, core.navigator) };
}

describe('AccountService: the checks made before sending', () => {
  it('refuses a password change that breaks the password policy, each rule by its field, and sends nothing', async () => {
    const { service, transport } = account();
    const result = await service.changePassword({ current_password: '', password: 'short', password_confirmation: 'other' });
    expect(result._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: {
        current_password: [{ key: 'auth:password.requiredCurrent' }],
        password: [{ key: 'auth:password.rules.passwordTooShort' }, { key: 'auth:password.rules.passwordNeedsUppercase' }, { key: 'auth:password.rules.passwordNeedsDigit' }],
        password_confirmation: [{ key: 'auth:password.mismatch' }],
      },
    });
    expect(transport.requests).toEqual([]);
  });

  it('sends a change that meets the policy', async () => {
    const { service, transport } = account();
    const change = { current_password: 'Old-pass-1', password: 'New-pass-123', password_confirmation: 'New-pass-123' };
    expect((await service.changePassword(change)).isOk()).toBe(true);
    expect(transport.requests).toEqual([{ method: 'PUT', path: '/api/user/password', body: change }]);
    // The profile's choice of keeping the API tokens goes with it (issue 31 item 8).
    expect((await service.changePassword({ ...change, keep_api_tokens: true })).isOk()).toBe(true);
    expect(transport.requests[1]).toEqual({ method: 'PUT', path: '/api/user/password', body: { ...change, keep_api_tokens: true } });
  });

  it('asks for the password before signing out the other browsers', async () => {
    const { service, transport } = account();
    expect((await service.signOutOtherSessions(''))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { password: [{ key: 'auth:password.requiredAgain' }] } });
    expect(transport.requests).toEqual([]);
    expect((await service.signOutOtherSessions('secret'))._unsafeUnwrap()).toBe(2);
  });

  it('asks for the password again before each two-factor step, and sends nothing without it', async () => {
    const { service, transport } = account();
    const required = { code: 'invalid', fields: { password: [{ key: 'auth:password.requiredAgain' }] } };
    expect((await service.startTwoFactor(''))._unsafeUnwrapErr()).toEqual(required);
    expect((await service.disableTwoFactor(''))._unsafeUnwrapErr()).toEqual(required);
    expect((await service.showRecoveryCodes(''))._unsafeUnwrapErr()).toEqual(required);
    expect((await service.regenerateRecoveryCodes(''))._unsafeUnwrapErr()).toEqual(required);
    expect(transport.requests).toEqual([]);

    expect((await service.startTwoFactor('secret'))._unsafeUnwrap().secret).toBe('S');
    expect((await service.showRecoveryCodes('secret'))._unsafeUnwrap()).toEqual(['ccccc-ddddd']);
    expect((await service.regenerateRecoveryCodes('secret'))._unsafeUnwrap()).toEqual(['ccccc-ddddd']);
    expect((await service.disableTwoFactor('secret')).isOk()).toBe(true);
    expect(transport.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/user/two-factor-authentication', { password: 'secret' }],
      ['POST', '/api/user/two-factor-recovery-codes', { password: 'secret' }],
      ['POST', '/api/user/two-factor-recovery-codes/regenerate', { password: 'secret' }],
      ['DELETE', '/api/user/two-factor-authentication', { password: 'secret' }],
    ]);
  });

  it('asks for the code from the app before confirming two-factor, and sends it trimmed', async () => {
    const { service, transport } = account();
    expect((await service.confirmTwoFactor('  '))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { code: [{ key: 'auth:challenge.requiredCode' }] } });
    expect(transport.requests).toEqual([]);
    expect((await service.confirmTwoFactor(' 123456 '))._unsafeUnwrap()).toEqual(['aaaaa-bbbbb']);
    expect(transport.requests.map((r) => r.body)).toEqual([{ code: '123456' }]);
  });
});

describe('AccountService: deleting the account', () => {
  it('without a password: refused, and the person is not even asked to confirm', async () => {
    const { service, transport } = account();
    let asked = 0;
    const result = await service.deleteAccount('', () => (asked++, Promise.resolve(true)));
    expect(result._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { password: [{ key: 'auth:password.requiredAgain' }] } });
    expect(asked).toBe(0);
    expect(transport.requests).toEqual([]);
  });

  it('with the password: asks to confirm; not confirmed, nothing is sent and the user stays', async () => {
    const { service, transport, navigator, currentUser } = account();
    expect((await service.deleteAccount('secret', () => Promise.resolve(false)))._unsafeUnwrap()).toBe(false);
    expect(transport.requests).toEqual([]);
    expect(currentUser.get()).toEqual(ADMIN);
    expect(navigator.url).toBe('/user/profile');
  });

  it('confirmed: deletes it with the password, forgets the user here and goes to the sign-in page', async () => {
    const { service, transport, navigator, currentUser } = account();
    expect((await service.deleteAccount('secret', () => Promise.resolve(true)))._unsafeUnwrap()).toBe(true);
    expect(transport.requests.map((r) => [r.method, r.path, r.body])).toEqual([['DELETE', '/api/user', { password: 'secret' }]]);
    expect(currentUser.get()).toBeNull();
    expect(navigator.url).toBe('/login');
  });
});

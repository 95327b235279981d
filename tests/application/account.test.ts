import { describe, expect, it } from 'vitest';
import { OwnAccountService } from '../../application/account/OwnAccountService';
import { HttpAccountSecurity } from '../../infrastructure/http/account/HttpAccountSecurity';
import { HttpSignIn } from '../../infrastructure/http/account/HttpSignIn';
import { createCore } from '../support/fakes';

function account() {
  // Each call answered as the server does (contract/account.ts): the password change with its message, signing out the others with how many.
  const core = createCore({ handler: (request) => ({ status: 200, body: request.path === '/api/user/password' ? { message: 'ok' } : { ended: 2 } }) });
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
  });

  it('asks for the password before signing out the other browsers', async () => {
    const { service, transport } = account();
    expect((await service.signOutOtherSessions(''))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { password: [{ key: 'auth:password.requiredAgain' }] } });
    expect(transport.requests).toEqual([]);
    expect((await service.signOutOtherSessions('secret'))._unsafeUnwrap()).toBe(2);
  });
});

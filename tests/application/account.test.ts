import { describe, expect, it } from 'vitest';
import { ApiAccountService } from '../../application/account/ApiAccountService';
import { createCore } from '../support/fakes';

function account() {
  const core = createCore({ handler: () => ({ status: 200, body: { ended: 2 } }) });
  return { ...core, service: new ApiAccountService(core.api, core.currentUser, core.navigator) };
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

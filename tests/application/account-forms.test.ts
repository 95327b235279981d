import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { createApiToken, NEW_API_TOKEN, withAbility } from '../../application/account/apiTokenForm';
import { emailChanged, profileChanged, saveProfile, type ProfileFields } from '../../application/account/profileForm';
import type { ApiTokens } from '../../application/ports/ApiTokens';
import { registration } from '../../application/session/registrationForm';
import { challengeAnswer, credentials } from '../../application/session/signInForms';
import type { ProfileInput, ProfileService } from '../../application/profile/ProfileService';

const SAVED: ProfileFields = { name: 'Ada Chan', email: 'ada@example.com', language: 'en' };

/** A profile service that records what it is asked to save. */
function profiles() {
  const saved: ProfileInput[] = [];
  const service = { save: (input: ProfileInput) => (saved.push(input), okAsync({ ...input, version: input.version + 1 })) } as unknown as ProfileService;
  return { service, saved };
}

describe('the profile form', () => {
  it('knows when it differs from what was saved, and when the email (the sign-in name) changes', () => {
    expect(profileChanged(SAVED, SAVED)).toBe(false);
    expect(profileChanged({ ...SAVED, language: 'zh-HK' }, SAVED)).toBe(true);
    expect(emailChanged({ ...SAVED, email: ' ada@example.com ' }, SAVED)).toBe(false);
    expect(emailChanged({ ...SAVED, email: 'new@example.com' }, SAVED)).toBe(true);
  });

  it('finds every wrong field at once and sends nothing', async () => {
    const { service, saved } = profiles();
    const result = await saveProfile(service, { fields: { ...SAVED, name: '  ', email: 'not-an-email' }, saved: SAVED, version: 4, currentPassword: '' });
    expect(result._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { name: [{ key: 'profile:required.name' }], email: [{ key: 'profile:invalid.email' }], current_password: [{ key: 'profile:required.currentPassword' }] },
    });
    const noEmail = await saveProfile(service, { fields: { ...SAVED, email: '' }, saved: SAVED, version: 4, currentPassword: 'x' });
    expect(noEmail._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { email: [{ key: 'profile:required.email' }] } });
    expect(saved).toEqual([]);
  });

  it('sends the trimmed profile, with the current password only when the email changes', async () => {
    const { service, saved } = profiles();
    await saveProfile(service, { fields: { ...SAVED, name: ' Ada ' }, saved: SAVED, version: 4, currentPassword: 'ignored' });
    await saveProfile(service, { fields: { ...SAVED, email: ' new@example.com ' }, saved: SAVED, version: 5, currentPassword: 'Secret1' });
    expect(saved).toEqual([
      { name: 'Ada', email: 'ada@example.com', language: 'en', version: 4 },
      { name: 'Ada Chan', email: 'new@example.com', language: 'en', version: 5, currentPassword: 'Secret1' },
    ]);
  });
});

describe('a new API token', () => {
  const tokens = () => {
    const created: unknown[] = [];
    const port: ApiTokens = {
      create: (name, abilities) => (created.push({ name, abilities }), okAsync({ token: { id: 1, name, abilities, lastUsedAt: null, createdAt: '2026-11-25T00:00:00Z' }, plainTextToken: 'x' })),
      revoke: () => okAsync(undefined),
    };
    return { port, created };
  };

  it('starts with reading only, and keeps the abilities in their usual order', () => {
    expect(NEW_API_TOKEN).toEqual({ name: '', abilities: ['read'] });
    expect(withAbility(['update'], 'read', true)).toEqual(['read', 'update']);
    expect(withAbility(['read', 'update'], 'read', false)).toEqual(['update']);
  });

  it('needs a name and an ability before anything is sent, then sends the trimmed name', async () => {
    const { port, created } = tokens();
    expect((await createApiToken(port, { name: ' ', abilities: [] }))._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { name: [{ key: 'account:tokens.requiredName' }], abilities: [{ key: 'account:tokens.requiredAbility' }] },
    });
    expect(created).toEqual([]);
    expect((await createApiToken(port, { name: ' Backup ', abilities: ['read'] })).isOk()).toBe(true);
    expect(created).toEqual([{ name: 'Backup', abilities: ['read'] }]);
  });
});

describe('the sign-in forms', () => {
  it('asks for every missing sign-in field at once, and trims the email', () => {
    expect(credentials({ email: ' ', password: '' })._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { email: [{ key: 'auth:required.email' }], password: [{ key: 'auth:required.password' }] },
    });
    expect(credentials({ email: ' ada@example.com ', password: 'x' })._unsafeUnwrap()).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('takes a code or a recovery code, and asks for the one being typed when it is empty', () => {
    expect(challengeAnswer(' 123456 ', false)._unsafeUnwrap()).toEqual({ code: '123456' });
    expect(challengeAnswer('abcde-fghij', true)._unsafeUnwrap()).toEqual({ recoveryCode: 'abcde-fghij' });
    expect(challengeAnswer(' ', false)._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { code: [{ key: 'auth:challenge.requiredCode' }] } });
    expect(challengeAnswer('', true)._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { recovery_code: [{ key: 'auth:challenge.requiredRecovery' }] } });
  });

  it('checks a registration: a name, a valid email, and a password meeting the policy typed twice', () => {
    expect(registration({ name: '', email: 'nope', password: 'short', password_confirmation: 'other' })._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: {
        name: [{ key: 'auth:register.required.name' }],
        email: [{ key: 'auth:register.invalidEmail' }],
        password: [{ key: 'auth:password.rules.passwordTooShort' }, { key: 'auth:password.rules.passwordNeedsUppercase' }, { key: 'auth:password.rules.passwordNeedsDigit' }],
        password_confirmation: [{ key: 'auth:password.mismatch' }],
      },
    });
    expect(registration({ name: ' Ada ', email: ' ada@example.com ', password: 'Passw0rdX', password_confirmation: 'Passw0rdX' })._unsafeUnwrap()).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Passw0rdX',
      passwordConfirmation: 'Passw0rdX',
    });
  });
});

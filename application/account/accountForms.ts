import { checkPassword } from '../../domain/auth/password-policy';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';

export { isValid } from '../forms/Invalid';

/**
 * A new password, typed twice, and the current one; on the profile, whether the account's API
 * tokens keep working (left out or false, they end with the other sessions).
 */
export interface PasswordChange {
  readonly current_password: string;
  readonly password: string;
  readonly password_confirmation: string;
  readonly keep_api_tokens?: boolean;
}

/**
 * A new password typed twice against the domain's password policy: each unmet rule by the
 * password, a mismatch by the confirmation.
 */
export function newPasswordProblems(password: string, confirmation: string): { password: FieldMessage[]; password_confirmation: FieldMessage[] } {
  const checked = checkPassword(password, confirmation);
  const unmet = checked.isErr() ? checked.error.rules : [];
  return {
    password: unmet.filter((rule) => rule !== 'passwordConfirmationMismatch').map((rule) => ({ key: `auth:password.rules.${rule}` })),
    password_confirmation: unmet.includes('passwordConfirmationMismatch') ? [{ key: 'auth:password.mismatch' }] : [],
  };
}

/**
 * What is wrong with a password change before it is sent: the current password is required and
 * the new one must meet the domain's password policy.
 */
export function passwordChangeProblems(change: PasswordChange): Invalid {
  return invalid({
    current_password: change.current_password === '' ? [{ key: 'auth:password.requiredCurrent' }] : [],
    ...newPasswordProblems(change.password, change.password_confirmation),
  });
}

/** A step that needs the password again, refused before sending when none was typed. */
export function passwordRequired(password: string): Invalid {
  return invalid({ password: password === '' ? [{ key: 'auth:password.requiredAgain' }] : [] });
}

/** The code from the authenticator app that confirms two-factor, refused before sending when none was typed. */
export function appCodeRequired(code: string): Invalid {
  return invalid({ code: code === '' ? [{ key: 'auth:challenge.requiredCode' }] : [] });
}

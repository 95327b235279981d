import { err, ok, type Result } from 'neverthrow';

/** Password minimum length (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;

/** Each unmet rule has its own code, so a form can show every one at once (spec §5). */
export type PasswordRuleCode =
  | 'passwordTooShort'
  | 'passwordNeedsUppercase'
  | 'passwordNeedsLowercase'
  | 'passwordNeedsDigit'
  | 'passwordConfirmationMismatch';

export interface PasswordPolicyError {
  readonly code: 'passwordPolicy';
  readonly rules: readonly PasswordRuleCode[];
}

/**
 * Checks a new password against the policy: at least 8 characters, an uppercase and a lowercase
 * letter, a digit, and equal to its confirmation. Letters are judged by Unicode case, so "É" counts as
 * uppercase; characters without case (Chinese, digits, symbols) count towards length only.
 * Length counts code points, so an emoji is one character.
 */
export function checkPassword(password: string, confirmation: string): Result<void, PasswordPolicyError> {
  const rules: PasswordRuleCode[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) rules.push('passwordTooShort');
  if (!/\p{Lu}/u.test(password)) rules.push('passwordNeedsUppercase');
  if (!/\p{Ll}/u.test(password)) rules.push('passwordNeedsLowercase');
  if (!/\p{Nd}/u.test(password)) rules.push('passwordNeedsDigit');
  if (password !== confirmation) rules.push('passwordConfirmationMismatch');
  return rules.length === 0 ? ok(undefined) : err({ code: 'passwordPolicy', rules });
}

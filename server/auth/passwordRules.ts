import { checkPassword } from '../../domain/auth/password-policy';
import type { ServerMessageKey } from '../i18n';
import type { FieldKeys } from '../service/failure';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * The 49,000 most common passwords of @zxcvbn-ts/language-common (lower case), loaded on the first
 * check rather than at start, and on the server only: the browser's bundles do not carry the list.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return commonPasswords;
}

/** Whether the password, in any letter case, is one of the most common passwords ("Password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * The domain's password policy as field messages (keys): every unmet rule under `password`, a
 * mismatch under `password_confirmation`; and, on top of the policy, a password that is among the
 * most common ones is refused. Null when the password is acceptable.
 */
export async function passwordProblems(password: string, confirmation: string): Promise<FieldKeys | null> {
  const result = checkPassword(password, confirmation);
  const errors: Record<string, ServerMessageKey[]> = {};
  if (result.isErr()) {
    for (const rule of result.error.rules) (errors[rule === 'passwordConfirmationMismatch' ? 'password_confirmation' : 'password'] ??= []).push(`validation.${rule}`);
  }
  if (await isCommonPassword(password)) (errors.password ??= []).push('validation.passwordTooCommon');
  return Object.keys(errors).length === 0 ? null : errors;
}

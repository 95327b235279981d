import { checkPassword } from '../../domain/auth/password-policy';
import type { Language } from '../../domain/i18n/language';
import { translate } from '../i18n';

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
 * The domain's password policy as field messages: every unmet rule under `password`, a mismatch
 * under `password_confirmation`, in the caller's language; and, on top of the policy, a password
 * that is among the most common ones is refused. Null when the password is acceptable.
 */
export async function passwordFieldErrors(language: Language, password: string, confirmation: string): Promise<Record<string, string[]> | null> {
  const result = checkPassword(password, confirmation);
  const errors: Record<string, string[]> = {};
  if (result.isErr()) {
    for (const rule of result.error.rules) {
      const field = rule === 'passwordConfirmationMismatch' ? 'password_confirmation' : 'password';
      (errors[field] ??= []).push(translate(language, `validation.${rule}`));
    }
  }
  if (await isCommonPassword(password)) (errors.password ??= []).push(translate(language, 'validation.passwordTooCommon'));
  return Object.keys(errors).length === 0 ? null : errors;
}

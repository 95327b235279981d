import { checkPassword } from '../../domain/auth/password-policy';
import type { Language } from '../../domain/i18n/language';
import { translate } from '../i18n';

/**
 * The domain's password policy as field messages: every unmet rule under `password`, a mismatch
 * under `password_confirmation`, in the caller's language. Null when the password is acceptable.
 */
export function passwordFieldErrors(language: Language, password: string, confirmation: string): Record<string, string[]> | null {
  const result = checkPassword(password, confirmation);
  if (result.isOk()) return null;
  const errors: Record<string, string[]> = {};
  for (const rule of result.error.rules) {
    const field = rule === 'passwordConfirmationMismatch' ? 'password_confirmation' : 'password';
    (errors[field] ??= []).push(translate(language, `validation.${rule}`));
  }
  return errors;
}

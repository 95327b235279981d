import { err, ok, type Result } from 'neverthrow';
import { newPasswordProblems } from '../account/accountForms';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { Registration } from '../ports/SignIn';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The registration form's fields, named as the server names them. */
export interface RegistrationForm {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly password_confirmation: string;
}

/**
 * The registration to send (name and email trimmed), or every field found wrong at once: a name, a
 * valid email, and a password that meets the domain's policy, typed twice.
 */
export function registration(form: RegistrationForm): Result<Registration, Invalid> {
  const name = form.name.trim();
  const email = form.email.trim();
  const problems = invalid({
    name: name === '' ? [{ key: 'auth:register.required.name' }] : [],
    email: EMAIL.test(email) ? [] : [{ key: email === '' ? 'auth:required.email' : 'auth:register.invalidEmail' }],
    ...newPasswordProblems(form.password, form.password_confirmation),
  });
  return isValid(problems) ? ok({ name, email, password: form.password, passwordConfirmation: form.password_confirmation }) : err(problems);
}

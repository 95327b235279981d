import { err, ok, type Result } from 'neverthrow';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import type { ChallengeAnswer } from '../ports/SignIn';

/** The sign-in as typed. */
export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** The sign-in to send (the email trimmed), or what is missing: every missing field at once. */
export function credentials(typed: Credentials): Result<Credentials, Invalid> {
  const email = typed.email.trim();
  const problems = invalid({
    email: email === '' ? [{ key: 'auth:required.email' }] : [],
    password: typed.password === '' ? [{ key: 'auth:required.password' }] : [],
  });
  return isValid(problems) ? ok({ email, password: typed.password }) : err(problems);
}

/** The second step's answer (trimmed): a code from the app, or a recovery code; refused when empty. */
export function challengeAnswer(typed: string, recovery: boolean): Result<ChallengeAnswer, Invalid> {
  const answer = typed.trim();
  if (answer !== '') return ok(recovery ? { recoveryCode: answer } : { code: answer });
  return err(recovery ? invalid({ recovery_code: [{ key: 'auth:challenge.requiredRecovery' }] }) : invalid({ code: [{ key: 'auth:challenge.requiredCode' }] }));
}

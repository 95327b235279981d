import type { ResultAsync } from 'neverthrow';
import type { BrowserSession, PasswordChange, TwoFactorEnrolment } from '../../../application/account/AccountService';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { ApiRequest } from '../../../application/ports/ApiTransport';
import type { AccountSecurity } from '../../../application/ports/AccountSecurity';
import { BrowserSessions, Message, OtherSessionsEnded, RecoveryCodes, TwoFactorConfirmed, TwoFactorEnrolment as Enrolment, TwoFactorOff } from '../../../contract/account';
import { decoderOf } from '../wire';

const codes = decoderOf(RecoveryCodes);
const message = decoderOf(Message);

/** A step that sends the password again. */
const withPassword = (method: ApiRequest['method'], path: string, password: string): ApiRequest => ({ method, path, body: { password } });

/**
 * The account's own security over /api/user/…, decoded with contract/account.ts (loaded with the
 * first account screen: lazyPort).
 */
export class HttpAccountSecurity implements AccountSecurity {
  constructor(private readonly api: ApiClient) {}

  changePassword(change: PasswordChange): ResultAsync<void, ApiError> {
    const { current_password, password, password_confirmation, keep_api_tokens } = change;
    // keep_api_tokens only when the screen asks (the profile's box); left out, the server ends them.
    const body = { current_password, password, password_confirmation, ...(keep_api_tokens === undefined ? {} : { keep_api_tokens }) };
    return this.api.call({ method: 'PUT', path: '/api/user/password', body }, message).map(() => undefined);
  }

  startTwoFactor(password: string): ResultAsync<TwoFactorEnrolment, ApiError> {
    return this.api
      .call(withPassword('POST', '/api/user/two-factor-authentication', password), decoderOf(Enrolment))
      .map(({ secret, otpauthUri, qrSvg }) => ({ secret, otpauthUri, qrSvg }));
  }

  confirmTwoFactor(code: string): ResultAsync<string[], ApiError> {
    return this.api
      .call({ method: 'POST', path: '/api/user/confirmed-two-factor-authentication', body: { code } }, decoderOf(TwoFactorConfirmed))
      .map((reply) => reply.recoveryCodes);
  }

  disableTwoFactor(password: string): ResultAsync<void, ApiError> {
    return this.api.call(withPassword('DELETE', '/api/user/two-factor-authentication', password), decoderOf(TwoFactorOff)).map(() => undefined);
  }

  showRecoveryCodes(password: string): ResultAsync<string[], ApiError> {
    return this.api.call(withPassword('POST', '/api/user/two-factor-recovery-codes', password), codes).map((reply) => reply.recoveryCodes);
  }

  regenerateRecoveryCodes(password: string): ResultAsync<string[], ApiError> {
    return this.api.call(withPassword('POST', '/api/user/two-factor-recovery-codes/regenerate', password), codes).map((reply) => reply.recoveryCodes);
  }

  sessions(): ResultAsync<BrowserSession[], ApiError> {
    return this.api.call({ method: 'GET', path: '/api/user/sessions' }, decoderOf(BrowserSessions), { progress: false }).map((reply) => reply.sessions);
  }

  endOtherSessions(password: string): ResultAsync<number, ApiError> {
    return this.api.call(withPassword('DELETE', '/api/user/other-sessions', password), decoderOf(OtherSessionsEnded)).map((reply) => reply.ended);
  }

  deleteAccount(password: string): ResultAsync<void, ApiError> {
    return this.api.call(withPassword('DELETE', '/api/user', password), message).map(() => undefined);
  }
}

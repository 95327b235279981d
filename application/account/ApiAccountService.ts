import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { Navigator } from '../ports/Navigator';
import type { CurrentUser } from '../session/CurrentUser';
import { decodeUser } from '../session/decodeUser';
import * as forms from './accountForms';
import type { PasswordChange } from './accountForms';
import { AccountService, type BrowserSession, type TwoFactorEnrolment } from './AccountService';

/** What the account forms' checks find wrong is the error, before anything is sent. */
function checked(problems: Invalid): ResultAsync<void, Invalid> {
  return forms.isValid(problems) ? okAsync(undefined) : errAsync(problems);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

function decodeSessions(body: unknown): BrowserSession[] {
  if (!isRecord(body) || !Array.isArray(body.sessions)) return [];
  return body.sessions.flatMap((s): BrowserSession[] =>
    isRecord(s) && typeof s.id === 'string' && typeof s.lastActivityAt === 'string'
      ? [
          {
            id: s.id,
            ip: typeof s.ip === 'string' ? s.ip : null,
            userAgent: typeof s.userAgent === 'string' ? s.userAgent : null,
            lastActivityAt: s.lastActivityAt,
            current: s.current === true,
          },
        ]
      : [],
  );
}

/** AccountService over the API (its checks and decoders load with it, not with the sign-in page). */
export class ApiAccountService extends AccountService {
  constructor(
    private readonly api: ApiClient,
    private readonly currentUser: CurrentUser,
    private readonly navigator: Navigator,
  ) {
    super();
  }

  /** Changes the password once the change meets the rules (`passwordChangeProblems`). */
  changePassword(change: PasswordChange): ResultAsync<void, ApiError | Invalid> {
    return checked(forms.passwordChangeProblems(change)).andThen(() =>
      this.api
        .put('/api/user/password', { current_password: change.current_password, password: change.password, password_confirmation: change.password_confirmation })
        .map(() => undefined),
    );
  }

  startTwoFactor(password: string): ResultAsync<TwoFactorEnrolment, ApiError> {
    return this.api.post('/api/user/two-factor-authentication', { password }).map((body) => {
      const b = isRecord(body) ? body : {};
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      return { secret: text(b.secret), otpauthUri: text(b.otpauthUri), qrSvg: text(b.qrSvg) };
    });
  }

  /** Resolves to the recovery codes, shown once two-factor is on. */
  confirmTwoFactor(code: string): ResultAsync<string[], ApiError> {
    return this.api.post('/api/user/confirmed-two-factor-authentication', { code }).map((body) => strings(isRecord(body) ? body.recoveryCodes : []));
  }

  disableTwoFactor(password: string): ResultAsync<void, ApiError> {
    return this.api.delete('/api/user/two-factor-authentication', { password }).map(() => undefined);
  }

  showRecoveryCodes(password: string): ResultAsync<string[], ApiError> {
    return this.api.post('/api/user/two-factor-recovery-codes', { password }).map((body) => strings(isRecord(body) ? body.recoveryCodes : []));
  }

  regenerateRecoveryCodes(password: string): ResultAsync<string[], ApiError> {
    return this.api
      .post('/api/user/two-factor-recovery-codes/regenerate', { password })
      .map((body) => strings(isRecord(body) ? body.recoveryCodes : []));
  }

  /**
   * Asks the server who is signed in and holds the answer: after two-factor was set up because it is
   * required, the user no longer carries mustSetUpTwoFactor and the route guard lets them on.
   */
  refreshUser(): ResultAsync<void, ApiError> {
    return this.api.get('/api/user').map((body) => {
      const user = isRecord(body) ? decodeUser(body.user) : null;
      if (user) this.currentUser.set(user);
    });
  }

  sessions(): ResultAsync<BrowserSession[], ApiError> {
    return this.api.get('/api/user/sessions', undefined, { progress: false }).map(decodeSessions);
  }

  /** Resolves to how many other browsers were signed out. */
  signOutOtherSessions(password: string): ResultAsync<number, ApiError | Invalid> {
    return checked(forms.passwordRequired(password)).andThen(() =>
      this.api.delete('/api/user/other-sessions', { password }).map((body) => (isRecord(body) && typeof body.ended === 'number' ? body.ended : 0)),
    );
  }

  /** Deletes the account; on success the user is signed out here too and lands on /login. */
  deleteAccount(password: string): ResultAsync<void, ApiError> {
    return this.api.delete('/api/user', { password }).map(() => {
      this.currentUser.clear();
      this.navigator.replace('/login');
    });
  }
}

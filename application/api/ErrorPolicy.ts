import type { ErrorPagePath, ErrorsShownHere } from '../navigation/ErrorsShownHere';
import type { Navigator } from '../ports/Navigator';
import type { CurrentUser } from '../session/CurrentUser';
import type { DraftReason, DraftService } from '../session/DraftService';
import type { AppState } from '../state/AppState';
import type { ApiError } from './ApiError';

export const ERROR_PATHS = {
  noConnection: '/error-no-connection',
  forbidden: '/error-403',
  notFound: '/error-404',
  server: '/error-500',
  login: '/login',
  loginSessionExpired: '/login?session_expired=1',
} as const;

/**
 * The spec's error catalogue (§8) as one policy: where the app goes for each failed response. The
 * caller still receives the error; screens need not repeat any of this. A visitor who is not signed
 * in sees the error page where they are (a customer's link, the sign-in page): the error routes
 * need a signed-in user and would only send them to /login (spec §6).
 */
export class ErrorPolicy {
  constructor(
    private readonly navigator: Navigator,
    private readonly currentUser: CurrentUser,
    private readonly state: AppState,
    private readonly drafts: DraftService,
    private readonly shownHere: ErrorsShownHere,
  ) {}

  /**
   * Acts on a failed call. `navigate: false` (background calls: the heartbeat, sign-in, the
   * calendar's prefetch) keeps the page where it is, but no reply or an unavailable database still
   * marks the app offline: that is the app's state, not a navigation. Before the screen is left,
   * what its forms hold unsaved is kept (DraftService), so coming back finds it as it was.
   */
  apply(error: ApiError, options: { navigate?: boolean } = {}): void {
    if (error.code === 'network' || error.code === 'unavailable') this.state.set({ isOnline: false });
    if (options.navigate === false) return;
    switch (error.code) {
      case 'network':
        this.keep('network');
        this.show(ERROR_PATHS.noConnection);
        return;
      case 'unauthorized':
        this.currentUser.clear();
        this.navigator.push(ERROR_PATHS.login);
        return;
      case 'sessionExpired':
        this.drafts.keepAll();
        this.currentUser.clear();
        this.navigator.push(ERROR_PATHS.loginSessionExpired);
        return;
      case 'forbidden':
        this.keep('refused');
        this.show(ERROR_PATHS.forbidden, 'replace');
        return;
      case 'notFound':
        this.keep('refused');
        this.show(ERROR_PATHS.notFound);
        return;
      case 'unavailable':
        // The server answered but its database did not: offline banner (above), the screen stays.
        return;
      case 'server':
      case 'malformedReply':
        this.keep('server');
        this.show(ERROR_PATHS.server);
        return;
      case 'validation':
      case 'conflict':
      case 'tooLarge':
      case 'tooManyRequests':
      case 'csrf':
        // The screen that asked shows these beside what the user typed.
        return;
    }
  }

  /** Goes to the error page: its route when someone is signed in, else shown where the visitor is. */
  private show(page: ErrorPagePath, how: 'push' | 'replace' = 'push'): void {
    if (this.currentUser.get() === null) this.shownHere.show(page);
    else if (how === 'replace') this.navigator.replace(page);
    else this.navigator.push(page);
  }

  /**
   * Keeps the open forms' unsaved input before the screen is left for an error page. What was kept
   * is no longer at risk, so going Back from the error page does not ask to leave without saving
   * (the form may not have gone yet when the page changes).
   */
  private keep(reason: DraftReason): void {
    if (this.drafts.keepAll(reason).length > 0) this.state.set({ unsavedChanges: false });
  }
}

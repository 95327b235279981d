import { BehaviorSubject, type Observable } from 'rxjs';
import type { ApiClient } from '../api/ApiClient';
import { ERROR_PATHS } from '../api/ErrorPolicy';
import type { Connectivity } from '../ports/Connectivity';
import type { Cancel, Timer } from '../ports/Timer';
import type { Navigator } from '../ports/Navigator';
import type { AppState } from '../state/AppState';
import type { CurrentUser } from './CurrentUser';
import type { DraftService } from './DraftService';

/** Spec §7, §9: the heartbeat is sent at start and every 5 minutes. */
export const HEARTBEAT_INTERVAL_MS = 300_000;

/**
 * While the app is offline (a failed heartbeat, no reply to a call, or a 503 because the database
 * is unavailable) the heartbeat is also sent every 30 s, so the banner goes and the user carries on
 * soon after the server is back, rather than up to 5 minutes later.
 */
export const OFFLINE_RETRY_MS = 30_000;

/**
 * GET /api/heartbeat: a reply marks the app online and sets auth validity from its `auth` field; no
 * reply marks it offline. When auth is invalid while a user is held, the user is dropped and the
 * app goes to /login (with session_expired=1 when the server says the session timed out). While
 * offline it beats every OFFLINE_RETRY_MS as well, and at once when the browser says it is back online.
 */
export class HeartbeatService {
  private readonly checked = new BehaviorSubject(false);
  /** True once a heartbeat has come back either way (isOnline starts false before any answer, spec §3). */
  readonly checked$: Observable<boolean> = this.checked.asObservable();

  constructor(
    private readonly api: ApiClient,
    private readonly state: AppState,
    private readonly currentUser: CurrentUser,
    private readonly navigator: Navigator,
    private readonly timer: Timer,
    private readonly drafts: DraftService,
    /** The browser's own online/offline events: offline at once, and a beat as soon as it is back. */
    private readonly connectivity?: Connectivity,
  ) {}

  private retry: Cancel | null = null;
  private running = false;

  /** Beats now and every 5 minutes (and every 30 s while offline) until the returned function is called. */
  start(): Cancel {
    this.running = true;
    void this.beat();
    const stopInterval = this.timer.setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    // Offline for any reason (a call that got no reply or a 503 too): check again soon.
    const watch = this.state.select('isOnline').subscribe((online) => {
      if (online) this.cancelRetry();
      else if (this.checked.getValue()) this.retrySoon();
    });
    const stopWatching = this.connectivity?.watch((online) => {
      if (online) void this.beat();
      else this.state.set({ isOnline: false });
    });
    return () => {
      this.running = false;
      stopInterval();
      stopWatching?.();
      watch.unsubscribe();
      this.cancelRetry();
    };
  }

  private retrySoon(): void {
    if (!this.running || this.retry) return;
    this.retry = this.timer.setTimeout(() => {
      this.retry = null;
      void this.beat();
    }, OFFLINE_RETRY_MS);
  }

  private cancelRetry(): void {
    this.retry?.();
    this.retry = null;
  }

  async beat(): Promise<void> {
    await this.api.get('/api/heartbeat', undefined, { navigateOnError: false, progress: false }).match(
      (body) => {
        const reply = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
        const auth = reply.auth === true;
        this.state.set({ isOnline: true, authValid: auth });
        // Two-factor became compulsory while signed in: the route guard now leads to its setup.
        const held = this.currentUser.get();
        if (auth && held && reply.two_factor_setup_required === true && !held.mustSetUpTwoFactor) this.currentUser.set({ ...held, mustSetUpTwoFactor: true });
        if (!auth && this.currentUser.get()) {
          if (reply.session_expired === true) this.drafts.keepAll();
          this.currentUser.clear();
          this.navigator.push(reply.session_expired === true ? ERROR_PATHS.loginSessionExpired : ERROR_PATHS.login);
        }
      },
      () => {
        this.state.set({ isOnline: false });
      },
    );
    this.checked.next(true);
    if (!this.state.get().isOnline) this.retrySoon();
  }
}

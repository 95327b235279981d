import { ResultAsync, type Result } from 'neverthrow';
import { BehaviorSubject, filter, firstValueFrom, type Observable } from 'rxjs';
import type { DraftService } from '../session/DraftService';
import type { AppState } from '../state/AppState';
import type { ApiError } from './ApiError';

/** No reply, or a reply saying the database is unavailable: the save may be sent again later. */
const unreachable = (error: ApiError) => error.code === 'network' || error.code === 'unavailable';

/**
 * Saves made while the app is known to be offline (it was online, then a call got no reply, the
 * heartbeat failed or the browser said so). Such a save is tried at once; if it gets no reply it
 * does not go to the no-connection page: the open forms' input is kept (DraftService, reason
 * `offline`, so a reload finds it), `waiting$` counts it so the form can say it will be sent when
 * the connection returns, and it is sent again each time the app is back online until a reply comes.
 * The reply — success, 409, 422, 500 — then goes to the form (and the error policy) as usual; what
 * was kept for it is dropped, since the form now shows the outcome.
 */
export class OfflineSaves {
  private readonly count = new BehaviorSubject(0);
  /** How many saves are waiting for the connection. */
  readonly waiting$: Observable<number> = this.count.asObservable();
  private everOnline = false;

  constructor(
    private readonly state: AppState,
    private readonly drafts: DraftService,
  ) {
    state.select('isOnline').subscribe((online) => {
      if (online) this.everOnline = true;
    });
  }

  /** Whether the app knows it is offline (before the first heartbeat's answer it does not know either way). */
  private knownOffline(): boolean {
    return this.everOnline && !this.state.get().isOnline;
  }

  /** Sends a save: as it is when online, or waiting for the connection (see above) when known to be offline. */
  deliver<T>(send: () => ResultAsync<T, ApiError>, onWait: () => void): ResultAsync<T, ApiError> {
    if (!this.knownOffline()) return send();
    return new ResultAsync(this.untilAnswered(send, onWait));
  }

  private async untilAnswered<T>(send: () => ResultAsync<T, ApiError>, onWait: () => void): Promise<Result<T, ApiError>> {
    let kept: readonly string[] | null = null;
    try {
      for (;;) {
        const result = await send();
        if (result.isOk() || !unreachable(result.error)) return result;
        if (kept === null) {
          kept = this.drafts.keepAll('offline');
          this.count.next(this.count.getValue() + 1);
          onWait();
        }
        this.state.set({ isOnline: false });
        await firstValueFrom(this.state.select('isOnline').pipe(filter((online) => online)));
      }
    } finally {
      if (kept !== null) {
        this.drafts.forget(kept);
        this.count.next(this.count.getValue() - 1);
      }
    }
  }
}

import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { filter, merge, pairwise, type Observable } from 'rxjs';
import { addDays, hongKongDate } from '../../domain/time/dates';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { ConfirmationService } from '../navigation/ConfirmationService';
import type { NavigationService } from '../navigation/NavigationService';
import type { AppointmentBook } from '../ports/AppointmentBook';
import type { Clock } from '../ports/Clock';
import type { OutboxUnavailable } from '../ports/CompletionOutbox';
import type { FieldReports, VisitChanged, VisitCompletion } from '../ports/FieldReports';
import type { ImageResizer, UnreadableImage } from '../ports/ImageResizer';
import type { AppState } from '../state/AppState';
import { completion, jpegName, nextPhotoTag, type CompletingVisit, type CompletionDraft, type PhotoDraft } from './completion';
import type { CompletionQueue, SendOutcome } from './CompletionQueue';
import type { OutboxBoard } from './OutboxBoard';
import { FieldDesk, type CompletionOutcome } from './FieldDesk';
import { myDay, MY_DAY_DAYS, type MyDayList } from './myDay';
import { KEPT_DAYS } from './OfflineVisits';
import { nextQuality, photoTarget } from './photoSize';

let photoKeys = 0;

/** The notice after a completion was kept for want of a connection. */
const WAITING_NOTICE = 'field:outbox.notice.waiting';

/** The worker's use-cases over their ports; "today" from the Clock, the worker from the page's state. */
export class FieldWork extends FieldDesk {
  constructor(
    private readonly book: AppointmentBook,
    private readonly reports: FieldReports,
    private readonly resizer: ImageResizer,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly clock: Clock,
    private readonly queue: CompletionQueue,
    /** A new idempotency key (a UUID) for each completion. */
    private readonly newKey: () => string,
    private readonly confirmation: ConfirmationService,
  ) {
    super();
    // The "no connection, kept on the phone" notice is no longer true once a kept completion is sent.
    queue.sent$.subscribe(() => {
      if (this.state.get().notification.title === WAITING_NOTICE) this.state.set({ notification: { title: 'field:outbox.notice.sent', type: 'success' } });
    });
  }

  listChanges(): ResultAsync<Observable<unknown>, never> {
    const back = this.state.select('isOnline').pipe(
      pairwise(),
      filter(([was, is]) => !was && is),
    );
    return okAsync(merge(this.queue.sent$, back));
  }

  private today() {
    return hongKongDate(this.clock.now());
  }

  myDay(): ResultAsync<MyDayList, ApiError> {
    const today = this.today();
    const user = this.state.get().user;
    const mine = user ? { workerId: user.id } : {};
    // Only the worker's own visits, even for one who may see everyone's. Without a connection My day
    // stays, saying so in place (no error page): the completions kept on the phone show above it.
    // Today and tomorrow are asked apart, exactly as they are fetched ahead (KeptVisits), so the
    // phone keeps those two days and no more; the later days follow when there is a connection.
    const kept = this.book.range(today, addDays(today, KEPT_DAYS - 1), mine, true);
    const later = this.book.range(addDays(today, KEPT_DAYS), addDays(today, MY_DAY_DAYS - 1), mine, true);
    return kept.andThen((near) =>
      ResultAsync.fromSafePromise(later).map((far) => ({
        days: myDay([...near.events, ...(far.isOk() ? far.value.events : [])], today),
        laterMissing: far.isErr(),
      })),
    );
  }

  preparePhotos(files: readonly File[], existing: readonly PhotoDraft[]): ResultAsync<PhotoDraft[], ApiError | UnreadableImage> {
    // One at a time: a phone's memory holds one full-size picture at once. Each gets its own tag
    // (the first of the visit before, the others after), which the worker changes photo by photo.
    return files.reduce(
      (done, file) =>
        done.andThen((photos) =>
          this.resizer
            .shrink(file, file.name, (size) => photoTarget(size.width, size.height), nextQuality)
            .map((photo) => [...photos, { key: `photo-${++photoKeys}`, photo, name: jpegName(file.name), tag: nextPhotoTag([...existing, ...photos]) }]),
        ),
      ResultAsync.fromSafePromise<PhotoDraft[], ApiError | UnreadableImage>(Promise.resolve([])),
    );
  }

  /**
   * Completing a visit (issue 22 item 4): checked, kept on the device first (the outbox), then sent.
   * Sent: the visit's page opens with a notification, as before. Not sent (no connection, refused,
   * or the office changed the visit): it stays in the outbox and the worker is back on My day, told
   * so. When the device cannot keep it (storage unusable), it is sent directly and a failure stays
   * on the form with everything typed.
   */
  complete(visit: CompletingVisit, draft: CompletionDraft): ResultAsync<CompletionOutcome, ApiError | VisitChanged | Invalid> {
    const me = this.state.get().user?.id ?? 0;
    const checked = completion(visit, draft, me, this.today());
    if (checked.isErr()) return errAsync(checked.error);
    const made: VisitCompletion = { ...checked.value, key: this.newKey() };
    // A visit dated after today is completed only once the worker confirms (the server's confirmFuture,
    // asked here before anything is kept: the phone may have no connection to ask the server).
    if (made.confirmFuture) {
      return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'futureVisit', values: { date: visit.date } })).andThen((sure) =>
        sure ? this.keepAndSend(visit, made) : okAsync<CompletionOutcome, ApiError | VisitChanged | Invalid>('notConfirmed'),
      );
    }
    return this.keepAndSend(visit, made);
  }

  private keepAndSend(visit: CompletingVisit, made: VisitCompletion): ResultAsync<CompletionOutcome, ApiError | VisitChanged | Invalid> {
    return this.queue
      .keep(made, visit.client ?? null)
      .andThen((kept) => this.queue.send(kept))
      .orElse(() => this.reports.submit(made).map((report): SendOutcome => ({ state: 'sent', report })))
      .andThen((outcome) =>
        ResultAsync.fromSafePromise(
          (async (): Promise<CompletionOutcome> => {
            this.state.set({ unsavedChanges: false });
            if (outcome.state === 'sent') {
              await this.navigation.navigate(`/calendar/appointment/${visit.appointmentId}?date=${visit.date}`, { replace: true });
              this.state.set({ notification: { title: 'field:report.done', type: 'success' } });
              return 'sent';
            }
            await this.navigation.navigate('/calendar', { replace: true });
            this.state.set({ notification: { title: outcome.state === 'waiting' ? WAITING_NOTICE : `field:outbox.notice.${outcome.state}`, type: outcome.state === 'waiting' ? 'info' : 'warning' } });
            return 'kept';
          })(),
        ),
      );
  }

  outbox(): ResultAsync<OutboxBoard, never> {
    return okAsync(this.queue.board);
  }

  replayOutbox(): ResultAsync<void, never> {
    return this.queue.replay();
  }

  discardCompletion(key: string, name: string): ResultAsync<boolean, OutboxUnavailable> {
    return ResultAsync.fromSafePromise(this.confirmation.ask({ kind: 'delete', values: { name } })).andThen((sure) => (sure ? this.queue.discard(key).map(() => true) : okAsync(false)));
  }
}

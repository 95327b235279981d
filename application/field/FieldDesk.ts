import type { ResultAsync } from 'neverthrow';
import type { Observable } from 'rxjs';
import type { ApiError } from '../api/ApiError';
import type { Invalid } from '../forms/Invalid';
import type { OutboxUnavailable } from '../ports/CompletionOutbox';
import type { VisitChanged } from '../ports/FieldReports';
import type { UnreadableImage } from '../ports/ImageResizer';
import type { CompletingVisit, CompletionDraft, PhotoDraft } from './completion';
import type { MyDayList } from './myDay';
import type { OutboxBoard } from './OutboxBoard';

/** How completing a visit ended: sent to the server, kept in the outbox (waiting, refused or changed by the office), or not confirmed (a visit dated after today: the form stays). */
export type CompletionOutcome = 'sent' | 'kept' | 'notConfirmed';

/**
 * The worker's use-cases in the field (issue 22): My day, photos made small before they are added,
 * and completing a visit (save → notify → navigate). Screens ask for it with `useService(FieldDesk)`;
 * its implementation (FieldWork) and its adapters load with the first screen that asks (lazyPort).
 */
export abstract class FieldDesk {
  /** The signed-in worker's visits from today, by day (application/field/myDay.ts); today's and tomorrow's are needed, the later days' are shown when they come. */
  abstract myDay(): ResultAsync<MyDayList, ApiError>;
  /** When My day's list is to be asked again (issue 31 item 22): a completion kept on the phone reached the server, or the connection came back. */
  abstract listChanges(): ResultAsync<Observable<unknown>, never>;
  /** Photos chosen or taken, each made small (long edge ≤ 1,600 px, JPEG) and tagged as `nextPhotoTag` says after those before it (`existing`, then the ones made here). */
  abstract preparePhotos(files: readonly File[], existing: readonly PhotoDraft[]): ResultAsync<PhotoDraft[], ApiError | UnreadableImage>;
  /** Keeps the completed visit on the device and sends it (one FieldReports call): sent, the visit's page opens; kept (no connection, refused, changed by the office), My day does. A visit dated after today is asked about first. */
  abstract complete(visit: CompletingVisit, draft: CompletionDraft): ResultAsync<CompletionOutcome, ApiError | VisitChanged | Invalid>;
  /** The outbox as My day lists it (made with the worker's use-cases, so it loads with them). */
  abstract outbox(): ResultAsync<OutboxBoard, never>;
  /** Sends the outbox's waiting completions again, oldest first (the connection came back, the app opened, My day opened). */
  abstract replayOutbox(): ResultAsync<void, never>;
  /** Lets a kept completion go once the worker confirms (`name` says which): it leaves the device. True when it went. */
  abstract discardCompletion(key: string, name: string): ResultAsync<boolean, OutboxUnavailable>;
}

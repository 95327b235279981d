import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import type { Report } from '../appointments/appointment';
import type { Invalid } from '../forms/Invalid';
import type { UnreadableImage } from '../ports/ImageResizer';
import type { CompletingVisit, CompletionDraft, PhotoDraft } from './completion';
import type { VisitDay } from './myDay';

/**
 * The worker's use-cases in the field (issue 22): My day, photos made small before they are added,
 * and completing a visit (save → notify → navigate). Screens ask for it with `useService(FieldDesk)`;
 * its implementation (FieldWork) and its adapters load with the first screen that asks (lazyPort).
 */
export abstract class FieldDesk {
  /** The signed-in worker's visits from today, by day (application/field/myDay.ts). */
  abstract myDay(): ResultAsync<VisitDay[], ApiError>;
  /** Photos chosen or taken, each made small (long edge ≤ 1,600 px, JPEG), tagged as `nextPhotoTag` says after `existing`. */
  abstract preparePhotos(files: readonly File[], existing: readonly PhotoDraft[]): ResultAsync<PhotoDraft[], ApiError | UnreadableImage>;
  /** Sends the completed visit (one FieldReports call), then the visit's page opens with a notification. */
  abstract complete(visit: CompletingVisit, draft: CompletionDraft): ResultAsync<Report, ApiError | Invalid>;
}

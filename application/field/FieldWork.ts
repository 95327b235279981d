import { errAsync, ResultAsync } from 'neverthrow';
import { addDays, hongKongDate } from '../../domain/time/dates';
import type { ApiError } from '../api/ApiError';
import type { Report } from '../appointments/appointment';
import type { Invalid } from '../forms/Invalid';
import type { NavigationService } from '../navigation/NavigationService';
import type { AppointmentBook } from '../ports/AppointmentBook';
import type { Clock } from '../ports/Clock';
import type { FieldReports } from '../ports/FieldReports';
import type { ImageResizer, UnreadableImage } from '../ports/ImageResizer';
import type { AppState } from '../state/AppState';
import { completion, jpegName, nextPhotoTag, type CompletingVisit, type CompletionDraft, type PhotoDraft } from './completion';
import { FieldDesk } from './FieldDesk';
import { myDay, MY_DAY_DAYS, type VisitDay } from './myDay';
import { nextQuality, photoTarget } from './photoSize';

let photoKeys = 0;

/** The worker's use-cases over their ports; "today" from the Clock, the worker from the page's state. */
export class FieldWork extends FieldDesk {
  constructor(
    private readonly book: AppointmentBook,
    private readonly reports: FieldReports,
    private readonly resizer: ImageResizer,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly clock: Clock,
  ) {
    super();
  }

  private today() {
    return hongKongDate(this.clock.now());
  }

  myDay(): ResultAsync<VisitDay[], ApiError> {
    const today = this.today();
    const user = this.state.get().user;
    // Only the worker's own visits, even for one who may see everyone's.
    return this.book.range(today, addDays(today, MY_DAY_DAYS - 1), user ? { workerId: user.id } : {}, false).map((range) => myDay(range.events, today));
  }

  preparePhotos(files: readonly File[], existing: readonly PhotoDraft[]): ResultAsync<PhotoDraft[], ApiError | UnreadableImage> {
    const tag = nextPhotoTag(existing);
    // One at a time: a phone's memory holds one full-size picture at once.
    return files.reduce(
      (done, file) =>
        done.andThen((photos) =>
          this.resizer
            .shrink(file, file.name, (size) => photoTarget(size.width, size.height), nextQuality)
            .map((photo) => [...photos, { key: `photo-${++photoKeys}`, photo, name: jpegName(file.name), tag }]),
        ),
      ResultAsync.fromSafePromise<PhotoDraft[], ApiError | UnreadableImage>(Promise.resolve([])),
    );
  }

  complete(visit: CompletingVisit, draft: CompletionDraft): ResultAsync<Report, ApiError | Invalid> {
    const me = this.state.get().user?.id ?? 0;
    const checked = completion(visit, draft, me, this.today());
    if (checked.isErr()) return errAsync(checked.error);
    return this.reports.submit(checked.value).andThen((report) =>
      ResultAsync.fromSafePromise(
        (async () => {
          this.state.set({ unsavedChanges: false });
          await this.navigation.navigate(`/calendar/appointment/${visit.appointmentId}?date=${visit.date}`, { replace: true });
          this.state.set({ notification: { title: 'field:report.done', type: 'success' } });
          return report;
        })(),
      ),
    );
  }
}

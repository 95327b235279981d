import { ResultAsync } from 'neverthrow';
import type { AppointmentStatus } from '../../domain/appointments/status';
import { addDays, hongKongDate } from '../../domain/time/dates';
import type { ApiClient } from '../api/ApiClient';
import type { ApiError } from '../api/ApiError';
import { matchRoute } from '../navigation/match';
import { apiPathFor, apiQueryFor } from '../navigation/screenData';
import type { AppointmentBook } from '../ports/AppointmentBook';
import type { Clock } from '../ports/Clock';
import type { OfflineCache } from '../ports/OfflineCache';
import type { ScreenDataDecoders } from '../ports/ScreenDataDecoders';
import type { AppState } from '../state/AppState';
import { KEPT_DAYS, OfflineVisits } from './OfflineVisits';

/** The pages of a visit a worker opens at the door: the visit, then its report form. */
export const KEPT_PAGES = ['/calendar/appointment', '/calendar/completed-report'] as const;

/** The addresses of the pages kept for each visit of `events` not cancelled. */
export function keptAddresses(events: readonly { appointmentId: number; date: string; status: AppointmentStatus }[]): string[] {
  return events.filter((e) => e.status !== 'canceled').flatMap((e) => KEPT_PAGES.map((page) => `${page}/${e.appointmentId}?date=${e.date}`));
}

/**
 * Fetches, for the signed-in worker, today's and tomorrow's visits and then each one's pages, with
 * the very requests the route controller makes when the page opens (the route table's API address
 * and query, read by the screen's decoder), so what the service worker keeps is what an offline
 * opening asks for. In the
 * background: no progress bar, no error page; one that fails is skipped.
 */
export class KeptVisits extends OfflineVisits {
  constructor(
    private readonly api: ApiClient,
    private readonly book: AppointmentBook,
    private readonly cache: OfflineCache,
    private readonly decoders: ScreenDataDecoders,
    private readonly state: AppState,
    private readonly clock: Clock,
  ) {
    super();
  }

  keep(): ResultAsync<number, ApiError> {
    return ResultAsync.fromSafePromise(this.cache.ready()).andThen((kept) => {
      const user = this.state.get().user;
      if (!kept || !user) return ResultAsync.fromSafePromise<number, ApiError>(Promise.resolve(0));
      const today = hongKongDate(this.clock.now());
      return this.book.range(today, addDays(today, KEPT_DAYS - 1), { workerId: user.id }, true).andThen((range) => ResultAsync.fromSafePromise(this.fetchAll(keptAddresses(range.events))));
    });
  }

  private async fetchAll(addresses: readonly string[]): Promise<number> {
    let kept = 0;
    // One after another: in the background, beside what the worker is doing.
    for (const address of addresses) {
      const [path, search = ''] = address.split('?');
      const match = matchRoute(path!);
      if (!match?.route.api) continue;
      const request = { method: 'GET', path: apiPathFor(match.route.api, match.params), query: apiQueryFor(match, search ? `?${search}` : '') } as const;
      // Read as the route controller reads it: its decoder's file is then kept too.
      const decode = this.decoders.decoderFor(match.route.screen);
      const options = { progress: false, navigateOnError: false };
      const reply = await (decode ? this.api.call(request, decode, options) : this.api.request(request, options));
      if (reply.isOk()) kept++;
    }
    return kept;
  }
}

import type { ApiClient } from '../../application/api/ApiClient';
import { KeptVisits } from '../../application/field/keptVisits';
import type { AppointmentBook } from '../../application/ports/AppointmentBook';
import type { Clock } from '../../application/ports/Clock';
import type { OfflineCache } from '../../application/ports/OfflineCache';
import type { ScreenDataDecoders } from '../../application/ports/ScreenDataDecoders';
import type { AppState } from '../../application/state/AppState';

/** The worker's visits fetched ahead for offline use, with the service worker's cache (loaded with the first worker screen). */
export function offlineVisits(api: ApiClient, book: AppointmentBook, cache: OfflineCache, decoders: ScreenDataDecoders, state: AppState, clock: Clock): KeptVisits {
  return new KeptVisits(api, book, cache, decoders, state, clock);
}

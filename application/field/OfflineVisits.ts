import { okAsync, type ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';

/**
 * How many days the phone keeps for offline use: today and tomorrow (issue 22; issue 31 item 9 keeps
 * no more). My day asks for them apart from its later days, with the very request fetched ahead
 * here, so what the service worker keeps is those two days and nothing else.
 */
export const KEPT_DAYS = 2;

/**
 * The worker's visits of today and tomorrow, fetched ahead so they open with no connection (issue
 * 22): each visit's page and its report form, as the screens ask for them. Screens ask for it with
 * `useService(OfflineVisits)`; its implementation (application/field/keptVisits.ts) loads with the
 * first screen that asks (lazyPort).
 */
export abstract class OfflineVisits {
  /** Fetches them ahead when the device keeps what is fetched; resolves to how many pages were kept (0 when it does not). */
  abstract keep(): ResultAsync<number, ApiError>;
}

/** Where nothing is kept (no service workers: the demo build, tests): nothing is fetched ahead. */
export const NO_OFFLINE_VISITS: OfflineVisits = { keep: () => okAsync(0) };

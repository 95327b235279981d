import type { ApiClient } from '../../application/api/ApiClient';
import { FieldWork } from '../../application/field/FieldWork';
import type { NavigationService } from '../../application/navigation/NavigationService';
import type { AppointmentBook } from '../../application/ports/AppointmentBook';
import type { Clock } from '../../application/ports/Clock';
import type { AppState } from '../../application/state/AppState';
import { HttpFieldReports } from '../http/field/HttpFieldReports';
import { CanvasImageResizer } from '../images/CanvasImageResizer';

/** The worker's use-cases with their adapters (the report over HTTP, photos made small on a canvas): loaded with the first worker screen. */
export function fieldDesk(api: ApiClient, book: AppointmentBook, state: AppState, navigation: NavigationService, clock: Clock): FieldWork {
  return new FieldWork(book, new HttpFieldReports(api), new CanvasImageResizer(), state, navigation, clock);
}

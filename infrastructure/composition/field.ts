import type { ApiClient } from '../../application/api/ApiClient';
import { CompletionQueue } from '../../application/field/CompletionQueue';
import { FieldWork } from '../../application/field/FieldWork';
import { OutboxBoard } from '../../application/field/OutboxBoard';
import { OutboxWatch } from '../../application/field/OutboxWatch';
import type { Connectivity } from '../../application/ports/Connectivity';
import type { CompletionOutbox } from '../../application/ports/CompletionOutbox';
import type { ConfirmationService } from '../../application/navigation/ConfirmationService';
import type { NavigationService } from '../../application/navigation/NavigationService';
import type { AppointmentBook } from '../../application/ports/AppointmentBook';
import type { Clock } from '../../application/ports/Clock';
import type { AppState } from '../../application/state/AppState';
import { HttpFieldReports } from '../http/field/HttpFieldReports';
import { CanvasImageResizer } from '../images/CanvasImageResizer';
import { IdbCompletionOutbox } from '../storage/IdbCompletionOutbox';

/** A version 4 UUID from the platform's random numbers (crypto.randomUUID needs a secure context; a phone on the office's http address has none). */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The worker's use-cases with their adapters (the report over HTTP, photos made small on a canvas,
 * the outbox in the page's IndexedDB unless the host gives one): loaded with the first worker screen.
 */
export function fieldDesk(api: ApiClient, book: AppointmentBook, state: AppState, navigation: NavigationService, clock: Clock, confirmation: ConfirmationService,
  connectivity: Connectivity,
  outbox: CompletionOutbox = new IdbCompletionOutbox(),
): FieldWork {
  const reports = new HttpFieldReports(api);
  const work = new FieldWork(book, reports, new CanvasImageResizer(), state, navigation, clock, new CompletionQueue(outbox, reports, new OutboxBoard(), clock), randomKey, confirmation);
  // From now on, for the page's life: the outbox is sent again each time the connection returns (a worker in the field signed in).
  new OutboxWatch(state, connectivity, work).start();
  return work;
}

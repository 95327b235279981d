import type { ResolutionContext } from 'inversify';
import { ApiClient } from '../../application/api/ApiClient';
import { CompletionQueue } from '../../application/field/CompletionQueue';
import { FieldWork } from '../../application/field/FieldWork';
import { OutboxBoard } from '../../application/field/OutboxBoard';
import { OutboxWatch } from '../../application/field/OutboxWatch';
import { ConfirmationService } from '../../application/navigation/ConfirmationService';
import { NavigationService } from '../../application/navigation/NavigationService';
import { AppointmentBook } from '../../application/ports/AppointmentBook';
import { Clock } from '../../application/ports/Clock';
import { CompletionOutbox } from '../../application/ports/CompletionOutbox';
import { Connectivity } from '../../application/ports/Connectivity';
import { AppState } from '../../application/state/AppState';
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
 * the outbox in the page's IndexedDB unless the host binds one — the component tests' memory),
 * asked of the container when the first worker screen loads them.
 */
export function fieldDesk(context: ResolutionContext): FieldWork {
  const api = context.get(ApiClient);
  const state = context.get(AppState);
  const clock = context.get<Clock>(Clock);
  const reports = new HttpFieldReports(api);
  const outbox = context.get<CompletionOutbox>(CompletionOutbox, { optional: true }) ?? new IdbCompletionOutbox();
  const queue = new CompletionQueue(outbox, reports, new OutboxBoard(), clock, () => state.get().user?.id ?? null);
  const work = new FieldWork(context.get<AppointmentBook>(AppointmentBook), reports, new CanvasImageResizer(), state, context.get(NavigationService), clock, queue, randomKey, context.get(ConfirmationService));
  // From now on, for the page's life: the outbox is sent again each time the connection returns (a worker in the field signed in).
  new OutboxWatch(state, context.get<Connectivity>(Connectivity), work).start();
  return work;
}

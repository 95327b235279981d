import type { ResultAsync } from 'neverthrow';
import type { AppointmentInput, CalendarFilters, CalendarRange, Reschedule, ReportInput, Scope } from '../../../application/appointments/appointment';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { AppointmentBook, OverlapSchedule, StatusChange } from '../../../application/ports/AppointmentBook';
import type { QueryValue } from '../../../application/ports/ApiTransport';
import { addDays, type IsoDate } from '../../../domain/time/dates';
import {
  AppointmentOptions,
  CalendarRangeReply,
  ClientSearchReply,
  DeletedReply,
  OrderLinkReply,
  OrdersReply,
  OverlapsReply,
  ReportReply,
  SavedReply,
  StatusReply,
} from '../../../contract/appointments';
import { decoderOf } from '../wire';

const filterQuery = (f: CalendarFilters): Record<string, QueryValue> => ({
  ...(f.workerId ? { worker_id: f.workerId } : {}),
  ...(f.branchId ? { branch_id: f.branchId } : {}),
  ...(f.areaId ? { area_id: f.areaId } : {}),
  ...(f.status ? { status: f.status } : {}),
});

const saved = decoderOf(SavedReply);
const report = decoderOf(ReportReply);
const visit = (id: number, date: string) => `/api/appointments/${id}/visits/${date}`;

/**
 * The calendar and appointments over the API (/api/appointments…), every reply read by the wire
 * contract (contract/appointments.ts): one that does not match is `malformedReply`, never a default.
 * Loaded with the first calendar screen (lazyPort), so the contract is not part of /login.
 */
export class HttpAppointmentBook implements AppointmentBook {
  constructor(private readonly api: ApiClient) {}

  range(from: IsoDate, to: IsoDate, filters: CalendarFilters, background: boolean): ResultAsync<CalendarRange, ApiError> {
    const query = { start: from, end: addDays(to, 1), ...filterQuery(filters) };
    return this.api.call({ method: 'GET', path: '/api/appointments', query }, decoderOf(CalendarRangeReply), background ? { progress: false, navigateOnError: false } : {});
  }

  options() {
    return this.api.call({ method: 'GET', path: '/api/appointments/filters' }, decoderOf(AppointmentOptions), { progress: false });
  }

  searchClients(query: string) {
    return this.api.call({ method: 'GET', path: '/api/appointments/clients', query: { q: query } }, decoderOf(ClientSearchReply), { progress: false }).map((r) => r.items);
  }

  overlaps(schedule: OverlapSchedule, excludeId: number | null) {
    return this.api
      .call({ method: 'POST', path: '/api/appointments/overlaps', body: { ...schedule, excludeId } }, decoderOf(OverlapsReply), { progress: false, navigateOnError: false })
      .map((r) => r.overlaps);
  }

  create(input: AppointmentInput, orderId: number | null) {
    return this.api.call({ method: 'POST', path: '/api/appointments', body: { ...input, orderId } }, saved).map(({ appointment, overlaps }) => ({ ...appointment, overlaps }));
  }

  update(id: number, version: number, occurrence: string, scope: Scope, input: AppointmentInput) {
    return this.api
      .call({ method: 'PUT', path: `/api/appointments/${id}`, body: { ...input, version, occurrence, scope } }, saved)
      .map(({ appointment, overlaps }) => ({ ...appointment, overlaps }));
  }

  reschedule(id: number, change: Reschedule) {
    return this.api.call({ method: 'POST', path: `/api/appointments/${id}/reschedule`, body: change }, saved).map(({ appointment, overlaps }) => ({ ...appointment, overlaps }));
  }

  remove(id: number, version: number, occurrence: string, scope: Scope): ResultAsync<void, ApiError> {
    return this.api.call({ method: 'DELETE', path: `/api/appointments/${id}`, body: { version, occurrence, scope } }, decoderOf(DeletedReply)).map(() => undefined);
  }

  setStatus(id: number, date: string, change: StatusChange) {
    const body = { status: change.status, version: change.version, ...(change.reason ? { reason: change.reason } : {}), ...(change.confirmFuture ? { confirmFuture: true } : {}) };
    return this.api.call({ method: 'POST', path: `${visit(id, date)}/status`, body }, decoderOf(StatusReply));
  }

  saveReport(id: number, date: string, input: ReportInput) {
    return this.api.call({ method: 'PUT', path: `${visit(id, date)}/report`, body: input }, report).map((r) => r.report);
  }

  sign(id: number, date: string, who: 'client' | 'worker', png: Blob, signerId: number | undefined) {
    const signer = who === 'worker' && signerId !== undefined ? `?signer=${signerId}` : '';
    return this.api.call({ method: 'PUT', path: `${visit(id, date)}/signatures/${who}${signer}`, body: png }, report).map((r) => r.report);
  }

  clearSignature(id: number, date: string, who: 'client' | 'worker') {
    return this.api.call({ method: 'DELETE', path: `${visit(id, date)}/signatures/${who}` }, report).map((r) => r.report);
  }

  addPhoto(id: number, date: string, file: File) {
    return this.api.call({ method: 'POST', path: `${visit(id, date)}/photos`, body: file, headers: { 'X-File-Name': encodeURIComponent(file.name) } }, report).map((r) => r.report);
  }

  removePhoto(id: number, photoId: number) {
    return this.api.call({ method: 'DELETE', path: `/api/appointments/${id}/photos/${photoId}` }, report).map((r) => r.report);
  }

  clientOrders(clientId: number) {
    return this.api
      .call({ method: 'GET', path: '/api/appointments/orders', query: { client_id: clientId } }, decoderOf(OrdersReply), { progress: false, navigateOnError: false })
      .map((r) => r.items);
  }

  linkOrder(id: number, orderId: number | null, version: number | undefined) {
    return this.api
      .call({ method: 'PUT', path: `/api/appointments/${id}/order`, body: { orderId, ...(version === undefined ? {} : { version }) } }, decoderOf(OrderLinkReply))
      .map((r) => r.order);
  }
}

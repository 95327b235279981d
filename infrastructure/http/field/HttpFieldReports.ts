import { okAsync, type ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { Report } from '../../../application/appointments/appointment';
import type { FieldReports, VisitCompletion } from '../../../application/ports/FieldReports';
import { ReportReply, StatusReply } from '../../../contract/appointments';
import { decoderOf } from '../wire';

const report = decoderOf(ReportReply);

/**
 * A completed visit over the API, in the order the server's rules need: the report's words at the
 * visit's version, each photo with its tag, the client's then the worker's signature, then the visit
 * ended at the version the last reply gave (ending needs the complete report). Every reply is read by
 * the wire contract (contract/appointments.ts). The first failure stops the rest and is the result.
 */
export class HttpFieldReports implements FieldReports {
  constructor(private readonly api: ApiClient) {}

  submit(c: VisitCompletion): ResultAsync<Report, ApiError> {
    const visit = `/api/appointments/${c.appointmentId}/visits/${c.date}`;
    const photos = (saved: Report) =>
      c.photos.reduce<ResultAsync<Report, ApiError>>(
        (done, p) =>
          done.andThen(() =>
            this.api
              .call({ method: 'POST', path: `${visit}/photos`, query: { tag: p.tag }, body: p.photo, headers: { 'X-File-Name': encodeURIComponent(p.name) } }, report)
              .map((r) => r.report),
          ),
        okAsync(saved),
      );
    const sign = (who: 'client' | 'worker', png: Blob) => {
      const signer = who === 'worker' && c.workerSignerId !== undefined ? `?signer=${c.workerSignerId}` : '';
      return this.api.call({ method: 'PUT', path: `${visit}/signatures/${who}${signer}`, body: png }, report).map((r) => r.report);
    };
    return this.api
      .call({ method: 'PUT', path: `${visit}/report`, body: c.report }, report)
      .map((r) => r.report)
      .andThen(photos)
      .andThen(() => sign('client', c.clientSignature))
      .andThen(() => sign('worker', c.workerSignature))
      .andThen((signed) =>
        this.api
          .call({ method: 'POST', path: `${visit}/status`, body: { status: 'ended', version: signed.version, ...(c.confirmFuture ? { confirmFuture: true } : {}) } }, decoderOf(StatusReply))
          .map((ended): Report => ({ ...signed, status: ended.status, version: ended.visitVersion })),
      );
  }
}

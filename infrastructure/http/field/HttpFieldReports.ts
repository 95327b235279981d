import { errAsync, type ResultAsync } from 'neverthrow';
import type { ApiClient } from '../../../application/api/ApiClient';
import type { ApiError } from '../../../application/api/ApiError';
import type { Report } from '../../../application/appointments/appointment';
import type { FieldReports, VisitChanged, VisitCompletion } from '../../../application/ports/FieldReports';
import { COMPLETION_PARTS, CompletionConflictReply, ReportReply, type CompletionPart } from '../../../contract/appointments';
import { decoderOf } from '../wire';

const report = decoderOf(ReportReply);
const changed = decoderOf(CompletionConflictReply);

/**
 * A completed visit over the API in ONE call (POST …/visits/{date}/completion, multipart): the
 * report's words at the visit's version, the photos with their tags, both signatures, and the visit
 * ended, all or nothing on the server. The completion's key goes as `Idempotency-Key`, so sending it
 * again (the reply was lost) changes nothing. A 409 carries the server's report: `visitChanged`.
 * A background call (no error page): the outbox says how it went.
 */
export class HttpFieldReports implements FieldReports {
  constructor(private readonly api: ApiClient) {}

  submit(c: VisitCompletion): ResultAsync<Report, ApiError | VisitChanged> {
    const part: CompletionPart = {
      workDone: c.report.workDone,
      findings: c.report.findings,
      pestsFound: c.report.pestsFound ?? '',
      areasTreated: c.report.areasTreated ?? '',
      productsUsed: c.report.productsUsed.map((p) => ({ productId: p.productId, quantity: p.quantity, note: p.note })),
      clientSigner: c.report.clientSigner,
      version: c.version,
      workerSignerId: c.workerSignerId ?? null,
      confirmFuture: c.confirmFuture,
      photoTags: c.photos.map((p) => p.tag),
    };
    const form = new FormData();
    form.append(COMPLETION_PARTS.completion, JSON.stringify(part));
    for (const photo of c.photos) form.append(COMPLETION_PARTS.photo, photo.photo, photo.name);
    form.append(COMPLETION_PARTS.clientSignature, c.clientSignature, 'client-signature.png');
    form.append(COMPLETION_PARTS.workerSignature, c.workerSignature, 'worker-signature.png');
    return this.api
      .call({ method: 'POST', path: `/api/appointments/${c.appointmentId}/visits/${c.date}/completion`, body: form, headers: { 'Idempotency-Key': c.key } }, report, { navigateOnError: false })
      .map((r) => r.report)
      .orElse((error): ResultAsync<Report, ApiError | VisitChanged> => {
        const read = error.code === 'conflict' ? changed(error.body) : null;
        return errAsync(read?.isOk() ? { code: 'visitChanged', report: read.value.report } : error);
      });
  }
}

import type { ResultAsync } from 'neverthrow';
import type { PhotoTag } from '../../domain/appointments/report';
import type { ApiError } from '../api/ApiError';
import type { Report, ReportInput } from '../appointments/appointment';

/** A photo of a completed visit, made small on the device (a JPEG), tagged before or after the work. */
export interface CompletionPhoto {
  readonly photo: Blob;
  readonly name: string;
  readonly tag: PhotoTag;
}

/**
 * Everything a worker sends to complete a visit, in one piece (issue 22): the report's words and
 * products at the visit's version, the photos, both drawn signatures (PNG; the worker's credited to
 * `workerSignerId` when given) and whether a visit dated after today is completed knowingly. One
 * value, so the outbox (CompletionOutbox) keeps it on the device and sends it when the connection
 * returns; `key` is made on the device when the worker presses Complete, and every sending of this
 * completion carries it, so the server does it once.
 */
export interface VisitCompletion {
  readonly key: string;
  readonly appointmentId: number;
  readonly date: string;
  readonly version: number;
  readonly report: ReportInput;
  readonly photos: readonly CompletionPhoto[];
  readonly clientSignature: Blob;
  readonly workerSignature: Blob;
  readonly workerSignerId: number | undefined;
  readonly confirmFuture: boolean;
}

/** The office changed the visit since the worker opened it: nothing was kept; the report as the server keeps it now. */
export interface VisitChanged {
  readonly code: 'visitChanged';
  readonly report: Report;
}

/**
 * Sends a completed visit: the report, its photos and signatures, and the visit ended, all or
 * nothing. Resolves to the report as the server keeps it; a stale version is `visitChanged` with the
 * server's report, and the visit is not ended. Sent again with the same key, it changes nothing.
 */
export interface FieldReports {
  submit(completion: VisitCompletion): ResultAsync<Report, ApiError | VisitChanged>;
}

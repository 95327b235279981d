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
 * value, so a later offline queue can keep it on the device and send it when the connection returns.
 */
export interface VisitCompletion {
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

/**
 * Sends a completed visit: the report, its photos and signatures, then the visit ended. Resolves to
 * the report as the server keeps it; a stale version is `conflict` and the visit is not ended.
 */
export interface FieldReports {
  submit(completion: VisitCompletion): ResultAsync<Report, ApiError>;
}

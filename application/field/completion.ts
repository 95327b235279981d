import { err, ok, type Result } from 'neverthrow';
import { checkReportComplete, creditedSigner, type PhotoTag } from '../../domain/appointments/report';
import type { IsoDate } from '../../domain/time/dates';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';
import { reportLines, type ReportProductInput } from '../appointments/reportLines';
import type { VisitCompletion } from '../ports/FieldReports';

/** A photo on the completion form: made small already, with its tag. */
export interface PhotoDraft {
  readonly key: string;
  readonly photo: Blob;
  readonly name: string;
  readonly tag: PhotoTag;
}

/** The completion form as typed and drawn. */
export interface CompletionDraft {
  readonly findings: string;
  readonly workDone: string;
  readonly pestsFound: string;
  readonly areasTreated: string;
  readonly products: readonly ReportProductInput[];
  readonly photos: readonly PhotoDraft[];
  readonly clientName: string;
  readonly clientSignature: Blob | null;
  readonly workerSignature: Blob | null;
  /** The worker who signs, as the select gives it ('' when none chosen). */
  readonly workerSignerId: string;
}

/** The visit being completed: its appointment, day, version and workers. */
export interface CompletingVisit {
  readonly appointmentId: number;
  readonly date: IsoDate;
  readonly version: number;
  readonly workerIds: readonly number[];
  /** The visit's client, to name the completion in the outbox. */
  readonly client?: { readonly nameEn: string; readonly nameZh: string } | null;
}

export const emptyCompletion = (signerId: number | null): CompletionDraft => ({
  findings: '',
  workDone: '',
  pestsFound: '',
  areasTreated: '',
  products: [],
  photos: [],
  clientName: '',
  clientSignature: null,
  workerSignature: null,
  workerSignerId: signerId === null ? '' : String(signerId),
});

/** The tag newly added photos get: before when they are the first, else after (each can be changed). */
export const nextPhotoTag = (photos: readonly PhotoDraft[]): PhotoTag => (photos.length === 0 ? 'before' : 'after');

/** A photo's name once it is a JPEG ("IMG_1.HEIC" → "IMG_1.jpg"). */
export const jpegName = (name: string): string => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

const problem = (key: string): FieldMessage[] => [{ key: `field:problem.${key}` }];

/**
 * The completion to send, or what is wrong under each field: every product row right (a product, a
 * quantity > 0 with two decimals at most), the work done said and both signatures drawn (the
 * domain's complete report), the worker's signature credited to one of the visit's workers (the
 * domain's creditedSigner). `me` is the signed-in user, `today` the business day (Clock).
 */
export function completion(visit: CompletingVisit, draft: CompletionDraft, me: number, today: IsoDate): Result<Omit<VisitCompletion, 'key'>, Invalid> {
  const fields: Record<string, FieldMessage[]> = {};
  const lines = reportLines(draft.products);
  if (lines.isErr()) for (const [field, kind] of Object.entries(lines.error)) fields[field] = problem(kind);
  const complete = checkReportComplete({ workDone: draft.workDone, findings: draft.findings, productsUsed: [], clientSigned: draft.clientSignature !== null, workerSigned: draft.workerSignature !== null });
  if (complete.isErr() && complete.error.code === 'reportIncomplete') for (const part of complete.error.missing) fields[part] = problem(part);
  const named = draft.workerSignerId === '' ? undefined : Number(draft.workerSignerId);
  const signer = creditedSigner(named, me, visit.workerIds);
  if (signer.isErr()) fields.signer = problem('signer');
  if (Object.keys(fields).length > 0 || lines.isErr() || signer.isErr() || !draft.clientSignature || !draft.workerSignature) return err(invalid(fields));
  return ok({
    appointmentId: visit.appointmentId,
    date: visit.date,
    version: visit.version,
    report: {
      workDone: draft.workDone.trim(),
      findings: draft.findings.trim(),
      pestsFound: draft.pestsFound.trim(),
      areasTreated: draft.areasTreated.trim(),
      productsUsed: lines.value,
      clientSigner: draft.clientName.trim(),
      version: visit.version,
    },
    photos: draft.photos.map((p) => ({ photo: p.photo, name: p.name, tag: p.tag })),
    clientSignature: draft.clientSignature,
    workerSignature: draft.workerSignature,
    workerSignerId: signer.value,
    confirmFuture: visit.date > today,
  });
}

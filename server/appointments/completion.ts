import { err, ok, type Result } from 'neverthrow';
import { isReportEditable, type PhotoTag } from '../../domain/appointments/report';
import type { ImageType } from '../../domain/files/image-type';
import type { AppContext } from '../http/env';
import { claimKey, keepReply, keptReply } from '../service/idempotentReplies';
import type { AppointmentFailure } from './failures';
import type { CompletionInput } from './input';
import { checkPhoto, checkSignature, signerOf, writePhoto, writeSignature } from './reportFiles';
import { ensureVisit, visitRow } from './repository';
import { reportOf, type Report } from './views';
import { checkReportWords, checkStatusChange, NEW_VISIT_VERSION, visitReport, VisitConflict, writeReport, writeStatus, type VisitTarget } from './visitService';

/**
 * A visit completed in one call (issue 22 item 4, the worker's offline queue): the report's words,
 * the photos, both signatures and the visit ended, in ONE transaction — all kept, or nothing. The
 * same checks and writes as the separate calls (visitService.ts, reportFiles.ts), in their order.
 * The request's idempotency key is claimed first in the same transaction and keeps the reply, so a
 * completion sent again from the phone (the connection broke before the reply came back) gets the
 * same reply and changes nothing.
 */

export interface CompletionPhotoPart {
  readonly bytes: Uint8Array;
  readonly fileName: string | undefined;
  readonly tag: PhotoTag | null;
}

export interface CompletionForm {
  readonly input: CompletionInput;
  readonly photos: readonly CompletionPhotoPart[];
  readonly clientSignature: Uint8Array;
  readonly workerSignature: Uint8Array;
}

/** A refusal met inside the transaction: it rolls everything back (the key's claim too) and becomes the service's failure. */
class Refused extends Error {
  constructor(readonly failure: AppointmentFailure) {
    super(failure.code);
  }
}

const refuse = <T>(result: Result<T, AppointmentFailure>): T => {
  if (result.isErr()) throw new Refused(result.error);
  return result.value;
};

const scopeOf = (target: VisitTarget) => `completion:${target.row.id}:${target.date}`;

/**
 * What is known of a completion before its body is read: the reply kept for its key (a replay is
 * answered with it and reads nothing more), a key already used for another visit, or a report that
 * can no longer be written. Null: read the body and complete the visit.
 */
export async function completionBeforeBody(c: AppContext, target: VisitTarget, key: string): Promise<Result<{ report: Report } | null, AppointmentFailure>> {
  const { db } = c.var.deps;
  const kept = await keptReply(db, c.var.user!.id, key);
  if (kept) return kept.scope === scopeOf(target) ? ok(kept.reply as { report: Report }) : err({ code: 'idempotencyKeyReused' });
  const existing = await visitRow(db, target.row.id, target.date);
  if (existing && !isReportEditable(existing.status)) return err({ code: 'reportLocked' });
  return ok(null);
}

export async function completeVisit(c: AppContext, target: VisitTarget, key: string, form: CompletionForm): Promise<Result<{ report: Report }, AppointmentFailure>> {
  // The files first: a refused part reads nothing from the database and stores nothing.
  const clientSignature = checkSignature(form.clientSignature);
  if (clientSignature.isErr()) return err(clientSignature.error);
  const workerSignature = checkSignature(form.workerSignature);
  if (workerSignature.isErr()) return err(workerSignature.error);
  const photos: { bytes: Uint8Array; type: ImageType; fileName: string | undefined; tag: PhotoTag | null }[] = [];
  for (const photo of form.photos) {
    const checked = checkPhoto(photo.bytes);
    if (checked.isErr()) return err(checked.error);
    photos.push({ ...photo, ...checked.value });
  }
  const { db, files, now } = c.var.deps;
  const user = c.var.user!;
  const scope = scopeOf(target);
  const input = form.input;
  const stored: string[] = [];
  try {
    const reply = await db.transaction().execute(async (tx) => {
      if (!(await claimKey(tx, user.id, key, scope, now()))) {
        const kept = await keptReply(tx, user.id, key);
        if (!kept || kept.scope !== scope) throw new Refused({ code: 'idempotencyKeyReused' });
        return kept.reply as { report: Report };
      }
      const existing = await visitRow(tx, target.row.id, target.date);
      if ((existing?.version ?? 0) !== input.version) throw new VisitConflict();
      refuse(await checkReportWords(tx, existing, input));
      const signerId = refuse(await signerOf(c, tx, target, 'worker', input.workerSignerId ?? undefined));
      const visit = existing ?? (await ensureVisit(tx, target.row.id, target.date, now()));
      await writeReport(c, tx, target, visit, existing?.version ?? NEW_VISIT_VERSION, input);
      for (const photo of photos) await writePhoto(c, tx, target, visit.id, photo, (file) => stored.push(file));
      await writeSignature(c, tx, target, visit.id, 'client', clientSignature.value, user.id);
      await writeSignature(c, tx, target, visit.id, 'worker', workerSignature.value, signerId);
      // Ending by the same rule as the status call, over the visit as it now stands (a complete report).
      const signed = (await visitRow(tx, target.row.id, target.date))!;
      const move = refuse(checkStatusChange(c, target, signed, { status: 'ended', version: signed.version, reason: '', confirmFuture: input.confirmFuture }));
      await writeStatus(c, tx, target, visit.id, signed.version, move);
      const done = { report: await reportOf(tx, user, target.row, target.date) };
      await keepReply(tx, user.id, key, 200, done);
      return done;
    });
    return ok(reply);
  } catch (error) {
    await Promise.all(stored.map((file) => files.delete(file)));
    if (error instanceof VisitConflict) return err({ code: 'visitChanged', report: (await visitReport(c, target)).report });
    if (error instanceof Refused) return err(error.failure);
    throw error;
  }
}

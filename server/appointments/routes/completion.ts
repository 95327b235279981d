import { Hono } from 'hono';
import { err, ok, type Result } from 'neverthrow';
import { COMPLETION_PARTS, MAX_COMPLETION_BYTES, MAX_COMPLETION_PHOTOS, ReportReply } from '../../../contract/appointments';
import { MAX_UPLOAD_BYTES } from '../../../domain/files/upload';
import { MAX_JSON_BODY_BYTES } from '../../http/body';
import type { AppContext, AppEnv } from '../../http/env';
import { fieldError } from '../../http/errors';
import { formProblemReply, readForm, type FormShape } from '../../http/multipart';
import { requirePermission } from '../../http/permissions';
import { closeWhenUnread } from '../../http/upload';
import { replies } from '../../http/reply';
import { parseJsonText } from '../../http/validate';
import { completeVisit, completionBeforeBody, type CompletionForm } from '../completion';
import { CompletionInput } from '../input';
import { failureReply, replyWith } from '../replies';
import { visitTarget } from '../visitService';

/** An idempotency key as the device makes it: a UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What a completion's body may hold (contract COMPLETION_PARTS), within MAX_COMPLETION_BYTES: one
 * JSON part of at most 1 MB (as any JSON body), up to MAX_COMPLETION_PHOTOS photos and the two
 * signatures, each file at most 5 MB (as every upload). Anything more is refused as it streams in.
 */
const COMPLETION_SHAPE: FormShape = {
  fields: { [COMPLETION_PARTS.completion]: { max: 1, bytes: MAX_JSON_BODY_BYTES } },
  files: {
    [COMPLETION_PARTS.photo]: { max: MAX_COMPLETION_PHOTOS, bytes: MAX_UPLOAD_BYTES },
    [COMPLETION_PARTS.clientSignature]: { max: 1, bytes: MAX_UPLOAD_BYTES },
    [COMPLETION_PARTS.workerSignature]: { max: 1, bytes: MAX_UPLOAD_BYTES },
  },
  bodyBytes: MAX_COMPLETION_BYTES,
};

/**
 * The multipart body of a completion, read as it streams within COMPLETION_SHAPE: the JSON part
 * validated by CompletionInput, one tag per photo, both signatures as files.
 */
async function completionForm(c: AppContext): Promise<Result<CompletionForm, Response>> {
  const read = await readForm(c, COMPLETION_SHAPE);
  if (read.isErr()) return err(formProblemReply(c, read.error, COMPLETION_PARTS.completion, 'appointments.completionForm'));
  const { fields, files } = read.value;
  const json = fields.get(COMPLETION_PARTS.completion)?.[0];
  const client = files.get(COMPLETION_PARTS.clientSignature)?.[0];
  const worker = files.get(COMPLETION_PARTS.workerSignature)?.[0];
  const photos = files.get(COMPLETION_PARTS.photo) ?? [];
  if (json === undefined) return err(fieldError(c, COMPLETION_PARTS.completion, 'appointments.completionForm'));
  const input = parseJsonText(c, json, CompletionInput);
  if (input.isErr()) return err(input.error);
  if (!client) return err(fieldError(c, COMPLETION_PARTS.clientSignature, 'appointments.clientSignatureRequired'));
  if (!worker) return err(fieldError(c, COMPLETION_PARTS.workerSignature, 'appointments.workerSignatureRequired'));
  if (photos.length !== input.value.photoTags.length) return err(fieldError(c, 'photoTags', 'appointments.photoTags'));
  return ok({
    input: input.value,
    photos: photos.map((photo, i) => ({ bytes: photo.bytes, fileName: photo.fileName || undefined, tag: input.value.photoTags[i] ?? null })),
    clientSignature: client.bytes,
    workerSignature: worker.bytes,
  });
}

/**
 * A visit completed in one call: its report, photos, signatures and the visit ended, all or
 * nothing, once per Idempotency-Key. Everything the path and headers decide is checked before the
 * body is read (the permission, the key, the visit is one the user works and its report can still
 * be written, or the key's kept reply); only then is the body read, as it streams, within its limits.
 */
export function completionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/appointments/:id{[0-9]{1,9}}/visits/:date/completion', closeWhenUnread, replies(ReportReply), ...requirePermission('appointment_edit', 'update'), async (c) => {
    const key = c.req.header('idempotency-key') ?? '';
    if (!UUID.test(key)) return fieldError(c, 'idempotencyKey', 'appointments.idempotencyKey');
    const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
    if (target.isErr()) return failureReply(c, target.error);
    const before = await completionBeforeBody(c, target.value, key.toLowerCase());
    if (before.isErr()) return failureReply(c, before.error);
    if (before.value) return c.json(before.value, 200);
    const form = await completionForm(c);
    if (form.isErr()) return form.error;
    return replyWith(c, await completeVisit(c, target.value, key.toLowerCase(), form.value));
  });

  return routes;
}

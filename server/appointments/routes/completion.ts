import { Hono } from 'hono';
import { err, ok, type Result } from 'neverthrow';
import { COMPLETION_PARTS, MAX_COMPLETION_BYTES, ReportReply } from '../../../contract/appointments';
import { readBodyWithin } from '../../http/body';
import type { AppContext, AppEnv } from '../../http/env';
import { errorReply, fieldError } from '../../http/errors';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { parseJsonText } from '../../http/validate';
import { completeVisit, type CompletionForm } from '../completion';
import { CompletionInput } from '../input';
import { failureReply, replyWith } from '../replies';
import { visitTarget } from '../visitService';

/** An idempotency key as the device makes it: a UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bytesOf = async (part: File) => new Uint8Array(await part.arrayBuffer());

/**
 * The multipart body of a completion (contract COMPLETION_PARTS), read within MAX_COMPLETION_BYTES:
 * the JSON part validated by CompletionInput, one tag per photo, both signatures as files.
 */
async function completionForm(c: AppContext): Promise<Result<CompletionForm, Response>> {
  const read = await readBodyWithin(c, MAX_COMPLETION_BYTES);
  if (read.isErr()) return err(read.error === 'tooLarge' ? errorReply(c, 413, 'errors.tooLarge') : errorReply(c, 400, 'errors.uploadInterrupted'));
  let form: FormData;
  try {
    form = await new Request('http://form.local/', { method: 'POST', headers: { 'content-type': c.req.header('content-type') ?? '' }, body: read.value ?? new Uint8Array() }).formData();
  } catch {
    return err(fieldError(c, COMPLETION_PARTS.completion, 'appointments.completionForm'));
  }
  const json = form.get(COMPLETION_PARTS.completion);
  const client = form.get(COMPLETION_PARTS.clientSignature);
  const worker = form.get(COMPLETION_PARTS.workerSignature);
  const photos = form.getAll(COMPLETION_PARTS.photo);
  if (json === null) return err(fieldError(c, COMPLETION_PARTS.completion, 'appointments.completionForm'));
  const input = parseJsonText(c, typeof json === 'string' ? json : await json.text(), CompletionInput);
  if (input.isErr()) return err(input.error);
  if (!(client instanceof File)) return err(fieldError(c, COMPLETION_PARTS.clientSignature, 'appointments.clientSignatureRequired'));
  if (!(worker instanceof File)) return err(fieldError(c, COMPLETION_PARTS.workerSignature, 'appointments.workerSignatureRequired'));
  const files = photos.filter((p): p is File => p instanceof File);
  if (files.length !== photos.length || files.length !== input.value.photoTags.length) return err(fieldError(c, 'photoTags', 'appointments.photoTags'));
  return ok({
    input: input.value,
    photos: await Promise.all(files.map(async (file, i) => ({ bytes: await bytesOf(file), fileName: file.name || undefined, tag: input.value.photoTags[i] ?? null }))),
    clientSignature: await bytesOf(client),
    workerSignature: await bytesOf(worker),
  });
}

/** A visit completed in one call: its report, photos, signatures and the visit ended, all or nothing, once per Idempotency-Key. */
export function completionRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/appointments/:id{[0-9]{1,9}}/visits/:date/completion', replies(ReportReply), ...requirePermission('appointment_edit', 'update'), async (c) => {
    const key = c.req.header('idempotency-key') ?? '';
    if (!UUID.test(key)) return fieldError(c, 'idempotencyKey', 'appointments.idempotencyKey');
    const form = await completionForm(c);
    if (form.isErr()) return form.error;
    const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
    if (target.isErr()) return failureReply(c, target.error);
    return replyWith(c, await completeVisit(c, target.value, key.toLowerCase(), form.value));
  });

  return routes;
}

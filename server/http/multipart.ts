import {
  getMultipartBoundary,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParser,
  type MultipartPart,
} from '@remix-run/multipart-parser';
import { err, ok, type Result } from 'neverthrow';
import { errorReply, fieldError } from './errors';
import type { AppContext } from './env';
import { translate, type ServerMessageKey } from '../i18n';

/**
 * A multipart/form-data request body read as it streams, within limits, by
 * @remix-run/multipart-parser (web streams, so the same code runs in Node and in the in-page demo
 * backend). Every limit is checked as the bytes arrive and the first one passed ends the read: the
 * body is cancelled, nothing more of it is read or parsed, and the reply says which limit it was.
 * Only the parts the form declares are kept; the rest of the body is never held in memory.
 */

/** One kind of part: how many of it a form may hold, and how large each may be. */
export interface PartRule {
  readonly max: number;
  readonly bytes: number;
}

/**
 * What a form may hold: its text fields and its files by name, the whole body's size, and each
 * part's headers' size. A part of another name is refused.
 */
export interface FormShape {
  readonly fields: Readonly<Record<string, PartRule>>;
  readonly files: Readonly<Record<string, PartRule>>;
  readonly bodyBytes: number;
  readonly headerBytes?: number;
}

/** Each part's headers (its Content-Disposition with the file name, its Content-Type) at most. */
export const MAX_PART_HEADER_BYTES = 4 * 1024;

export interface FilePart {
  readonly bytes: Uint8Array;
  readonly fileName: string | undefined;
}

/** The parts read: each field's texts and each file part, by name, in the order they came. */
export interface ReadForm {
  readonly fields: ReadonlyMap<string, readonly string[]>;
  readonly files: ReadonlyMap<string, readonly FilePart[]>;
}

export type FormProblem =
  | { readonly code: 'notMultipart' }
  | { readonly code: 'malformed' }
  | { readonly code: 'interrupted' }
  | { readonly code: 'bodyTooLarge'; readonly max: number }
  | { readonly code: 'tooManyParts'; readonly max: number }
  | { readonly code: 'unexpectedPart'; readonly name: string }
  | { readonly code: 'tooManyOf'; readonly name: string; readonly max: number }
  /** A part over its size: named when it ended over its own name's size, unnamed when it passed the largest any part may be while it streamed. */
  | { readonly code: 'partTooLarge'; readonly name?: string; readonly max: number }
  | { readonly code: 'headerTooLarge'; readonly max: number };

const sum = (rules: Readonly<Record<string, PartRule>>, of: (rule: PartRule) => number) => Object.values(rules).reduce((total, rule) => total + of(rule), 0);

/** A refusal found while parsing: thrown out of the parser's loop, turned into the result. */
class Refusal extends Error {
  constructor(readonly problem: FormProblem) {
    super(problem.code);
  }
}

/** The parser's own limit errors as this module's problems (the count and total are ours too: the parser's are a backstop). */
function parserProblem(error: unknown, shape: FormShape, largest: number, parts: number): FormProblem {
  if (error instanceof Refusal) return error.problem;
  if (error instanceof MaxHeaderSizeExceededError) return { code: 'headerTooLarge', max: shape.headerBytes ?? MAX_PART_HEADER_BYTES };
  if (error instanceof MaxPartsExceededError) return { code: 'tooManyParts', max: parts };
  if (error instanceof MaxTotalSizeExceededError) return { code: 'bodyTooLarge', max: shape.bodyBytes };
  if (error instanceof MaxFileSizeExceededError) return { code: 'partTooLarge', max: largest };
  // Anything else the parser (or the part's header decoding) throws: the body is not a readable form.
  return { code: 'malformed' };
}

/**
 * Reads the request's multipart body part by part, within `shape`:
 * - a declared Content-Length over `bodyBytes` is refused before anything is read; a chunked body
 *   is refused as soon as it passes it;
 * - the parts are counted as they end: one more than the form may hold (in all, or of one name) is
 *   refused there, so a body of many tiny parts costs no more than the form's own parts;
 * - a part is held to the largest part the form allows while it streams, and to its own name's
 *   size when it ends; its headers to `headerBytes`;
 * - a body that breaks off (fewer bytes than declared, the connection closed) is `interrupted`.
 */
export async function readForm(c: AppContext, shape: FormShape): Promise<Result<ReadForm, FormProblem>> {
  const contentType = c.req.header('content-type') ?? '';
  const boundary = /^multipart\/form-data\s*;/i.test(contentType) ? getMultipartBoundary(contentType) : null;
  const body = c.req.raw.body;
  if (!boundary || !body) return err({ code: 'notMultipart' });
  const declaredHeader = c.req.header('content-length');
  const declared = declaredHeader !== undefined && !c.req.header('transfer-encoding') ? Number(declaredHeader) : null;
  if (declared !== null && declared > shape.bodyBytes) {
    await body.cancel().catch(() => undefined);
    return err({ code: 'bodyTooLarge', max: shape.bodyBytes });
  }

  const parts = sum(shape.fields, (r) => r.max) + sum(shape.files, (r) => r.max);
  const largest = Math.max(...[...Object.values(shape.fields), ...Object.values(shape.files)].map((r) => r.bytes));
  // The parser counts and sizes too; one part more than ours, so our own check (with the part's name) speaks first.
  const parser = new MultipartParser(boundary, { maxHeaderSize: shape.headerBytes ?? MAX_PART_HEADER_BYTES, maxFileSize: largest, maxParts: parts + 1, maxTotalSize: shape.bodyBytes });
  const fields = new Map<string, string[]>();
  const files = new Map<string, FilePart[]>();
  let seen = 0;

  const take = (part: MultipartPart) => {
    if (++seen > parts) throw new Refusal({ code: 'tooManyParts', max: parts });
    const name = part.name ?? '';
    const asField = Object.hasOwn(shape.fields, name) ? shape.fields[name] : undefined;
    const asFile = Object.hasOwn(shape.files, name) ? shape.files[name] : undefined;
    const rule = asField ?? asFile;
    if (!rule) throw new Refusal({ code: 'unexpectedPart', name });
    const kept: unknown[] = asField ? (fields.get(name) ?? []) : (files.get(name) ?? []);
    if (kept.length >= rule.max) throw new Refusal({ code: 'tooManyOf', name, max: rule.max });
    if (part.size > rule.bytes) throw new Refusal({ code: 'partTooLarge', name, max: rule.bytes });
    if (asField) fields.set(name, [...(fields.get(name) ?? []), part.text]);
    else files.set(name, [...(files.get(name) ?? []), { bytes: part.bytes, fileName: part.filename }]);
  };

  const reader = body.getReader();
  let size = 0;
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        return err({ code: 'interrupted' });
      }
      if (chunk.done) break;
      size += chunk.value.length;
      if (size > shape.bodyBytes) throw new Refusal({ code: 'bodyTooLarge', max: shape.bodyBytes });
      // After the closing boundary the rest (an epilogue) is counted, not parsed.
      if (finished || chunk.value.length === 0) continue;
      for (const part of parser.write(chunk.value)) take(part);
      finished = isFinished(parser);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    return err(parserProblem(error, shape, largest, parts));
  }
  if (declared !== null && declared !== size) return err({ code: 'interrupted' });
  if (!finished) return err({ code: 'malformed' });
  return ok({ fields, files });
}

/** Whether the parser has met the closing boundary (its finish() throws until it has, and changes nothing). */
function isFinished(parser: MultipartParser): boolean {
  try {
    parser.finish();
    return true;
  } catch {
    return false;
  }
}

const KB = 1024;
const sizeWords = (bytes: number): { size: string } => ({ size: bytes >= KB * KB ? `${Math.round((bytes / KB / KB) * 10) / 10} MB` : `${Math.ceil(bytes / KB)} KB` });

/** A refused limit: its message, on the part it names when it names one. */
function limitReply(c: AppContext, status: 413 | 422, key: ServerMessageKey, values: Record<string, string | number>, field?: string): Response {
  const message = translate(c.var.language, key, values);
  return c.json({ message, ...(field ? { errors: { [field]: [message] } } : {}) }, status);
}

/**
 * The reply to a refused form: 413 for a limit of size or count (which one, in the caller's
 * language), 422 for a part the form does not take or a body that is not a form (`malformedKey` on
 * `malformedField`), 400 when it broke off. The reply asks to close the connection, as the body was
 * refused before it was read to its end.
 */
export function formProblemReply(c: AppContext, problem: FormProblem, malformedField: string, malformedKey: ServerMessageKey): Response {
  c.header('Connection', 'close');
  switch (problem.code) {
    case 'notMultipart':
    case 'malformed':
      return fieldError(c, malformedField, malformedKey);
    case 'interrupted':
      return errorReply(c, 400, 'errors.uploadInterrupted');
    case 'bodyTooLarge':
      return limitReply(c, 413, 'upload.bodyTooLarge', sizeWords(problem.max));
    case 'tooManyParts':
      return limitReply(c, 413, 'upload.tooManyParts', { max: problem.max });
    case 'headerTooLarge':
      return limitReply(c, 413, 'upload.headerTooLarge', sizeWords(problem.max));
    case 'tooManyOf':
      return limitReply(c, 413, 'upload.tooManyOf', { name: problem.name, max: problem.max }, problem.name);
    case 'partTooLarge':
      return problem.name ? limitReply(c, 413, 'upload.namedPartTooLarge', { name: problem.name, ...sizeWords(problem.max) }, problem.name) : limitReply(c, 413, 'upload.partTooLarge', sizeWords(problem.max));
    case 'unexpectedPart':
      return limitReply(c, 422, 'upload.unexpectedPart', { name: problem.name }, problem.name || '_');
  }
}

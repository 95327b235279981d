import type { FieldKeys, Failure } from '../service/failure';
import { translate, type ServerMessageKey } from '../i18n';
import type { AppContext } from './env';
import { errorReply } from './errors';
import { fieldErrors } from './fields';

/** How a route answers an area's own failure codes: the status and the message. */
export type Refusals<Code extends string> = Readonly<Record<Code, readonly [403 | 409 | 413 | 422, ServerMessageKey]>>;

/** Field keys as field messages in the caller's language. */
export function fieldMessages(c: AppContext, fields: FieldKeys): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, keys]) => [field, (typeof keys === 'string' ? [keys] : (keys)).map((key) => translate(c.var.language, key))]),
  );
}

/**
 * The one reply of a service's failure: 404 errors.notFound, 409 errors.conflict, 422 with a message
 * per field, and an area's own codes as its `refusals` say.
 */
export function failureReply<Code extends string>(c: AppContext, failure: Failure<Code>, refusals?: Refusals<Code>): Response {
  switch (failure.code) {
    case 'notFound':
      return errorReply(c, 404, 'errors.notFound');
    case 'conflict':
      return errorReply(c, 409, 'errors.conflict');
    case 'validation':
      return fieldErrors(c, fieldMessages(c, (failure as { fields: FieldKeys }).fields));
    default: {
      const [status, key] = refusals![failure.code];
      return errorReply(c, status, key);
    }
  }
}

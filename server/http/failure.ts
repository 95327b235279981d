import type { CommonCode, CommonFailure, FieldKeys, FieldMessage } from '../service/failure';
import { translate, type ServerMessageKey } from '../i18n';
import type { AppContext } from './env';
import { errorReply, fieldError } from './errors';
import { fieldErrors } from './fields';

/**
 * The one helper that turns a service's failure (server/service/failure.ts) into its reply: the common
 * codes the same way in every area, an area's own codes as its table of refusals says.
 */

type Coded<Domain> = Domain extends string ? { readonly code: Domain } : Domain;

/** How a route answers one of its area's own failures: a status and a message, or a reply of its own (with the details). */
export type Refusal<F> = readonly [403 | 409 | 413 | 422, ServerMessageKey] | ((c: AppContext, failure: F) => Response);

/** An area's own codes (the codes alone, or its failure union), each with its refusal. */
export type Refusals<Domain extends string | { readonly code: string }> = {
  readonly [K in Exclude<Coded<Domain>['code'], CommonCode>]: Refusal<Extract<Coded<Domain>, { readonly code: K }>>;
};

const message = (c: AppContext, m: FieldMessage) => (typeof m === 'string' ? translate(c.var.language, m) : translate(c.var.language, m.key, m.values));

/** Field messages in the caller's language. */
export function fieldMessages(c: AppContext, fields: FieldKeys): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, m]) => [field, (Array.isArray(m) ? (m as readonly FieldMessage[]) : [m as FieldMessage]).map((one) => message(c, one))]));
}

/**
 * The reply of a failure: 404 errors.notFound, 403 auth.forbidden, 409 errors.conflict, 413
 * errors.tooLarge, 422 with a message per field (the first as the reply's message), and an area's own
 * codes as its `refusals` say.
 */
export function failureReply(c: AppContext, failure: CommonFailure): Response;
export function failureReply<F extends { readonly code: string }>(c: AppContext, failure: F, refusals: Refusals<F>): Response;
export function failureReply(c: AppContext, failure: { readonly code: string }, refusals?: Readonly<Record<string, Refusal<never>>>): Response {
  switch (failure.code) {
    case 'notFound':
      return errorReply(c, 404, 'errors.notFound');
    case 'forbidden':
      return errorReply(c, 403, 'auth.forbidden');
    case 'conflict':
      return errorReply(c, 409, 'errors.conflict');
    case 'tooLarge':
      return errorReply(c, 413, 'errors.tooLarge');
    case 'validation': {
      const errors = fieldMessages(c, (failure as Extract<CommonFailure, { code: 'validation' }>).fields);
      return Object.keys(errors).length > 0 ? fieldErrors(c, errors) : c.json({ message: translate(c.var.language, 'validation.invalid'), errors }, 422);
    }
  }
  const refusal = refusals![failure.code]!;
  return typeof refusal === 'function' ? refusal(c, failure as never) : errorReply(c, refusal[0], refusal[1]);
}

/** `failureReply` with an area's refusals: the area's routes answer its failures with it. */
export const failureReplies =
  <F extends { readonly code: string }>(refusals: Refusals<F>) =>
  (c: AppContext, failure: F | CommonFailure): Response =>
    failureReply(c, failure as F, refusals);

/** A refusal that is 422 with one message on one field. */
export const onField =
  (field: string, key: ServerMessageKey) =>
  (c: AppContext): Response =>
    fieldError(c, field, key);

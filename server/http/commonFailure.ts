import type { ServerMessageKey } from '../i18n';
import { translate } from '../i18n';
import type { AppContext } from './env';
import { errorReply } from './errors';

/**
 * The failures every area's services share, each with a stable `code` (an area adds its own domain
 * codes beside these). A service returns them in a neverthrow `Result`; the route turns one into its
 * reply with `failureReply`.
 */
export type CommonFailure =
  | { readonly code: 'notFound' }
  | { readonly code: 'forbidden' }
  | { readonly code: 'conflict' }
  | { readonly code: 'tooLarge' }
  /** One message (a key) per field, keyed like the request body (contacts.0.name …); the first is the reply's message. */
  | { readonly code: 'validation'; readonly fields: Readonly<Record<string, ServerMessageKey>> };

/** The reply of a common failure, in the caller's language: 404, 403, 409, 413, or 422 with a message per field. */
export function failureReply(c: AppContext, failure: CommonFailure): Response {
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
      const errors: Record<string, string[]> = {};
      for (const [field, key] of Object.entries(failure.fields)) errors[field] = [translate(c.var.language, key)];
      return c.json({ message: Object.values(errors)[0]?.[0] ?? translate(c.var.language, 'validation.invalid'), errors }, 422);
    }
  }
}

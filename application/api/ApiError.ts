import { isRecord } from './decode';

/**
 * Every way an API call can fail, each with a stable code that presentation turns into words
 * (DESIGN.md §3). `message` is the server's own message, already in the user's language.
 */
export type ApiError =
  | { readonly code: 'network' }
  | { readonly code: 'unauthorized'; readonly message: string }
  | { readonly code: 'sessionExpired'; readonly message: string }
  | { readonly code: 'forbidden'; readonly message: string }
  | { readonly code: 'notFound'; readonly message: string }
  | {
      readonly code: 'validation';
      readonly message: string;
      readonly fields: Readonly<Record<string, readonly string[]>>;
      /**
       * The server's domain error code when a business rule refused the request (e.g.
       * `receiptExceedsOrderTotal`), with its figures (e.g. `{ maxCents: 120000 }`), so the browser
       * says what the rule found instead of re-running it. Absent for plain input errors.
       */
      readonly reason?: string;
      readonly details?: Readonly<Record<string, string | number>>;
    }
  /** `body`: the reply as it came, for an adapter whose 409 carries more (a completion's: the report as the server keeps it now). */
  | { readonly code: 'conflict'; readonly message: string; readonly body?: unknown }
  | { readonly code: 'tooLarge'; readonly message: string }
  | { readonly code: 'tooManyRequests'; readonly message: string }
  | { readonly code: 'csrf'; readonly message: string }
  | { readonly code: 'unavailable'; readonly message: string }
  | { readonly code: 'server'; readonly status: number; readonly message: string }
  /** A 2xx reply that does not match the wire contract: an error, never a silently defaulted value. */
  | { readonly code: 'malformedReply'; readonly message: string; readonly issues: readonly string[] };

export type ApiErrorCode = ApiError['code'];

function messageOf(body: unknown): string {
  return isRecord(body) && typeof body.message === 'string' ? body.message : '';
}

function fieldsOf(body: unknown): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (!isRecord(body) || !isRecord(body.errors)) return fields;
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
  }
  return fields;
}

/** The `reason` and its `details` of a refused request (`{ reason: 'receiptExceedsOrderTotal', details: { maxCents } }`). */
function reasonOf(body: unknown): { reason?: string; details?: Record<string, string | number> } {
  if (!isRecord(body) || typeof body.reason !== 'string') return {};
  const details: Record<string, string | number> = {};
  if (isRecord(body.details)) {
    for (const [key, value] of Object.entries(body.details)) if (typeof value === 'string' || typeof value === 'number') details[key] = value;
  }
  return { reason: body.reason, details };
}

/** The error a non-2xx reply stands for (2xx is success, spec §7). */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const message = messageOf(body);
  switch (status) {
    case 401:
      return isRecord(body) && body.session_expired === true ? { code: 'sessionExpired', message } : { code: 'unauthorized', message };
    case 403:
      return { code: 'forbidden', message };
    case 404:
      return { code: 'notFound', message };
    case 409:
      return { code: 'conflict', message, body };
    case 413:
      return { code: 'tooLarge', message };
    case 419:
      return { code: 'csrf', message };
    case 422:
      return { code: 'validation', message, fields: fieldsOf(body), ...reasonOf(body) };
    case 429:
      return { code: 'tooManyRequests', message };
    case 503:
      return { code: 'unavailable', message };
    default:
      return { code: 'server', status, message };
  }
}

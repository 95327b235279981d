import type { ResultAsync } from 'neverthrow';
import { token } from '../di/token';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiRequest {
  readonly method: HttpMethod;
  /** A path relative to the app's origin, e.g. /api/heartbeat (spec §7: no base host). */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON; a Blob (a file) is sent as it is, FormData as multipart/form-data. */
  readonly body?: unknown;
  /** Extra headers, e.g. X-File-Name with an upload. */
  readonly headers?: Readonly<Record<string, string>>;
  /** `file`: a 2xx reply is a download, handed back as a ReceivedFile instead of parsed JSON. */
  readonly expect?: 'json' | 'file';
}

/** A file the server sent (a CSV export, an attachment): its bytes and the name it suggested. */
export interface ReceivedFile {
  readonly blob: Blob;
  /** From Content-Disposition, or null when the server named none. */
  readonly name: string | null;
}

export interface ApiResponse {
  readonly status: number;
  /** The parsed JSON body, or null when there is none; a ReceivedFile for a 2xx reply to `expect: 'file'`. */
  readonly body: unknown;
}

/** No response at all: the server is unreachable (spec §8 "no response"). */
export interface NoResponse {
  readonly code: 'network';
}

/**
 * Sends one request to the back end and hands back its status and body, whatever the status. The
 * adapter sends credentials (cookies) and echoes the XSRF-TOKEN cookie as X-XSRF-TOKEN.
 */
export interface ApiTransport {
  send(request: ApiRequest): ResultAsync<ApiResponse, NoResponse>;
}

export const ApiTransport = token<ApiTransport>('ApiTransport');

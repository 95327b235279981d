import { errAsync, okAsync, ResultAsync, type Result } from 'neverthrow';
import type { ApiRequest, ApiTransport } from '../ports/ApiTransport';
import type { LoadingIndicator } from '../progress/LoadingIndicator';
import { apiErrorFromResponse, type ApiError } from './ApiError';
import type { ErrorPolicy } from './ErrorPolicy';
import type { OfflineSaves } from './OfflineSaves';

export interface RequestOptions {
  /** Apply the error catalogue's navigation (default true). Background calls such as the heartbeat opt out. */
  readonly navigateOnError?: boolean;
  /** Show the progress bar while waiting (default true). */
  readonly progress?: boolean;
}

export const CSRF_COOKIE_PATH = '/api/csrf-cookie';

/**
 * Reads a 2xx reply's body into its type, or says why it cannot (the issues, for the log). The HTTP
 * adapters make these from the wire contract (infrastructure/http/wire.ts `decoderOf`); the
 * application knows only this function type, not the schema library.
 */
export type Decode<T> = (body: unknown) => Result<T, readonly string[]>;

/**
 * Every API call of the app goes through here: 2xx is success (spec §7), anything else becomes an
 * ApiError that the error policy acts on and that is still returned to the caller (spec §8). A 419
 * (XSRF token missing or stale) fetches a fresh token once and retries. A save made while the app
 * is offline waits for the connection (OfflineSaves) rather than leaving the screen.
 */
export class ApiClient {
  constructor(
    private readonly transport: ApiTransport,
    private readonly loading: LoadingIndicator,
    private readonly policy: ErrorPolicy,
    /** Saves made while offline wait for the connection instead of leaving the screen (absent: they do not). */
    private readonly offline?: OfflineSaves,
  ) {}

  get(path: string, query?: ApiRequest['query'], options?: RequestOptions): ResultAsync<unknown, ApiError> {
    return this.request({ method: 'GET', path, ...(query ? { query } : {}) }, options);
  }

  post(path: string, body?: unknown, options?: RequestOptions): ResultAsync<unknown, ApiError> {
    return this.request({ method: 'POST', path, body }, options);
  }

  put(path: string, body?: unknown, options?: RequestOptions): ResultAsync<unknown, ApiError> {
    return this.request({ method: 'PUT', path, body }, options);
  }

  delete(path: string, body?: unknown, options?: RequestOptions): ResultAsync<unknown, ApiError> {
    return this.request({ method: 'DELETE', path, ...(body === undefined ? {} : { body }) }, options);
  }

  /**
   * The typed call the HTTP adapters make: the reply decoded with `decode`. A reply that does not
   * match is a `malformedReply` error that goes through the error policy like a server error (the
   * 500 page), never a value with silent defaults.
   */
  call<T>(request: ApiRequest, decode: Decode<T> | PromiseLike<Decode<T>>, options: RequestOptions = {}): ResultAsync<T, ApiError> {
    // `run` hands back exactly what `decode` made: the value's type is T.
    return this.run(request, options, decode) as ResultAsync<T, ApiError>;
  }

  request(request: ApiRequest, options: RequestOptions = {}): ResultAsync<unknown, ApiError> {
    return this.run(request, options);
  }

  /** `decode` may still be loading (a lazily loaded part of the contract): it is awaited after the reply. */
  private run(request: ApiRequest, options: RequestOptions, decode?: Decode<unknown> | PromiseLike<Decode<unknown>>): ResultAsync<unknown, ApiError> {
    const end = options.progress === false ? () => undefined : this.loading.begin();
    const send = () =>
      this.sendOnce(request).orElse((error) =>
        error.code === 'csrf' && request.method !== 'GET'
          ? this.sendOnce({ method: 'GET', path: CSRF_COOKIE_PATH }).andThen(() => this.sendOnce(request))
          : errAsync(error),
      );
    // A save the user made (not a read, not a background call) may wait for the connection.
    const save = request.method !== 'GET' && options.navigateOnError !== false;
    const delivered = save && this.offline ? this.offline.deliver(send, end) : send();
    const decoder = decode === undefined ? undefined : ResultAsync.fromPromise(Promise.resolve(decode), (): ApiError => ({ code: 'network' }));
    const result = decoder
      ? delivered.andThen((body) =>
          decoder.andThen((read) =>
            read(body).match(
              (value) => okAsync<unknown, ApiError>(value),
              (issues) => errAsync<unknown, ApiError>({ code: 'malformedReply', message: '', issues }),
            ),
          ),
        )
      : delivered;
    return result
      .map((body) => {
        end();
        return body;
      })
      .mapErr((error) => {
        end();
        this.policy.apply(error, { navigate: options.navigateOnError !== false });
        return error;
      });
  }

  private sendOnce(request: ApiRequest): ResultAsync<unknown, ApiError> {
    return this.transport
      .send(request)
      .mapErr((): ApiError => ({ code: 'network' }))
      .andThen((response) =>
        response.status >= 200 && response.status < 300
          ? okAsync(response.body)
          : errAsync(apiErrorFromResponse(response.status, response.body)),
      );
  }
}

import { ResultAsync } from 'neverthrow';
import type { Language } from '../../domain/i18n/language';
import type { ApiRequest, ApiResponse, ApiTransport, NoResponse, QueryValue, ReceivedFile } from '../../application/ports/ApiTransport';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Reads one cookie's value from a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The file name a Content-Disposition header suggests (filename*=UTF-8'' first, then filename=), or null. */
export function fileNameOf(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(contentDisposition);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/** A 2xx reply to a request that expects a file: its bytes and suggested name. */
export async function receivedFile(response: Response): Promise<ReceivedFile> {
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
}

export function buildUrl(path: string, query: Readonly<Record<string, QueryValue>> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

/**
 * ApiTransport over fetch (spec §7): relative paths, credentials sent, the XSRF-TOKEN cookie echoed
 * as X-XSRF-TOKEN on state-changing requests, the interface language as Accept-Language so replies
 * come back in it, and no timeout. Takes fetch and a cookie reader so tests pass fakes.
 */
export class FetchApiTransport implements ApiTransport {
  constructor(
    private readonly fetchFn: typeof fetch,
    private readonly readCookies: () => string,
    private readonly currentLanguage: () => Language,
  ) {}

  send(request: ApiRequest): ResultAsync<ApiResponse, NoResponse> {
    const wantsFile = request.expect === 'file';
    const headers: Record<string, string> = {
      ...request.headers,
      Accept: wantsFile ? '*/*' : 'application/json',
      'Accept-Language': this.currentLanguage(),
      'X-Requested-With': 'XMLHttpRequest',
    };
    if (request.method !== 'GET') {
      const xsrf = readCookie(this.readCookies(), XSRF_COOKIE);
      if (xsrf) headers[XSRF_HEADER] = xsrf;
    }
    const init: RequestInit = { method: request.method, headers, credentials: 'include' };
    if (request.body instanceof FormData) {
      // multipart/form-data: the browser writes the Content-Type with its boundary.
      init.body = request.body;
    } else if (request.body instanceof Blob) {
      // A file goes as it is (an upload), never wrapped in JSON.
      headers['Content-Type'] = request.body.type || 'application/octet-stream';
      init.body = request.body;
    } else if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    return ResultAsync.fromPromise(
      this.fetchFn(buildUrl(request.path, request.query), init).then(async (response) => ({
        status: response.status,
        body: wantsFile && response.ok ? await receivedFile(response) : await readBody(response),
      })),
      (): NoResponse => ({ code: 'network' }),
    );
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return { message: '' };
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: '' };
  }
}

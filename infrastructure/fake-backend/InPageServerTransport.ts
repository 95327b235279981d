import { ResultAsync } from 'neverthrow';
import type { Language } from '../../domain/i18n/language';
import type { ApiRequest, ApiResponse, ApiTransport, NoResponse } from '../../application/ports/ApiTransport';
import { buildUrl, receivedFile, XSRF_COOKIE, XSRF_HEADER } from '../http/FetchApiTransport';
import { IN_PAGE_COOKIE_HEADERS } from './cookieHeaders';
import type { CookieJar } from './CookieJar';
import type { InPageServer } from './startInPageServer';

/** Splits a joined list of Set-Cookie values (a comma inside an Expires date does not split). */
export function splitSetCookies(joined: string | null): string[] {
  return joined ? joined.split(/,(?=\s*[\w.-]+=)/).map((part) => part.trim()) : [];
}

/** Where the in-page server believes it runs; never fetched over the network. */
const ORIGIN = 'http://in-page.backoffice';

/**
 * ApiTransport for the fake backend: each request goes straight to the reference server's Hono app
 * running in this page (no network). Cookies and the XSRF header behave as with the real server,
 * through a cookie jar. The server and PGlite are loaded on the first request only.
 */
export class InPageServerTransport implements ApiTransport {
  private server: Promise<InPageServer> | null = null;

  constructor(
    private readonly start: () => Promise<InPageServer>,
    private readonly jar: CookieJar,
    private readonly currentLanguage: () => Language,
  ) {}

  send(request: ApiRequest): ResultAsync<ApiResponse, NoResponse> {
    return ResultAsync.fromPromise(this.exchange(request), (): NoResponse => ({ code: 'network' }));
  }

  private async exchange(request: ApiRequest): Promise<ApiResponse> {
    this.server ??= this.start();
    const app = await this.server;
    const wantsFile = request.expect === 'file';
    const headers = new Headers({ ...request.headers, Accept: wantsFile ? '*/*' : 'application/json', 'Accept-Language': this.currentLanguage() });
    const cookies = this.jar.header();
    if (cookies) headers.set(IN_PAGE_COOKIE_HEADERS.request, cookies);
    if (request.method !== 'GET') {
      const xsrf = this.jar.get(XSRF_COOKIE);
      if (xsrf) headers.set(XSRF_HEADER, decodeURIComponent(xsrf));
    }
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) {
      body = request.body;
    } else if (request.body instanceof Blob) {
      headers.set('Content-Type', request.body.type || 'application/octet-stream');
      body = request.body;
    } else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(request.body);
    }
    const response = await app.fetch(new Request(ORIGIN + buildUrl(request.path, request.query), { method: request.method, headers, ...(body === undefined ? {} : { body }) }));
    this.jar.store(splitSetCookies(response.headers.get(IN_PAGE_COOKIE_HEADERS.response)));
    // A download (a CSV export, an attachment) comes back as the file itself, as over HTTP.
    if (wantsFile && response.ok) return { status: response.status, body: await receivedFile(response) };
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text) as unknown;
      } catch {
        parsed = { message: '' };
      }
    }
    return { status: response.status, body: parsed };
  }
}

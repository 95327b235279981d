import { parse, serialize, type CookieOptions } from 'hono/utils/cookie';
import type { AppContext, CookieHeaders } from './env';

export const HTTP_COOKIE_HEADERS: CookieHeaders = { request: 'Cookie', response: 'Set-Cookie' };

const headersOf = (c: AppContext): CookieHeaders => c.var.deps.cookieHeaders ?? HTTP_COOKIE_HEADERS;

export function readCookie(c: AppContext, name: string): string | undefined {
  const raw = c.req.header(headersOf(c).request);
  return raw ? parse(raw, name)[name] : undefined;
}

export function writeCookie(c: AppContext, name: string, value: string, options: CookieOptions): void {
  c.header(headersOf(c).response, serialize(name, value, options), { append: true });
}

/** Every cookie the request carries, by name. */
export function readCookies(c: AppContext): Record<string, string> {
  const raw = c.req.header(headersOf(c).request);
  return raw ? parse(raw) : {};
}

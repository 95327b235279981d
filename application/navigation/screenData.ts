import type { QueryValue } from '../ports/ApiTransport';
import type { RouteMatch } from './match';

/** What a screen receives from its route's API path (spec §2). */
export interface ScreenData {
  /** An array reply, as is. */
  readonly items: readonly unknown[];
  /** An object reply's fields, merged into the screen's properties. */
  readonly props: Readonly<Record<string, unknown>>;
}

export const NO_SCREEN_DATA: ScreenData = { items: [], props: {} };

/** An array reply becomes `items`; an object reply is merged into the properties; anything else is ignored. */
export function toScreenData(body: unknown): ScreenData {
  if (Array.isArray(body)) return { items: body as unknown[], props: {} };
  if (typeof body === 'object' && body !== null) return { items: [], props: { ...(body as Record<string, unknown>) } };
  return NO_SCREEN_DATA;
}

/** Fills the route's `:params` into its API path (URI-encoded). */
export function apiPathFor(apiPattern: string, params: Readonly<Record<string, string>>): string {
  return apiPattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** The query sent with the API call: the route's fixed query, then the route's own query appended. */
export function apiQueryFor(match: RouteMatch, search: string): Record<string, QueryValue> {
  const query: Record<string, string | string[]> = { ...match.route.apiQuery };
  for (const [key, value] of new URLSearchParams(search)) {
    const existing = query[key];
    if (existing === undefined || (match.route.apiQuery && key in match.route.apiQuery)) query[key] = value;
    else query[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

/** The year in Hong Kong (UTC+08:00 all year round) at `now`. */
export function hongKongYear(now: Date): number {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).getUTCFullYear();
}

/**
 * The search a route must have before it opens, or null when it is fine as it is
 * (spec §2: /settings/holiday without a year gets the current year).
 */
export function completedSearch(match: RouteMatch, search: string, now: Date): string | null {
  if (match.route.defaultQuery !== 'currentYear') return null;
  const params = new URLSearchParams(search);
  if (params.get('year')) return null;
  params.set('year', String(hongKongYear(now)));
  return `?${params.toString()}`;
}

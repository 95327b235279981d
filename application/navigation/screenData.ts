import type { QueryValue } from '../ports/ApiTransport';
import type { RouteMatch } from './match';

/** What a screen receives from its route's API path (spec §2). */
export interface ScreenData {
  /** An array reply, as is. */
  readonly items: readonly unknown[];
  /** An object reply's fields, merged into the screen's properties. */
  readonly props: Readonly<Record<string, unknown>>;
  /** The whole reply, decoded by the screen's decoder when it has one (see `screenValue`). */
  readonly value: unknown;
}

/**
 * The type of each screen's data, by screen key. Each area adds its screens where it defines their
 * types (declaration merging), and the HTTP adapters give each the decoder of that type:
 *
 *     declare module '../navigation/screenData' {
 *       interface ScreenDataTypes { productForm: ProductFormData }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, area by area
export interface ScreenDataTypes {}

/**
 * A screen's data as its type: the route controller decoded it with the decoder registered for this
 * screen key (a reply that did not match never reaches the screen), so the type is what arrived.
 */
export function screenValue<K extends keyof ScreenDataTypes>(data: ScreenData, _screen: K): ScreenDataTypes[K] {
  return data.value as ScreenDataTypes[K];
}

export const NO_SCREEN_DATA: ScreenData = { items: [], props: {}, value: undefined };

/** An array reply becomes `items`; an object reply is merged into the properties; anything else is ignored. */
export function toScreenData(body: unknown): ScreenData {
  if (Array.isArray(body)) return { items: body as unknown[], props: {}, value: body };
  if (typeof body === 'object' && body !== null) return { items: [], props: { ...(body as Record<string, unknown>) }, value: body };
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

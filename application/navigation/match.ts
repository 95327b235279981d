import type { User } from '../../domain/auth/user';
import { hasPermission } from '../../domain/auth/permissions';
import { ERROR_PATHS } from '../api/ErrorPolicy';
import type { AppLocation } from '../ports/Navigator';
import { ROUTES, type RouteDef } from './routes';

export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

/** Matches a wouter-style pattern (`/clients/basic/:id`) against a path; params are URI-decoded. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const h = have[i] ?? '';
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(h);
      } catch {
        return null;
      }
    } else if (w !== h) {
      return null;
    }
  }
  return params;
}

export function matchRoute(path: string, routes: readonly RouteDef[] = ROUTES): RouteMatch | null {
  for (const route of routes) {
    const params = matchPattern(route.path, path);
    if (params) return { route, params };
  }
  return null;
}

/** Public screens meant for signed-out people; a signed-in user is sent on to the app. */
const GUEST_ONLY = new Set(['/login', '/register', '/two-factor-challenge']);

/** The error pages (spec §2): like any route but the public ones, they need a signed-in user (spec §6). */
const ERROR_PAGES: readonly string[] = [ERROR_PATHS.noConnection, ERROR_PATHS.notFound, ERROR_PATHS.forbidden, ERROR_PATHS.server];

/** Where a user who must set up two-factor is led, and what else they may open (signing out, error pages). */
export const TWO_FACTOR_SETUP_PATH = '/user/two-factor-setup';
const ALWAYS_ALLOWED = ['/logout', ...ERROR_PAGES];
const TWO_FACTOR_SETUP_ALLOWED = new Set([TWO_FACTOR_SETUP_PATH, ...ALWAYS_ALLOWED]);
/** Where a user holding a temporary password is led (they change it before anything else). */
export const PASSWORD_CHANGE_PATH = '/user/change-password';
const PASSWORD_CHANGE_ALLOWED = new Set([PASSWORD_CHANGE_PATH, ...ALWAYS_ALLOWED]);

export type RouteDecision =
  | { readonly kind: 'show'; readonly match: RouteMatch }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'notFound' };

/**
 * What the app does at a location for this user (spec §2, §6): unknown paths show the 404 page,
 * non-public routes, the error pages among them, need a signed-in user (else /login, remembering
 * where they were going unless it was an error page), and a route's permission is checked
 * (/calendar without appointment_view goes to /home).
 */
export function decideRoute(location: AppLocation, user: User | null, routes: readonly RouteDef[] = ROUTES): RouteDecision {
  const match = matchRoute(location.path, routes);
  if (!match) return { kind: 'notFound' };
  const { route } = match;
  if (route.redirect) return { kind: 'redirect', to: route.redirect };
  if (!route.public && !user) {
    // An error page is no place to come back to after signing in. (A visitor who is not signed in
    // meets the error pages where the failure happened: ErrorPolicy, ErrorsShownHere.)
    const target = location.path + location.search;
    return { kind: 'redirect', to: target === '/' || ERROR_PAGES.includes(route.path) ? '/login' : `/login?redirect=${encodeURIComponent(target)}` };
  }
  if (user && GUEST_ONLY.has(route.path)) return { kind: 'redirect', to: '/' };
  // A temporary password is changed first, then two-factor set up when required.
  if (user?.mustChangePassword && !PASSWORD_CHANGE_ALLOWED.has(route.path)) return { kind: 'redirect', to: PASSWORD_CHANGE_PATH };
  // Two-factor is required of this user and not set up: its setup comes before anything else.
  if (user?.mustSetUpTwoFactor && !TWO_FACTOR_SETUP_ALLOWED.has(route.path)) return { kind: 'redirect', to: TWO_FACTOR_SETUP_PATH };
  if (route.permission && !hasPermission(user, route.permission)) {
    return { kind: 'redirect', to: route.deniedRedirect ?? '/error-403' };
  }
  return { kind: 'show', match };
}

/** A redirect target from a query string, accepted only when it stays inside the app. */
export function safeRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/';
}

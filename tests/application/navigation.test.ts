import { describe, expect, it } from 'vitest';
import { decideRoute, matchRoute, safeRedirectTarget } from '../../application/navigation/match';
import { menuFor } from '../../application/navigation/menu';
import { ADMIN, WORKER_WITHOUT_CALENDAR } from '../support/fakes';

const at = (url: string) => {
  const [path = '/', search = ''] = url.split('?');
  return { path, search: search ? `?${search}` : '' };
};

describe('route guard', () => {
  it('sends / to /calendar', () => {
    expect(decideRoute(at('/'), ADMIN)).toEqual({ kind: 'redirect', to: '/calendar' });
  });

  it('sends a signed-out visitor of a non-public route to /login, remembering where they were going', () => {
    expect(decideRoute(at('/clients/basic/7?x=1'), null)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fclients%2Fbasic%2F7%3Fx%3D1' });
  });

  it('sends a signed-out visitor of an error page to /login, with nothing to come back to (spec §6, issue 31 item 15)', () => {
    for (const path of ['/error-404', '/error-403', '/error-500', '/error-no-connection']) {
      expect(decideRoute(at(path), null), path).toEqual({ kind: 'redirect', to: '/login' });
      expect(decideRoute(at(path), ADMIN).kind, path).toBe('show');
    }
  });

  it('lets anyone open the public routes', () => {
    for (const path of ['/login', '/register', '/two-factor-challenge', '/test', '/reload']) {
      expect(decideRoute(at(path), null).kind).toBe('show');
    }
  });

  it('sends a signed-in user away from the sign-in page', () => {
    expect(decideRoute(at('/login'), ADMIN)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends a user without appointment_view from /calendar to /home', () => {
    expect(decideRoute(at('/calendar'), WORKER_WITHOUT_CALENDAR)).toEqual({ kind: 'redirect', to: '/home' });
    expect(decideRoute(at('/calendar'), ADMIN).kind).toBe('show');
  });

  it('sends a user without a route’s permission to the 403 page', () => {
    expect(decideRoute(at('/settings/users'), WORKER_WITHOUT_CALENDAR)).toEqual({ kind: 'redirect', to: '/error-403' });
  });

  it('shows the 404 page for any unknown path', () => {
    expect(decideRoute(at('/no/such/page'), ADMIN)).toEqual({ kind: 'notFound' });
    expect(decideRoute(at('/no/such/page'), null)).toEqual({ kind: 'notFound' });
  });

  it('matches fixed paths before patterns and passes the params', () => {
    expect(matchRoute('/clients/basic/create')?.route.title).toBe('clientCreate');
    expect(matchRoute('/clients/basic/42')?.params).toEqual({ id: '42' });
    expect(matchRoute('/products/product/9')?.params).toEqual({ product_id: '9' });
  });
});

describe('redirect after sign-in', () => {
  it('follows a path inside the app', () => {
    expect(safeRedirectTarget('?redirect=%2Fclients%3Fq%3Dx')).toBe('/clients?q=x');
  });
  it('refuses anything that would leave the app', () => {
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(safeRedirectTarget(`?redirect=${encodeURIComponent(target)}`)).toBe('/');
    }
    expect(safeRedirectTarget('')).toBe('/');
  });
});

describe('left menu', () => {
  it('offers every area to an administrator', () => {
    const labels = menuFor(ADMIN).map((s) => s.label);
    expect(labels).toEqual(['general', 'quotations', 'orders', 'reminders', 'clients', 'products', 'reports', 'settings', 'account']);
    expect(menuFor(ADMIN).find((s) => s.label === 'reports')?.items).toHaveLength(9);
  });

  it('leaves out what the user may not open', () => {
    const items = menuFor(WORKER_WITHOUT_CALENDAR).flatMap((s) => s.items.map((i) => i.path));
    expect(items).toContain('/clients');
    expect(items).not.toContain('/calendar');
    expect(items).not.toContain('/settings/users');
    expect(items).toContain('/user/profile');
  });
});

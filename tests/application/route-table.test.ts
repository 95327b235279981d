import { describe, expect, it } from 'vitest';
import { decideRoute } from '../../application/navigation/match';
import { ROUTES } from '../../application/navigation/routes';

/**
 * The spec's route list (§2), transcribed: path (with :params), API path of its screen data and
 * the query that goes with it, and whether it is public.
 */
const SPEC: readonly { path: string; api?: string; apiQuery?: Record<string, string>; public?: true }[] = [
  { path: '/' },
  { path: '/dashboard', api: '/api/dashboard/show' },
  { path: '/home' },
  { path: '/register', public: true },
  { path: '/two-factor-challenge', public: true },
  { path: '/login', public: true },
  { path: '/logout' },
  { path: '/test', public: true },
  { path: '/reload', public: true },
  { path: '/calendar' },
  { path: '/calendar/appointment/create', api: '/api/appointments/create' },
  { path: '/calendar/appointment/:id', api: '/api/appointments/:id', apiQuery: { tab: 'appointment' } },
  { path: '/calendar/invoice/:id', api: '/api/appointments/:id', apiQuery: { tab: 'invoice' } },
  { path: '/calendar/completed-report/:id', api: '/api/appointments/:id', apiQuery: { tab: 'report' } },
  { path: '/quotations', api: '/api/quotations' },
  { path: '/quotations/basic/create', api: '/api/quotations/create' },
  { path: '/quotations/basic/:id', api: '/api/quotations/:id', apiQuery: { tab: 'basic' } },
  { path: '/quotations/contract/:id', api: '/api/quotations/:id', apiQuery: { tab: 'contract' } },
  { path: '/orders/order', api: '/api/orders' },
  { path: '/orders/order/invoice/create', api: '/api/orders/create' },
  { path: '/orders/order/invoice/:id', api: '/api/orders/:id' },
  { path: '/orders/order/appointment/:id', api: '/api/orders/:id' },
  { path: '/orders/receipt', api: '/api/receipts' },
  { path: '/clients', api: '/api/clients' },
  { path: '/clients/basic/create', api: '/api/clients/create' },
  // 'statement': beyond the spec's list (issue 21, item 6), the client's statement of account.
  ...['basic', 'quotation', 'order', 'appointment', 'attachment', 'statement'].map((tab) => ({ path: `/clients/${tab}/:id`, api: '/api/clients/:id', apiQuery: { tab } })),
  { path: '/reminders/outstanding', api: '/api/orders', apiQuery: { status: 'reminder_outstanding' } },
  { path: '/reminders/bank-in', api: '/api/receipts', apiQuery: { action: 'bank-in' } },
  { path: '/products/product', api: '/api/products' },
  { path: '/products/product/create', api: '/api/products/create' },
  { path: '/products/product/:product_id', api: '/api/products/:product_id' },
  { path: '/products/categories', api: '/api/product-categories' },
  { path: '/products/categories/create', api: '/api/product-categories/create' },
  { path: '/products/categories/:id', api: '/api/product-categories/:id' },
  ...(
    [
      ['/reports/orders/order', '/api/reports/orders/order'],
      ['/reports/orders/order-items', '/api/reports/orders/items'],
      ['/reports/orders/order-analysis', '/api/reports/orders/order-analysis'],
      ['/reports/orders/receipt', '/api/reports/orders/receipt'],
      ['/reports/orders/commission', '/api/reports/orders/commission'],
      ['/reports/clients/client', '/api/reports/clients/client'],
      ['/reports/products/product', '/api/reports/products/product'],
      ['/reports/appointments/appointment', '/api/reports/appointments/appointment'],
      ['/reports/appointments/completed-report', '/api/reports/appointments/completed-report'],
    ] as const
  ).flatMap(([filter, api]) => [{ path: filter }, { path: `${filter}-result`, api }]),
  ...(
    [
      ['users', 'user_id'],
      ['companies', 'company_id'],
      ['branches', 'branch_id'],
      ['roles', 'role_id'],
    ] as const
  ).flatMap(([area, id]) => [
    { path: `/settings/${area}`, api: `/api/${area}` },
    { path: `/settings/${area}/create`, api: `/api/${area}/create` },
    { path: `/settings/${area}/:${id}`, api: `/api/${area}/:${id}` },
  ]),
  { path: '/settings/order/terms', api: '/api/order-terms' },
  { path: '/settings/option/:key', api: '/api/options/:key' },
  { path: '/settings/code', api: '/api/settings' },
  { path: '/settings/area', api: '/api/areas' },
  { path: '/settings/holiday', api: '/api/holidays' },
  { path: '/settings/audit', api: '/api/audits' },
  // Issue 21: e-mail through SMTP and the background jobs that send it.
  { path: '/settings/mail', api: '/api/settings/mail' },
  { path: '/settings/jobs', api: '/api/jobs' },
  // Issue 21 item 7: reminders to customers and their send log.
  { path: '/settings/reminders', api: '/api/settings/reminders' },
  { path: '/settings/reminders/log', api: '/api/reminders' },
  { path: '/user/profile', api: '/api/user/profile' },
  { path: '/user/api-tokens', api: '/api/user/api-tokens' },
  // Beyond the spec's list (issue 18): where a user the company requires two-factor of sets it up first.
  { path: '/user/two-factor-setup', api: '/api/user/two-factor-authentication' },
  // Beyond the spec's list (issue 21): the document a customer opens from its link, with no sign-in.
  { path: '/d/:token', api: '/api/public/documents/:token', public: true },
  // Beyond the spec's list (issue 21 item 8): "Forgot password?", its e-mailed link, and the change of a temporary password.
  { path: '/forgot-password', public: true },
  { path: '/reset-password/:token', public: true },
  { path: '/user/change-password' },
  { path: '/error-no-connection' },
  { path: '/error-404' },
  { path: '/error-403' },
  { path: '/error-500' },
  ...['alerts', 'avatar', 'buttons', 'inputs', 'badges', 'forms', 'tables', 'modals', 'tabs'].map((page) => ({ path: `/components/${page}` })),
];

describe('the route table', () => {
  it('holds exactly the routes of the spec, each with its API path and query', () => {
    const table = ROUTES.map((r) => ({
      path: r.path,
      ...(r.api ? { api: r.api } : {}),
      ...(r.apiQuery ? { apiQuery: r.apiQuery } : {}),
      ...(r.public ? { public: true as const } : {}),
    }));
    expect([...table].sort((a, b) => a.path.localeCompare(b.path))).toEqual([...SPEC].sort((a, b) => a.path.localeCompare(b.path)));
  });

  it('has no path twice', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('makes public only /register, /two-factor-challenge, /login, /test and /reload (spec §6), a customer link\'s /d/:token, /forgot-password and /reset-password/:token (issue 21)', () => {
    expect(ROUTES.filter((r) => r.public).map((r) => r.path).sort()).toEqual(['/d/:token', '/forgot-password', '/login', '/register', '/reload', '/reset-password/:token', '/test', '/two-factor-challenge']);
  });

  it('sends a visitor who is not signed in from every other route to /login, the error pages too (spec §6); an unknown path shows the 404 page', () => {
    for (const route of ROUTES.filter((r) => !r.public && !r.redirect)) {
      const path = route.path.replace(/:\w+/g, '1');
      const decision = decideRoute({ path, search: '' }, null);
      expect(decision.kind === 'redirect' && decision.to.replace(/\?.*$/, ''), path).toBe('/login');
    }
    expect(decideRoute({ path: '/no/such/page', search: '' }, null)).toEqual({ kind: 'notFound' });
  });

  it('gives /calendar the appointment_view permission, denied to /home', () => {
    expect(ROUTES.find((r) => r.path === '/calendar')).toMatchObject({ permission: 'appointment_view', deniedRedirect: '/home' });
  });

  it('asks for the current year on /settings/holiday', () => {
    expect(ROUTES.find((r) => r.path === '/settings/holiday')?.defaultQuery).toBe('currentYear');
  });

  it('lists every fixed path before any pattern that would also match it', () => {
    ROUTES.forEach((route, index) => {
      const earlierPattern = ROUTES.slice(0, index).find((other) => {
        if (!other.path.includes(':')) return false;
        const re = new RegExp(`^${other.path.replace(/:\w+/g, '[^/]+')}$`);
        return re.test(route.path);
      });
      expect(earlierPattern, `${route.path} is shadowed`).toBeUndefined();
    });
  });
});

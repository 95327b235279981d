import type { Permission } from '../../domain/auth/permissions';
import { TAB_PERMISSIONS } from '../../domain/auth/tabs';

/** Every screen of the app. */
export type ScreenKey =
  | 'login'
  | 'logout'
  | 'home'
  | 'calendar'
  | 'appointmentCreate'
  | 'appointment'
  | 'profile'
  | 'areas'
  | 'register'
  | 'twoFactorChallenge'
  | 'twoFactorSetup'
  | 'apiTokens'
  | 'clients'
  | 'clientCreate'
  | 'client'
  | 'users'
  | 'userForm'
  | 'companies'
  | 'companyForm'
  | 'branches'
  | 'branchForm'
  | 'roles'
  | 'roleForm'
  | 'orderTerms'
  | 'options'
  | 'codes'
  | 'holidays'
  | 'audit'
  | 'mailSettings'
  | 'jobs'
  | 'reminderSettings'
  | 'reminderLog'
  | 'showcase'
  | 'products'
  | 'productForm'
  | 'categories'
  | 'categoryForm'
  | 'quotations'
  | 'quotation'
  | 'orders'
  | 'order'
  | 'receipts'
  | 'dashboard'
  | 'reportFilter'
  | 'reportResult'
  | 'reload'
  | 'test'
  | 'errorNoConnection'
  | 'error403'
  | 'error404'
  | 'error500'
  | 'customerDocument'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword';

export interface RouteDef {
  /** wouter pattern, e.g. /clients/basic/:id */
  readonly path: string;
  /** Message key of the screen's title (namespace `routes`). */
  readonly title: string;
  readonly screen: ScreenKey;
  /** Reachable without signing in (spec §6). */
  readonly public?: boolean;
  /** Permission the user needs; without it the user goes to `deniedRedirect` (or the 403 page). */
  readonly permission?: Permission;
  readonly deniedRedirect?: string;
  /** GET before the screen opens (spec §2), with `:params` filled in and the route's query appended. */
  readonly api?: string;
  /** Query always sent with `api` (e.g. a client tab), before the route's own query. */
  readonly apiQuery?: Readonly<Record<string, string>>;
  /** Query the route gets when missing (e.g. /settings/holiday gets the current year). */
  readonly defaultQuery?: 'currentYear';
  /** Where the path sends the user straight away (/ → /calendar). */
  readonly redirect?: string;
}

const crud = (base: string, api: string, area: 'user' | 'company' | 'branch' | 'role', title: string, idParam: string, list: ScreenKey, form: ScreenKey): RouteDef[] => [
  { path: base, title: `${title}.list`, screen: list, permission: `${area}_view`, api },
  { path: `${base}/create`, title: `${title}.create`, screen: form, permission: `${area}_create`, api: `${api}/create` },
  { path: `${base}/:${idParam}`, title: `${title}.edit`, screen: form, permission: `${area}_view`, api: `${api}/:${idParam}` },
];

const clientTabs = ['basic', 'quotation', 'order', 'appointment', 'attachment', 'statement'] as const;

/** The nine reports: filter screen path (no data call) and the API of its result screen (spec §2). */
export const REPORTS = [
  { key: 'order', filter: '/reports/orders/order', api: '/api/reports/orders/order' },
  { key: 'orderItems', filter: '/reports/orders/order-items', api: '/api/reports/orders/items' },
  { key: 'orderAnalysis', filter: '/reports/orders/order-analysis', api: '/api/reports/orders/order-analysis' },
  { key: 'receipt', filter: '/reports/orders/receipt', api: '/api/reports/orders/receipt' },
  { key: 'commission', filter: '/reports/orders/commission', api: '/api/reports/orders/commission' },
  { key: 'client', filter: '/reports/clients/client', api: '/api/reports/clients/client' },
  { key: 'product', filter: '/reports/products/product', api: '/api/reports/products/product' },
  { key: 'appointment', filter: '/reports/appointments/appointment', api: '/api/reports/appointments/appointment' },
  { key: 'completedReport', filter: '/reports/appointments/completed-report', api: '/api/reports/appointments/completed-report' },
] as const;

export const SHOWCASE_PAGES = ['alerts', 'avatar', 'buttons', 'inputs', 'badges', 'forms', 'tables', 'modals', 'tabs'] as const;

/** The route table. Order matters: a fixed path comes before a pattern that would also match it. */
export const ROUTES: readonly RouteDef[] = [
  // Entry, authentication and general
  { path: '/', title: 'home', screen: 'home', redirect: '/calendar' },
  { path: '/dashboard', title: 'dashboard', screen: 'dashboard', permission: 'dashboard_view', api: '/api/dashboard/show' },
  { path: '/home', title: 'home', screen: 'home' },
  { path: '/register', title: 'register', screen: 'register', public: true },
  { path: '/two-factor-challenge', title: 'twoFactorChallenge', screen: 'twoFactorChallenge', public: true },
  { path: '/login', title: 'login', screen: 'login', public: true },
  { path: '/logout', title: 'logout', screen: 'logout' },
  { path: '/test', title: 'test', screen: 'test', public: true },
  { path: '/reload', title: 'reload', screen: 'reload', public: true },
  // A document a customer opens from its link: no sign-in, only that document (docs/security.md).
  { path: '/d/:token', title: 'customerDocument', screen: 'customerDocument', public: true, api: '/api/public/documents/:token' },
  // Password reset (issue 21 item 8): titled as the sign-in they belong to; their own words load with them.
  { path: '/forgot-password', title: 'login', screen: 'forgotPassword', public: true },
  { path: '/reset-password/:token', title: 'login', screen: 'resetPassword', public: true },
  { path: '/user/change-password', title: 'profile', screen: 'changePassword' },

  // Calendar
  { path: '/calendar', title: 'calendar', screen: 'calendar', permission: 'appointment_view', deniedRedirect: '/home' },
  { path: '/calendar/appointment/create', title: 'appointmentCreate', screen: 'appointmentCreate', permission: 'appointment_create', api: '/api/appointments/create' },
  { path: '/calendar/appointment/:id', title: 'appointment', screen: 'appointment', permission: 'appointment_view', api: '/api/appointments/:id', apiQuery: { tab: 'appointment' } },
  // The invoice tab is the order's (its number and totals): order_view (domain/auth/tabs.ts), besides appointment_view on the server.
  { path: '/calendar/invoice/:id', title: 'appointmentInvoice', screen: 'appointment', permission: TAB_PERMISSIONS.appointment.invoice, api: '/api/appointments/:id', apiQuery: { tab: 'invoice' } },
  { path: '/calendar/completed-report/:id', title: 'completedReport', screen: 'appointment', permission: 'appointment_view', api: '/api/appointments/:id', apiQuery: { tab: 'report' } },

  // Quotations
  { path: '/quotations', title: 'quotations', screen: 'quotations', permission: 'quotation_view', api: '/api/quotations' },
  { path: '/quotations/basic/create', title: 'quotationCreate', screen: 'quotation', permission: 'quotation_create', api: '/api/quotations/create' },
  { path: '/quotations/basic/:id', title: 'quotationBasic', screen: 'quotation', permission: 'quotation_view', api: '/api/quotations/:id', apiQuery: { tab: 'basic' } },
  { path: '/quotations/contract/:id', title: 'quotationContract', screen: 'quotation', permission: 'quotation_view', api: '/api/quotations/:id', apiQuery: { tab: 'contract' } },

  // Orders
  { path: '/orders/order', title: 'orders', screen: 'orders', permission: 'order_view', api: '/api/orders' },
  { path: '/orders/order/invoice/create', title: 'orderCreate', screen: 'order', permission: 'order_create', api: '/api/orders/create' },
  { path: '/orders/order/invoice/:id', title: 'order', screen: 'order', permission: 'order_view', api: '/api/orders/:id' },
  { path: '/orders/order/appointment/:id', title: 'orderAppointment', screen: 'order', permission: 'order_view', api: '/api/orders/:id' },
  { path: '/orders/receipt', title: 'receipts', screen: 'receipts', permission: 'receipt_view', api: '/api/receipts' },

  // Clients
  { path: '/clients', title: 'clients', screen: 'clients', permission: 'client_view', api: '/api/clients' },
  { path: '/clients/basic/create', title: 'clientCreate', screen: 'clientCreate', permission: 'client_create', api: '/api/clients/create' },
  ...clientTabs.map((tab): RouteDef => ({
    path: `/clients/${tab}/:id`,
    title: `clientTab.${tab}`,
    screen: 'client',
    // A tab of other areas' records (quotations, invoices, the statement) needs their view right; the server also asks client_view.
    permission: (TAB_PERMISSIONS.client as Readonly<Record<string, Permission>>)[tab] ?? 'client_view',
    api: '/api/clients/:id',
    apiQuery: { tab },
  })),

  // Reminders
  { path: '/reminders/outstanding', title: 'remindersOutstanding', screen: 'orders', permission: 'order_view', api: '/api/orders', apiQuery: { status: 'reminder_outstanding' } },
  { path: '/reminders/bank-in', title: 'remindersBankIn', screen: 'receipts', permission: 'receipt_view', api: '/api/receipts', apiQuery: { action: 'bank-in' } },

  // Products
  { path: '/products/product', title: 'products', screen: 'products', permission: 'product_view', api: '/api/products' },
  { path: '/products/product/create', title: 'productCreate', screen: 'productForm', permission: 'product_create', api: '/api/products/create' },
  { path: '/products/product/:product_id', title: 'product', screen: 'productForm', permission: 'product_view', api: '/api/products/:product_id' },
  { path: '/products/categories', title: 'categories', screen: 'categories', permission: 'product_view', api: '/api/product-categories' },
  { path: '/products/categories/create', title: 'categoryCreate', screen: 'categoryForm', permission: 'product_create', api: '/api/product-categories/create' },
  { path: '/products/categories/:id', title: 'category', screen: 'categoryForm', permission: 'product_view', api: '/api/product-categories/:id' },

  // Reports: a filter screen (no data call) and its result screen (the filter path + "-result")
  ...REPORTS.flatMap(({ key, filter, api }): RouteDef[] => [
    { path: filter, title: `report.${key}`, screen: 'reportFilter', permission: 'report_view' },
    { path: `${filter}-result`, title: `report.${key}`, screen: 'reportResult', permission: 'report_view', api },
  ]),

  // Settings
  ...crud('/settings/users', '/api/users', 'user', 'users', 'user_id', 'users', 'userForm'),
  ...crud('/settings/companies', '/api/companies', 'company', 'companies', 'company_id', 'companies', 'companyForm'),
  ...crud('/settings/branches', '/api/branches', 'branch', 'branches', 'branch_id', 'branches', 'branchForm'),
  ...crud('/settings/roles', '/api/roles', 'role', 'roles', 'role_id', 'roles', 'roleForm'),
  { path: '/settings/order/terms', title: 'orderTerms', screen: 'orderTerms', permission: 'setting_view', api: '/api/order-terms' },
  { path: '/settings/option/:key', title: 'options', screen: 'options', permission: 'setting_view', api: '/api/options/:key' },
  { path: '/settings/code', title: 'codes', screen: 'codes', permission: 'setting_view', api: '/api/settings' },
  { path: '/settings/area', title: 'areas', screen: 'areas', permission: 'setting_view', api: '/api/areas' },
  { path: '/settings/holiday', title: 'holidays', screen: 'holidays', permission: 'setting_view', api: '/api/holidays', defaultQuery: 'currentYear' },
  { path: '/settings/audit', title: 'audit', screen: 'audit', permission: 'audit_view', api: '/api/audits' },
  { path: '/settings/mail', title: 'mailSettings', screen: 'mailSettings', permission: 'setting_view', api: '/api/settings/mail' },
  { path: '/settings/jobs', title: 'jobs', screen: 'jobs', permission: 'setting_view', api: '/api/jobs' },
  { path: '/settings/reminders', title: 'reminderSettings', screen: 'reminderSettings', permission: 'setting_view', api: '/api/settings/reminders' },
  { path: '/settings/reminders/log', title: 'reminderLog', screen: 'reminderLog', permission: 'setting_view', api: '/api/reminders' },

  // Profile
  { path: '/user/profile', title: 'profile', screen: 'profile', api: '/api/user/profile' },
  { path: '/user/two-factor-setup', title: 'twoFactorSetup', screen: 'twoFactorSetup', api: '/api/user/two-factor-authentication' },
  { path: '/user/api-tokens', title: 'apiTokens', screen: 'apiTokens', api: '/api/user/api-tokens' },

  // Error pages
  { path: '/error-no-connection', title: 'errorNoConnection', screen: 'errorNoConnection' },
  { path: '/error-404', title: 'error404', screen: 'error404' },
  { path: '/error-403', title: 'error403', screen: 'error403' },
  { path: '/error-500', title: 'error500', screen: 'error500' },

  // Showcase pages
  ...SHOWCASE_PAGES.map((page): RouteDef => ({ path: `/components/${page}`, title: `showcase.${page}`, screen: 'showcase' })),
];

import { hasPermission, type PermissionHolder } from '../../domain/auth/permissions';
import { matchRoute } from './match';
import { REPORTS } from './routes';

export interface MenuItem {
  /** Message key in the `menu` namespace. */
  readonly label: string;
  readonly path: string;
}

export interface MenuSection {
  readonly label: string;
  readonly items: readonly MenuItem[];
}

/** The left menu: every area of the product (spec §1), in the order staff use them. */
export const MENU: readonly MenuSection[] = [
  {
    label: 'general',
    items: [
      { label: 'dashboard', path: '/dashboard' },
      { label: 'calendar', path: '/calendar' },
    ],
  },
  { label: 'quotations', items: [{ label: 'quotations', path: '/quotations' }] },
  {
    label: 'orders',
    items: [
      { label: 'invoices', path: '/orders/order' },
      { label: 'receipts', path: '/orders/receipt' },
    ],
  },
  {
    label: 'reminders',
    items: [
      { label: 'outstanding', path: '/reminders/outstanding' },
      { label: 'bankIn', path: '/reminders/bank-in' },
    ],
  },
  { label: 'clients', items: [{ label: 'clients', path: '/clients' }] },
  {
    label: 'products',
    items: [
      { label: 'products', path: '/products/product' },
      { label: 'categories', path: '/products/categories' },
    ],
  },
  { label: 'reports', items: REPORTS.map((r) => ({ label: `report.${r.key}`, path: r.filter })) },
  {
    label: 'settings',
    items: [
      { label: 'users', path: '/settings/users' },
      { label: 'companies', path: '/settings/companies' },
      { label: 'branches', path: '/settings/branches' },
      { label: 'roles', path: '/settings/roles' },
      { label: 'orderTerms', path: '/settings/order/terms' },
      { label: 'options', path: '/settings/option/payment_method' },
      { label: 'codes', path: '/settings/code' },
      { label: 'areas', path: '/settings/area' },
      { label: 'holidays', path: '/settings/holiday' },
      { label: 'audit', path: '/settings/audit' },
      { label: 'mailSettings', path: '/settings/mail' },
      { label: 'jobs', path: '/settings/jobs' },
      { label: 'reminderSettings', path: '/settings/reminders' },
    ],
  },
  {
    label: 'account',
    items: [
      { label: 'profile', path: '/user/profile' },
      { label: 'apiTokens', path: '/user/api-tokens' },
    ],
  },
];

/** The menu as this user may use it: entries whose route they lack the permission for are left out. */
export function menuFor(user: PermissionHolder | null, menu: readonly MenuSection[] = MENU): MenuSection[] {
  return menu
    .map((section) => ({
      ...section,
      items: section.items.filter((item) => {
        const permission = matchRoute(item.path)?.route.permission;
        return permission === undefined || hasPermission(user, permission);
      }),
    }))
    .filter((section) => section.items.length > 0);
}

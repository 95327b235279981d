import { hasPermission, type Permission, type PermissionHolder } from './permissions';

/**
 * The tabs of a record that show another area's records — money, mostly — and the permission each
 * needs (issue 31 item 21). Without it the tab is neither offered (application's offers) nor
 * answered (the server refuses it with 403): a worker opening a client's or a visit's page sees no
 * quotations, invoices, statement or totals, and no tab that would only say "no permission".
 * A tab not listed here needs only the record's own view permission.
 */
export const TAB_PERMISSIONS = {
  client: { quotation: 'quotation_view', order: 'order_view', statement: 'order_view' },
  appointment: { invoice: 'order_view' },
} as const satisfies Record<string, Record<string, Permission>>;

export type TabbedRecord = keyof typeof TAB_PERMISSIONS;

/** Whether the user may open that tab of a record of this kind. */
export function mayOpenTab(user: PermissionHolder | null | undefined, record: TabbedRecord, tab: string): boolean {
  const needs = (TAB_PERMISSIONS[record] as Readonly<Record<string, Permission>>)[tab];
  return needs === undefined || hasPermission(user, needs);
}

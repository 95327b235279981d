import { REPORT_STATUSES } from '../appointments/report';
import type { AppointmentStatus } from '../appointments/status';
import type { Permission } from '../auth/permissions';

/**
 * The documents a customer link can open (docs/security.md, "Customer links"), and the staff
 * permission that lists, makes and revokes their links — one rule for the server's routes and the
 * screens' offers. A quotation or an invoice: whoever may change it (a quotation's link sends it).
 * A receipt, a refund, a visit's completed service report and a client's statement of account:
 * whoever may see it (the same permission as its PDF). Only a quotation is answered through its link.
 */
export const LINKED_DOCUMENTS = ['quotation', 'invoice', 'receipt', 'refund', 'serviceReport', 'statement'] as const;
export type LinkedDocument = (typeof LINKED_DOCUMENTS)[number];

export const LINK_PERMISSIONS: Readonly<Record<LinkedDocument, Permission>> = {
  quotation: 'quotation_edit',
  invoice: 'order_edit',
  receipt: 'receipt_view',
  refund: 'receipt_view',
  serviceReport: 'appointment_view',
  statement: 'order_view',
};

/**
 * Whether a visit's service report can be given a link: once it is completed — the visit ended (which
 * needs a complete report: the work done, both signatures) and it stays so while the office audits
 * it or asks for a recheck. An open, held or canceled visit's report has none.
 */
export const serviceReportLinkable = (status: AppointmentStatus): boolean => (REPORT_STATUSES as readonly AppointmentStatus[]).includes(status);

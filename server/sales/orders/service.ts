import { err, ok, type Result } from 'neverthrow';
import { hasPermission } from '../../../domain/auth/permissions';
import { checkUnvoid, checkVoid, dueDate, isOverdue, outstandingAmount, paymentStatus, type ORDER_TYPES, type PaymentStatus } from '../../../domain/orders/order';
import type { IsoDate } from '../../../domain/time/dates';
import { centsToDecimal } from '../../../domain/money/money';
import { fpsPayload, fpsQrUnavailable, type FpsProxy, type FpsQrUnavailable } from '../../../domain/payments/fps';
import { seesAll } from '../../appointments/store';
import { activeOptions, paymentMethodChoices } from '../../admin/lists/optionLists';
import type { Caller, Db } from '../caller';
import { codeValue, documentOptions, clientSummary, letterhead } from '../documents/repository';
import { checkDocument, createDocument, documentListing, documentParts, editDocument } from '../documents/service';
import type { DocumentInput } from '../documents/input';
import type { FieldProblems, SalesResult } from '../failures';
import { conflict, notFound } from '../../service/failure';
import { loadReceipts } from '../receipts/service';
import {
  appointmentFor,
  insertOrder,
  linkAppointment,
  lockOrderForVoid,
  orderList,
  orderRow,
  ordersOfClient,
  setVoided,
  updateOrder,
  type OrderListRow,
} from './repository';

/** Orders (invoices): payment state by the domain, due dates by the payment terms, void and unvoid, the appointment link. */

/** An order's payment status, what is still owed and whether it is overdue, by the domain's rules. */
function orderState(r: { total: number; paid: number; voided: boolean; due: string }, today: IsoDate) {
  const payments = { receipts: [r.paid], refunds: [] };
  const status: PaymentStatus = paymentStatus(r.total, payments, r.voided);
  return { status, outstanding: outstandingAmount(r.total, payments, r.voided), overdue: isOverdue(status, r.due, today) };
}

/** An order's own fields as lists show them (documentListing adds its client and salesperson), its status and outstanding worked out by the domain. */
const listItem = (r: OrderListRow, today: IsoDate) => ({
  id: r.id,
  number: r.number,
  type: r.type,
  date: r.date,
  dueDate: r.due,
  total: r.total,
  paid: r.paid,
  voided: r.voided,
  ...orderState(r, today),
});

/** The order lists: a client's (newest first, the client's order tab), a CSV export, and a page with how many there are, what is still owed on them and the form options. */
export const { ofClient: clientOrders, forExport: ordersForExport, page: orderPage } = documentListing('order', { list: orderList, ofClient: ordersOfClient }, listItem);
export type OrderListItem = Awaited<ReturnType<typeof clientOrders>>[number];

/** One order with its lines, receipts, terms and letterhead; null when there is none. */
export async function loadOrder(db: Db, today: IsoDate, id: number) {
  const r = await orderRow(db, id);
  if (!r) return null;
  const parts = await documentParts(db, 'order', r);
  const state = orderState({ total: r.total, paid: r.paid, voided: r.voided, due: r.due_text }, today);
  return {
    id: r.id,
    number: r.number,
    type: r.type,
    date: r.date_text,
    dueDate: r.due_text,
    ...parts,
    paid: r.paid,
    ...state,
    fpsQrUrl: fpsQrUrl(r.id, { voided: r.voided, outstanding: state.outstanding }, parts.letterhead?.payment?.fps ?? null),
    voided: r.voided,
    voidReason: r.void_reason,
    voidedAt: r.voided_at ? new Date(r.voided_at).toISOString() : null,
    voidedBy: r.voided_by_name,
    // The quotation it was made from (its number and kind are there whenever the link is: a foreign key).
    quotation: r.quotation_id === null || r.quotation_number === null || r.quotation_kind === null ? null : { id: r.quotation_id, number: r.quotation_number, kind: r.quotation_kind },
    receipts: await loadReceipts(db, r.id),
  };
}
export type Order = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

/**
 * The address of an invoice's FPS QR code image (GET /orders/{id}/fps-qr.png), or null when it has
 * none (the domain's rule). What it pays and to whom are in its query, so a new amount or identifier
 * is a new address (a browser or the in-page backend never shows a stale code).
 */
function fpsQrUrl(id: number, invoice: { voided: boolean; outstanding: number }, proxy: FpsProxy | null): string | null {
  if (proxy === null || fpsQrUnavailable(invoice, proxy) !== null) return null;
  return `/api/orders/${id}/fps-qr.png?amount=${invoice.outstanding}&to=${encodeURIComponent(`${proxy.type}:${proxy.value}`)}`;
}

/**
 * The text of an invoice's FPS QR code: what is still owed on it (the domain's outstandingAmount),
 * paid to its company's FPS identifier, with the invoice number as the reference. Refused when the
 * company has no FPS identifier, the invoice is void, or nothing is due.
 */
export async function fpsQrPayload(db: Db, id: number): Promise<Result<string, typeof notFound | { readonly code: FpsQrUnavailable }>> {
  const r = await orderRow(db, id);
  if (!r) return err(notFound);
  const head = await letterhead(db, r.branch_id);
  const proxy = head?.payment?.fps ?? null;
  const outstanding = outstandingAmount(r.total, { receipts: [r.paid], refunds: [] }, r.voided);
  const unavailable = fpsQrUnavailable({ voided: r.voided, outstanding }, proxy);
  if (unavailable !== null || proxy === null) return err({ code: unavailable ?? 'fpsNotSet' });
  return ok(fpsPayload({ proxy, amount: outstanding, merchantName: head?.nameEn ?? '', reference: r.number }));
}

/** The payment terms of Settings → Codes, in days. */
export const paymentTermsDays = async (db: Db): Promise<number> => Number(await codeValue(db, 'payment_terms_days'));

/** What the new-order form starts with: options, defaults (the due date by the payment terms) and the client. */
export async function orderForm(caller: Caller, clientId: number | null) {
  const { db, user, today } = caller;
  const days = await paymentTermsDays(db);
  return {
    options: await documentOptions(db, 'order'),
    // The form moves the due date with the date by the same terms until the user sets it.
    defaults: { type: 'new_order' as const, date: today, dueDate: dueDate(today, days), paymentTermsDays: days, branchId: user.branchId, salespersonId: user.id },
    client: clientId === null ? null : await clientSummary(db, clientId),
  };
}

/** The options of an order's screen: the form's, the active payment methods and refund reasons (Settings → Options). */
export async function orderScreenOptions(db: Db) {
  return { ...(await documentOptions(db, 'order')), paymentMethods: await paymentMethodChoices(db), refundReasons: await activeOptions(db, 'refund_reason') };
}

export interface OrderInput extends DocumentInput {
  readonly type: (typeof ORDER_TYPES)[number];
  /** Omitted: the date plus the payment terms of Settings → Codes. */
  readonly dueDate: string | null;
}

/** The order's own field checks: a due date not before the date. */
const ownChecks = (input: OrderInput): FieldProblems => (input.dueDate !== null && input.dueDate < input.date ? { dueDate: { key: 'sales.dueBeforeDate' } } : {});

/** The appointment a new invoice is for: one of the same client that the user may see and edit. */
async function appointmentProblems(caller: Caller, appointmentId: number | null, clientId: number): Promise<FieldProblems> {
  if (appointmentId === null) return {};
  const { user } = caller;
  const appointment = await appointmentFor(caller.db, appointmentId, user.id);
  const visible = appointment && (seesAll(user) || appointment.works);
  if (!appointment || !visible || !hasPermission(user, 'appointment_edit')) return { appointmentId: { key: 'validation.invalid' } };
  if (appointment.clientId !== clientId) return { appointmentId: { key: 'sales.appointmentOtherClient' } };
  return {};
}

/** Creates an order (linked to the appointment whose invoice tab made it, if any); its id. */
export async function createOrder(caller: Caller, input: OrderInput & { appointmentId: number | null }): Promise<SalesResult<number>> {
  const checked = await checkDocument(caller.db, input, 'order', ownChecks(input));
  Object.assign(checked.fields, await appointmentProblems(caller, input.appointmentId, input.clientId));
  const { db, now, user } = caller;
  const terms = await paymentTermsDays(db);
  const { appointmentId } = input;
  return createDocument(
    caller,
    'order',
    input,
    checked,
    (tx, number, figures) => insertOrder(tx, number, { ...input, dueDate: input.dueDate ?? dueDate(input.date, terms), figures, terms: checked.terms }, { userId: user.id, now: now() }),
    appointmentId === null
      ? undefined
      : async (tx, id) => {
          await linkAppointment(tx, appointmentId, id, now());
          await caller.audit({ action: 'link-order', entityType: 'appointment', entityId: appointmentId, changes: { orderId: { from: null, to: id } } }, tx);
        },
  );
}

/** Edits an order: not when void, and not to a total below what has been paid. */
export function editOrder(caller: Caller, id: number, input: OrderInput & { version: number }): Promise<SalesResult<Order>> {
  const { db, now, today } = caller;
  return editDocument<Order>(caller, 'order', {
    id,
    version: input.version,
    input,
    load: (db, id) => loadOrder(db, today, id),
    locked: (before) => (before.voided ? { code: 'orderLocked' } : null),
    check: async (before) => {
      const checked = await checkDocument(db, input, 'order', ownChecks(input));
      if (checked.figures && checked.figures.total < before.paid) checked.fields.items = { key: 'sales.totalBelowPaid', values: { paid: `HK$${centsToDecimal(before.paid)}` } };
      return checked;
    },
    update: (tx, before, checked, figures) => updateOrder(tx, id, input.version, { ...input, dueDate: input.dueDate ?? before.dueDate, figures, terms: checked.terms }, now()),
    audited: ['type', 'date', 'dueDate', 'clientId', 'branchId', 'salespersonId', 'discountRateBp', 'total', 'terms', 'notes', 'items'],
  });
}

/** Voids or unvoids an order (domain checkVoid / checkUnvoid) under its row's lock, with the reason in the audit line. */
export async function setVoid(caller: Caller, id: number, action: 'void' | 'unvoid', body: { reason: string; version: number }): Promise<SalesResult<void>> {
  const { now, user } = caller;
  return caller.db.transaction().execute(async (tx): Promise<SalesResult<void>> => {
    const order = await lockOrderForVoid(tx, id);
    if (!order) return err(notFound);
    if (order.version !== body.version) return err(conflict);
    const check = action === 'void' ? checkVoid(order.voided, { receipts: [order.paid], refunds: [] }, body.reason) : checkUnvoid(order.voided, body.reason);
    if (check.isErr()) return err(check.error);
    await setVoided(tx, id, body.reason, action === 'void' ? { userId: user.id, at: now() } : null, now());
    await caller.audit({ action, entityType: 'order', entityId: id, changes: { reason: body.reason } }, tx);
    return ok(undefined);
  });
}

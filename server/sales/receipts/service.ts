import { err, ok } from 'neverthrow';
import { checkReceipt, checkRefund, needsBankIn } from '../../../domain/orders/receipts';
import { paymentMethodChoices, paymentMethodFilter, paymentMethodNames, type OptionName } from '../../admin/lists/optionLists';
import type { Caller, Db } from '../caller';
import { clientSummary, letterhead, nextNumber } from '../documents/repository';
import type { SalesResult } from '../failures';
import { invalidField, notFound } from '../../service/failure';
import {
  bankInState,
  insertPayment,
  lockOrderForPayment,
  markBankedIn,
  receiptById,
  receiptFilterChoices,
  receiptList,
  receiptsOfOrder,
  type PaymentInput,
  type ReceiptFilter,
  type ReceiptRow,
} from './repository';

/** Receipts and refunds: the payment rule (domain checkReceipt/checkRefund) under the order's lock, bank-in, the list. */

/** A receipt as the screens show it; `methodName` holds its payment method's words (Settings → Options). */
const toReceipt = (methodName: (code: string) => OptionName) => (r: ReceiptRow) => ({
  id: r.id,
  number: r.number,
  kind: r.kind,
  date: r.date,
  method: r.method,
  methodName: methodName(r.method),
  reference: r.reference,
  amount: r.amount,
  reason: r.reason,
  bankedIn: r.banked_in,
  bankedInAt: r.banked_in_at ? new Date(r.banked_in_at).toISOString() : null,
  action: r.kind === 'receipt' && needsBankIn(r.method, r.banked_in) ? ('bank-in' as const) : null,
  order: { id: r.order_id, number: r.order_number },
  client: { id: r.client_id, nameEn: r.name_en, nameZh: r.name_zh },
  staff: r.staff,
});
export type Receipt = ReturnType<ReturnType<typeof toReceipt>>;

/** The receipts and refunds of one order, oldest first. */
export async function loadReceipts(db: Db, orderId: number): Promise<Receipt[]> {
  return (await receiptsOfOrder(db, orderId)).map(toReceipt(await paymentMethodNames(db)));
}

/** Receipts for a CSV export (at most `limit`). */
export async function receiptsForExport(caller: Caller, filter: ReceiptFilter, limit: number): Promise<Receipt[]> {
  return (await receiptList(caller.db, filter).page(limit)).map(toReceipt(await paymentMethodNames(caller.db)));
}

/** A page of receipts, how many there are, their net amount and the filters' choices. */
export async function receiptPage(caller: Caller, filter: ReceiptFilter, window: { limit: number; offset: number }) {
  const { db } = caller;
  const list = receiptList(db, filter);
  const counted = await list.counted();
  const methodName = await paymentMethodNames(db);
  const items = (await list.page(window.limit, window.offset)).map(toReceipt(methodName));
  const [choices, paymentMethods] = await Promise.all([receiptFilterChoices(db), paymentMethodFilter(db)]);
  return { items, ...counted, options: { ...choices, paymentMethods } };
}

/** One receipt or refund with what its printed copy needs. */
export async function receiptDetail(caller: Pick<Caller, 'db'>, id: number) {
  const { db } = caller;
  const row = await receiptById(db, id);
  if (!row) return err(notFound);
  return ok({ receipt: { ...toReceipt(await paymentMethodNames(db))(row), client: await clientSummary(db, row.client_id) }, letterhead: await letterhead(db, row.branch_id) });
}

/** Marks a cash or cheque receipt as banked in; it leaves the bank-in reminder. */
export async function bankIn(caller: Caller, id: number): Promise<SalesResult<void>> {
  const row = await bankInState(caller.db, id);
  if (!row) return err(notFound);
  if (row.kind !== 'receipt' || !needsBankIn(row.method, row.banked_in)) return err({ code: row.banked_in ? 'alreadyBanked' : 'notBankable' });
  const banked = await caller.db.transaction().execute(async (tx) => {
    const done = await markBankedIn(tx, id, caller.now());
    if (done) await caller.audit({ action: 'bank-in', entityType: 'receipt', entityId: id, changes: { bankedIn: { from: false, to: true } } }, tx);
    return done;
  });
  return banked ? ok(undefined) : err({ code: 'alreadyBanked' });
}

export type { PaymentInput } from './repository';

/**
 * A receipt or a refund against the order. The order's row is locked while the rule is checked and
 * `paid` moved, so receipts recorded at the same time cannot together pass the total (and the
 * database's own check constraint refuses it even if this code were wrong). A refund needs a reason;
 * the method must be one of the active payment methods.
 */
export async function recordPayment(caller: Caller, orderId: number, input: PaymentInput): Promise<SalesResult<{ receiptId: number; number: string }>> {
  if (input.kind === 'refund' && input.reason === '') return err(invalidField('reason', 'sales.refundReason'));
  const { db, now } = caller;
  if (!(await paymentMethodChoices(db)).some((m) => m.value === input.method)) return err(invalidField('method', 'sales.methodUnknown'));
  return db.transaction().execute(async (tx): Promise<SalesResult<{ receiptId: number; number: string }>> => {
    const order = await lockOrderForPayment(tx, orderId);
    if (!order) return err(notFound);
    const payments = { receipts: [order.paid], refunds: [] };
    const check = input.kind === 'receipt' ? checkReceipt(order.total, payments, order.voided, input.amount) : checkRefund(payments, input.amount);
    if (check.isErr()) return err(check.error);
    const number = await nextNumber(tx, input.kind === 'receipt' ? 'receipt_prefix' : 'refund_prefix', input.date, order.branch_id, order.client_id);
    const receiptId = await insertPayment(tx, { ...input, number, orderId, createdBy: caller.user.id, now: now() });
    await caller.audit({ action: 'create', entityType: input.kind, entityId: receiptId, changes: { orderId, number, ...input } }, tx);
    return ok({ receiptId, number });
  });
}

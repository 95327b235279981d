import { err, errAsync, ok, ResultAsync, type Result } from 'neverthrow';
import { hasPermission } from '../../domain/auth/permissions';
import type { User } from '../../domain/auth/user';
import { centsToDecimal, parseMoney } from '../../domain/money/money';
import { invoicePayment } from '../../domain/documents/printable';
import { checkReceipt, checkRefund } from '../../domain/orders/receipts';
import type { FpsProxy } from '../../domain/payments/fps';
import { hongKongDate, isIsoDate } from '../../domain/time/dates';
import type { ApiError } from '../api/ApiError';
import { invalid, type FieldMessage, type Invalid } from '../forms/Invalid';
import type { NavigationService } from '../navigation/NavigationService';
import type { Clock } from '../ports/Clock';
import type { OrderBook } from '../ports/OrderBook';
import type { DraftService } from '../session/DraftService';
import type { AppState } from '../state/AppState';
import { salesRule } from './documentForm';
import { readOrderForm, type OrderForm } from './orderForm';
import type { Order, OrderInput, PaymentInput } from './sales';

/** What the invoice screen offers the signed-in user for an invoice (or a new one). */
export interface OrderOffers {
  /** The form can be changed and saved: allowed, and the invoice is not void. */
  readonly canEdit: boolean;
  readonly voiding: boolean;
  readonly receipt: boolean;
  readonly refund: boolean;
  /** May add and remove the invoice's files. */
  readonly files: boolean;
}

/** The invoice screen's dialogs. */
export type OrderDialog = 'receipt' | 'refund' | 'void' | 'unvoid';

const DIALOGS: readonly OrderDialog[] = ['receipt', 'refund', 'void', 'unvoid'];

/**
 * How a printed invoice asks to be paid: its company's FPS identifier with the QR code for what is
 * still owed (the image's address; null when the invoice has none), and its bank account ('' = not given).
 */
export interface InvoicePayment {
  readonly fps: FpsProxy | null;
  readonly qrImage: string | null;
  readonly bankName: string;
  readonly accountName: string;
  readonly accountNumber: string;
}

/** A receipt or refund as typed in its dialog. */
export interface PaymentForm {
  readonly date: string;
  readonly method: string;
  readonly reference: string;
  readonly amount: string;
  readonly reason: string;
}

/**
 * The invoice screen's use-cases: what it offers for the user's rights and
 * the invoice's figures, the receipt and refund form (today from the Clock, the domain's receipt
 * rules), and each action's save → notify → navigate.
 */
export class OrderDesk {
  constructor(
    private readonly book: OrderBook,
    private readonly state: AppState,
    private readonly navigation: NavigationService,
    private readonly clock: Clock,
  ) {}

  offers(user: User | null, order: Order | null): OrderOffers {
    const canEdit = hasPermission(user, order ? 'order_edit' : 'order_create') && !order?.voided;
    if (!order) return { canEdit, voiding: false, receipt: false, refund: false, files: false };
    const receipts = hasPermission(user, 'receipt_create');
    return {
      canEdit,
      voiding: hasPermission(user, 'order_void'),
      receipt: receipts && !order.voided && order.outstanding > 0,
      refund: receipts && order.paid > 0,
      files: hasPermission(user, 'order_edit'),
    };
  }

  /**
   * What the printed invoice says about paying it: nothing when the company has no payment details or
   * nothing is due (a void invoice owes nothing); else the bank account and, with an FPS identifier,
   * the FPS QR code for the balance due (its image's address as the server gives it, like a logo's).
   */
  payment(order: Order): InvoicePayment | null {
    return invoicePayment(order);
  }

  /**
   * The form as typed, read with the domain's rules and saved (a new invoice made from an
   * appointment is linked to it): every field it breaks (nothing is sent), or what `save` does.
   */
  submit(order: Order | null, form: OrderForm, appointmentId: number | null): ResultAsync<Order, Invalid | ApiError> {
    return readOrderForm(form).asyncAndThen((input) => this.save(order, input, appointmentId));
  }

  /** Saves; a new invoice opens at its own address, an edit shows the saved one. */
  save(order: Order | null, input: OrderInput, appointmentId: number | null): ResultAsync<Order, ApiError> {
    const saved = order ? this.book.update(order, input) : this.book.create({ ...input, appointmentId });
    return saved.andThen((result) => {
      this.state.set({ unsavedChanges: false });
      return ResultAsync.fromSafePromise(
        (async () => {
          if (!order) await this.navigation.navigate(`/orders/order/invoice/${result.id}`, { replace: true });
          else this.reload();
          this.notify('sales:order.saved');
          return result;
        })(),
      );
    });
  }

  /** Voids (only while nothing is paid) or restores the invoice, with the reason for the audit log. */
  setVoid(order: Order, action: 'void' | 'unvoid', reason: string): ResultAsync<Order, Invalid | ApiError> {
    if (!reason.trim()) return errAsync(invalid({ reason: [salesRule('validation.voidReasonRequired')] }));
    return this.book.setVoid(order, action, reason.trim()).map((saved) => {
      this.reload();
      this.notify(`sales:order.${action}ed`);
      return saved;
    });
  }

  /** Where a dialog's unsaved input is kept (DraftService) for one invoice as it is now. */
  dialogDraftKey(order: Order, dialog: OrderDialog): string {
    return `order-${dialog}:${order.id}:${order.version}`;
  }

  /**
   * The dialog to open again when the invoice opens: the one whose save did not go through (a 500,
   * no reply, offline) and whose input was kept, so what was typed in it is back as it was.
   */
  keptDialog(order: Order | null, drafts: Pick<DraftService, 'has'>): OrderDialog | null {
    return order ? (DIALOGS.find((dialog) => drafts.has(this.dialogDraftKey(order, dialog))) ?? null) : null;
  }

  /** A new receipt (the amount still owed) or refund, dated today in Hong Kong, by the first method offered. */
  paymentStart(order: Order, kind: 'receipt' | 'refund', methods: readonly { readonly value: string }[]): PaymentForm {
    return { date: hongKongDate(this.clock.now()), method: methods[0]?.value ?? '', reference: '', amount: kind === 'receipt' ? centsToDecimal(order.outstanding) : '', reason: '' };
  }

  /** The payment as the API takes it, or every field refused by the domain's rules (with the most that could be taken). */
  readPayment(order: Order, kind: 'receipt' | 'refund', form: PaymentForm): Result<PaymentInput, Invalid> {
    const fields: Record<string, FieldMessage[]> = {};
    if (!isIsoDate(form.date)) fields.date = [salesRule('validation.date')];
    const amount = parseMoney(form.amount);
    if (amount.isErr()) fields.amount = [salesRule(`validation.${amount.error.code}`)];
    else {
      const payments = { receipts: [order.paid], refunds: [] };
      const rule = kind === 'receipt' ? checkReceipt(order.total, payments, order.voided, amount.value) : checkRefund(payments, amount.value);
      if (rule.isErr()) fields.amount = [{ ...salesRule(`validation.${rule.error.code}`), ...('maxCents' in rule.error ? { values: { maxCents: rule.error.maxCents } } : {}) }];
    }
    if (kind === 'refund' && !form.reason.trim()) fields.reason = [salesRule('validation.refundReason')];
    if (Object.keys(fields).length > 0 || amount.isErr()) return err(invalid(fields));
    return ok({ kind, date: form.date, method: form.method, reference: form.reference.trim(), amount: amount.value, reason: form.reason.trim() });
  }

  /** The receipt or refund as typed, read with the domain's rules and recorded: every field it breaks (nothing is sent), or what `recordPayment` does. */
  pay(order: Order, kind: 'receipt' | 'refund', form: PaymentForm): ResultAsync<Order, Invalid | ApiError> {
    return this.readPayment(order, kind, form).asyncAndThen((input) => this.recordPayment(order, input));
  }

  /** Records the receipt or refund; the screen shows the invoice's new figures. */
  recordPayment(order: Order, input: PaymentInput): ResultAsync<Order, ApiError> {
    return this.book.recordPayment(order.id, input).map((saved) => {
      this.reload();
      this.notify(`sales:payments.saved.${input.kind}`);
      return saved;
    });
  }

  private reload(): void {
    this.state.set({ unsavedChanges: false, viewKey: this.state.get().viewKey + 1 });
  }

  private notify(title: string): void {
    this.state.set({ notification: { title, type: 'success' } });
  }
}

/** What the receipts lists offer the signed-in user. */
export interface ReceiptOffers {
  /** May mark a cash or cheque receipt as banked in (the bank-in reminder's button). */
  readonly bankIn: boolean;
}

/** The receipts lists' use-cases: what they offer for the user's rights, and banking a receipt in → reload → say so. */
export class ReceiptDesk {
  constructor(
    private readonly book: OrderBook,
    private readonly state: AppState,
  ) {}

  offers(user: User | null): ReceiptOffers {
    return { bankIn: hasPermission(user, 'receipt_edit') };
  }

  /** Marks the receipt as banked in; the list loads again (it leaves the reminder) and says so. */
  bankIn(receiptId: number): ResultAsync<void, ApiError> {
    return this.book.bankIn(receiptId).map(() => {
      this.state.set({ viewKey: this.state.get().viewKey + 1 });
      this.state.set({ notification: { title: 'sales:reminders.banked', type: 'success' } });
    });
  }
}

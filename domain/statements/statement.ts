import { daysBetween, type IsoDate } from '../time/dates';
import type { Cents } from '../money/money';

/**
 * A client's statement of account over a period: what was owed at its start (the opening
 * balance), every invoice, receipt and refund in it with the balance after each, what is owed at
 * its end (the closing balance), and how old that debt is (ageing by days past each invoice's due
 * date, as of the period's last day).
 *
 * A voided invoice counts as zero (the domain's rule for orders): it and the payments recorded
 * against it are left out of the statement.
 */

/** An invoice of the client, as the statement reads it. */
export interface StatementInvoice {
  readonly id: number;
  readonly number: string;
  readonly date: IsoDate;
  readonly dueDate: IsoDate;
  readonly total: Cents;
}

/** A receipt (money in) or refund (money paid back) recorded against one of the client's invoices. */
export interface StatementPayment {
  readonly id: number;
  readonly kind: 'receipt' | 'refund';
  readonly number: string;
  readonly date: IsoDate;
  readonly orderId: number;
  readonly amount: Cents;
}

/** One line of the statement: an invoice adds to the balance, a receipt takes from it, a refund adds back. */
export interface StatementEntry {
  readonly kind: 'invoice' | 'receipt' | 'refund';
  readonly id: number;
  readonly number: string;
  readonly date: IsoDate;
  /** For a receipt or refund, the invoice it was recorded against. */
  readonly invoiceNumber: string | null;
  readonly debit: Cents;
  readonly credit: Cents;
  readonly balance: Cents;
}

/**
 * The ages of what is owed at the period's end, by days past the invoice's due date: not yet due
 * (due on the period's last day or later — an invoice is overdue only after its due date, as
 * `isOverdue` in ../orders/order.ts says), then 1–30, 31–60, 61–90 and over 90 days overdue.
 */
export const AGEING_BUCKETS = ['notDue', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export type Ageing = Readonly<Record<AgeingBucket, Cents>>;

/** An invoice still (partly) owed at the period's end. */
export interface OpenInvoice {
  readonly id: number;
  readonly number: string;
  readonly date: IsoDate;
  readonly dueDate: IsoDate;
  readonly total: Cents;
  readonly outstanding: Cents;
  /** Days past its due date on the period's last day; 0 or less when not yet due (bucket `notDue`). */
  readonly daysOverdue: number;
  readonly bucket: AgeingBucket;
}

export interface Statement {
  readonly from: IsoDate;
  readonly to: IsoDate;
  readonly opening: Cents;
  readonly entries: StatementEntry[];
  readonly closing: Cents;
  readonly open: OpenInvoice[];
  readonly ageing: Ageing;
}

/** The bucket of a debt `daysOverdue` days past its due date (0 or less: not yet due). */
export function ageingBucket(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return 'notDue';
  if (daysOverdue <= 30) return 'days1to30';
  if (daysOverdue <= 60) return 'days31to60';
  if (daysOverdue <= 90) return 'days61to90';
  return 'over90';
}

export type StatementPeriodError = { readonly code: 'periodReversed' };

/** A period runs forwards: its first day is on or before its last. */
export function checkStatementPeriod(from: IsoDate, to: IsoDate): StatementPeriodError | null {
  return from > to ? { code: 'periodReversed' } : null;
}

const ORDER: Record<StatementEntry['kind'], number> = { invoice: 0, refund: 1, receipt: 2 };

/**
 * The statement of `from`–`to` from the client's non-void invoices and the payments against them
 * (those of other invoices are ignored). Entries of one day list invoices first, then refunds, then
 * receipts, each by number. The ageing adds up to the closing balance.
 */
export function statementOf(from: IsoDate, to: IsoDate, invoices: readonly StatementInvoice[], payments: readonly StatementPayment[]): Statement {
  const invoiceById = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const counted = payments.filter((p) => invoiceById.has(p.orderId));
  const change = (kind: StatementEntry['kind'], amount: Cents) => (kind === 'receipt' ? -amount : amount);

  let opening = 0;
  const lines: Omit<StatementEntry, 'balance'>[] = [];
  for (const invoice of invoices) {
    if (invoice.date > to) continue;
    if (invoice.date < from) opening += invoice.total;
    else lines.push({ kind: 'invoice', id: invoice.id, number: invoice.number, date: invoice.date, invoiceNumber: null, debit: invoice.total, credit: 0 });
  }
  for (const p of counted) {
    if (p.date > to) continue;
    if (p.date < from) opening += change(p.kind, p.amount);
    else {
      const invoiceNumber = invoiceById.get(p.orderId)?.number ?? null;
      lines.push({ kind: p.kind, id: p.id, number: p.number, date: p.date, invoiceNumber, debit: p.kind === 'refund' ? p.amount : 0, credit: p.kind === 'receipt' ? p.amount : 0 });
    }
  }
  lines.sort((a, b) => (a.date === b.date ? ORDER[a.kind] - ORDER[b.kind] || a.number.localeCompare(b.number) : a.date < b.date ? -1 : 1));
  let balance = opening;
  const entries = lines.map((line): StatementEntry => {
    balance += line.debit - line.credit;
    return { ...line, balance };
  });

  const paidBy = new Map<number, Cents>();
  for (const p of counted) if (p.date <= to) paidBy.set(p.orderId, (paidBy.get(p.orderId) ?? 0) - change(p.kind, p.amount));
  const ageing = Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgeingBucket, Cents>;
  const open: OpenInvoice[] = [];
  for (const invoice of invoices) {
    if (invoice.date > to) continue;
    const outstanding = invoice.total - (paidBy.get(invoice.id) ?? 0);
    if (outstanding === 0) continue;
    const daysOverdue = daysBetween(invoice.dueDate, to);
    const bucket = ageingBucket(daysOverdue);
    ageing[bucket] += outstanding;
    open.push({ id: invoice.id, number: invoice.number, date: invoice.date, dueDate: invoice.dueDate, total: invoice.total, outstanding, daysOverdue, bucket });
  }
  open.sort((a, b) => (a.date === b.date ? a.number.localeCompare(b.number) : a.date < b.date ? -1 : 1));
  return { from, to, opening, entries, closing: balance, open, ageing };
}

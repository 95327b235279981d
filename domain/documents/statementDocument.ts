import type { Statement } from '../statements/statement';
import { AGEING_BUCKETS } from '../statements/statement';
import { dateRangeText } from '../time/format';
import { dateCell, documentMoney, type DocumentClient, type DocumentLetterhead, type DocumentPayment, type PrintableDocument } from './printable';

/**
 * A client's statement of account as a printed document (domain/documents/printable.ts, kind
 * 'statement'): the client, the period, the opening balance, each line with the running balance,
 * the closing balance, the ageing of what is owed, the invoices owed, and how to pay what is owed
 * (the bank account and an FPS QR code for the closing balance, none when nothing is owed). One
 * model for the print view and the PDF. Its words are in the `statements` namespace (`print.*`).
 */

export interface StatementRecord {
  readonly clientId: number;
  /** The client's code (C000123), printed and part of the reference. */
  readonly clientCode: string;
  readonly client: DocumentClient | null;
  readonly letterhead: DocumentLetterhead | null;
  readonly statement: Statement;
  /** The address of the FPS QR code image for the closing balance; null when there is none. */
  readonly fpsQrUrl: string | null;
}

/**
 * The statement's reference: the client's code and the statement's date (its period's last day),
 * e.g. "C000012-20261130" — its number on the sheet and the reference of its FPS payment (at most
 * 25 characters, as FPS takes).
 */
export const statementReference = (clientCode: string, to: string): string => `${clientCode}-${to.replace(/-/g, '')}`;

/** The download name of a statement's PDF. */
export const statementFileName = (clientCode: string, to: string): string => `statement-${clientCode}-${to}.pdf`;

/** Whether a statement asks for payment: something is owed at its end. */
export const owes = (statement: Pick<Statement, 'closing'>): boolean => statement.closing > 0;

/** How to pay a statement (the company's bank account and FPS QR code), or null when nothing is owed or the company has no payment details. */
export function statementPayment(record: Pick<StatementRecord, 'letterhead' | 'statement' | 'fpsQrUrl'>): DocumentPayment | null {
  const details = record.letterhead?.payment ?? null;
  if (!details || !owes(record.statement)) return null;
  return { fps: details.fps, qrImage: record.fpsQrUrl, bankName: details.bankName, accountName: details.accountName, accountNumber: details.accountNumber };
}

const amountOrEmpty = (cents: number) => (cents ? documentMoney(cents) : '');

export function statementDocument(record: StatementRecord): PrintableDocument {
  const s = record.statement;
  return {
    kind: 'statement',
    number: statementReference(record.clientCode, s.to),
    date: s.to,
    letterhead: record.letterhead,
    client: record.client,
    facts: [
      { label: 'clientCode', value: () => record.clientCode },
      { label: 'statementPeriod', value: (_t, language) => dateRangeText(s.from, s.to, language) },
    ],
    balances: [
      { label: 'openingBalance', amount: s.opening },
      { label: 'closingBalance', amount: s.closing, strong: true },
    ],
    tables: [
      {
        title: 'statementEntries',
        columns: [{ label: 'date' }, { label: 'entryKind' }, { label: 'number' }, { label: 'invoice' }, { label: 'debit', align: 'right' }, { label: 'credit', align: 'right' }, { label: 'balance', align: 'right' }],
        rows: [
          [dateCell(s.from), (t) => t('print.openingBalance'), '', '', '', '', documentMoney(s.opening)],
          ...s.entries.map((e) => [dateCell(e.date), (t: (key: string) => string) => t(`print.entryKinds.${e.kind}`), e.number, e.invoiceNumber ?? '', amountOrEmpty(e.debit), amountOrEmpty(e.credit), documentMoney(e.balance)]),
          [dateCell(s.to), (t) => t('print.closingBalance'), '', '', '', '', documentMoney(s.closing)],
        ],
      },
      {
        title: 'ageing',
        columns: AGEING_BUCKETS.map((bucket) => ({ label: `buckets.${bucket}`, align: 'right' as const })),
        rows: [AGEING_BUCKETS.map((bucket) => documentMoney(s.ageing[bucket]))],
      },
      {
        title: 'invoicesOwed',
        columns: [{ label: 'number' }, { label: 'date' }, { label: 'dueDate' }, { label: 'daysOverdue', align: 'right' }, { label: 'total', align: 'right' }, { label: 'outstanding', align: 'right' }],
        rows: s.open.map((o) => [o.number, dateCell(o.date), dateCell(o.dueDate), o.daysOverdue > 0 ? String(o.daysOverdue) : (t: (key: string) => string) => t('print.notDue'), documentMoney(o.total), documentMoney(o.outstanding)]),
        empty: 'noInvoicesOwed',
      },
    ],
    signed: false,
    terms: [],
    notes: '',
    payment: statementPayment(record),
  };
}

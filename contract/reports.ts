/**
 * The wire of the nine reports (spec /reports/…): a page of a report (GET /api/reports/<group>/<name>)
 * and the choices of the filter screens (GET /api/reports/options). See contract/common.ts for how
 * contract/ works. A report's rows differ per report (their keys are its columns'), so a row is a
 * record of cells; everything around them — the columns, the totals, the page, the range, the
 * names behind the filters, the void orders, the charts and the summaries — is spelled out.
 */
import * as z from 'zod/mini';
import { BilingualName, Cents, Id, IsoDateText } from './common';

/** How a column's values read (the screens and the exports format each kind the same way). */
export const COLUMN_KINDS = ['text', 'name', 'code', 'date', 'money', 'count', 'quantity', 'rate', 'minutes', 'bool'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export const ReportColumn = z.object({
  key: z.string(),
  kind: z.enum(COLUMN_KINDS),
  /** The fixed list a `code` column translates from (reports:code.<list>.<value>). */
  codes: z.optional(z.string()),
  sortable: z.optional(z.boolean()),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

/** One cell: text, a number (cents, hundredths, basis points, minutes, a count), yes/no, a name in both languages, or empty. */
export const ReportCell = z.union([z.string(), z.number(), z.boolean(), z.null(), BilingualName]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportRow = z.record(z.string(), ReportCell);
export type ReportRow = z.infer<typeof ReportRow>;

/** A quantity summed per product unit (different units are never one sum); hundredths. */
export const QuantityByUnit = z.object({ unit: z.string(), quantity: z.number() });

/**
 * The totals row: the same keys as the rows (what adds up), with the quantities per unit where a
 * report has them apart.
 */
export const ReportTotals = z.record(z.string(), z.union([ReportCell, z.array(QuantityByUnit)]));
export type ReportTotals = z.infer<typeof ReportTotals>;

/** A bar of a chart: its key (a month 'YYYY-MM', an order type, a salesperson's id), maybe a label, and its figures. */
export const ChartPoint = z.object({
  key: z.string(),
  label: z.optional(z.nullable(z.string())),
  total: z.optional(Cents),
  paid: z.optional(Cents),
  orders: z.optional(z.number()),
  commission: z.optional(Cents),
});
export type ChartPoint = z.infer<typeof ChartPoint>;

/** The receipt report's summary per payment method (its words from Settings → Options). */
export const MethodSummary = z.extend(BilingualName, {
  method: z.string(),
  count: z.number(),
  receipts: Cents,
  refunds: Cents,
  net: Cents,
  awaitingBankIn: z.number(),
});

/** The appointment reports' counts per status. */
export const StatusCount = z.object({ status: z.string(), count: z.number() });

/** The appointment report's summary per worker (hours in minutes). */
export const WorkerSummary = z.object({ id: Id, name: z.string(), visits: z.number(), hours: z.number(), allDay: z.number(), done: z.number(), canceled: z.number() });

/** GET /api/reports/…: one page of a report, with whatever summaries that report adds. */
export const ReportPageReply = z.object({
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  totals: z.nullable(ReportTotals),
  count: z.number().check(z.int(), z.nonnegative()),
  page: z.number().check(z.int(), z.positive()),
  perPage: z.number().check(z.int(), z.positive()),
  dateFrom: IsoDateText,
  dateTo: IsoDateText,
  sort: z.string(),
  /** The names behind the ids the report was filtered by (a person's name, or a name in both languages). */
  filterNames: z.optional(z.record(z.string(), z.union([z.string(), BilingualName]))),
  /** Void orders, left out of the figures and counted apart. */
  voided: z.optional(z.object({ count: z.number(), total: Cents })),
  charts: z.optional(z.object({ byMonth: z.optional(z.array(ChartPoint)), byType: z.optional(z.array(ChartPoint)), bySalesperson: z.optional(z.array(ChartPoint)) })),
  /** The order analysis: what its rows are grouped by. */
  groupBy: z.optional(z.string()),
  /** The commission report: on the invoiced total or on what was received. */
  basis: z.optional(z.string()),
  /** The receipt report: receipts, refunds and net per method. */
  byMethod: z.optional(z.array(MethodSummary)),
  /** The product report: the invoices and clients in all (one may be on several rows). */
  distinct: z.optional(z.object({ orders: z.number(), clients: z.number() })),
  /** The appointment reports: visits or reports per status. */
  byStatus: z.optional(z.array(StatusCount)),
  byWorker: z.optional(z.array(WorkerSummary)),
  /** The completed-report report: reports signed by both sides. */
  signed: z.optional(z.number()),
  /** The appointment reports: false when the caller sees only their own visits. */
  seesAll: z.optional(z.boolean()),
});
export type ReportPageReply = z.infer<typeof ReportPageReply>;

const Person = z.object({ id: Id, name: z.string() });
const Coded = z.extend(BilingualName, { value: z.string() });

/** GET /api/reports/options: the choices the report filter screens offer. */
export const ReportOptionsReply = z.object({
  branches: z.array(z.extend(BilingualName, { id: Id })),
  staff: z.array(Person),
  /** Without appointment_view_all, only the caller. */
  workers: z.array(Person),
  categories: z.array(z.extend(BilingualName, { id: Id, parentId: z.nullable(Id) })),
  products: z.array(z.extend(BilingualName, { id: Id, code: z.string() })),
  areas: z.array(z.extend(BilingualName, { id: Id })),
  appointmentTypes: z.array(Coded),
  /** Every payment method of Settings → Options (the built-in four when there are none). */
  paymentMethods: z.array(Coded),
});
export type ReportOptionsReply = z.infer<typeof ReportOptionsReply>;

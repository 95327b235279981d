import { APPOINTMENT_STATUSES } from '../../domain/appointments/status';
import { REPORT_STATUSES } from '../../domain/appointments/report';
import { ORDER_TYPES } from '../../domain/orders/order';
import { sum, type Cents } from '../../domain/money/money';
import { addDays, addMonths, hongKongDate, makeDate, parts, type IsoDate } from '../../domain/time/dates';
import { err, ok, type Result } from 'neverthrow';
import type { QueryValue } from '../ports/ApiTransport';
import { REPORTS } from '../navigation/routes';

/**
 * The nine reports as the screens know them: which filters each offers, what a filter screen starts
 * with and the address it runs, the shape of a result (columns, rows, totals, charts) and of the
 * dashboard, where a cell links to, and the sums a chart's summary says. The figures themselves are
 * the server's (read by the wire contract in the HTTP adapters, infrastructure/http/reports).
 */

export type ReportKey = (typeof REPORTS)[number]['key'];

/** The filters a report screen can show; each is a query parameter of the report's API path. */
export type FilterKey =
  | 'date_from'
  | 'date_to'
  | 'branch_id'
  | 'salesperson_id'
  | 'staff_id'
  | 'worker_id'
  | 'client_id'
  | 'category_id'
  | 'product_id'
  | 'area_id'
  | 'type'
  | 'appointment_type'
  | 'order_status'
  | 'appointment_status'
  | 'report_status'
  | 'kind'
  | 'method'
  | 'banked'
  | 'group_by'
  | 'basis'
  | 'activity'
  | 'signed'
  | 'tag'
  | 'client'
  | 'q';

/** The query parameter behind a filter (some filters share one, e.g. the statuses). */
export const FILTER_PARAM: Record<FilterKey, string> = {
  date_from: 'date_from',
  date_to: 'date_to',
  branch_id: 'branch_id',
  salesperson_id: 'salesperson_id',
  staff_id: 'staff_id',
  worker_id: 'worker_id',
  client_id: 'client_id',
  category_id: 'category_id',
  product_id: 'product_id',
  area_id: 'area_id',
  type: 'type',
  appointment_type: 'type',
  order_status: 'status',
  appointment_status: 'status',
  report_status: 'status',
  kind: 'kind',
  method: 'method',
  banked: 'banked',
  group_by: 'group_by',
  basis: 'basis',
  activity: 'activity',
  signed: 'signed',
  tag: 'tag',
  client: 'q',
  q: 'q',
};

/** The fixed choices of the filters that have them (their words: reports:value.<filter>.<code>). */
export const FILTER_CHOICES: Partial<Record<FilterKey, readonly string[]>> = {
  type: ORDER_TYPES,
  order_status: ['paid', 'partial', 'outstanding', 'overdue', 'void'],
  appointment_status: APPOINTMENT_STATUSES,
  report_status: REPORT_STATUSES,
  kind: ['receipt', 'refund'],
  banked: ['yes', 'no'],
  group_by: ['month', 'type', 'salesperson', 'branch', 'client'],
  basis: ['total', 'received'],
  activity: ['with_orders', 'owing', 'all'],
  signed: ['both', 'missing'],
};

/** Filters with a first choice always set (no "all"). */
export const REQUIRED_CHOICE: Partial<Record<FilterKey, string>> = { group_by: 'month', basis: 'total', activity: 'with_orders' };

/** Each report's filters, in the order the screen shows them. client_id is kept from the address when a link set it. */
export const REPORT_FILTERS: Record<ReportKey, readonly FilterKey[]> = {
  order: ['date_from', 'date_to', 'branch_id', 'salesperson_id', 'type', 'order_status', 'q', 'client_id'],
  orderItems: ['date_from', 'date_to', 'branch_id', 'salesperson_id', 'type', 'category_id', 'product_id', 'q', 'client_id'],
  orderAnalysis: ['date_from', 'date_to', 'group_by', 'branch_id', 'salesperson_id', 'type', 'q', 'client_id'],
  receipt: ['date_from', 'date_to', 'branch_id', 'kind', 'method', 'banked', 'staff_id', 'q', 'client_id'],
  commission: ['date_from', 'date_to', 'basis', 'branch_id', 'salesperson_id'],
  client: ['date_from', 'date_to', 'activity', 'branch_id', 'area_id', 'tag', 'q'],
  product: ['date_from', 'date_to', 'branch_id', 'category_id', 'product_id', 'salesperson_id', 'type', 'client', 'client_id'],
  appointment: ['date_from', 'date_to', 'branch_id', 'worker_id', 'area_id', 'appointment_type', 'appointment_status', 'client', 'client_id'],
  completedReport: ['date_from', 'date_to', 'branch_id', 'worker_id', 'report_status', 'signed', 'client', 'client_id'],
};

/** The report a filter or result path belongs to. */
export function reportOfPath(path: string): (typeof REPORTS)[number] | null {
  return REPORTS.find((r) => path === r.filter || path === `${r.filter}-result`) ?? null;
}

/** This month in Hong Kong, the range a report screen starts with. */
export function thisMonth(today: IsoDate): { from: IsoDate; to: IsoDate } {
  const { year, month } = parts(today);
  const from = makeDate(year, month, 1);
  return { from, to: addDays(addMonths(from, 1), -1) };
}

// ------------------------------------------------------------------ filter screens

/** The values a filter screen starts with: from the address, else this month and each filter's first choice. */
export function filterStart(key: ReportKey, search: string, now: Date): Record<string, string> {
  const params = new URLSearchParams(search);
  const month = thisMonth(hongKongDate(now));
  const start: Record<string, string> = {};
  for (const filter of REPORT_FILTERS[key]) {
    const param = FILTER_PARAM[filter];
    start[param] = params.get(param) ?? (filter === 'date_from' ? month.from : filter === 'date_to' ? month.to : (REQUIRED_CHOICE[filter] ?? ''));
  }
  return start;
}

/** Why a filter screen does not run: the range ends before it starts (said on the last day). */
export type FilterRefusal = { readonly code: 'rangeOrder'; readonly field: 'date_to' };

/** The result screen's address for these filter values (empty ones left out), or why not. */
export function resultAddress(key: ReportKey, values: Readonly<Record<string, string>>): Result<string, FilterRefusal> {
  if (values.date_from && values.date_to && values.date_to < values.date_from) return err({ code: 'rangeOrder', field: 'date_to' });
  const next = new URLSearchParams();
  for (const [param, value] of Object.entries(values)) if (value.trim()) next.set(param, value.trim());
  return ok(`${reportByKey(key).filter}-result?${next.toString()}`);
}

export const reportByKey = (key: ReportKey) => REPORTS.find((r) => r.key === key)!;

// ------------------------------------------------------------------ results

/** The export header languages. */
export const HEADER_CHOICES = ['zh-HK', 'en', 'both'] as const;
export type HeaderChoice = (typeof HEADER_CHOICES)[number];

/** The address of a result's file (CSV or Excel, headings in the chosen language): its filters and sort, every page. */
export function exportAddress(key: ReportKey, search: string, format: 'csv' | 'xlsx', headers: string): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  next.set('format', format);
  next.set('headers', headers);
  return `${reportByKey(key).api}?${next.toString()}`;
}

/** The most rows a print reads in one request: the server's export limit (and its per_page maximum). */
export const PRINT_ROW_LIMIT = 50_000;

/** The query that reads every row of a result (up to PRINT_ROW_LIMIT) for its print view: its filters and sort, one large page. */
export function printQuery(search: string): Record<string, QueryValue> {
  const params = new URLSearchParams(search);
  const query: Record<string, QueryValue> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  query.page = 1;
  query.per_page = PRINT_ROW_LIMIT;
  return query;
}

export const COLUMN_KINDS = ['text', 'name', 'code', 'date', 'money', 'count', 'quantity', 'rate', 'minutes', 'bool'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ReportColumn {
  readonly key: string;
  readonly kind: ColumnKind;
  /** The fixed list a `code` column translates from (reports:code.<list>.<value>). */
  readonly codes?: string | undefined;
  readonly sortable?: boolean | undefined;
}

export type Named = { readonly nameEn: string; readonly nameZh: string };

/** One cell: text, a number (cents, hundredths, basis points, minutes, a count), yes/no, a name in both languages, or empty. */
export type ReportCell = string | number | boolean | null | Named;
export type ReportRow = Readonly<Record<string, ReportCell>>;
export interface QuantityByUnit {
  readonly unit: string;
  /** Hundredths. */
  readonly quantity: number;
}
/** The totals row: what adds up, with the quantities per unit where a report has them apart. */
export type ReportTotals = Readonly<Record<string, ReportCell | readonly QuantityByUnit[]>>;

/** A bar of a chart: its key (a month, an order type, a salesperson's id), maybe a label, its figures. */
export interface ChartPoint {
  readonly key: string;
  readonly label?: string | null | undefined;
  readonly total?: Cents | undefined;
  readonly paid?: Cents | undefined;
  readonly orders?: number | undefined;
  readonly commission?: Cents | undefined;
}

export interface MethodSummary extends Named {
  readonly method: string;
  readonly count: number;
  readonly receipts: Cents;
  readonly refunds: Cents;
  readonly net: Cents;
  readonly awaitingBankIn: number;
}

export interface WorkerSummary {
  readonly id: number;
  readonly name: string;
  readonly visits: number;
  /** Minutes. */
  readonly hours: number;
  readonly done: number;
  readonly canceled: number;
}

/** A page of a report's result, as its screen shows it. */
export interface ReportResult {
  readonly columns: readonly ReportColumn[];
  readonly rows: readonly ReportRow[];
  readonly totals: ReportTotals | null;
  readonly count: number;
  readonly page: number;
  readonly perPage: number;
  readonly dateFrom: string;
  readonly dateTo: string;
  readonly sort: string;
  /** Names behind the ids filtered by (branch, salesperson, client …). */
  readonly filterNames?: Readonly<Record<string, string | Named>> | undefined;
  /** Void orders left out of the totals, where the report says so. */
  readonly voided?: { readonly count: number; readonly total: Cents } | undefined;
  readonly charts?: { readonly byMonth?: readonly ChartPoint[] | undefined; readonly byType?: readonly ChartPoint[] | undefined; readonly bySalesperson?: readonly ChartPoint[] | undefined } | undefined;
  readonly byMethod?: readonly MethodSummary[] | undefined;
  readonly distinct?: { readonly orders: number; readonly clients: number } | undefined;
  readonly byStatus?: readonly { readonly status: string; readonly count: number }[] | undefined;
  readonly byWorker?: readonly WorkerSummary[] | undefined;
  /** False when the caller sees only their own visits. */
  readonly seesAll?: boolean | undefined;
}

export const isNamed = (v: unknown): v is Named => typeof v === 'object' && v !== null && typeof (v as Named).nameEn === 'string' && typeof (v as Named).nameZh === 'string';

const idOf = (cell: ReportCell | undefined): number => (typeof cell === 'number' ? cell : 0);
const textOf = (cell: ReportCell | undefined): string => (typeof cell === 'string' ? cell : '');

/** Where a cell of a result links to, for the columns that name a record (null for the others). */
export function cellLink(key: ReportKey, column: string, row: ReportRow): string | null {
  if (column === 'number' && (key === 'order' || key === 'orderItems')) return `/orders/order/invoice/${idOf(row.orderId ?? row.id)}`;
  if (column === 'order' && key === 'receipt') return `/orders/order/invoice/${idOf(row.orderId)}`;
  if (column === 'client' && key === 'client') return `/clients/basic/${idOf(row.id)}`;
  if (column === 'date' && key === 'completedReport') return `/calendar/completed-report/${idOf(row.appointmentId)}?date=${textOf(row.date)}`;
  if (column === 'date' && key === 'appointment') return `/calendar/appointment/${idOf(row.id)}?date=${textOf(row.date)}`;
  return null;
}

/** A stable key of a row of the table. */
export const rowKey = (row: ReportRow, index: number) => `${textOf(row.key) || idOf(row.id) || index}-${index}`;

/** The count the totals row says: the rows it covers (or the invoices, for the commission report). */
export const totalsCount = (totals: ReportTotals): number => {
  const count = totals.count ?? totals.orders;
  return typeof count === 'number' ? count : 0;
};

/**
 * What the totals row leaves out because it does not add up: quantities per unit (different units
 * are never one sum), the invoices and clients in all (one may be on several products), and the
 * all-day visits (they count no hours).
 */
export function totalsApart(result: ReportResult): { byUnit: readonly QuantityByUnit[]; distinct: { orders: number; clients: number } | null; allDay: number } {
  const byUnit = result.totals?.quantityByUnit;
  const allDay = result.totals?.allDay;
  return { byUnit: Array.isArray(byUnit) ? byUnit : [], distinct: result.distinct ?? null, allDay: typeof allDay === 'number' ? allDay : 0 };
}

/** A chart as a screen draws it: its bars (key, label, values in cents) and the sum of their first values. */
export interface Chart {
  readonly points: readonly { readonly key: string; readonly label: string | null; readonly values: readonly Cents[] }[];
  readonly total: Cents;
}

const chartOf = (points: readonly ChartPoint[] | undefined, values: (p: ChartPoint) => Cents[]): Chart => {
  const bars = (points ?? []).map((p) => ({ key: p.key, label: p.label ?? null, values: values(p) }));
  return { points: bars, total: sum(bars.map((b) => b.values[0] ?? 0)) };
};

/** The charts of the order analysis (by month: invoiced and received; by type and by salesperson: invoiced) and of the commission report. */
export function reportCharts(key: ReportKey, result: ReportResult): Record<string, Chart> | null {
  const charts = result.charts;
  if (key === 'orderAnalysis')
    return {
      byMonth: chartOf(charts?.byMonth, (p) => [p.total ?? 0, p.paid ?? 0]),
      byType: chartOf(charts?.byType, (p) => [p.total ?? 0]),
      bySalesperson: chartOf(charts?.bySalesperson, (p) => [p.total ?? 0]),
    };
  if (key === 'commission')
    return {
      bySalesperson: chartOf(charts?.bySalesperson, (p) => [p.commission ?? 0]),
      byMonth: chartOf(charts?.byMonth, (p) => [p.commission ?? 0]),
    };
  return null;
}

/** A payment method's words from the receipt report's summary (a method added under Settings → Options has no fixed words), or null. */
export const methodNames = (result: ReportResult, method: string): Named | null => result.byMethod?.find((m) => m.method === method) ?? null;

// ------------------------------------------------------------------ options

export interface ReportOptions {
  readonly branches: readonly (Named & { readonly id: number })[];
  readonly staff: readonly { readonly id: number; readonly name: string }[];
  readonly workers: readonly { readonly id: number; readonly name: string }[];
  readonly categories: readonly (Named & { readonly id: number; readonly parentId: number | null })[];
  readonly products: readonly (Named & { readonly id: number; readonly code: string })[];
  readonly areas: readonly (Named & { readonly id: number })[];
  readonly appointmentTypes: readonly (Named & { readonly value: string })[];
  /** Every payment method of Settings → Options (the built-in four when there are none). */
  readonly paymentMethods: readonly (Named & { readonly value: string })[];
}

export const NO_REPORT_OPTIONS: ReportOptions = { branches: [], staff: [], workers: [], categories: [], products: [], areas: [], appointmentTypes: [], paymentMethods: [] };

// ------------------------------------------------------------------ dashboard

export interface DashboardVisit {
  readonly appointmentId: number;
  readonly date: string;
  readonly allDay: boolean;
  /** 'HH:MM', none for an all-day visit. */
  readonly start: string | null;
  readonly client: Named;
  readonly status: string;
  /** What the visit reads as: `scheduled` until it starts, else its status. */
  readonly shownStatus: string;
}

interface Figure {
  readonly count: number;
  readonly amount: Cents;
}

/** The dashboard: each card only when the user holds the permission behind it. */
export interface Dashboard {
  readonly today: string;
  readonly cards: {
    readonly appointments?: { readonly today: number; readonly week: number; readonly weekStart: string; readonly weekEnd: string; readonly own: boolean; readonly visits: readonly DashboardVisit[] } | undefined;
    /** Everything still owed (the invoice list's `owing`), and of that what is past its due date (the outstanding reminder). */
    readonly outstanding?: (Figure & { readonly overdue: Figure }) | undefined;
    readonly bankIn?: Figure | undefined;
    readonly expiringQuotations?: (Figure & { readonly withinDays: number }) | undefined;
    /** The latest answers of customers to quotations through customer links, newest first. */
    readonly customerResponses?:
      | readonly { readonly quotationId: number; readonly number: string; readonly kind: 'basic' | 'contract'; readonly outcome: 'accepted' | 'declined'; readonly name: string; readonly at: string; readonly client: { readonly nameEn: string; readonly nameZh: string } }[]
      | undefined;
    readonly revenue?: { readonly from: string; readonly to: string; readonly months: readonly { readonly month: string; readonly invoiced: Cents; readonly received: Cents }[] } | undefined;
  };
}

/** The revenue chart's sums: invoiced and received over its months. */
export function revenueTotals(months: readonly { readonly invoiced: Cents; readonly received: Cents }[]): { invoiced: Cents; received: Cents } {
  return { invoiced: sum(months.map((m) => m.invoiced)), received: sum(months.map((m) => m.received)) };
}

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    dashboard: Dashboard;
    reportResult: ReportResult;
  }
}

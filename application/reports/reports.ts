import { APPOINTMENT_STATUSES } from '../../domain/appointments/status';
import { REPORT_STATUSES } from '../../domain/appointments/report';
import { ORDER_TYPES } from '../../domain/orders/order';
import { addDays, addMonths, makeDate, parts, type IsoDate } from '../../domain/time/dates';
import { int, isRecord, nullableInt, oneOf, records, str, type Json } from '../api/decode';
import { REPORTS } from '../navigation/routes';

/**
 * The nine reports as the screens know them: which filters each offers, and readers for their
 * replies (columns, rows, totals, charts) and for the dashboard's. The figures themselves are the
 * server's; nothing here adds anything up.
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

/** The export header languages. */
export const HEADER_CHOICES = ['zh-HK', 'en', 'both'] as const;
export type HeaderChoice = (typeof HEADER_CHOICES)[number];

// ------------------------------------------------------------------ replies

export const COLUMN_KINDS = ['text', 'name', 'code', 'date', 'money', 'count', 'quantity', 'rate', 'minutes', 'bool'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ReportColumn {
  readonly key: string;
  readonly kind: ColumnKind;
  readonly codes: string;
  readonly sortable: boolean;
}

export type Named = { readonly nameEn: string; readonly nameZh: string };

export interface ReportResult {
  readonly columns: readonly ReportColumn[];
  readonly rows: readonly Json[];
  readonly totals: Json | null;
  readonly count: number;
  readonly page: number;
  readonly perPage: number;
  readonly dateFrom: string;
  readonly dateTo: string;
  readonly sort: string;
  /** Names behind the ids filtered by (branch, salesperson, client …). */
  readonly filterNames: Readonly<Record<string, string | Named>>;
  /** Void orders left out of the totals, where the report says so. */
  readonly voided: { readonly count: number; readonly total: number } | null;
  readonly charts: Readonly<Record<string, readonly Json[]>>;
  /** Whatever else the report shows (by method, by status, by worker …). */
  readonly extra: Json;
}

export const isNamed = (v: unknown): v is Named => isRecord(v) && typeof v.nameEn === 'string' && typeof v.nameZh === 'string';

export function decodeReport(props: Json): ReportResult {
  const names: Record<string, string | Named> = {};
  if (isRecord(props.filterNames)) {
    for (const [key, value] of Object.entries(props.filterNames)) {
      if (typeof value === 'string' || isNamed(value)) names[key] = value;
    }
  }
  const charts: Record<string, Json[]> = {};
  if (isRecord(props.charts)) {
    for (const [key, value] of Object.entries(props.charts)) charts[key] = records(value, (r) => r);
  }
  return {
    columns: records(props.columns, (c) => ({ key: str(c.key), kind: oneOf(c.kind, COLUMN_KINDS, 'text'), codes: str(c.codes), sortable: c.sortable === true })),
    rows: records(props.rows, (r) => r),
    totals: isRecord(props.totals) ? props.totals : null,
    count: int(props.count),
    page: Math.max(1, int(props.page)),
    perPage: Math.max(1, int(props.perPage)),
    dateFrom: str(props.dateFrom),
    dateTo: str(props.dateTo),
    sort: str(props.sort),
    filterNames: names,
    voided: isRecord(props.voided) ? { count: int(props.voided.count), total: int(props.voided.total) } : null,
    charts,
    extra: props,
  };
}

// ------------------------------------------------------------------ options

export interface ReportOptions {
  readonly branches: readonly (Named & { id: number })[];
  readonly staff: readonly { id: number; name: string }[];
  readonly workers: readonly { id: number; name: string }[];
  readonly categories: readonly (Named & { id: number; parentId: number | null })[];
  readonly products: readonly (Named & { id: number; code: string })[];
  readonly areas: readonly (Named & { id: number })[];
  readonly appointmentTypes: readonly (Named & { value: string })[];
  /** Every payment method of Settings → Options (the built-in four when the reply has none). */
  readonly paymentMethods: readonly (Named & { value: string })[];
}

export const NO_REPORT_OPTIONS: ReportOptions = { branches: [], staff: [], workers: [], categories: [], products: [], areas: [], appointmentTypes: [], paymentMethods: [] };

const named = (r: Json): Named => ({ nameEn: str(r.nameEn), nameZh: str(r.nameZh) });

export function decodeReportOptions(v: unknown): ReportOptions {
  if (!isRecord(v)) return NO_REPORT_OPTIONS;
  const person = (r: Json) => ({ id: int(r.id), name: str(r.name) });
  return {
    branches: records(v.branches, (r) => ({ id: int(r.id), ...named(r) })),
    staff: records(v.staff, person),
    workers: records(v.workers, person),
    categories: records(v.categories, (r) => ({ id: int(r.id), parentId: nullableInt(r.parentId), ...named(r) })),
    products: records(v.products, (r) => ({ id: int(r.id), code: str(r.code), ...named(r) })),
    areas: records(v.areas, (r) => ({ id: int(r.id), ...named(r) })),
    appointmentTypes: records(v.appointmentTypes, (r) => ({ value: str(r.value), ...named(r) })),
    paymentMethods: records(v.paymentMethods, (r) => ({ value: str(r.value), ...named(r) })),
  };
}

// ------------------------------------------------------------------ dashboard

export interface DashboardVisit {
  readonly appointmentId: number;
  readonly date: string;
  readonly allDay: boolean;
  readonly start: string | null;
  readonly client: Named;
  readonly status: string;
  /** What the visit reads as: `scheduled` until it starts, else its status. */
  readonly shownStatus: string;
}

export interface Dashboard {
  readonly today: string;
  readonly appointments: { today: number; week: number; weekStart: string; weekEnd: string; own: boolean; visits: readonly DashboardVisit[] } | null;
  /** Everything still owed (the invoice list's `owing`), and of that what is past its due date (the outstanding reminder). */
  readonly outstanding: { count: number; amount: number; overdue: { count: number; amount: number } } | null;
  readonly bankIn: { count: number; amount: number } | null;
  readonly expiringQuotations: { count: number; amount: number; withinDays: number } | null;
  readonly revenue: { from: string; to: string; months: readonly { month: string; invoiced: number; received: number }[] } | null;
}

const figure = (v: unknown) => (isRecord(v) ? { count: int(v.count), amount: int(v.amount) } : null);

export function decodeDashboard(props: Json): Dashboard {
  const cards = isRecord(props.cards) ? props.cards : {};
  const a = cards.appointments;
  const q = cards.expiringQuotations;
  const r = cards.revenue;
  return {
    today: str(props.today),
    appointments: isRecord(a)
      ? {
          today: int(a.today),
          week: int(a.week),
          weekStart: str(a.weekStart),
          weekEnd: str(a.weekEnd),
          own: a.own === true,
          visits: records(a.visits, (v) => ({
            appointmentId: int(v.appointmentId),
            date: str(v.date),
            allDay: v.allDay === true,
            start: typeof v.start === 'string' ? v.start : null,
            client: isNamed(v.client) ? v.client : { nameEn: '', nameZh: '' },
            status: str(v.status),
            shownStatus: str(v.shownStatus) || str(v.status),
          })),
        }
      : null,
    outstanding: isRecord(cards.outstanding) ? { count: int(cards.outstanding.count), amount: int(cards.outstanding.amount), overdue: figure(cards.outstanding.overdue) ?? { count: 0, amount: 0 } } : null,
    bankIn: figure(cards.bankIn),
    expiringQuotations: isRecord(q) ? { count: int(q.count), amount: int(q.amount), withinDays: int(q.withinDays) } : null,
    revenue: isRecord(r) ? { from: str(r.from), to: str(r.to), months: records(r.months, (m) => ({ month: str(m.month), invoiced: int(m.invoiced), received: int(m.received) })) } : null,
  };
}

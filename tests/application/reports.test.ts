import { errAsync, okAsync } from 'neverthrow';
import { firstValueFrom, filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ReportDesk } from '../../application/ports/ReportDesk';
import type { ReportChoices } from '../../application/reports/ReportService';
import { ReportService } from '../../application/reports/ReportService';
import { cellLink, exportAddress, printQuery, filterStart, reportCharts, resultAddress, revenueTotals, totalsApart, totalsCount, type ReportResult } from '../../application/reports/reports';
import { ReportOptionsReply, ReportPageReply } from '../../contract/reports';

const OPTIONS = ReportOptionsReply.parse({ branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }], staff: [], workers: [], categories: [], products: [], areas: [], appointmentTypes: [], paymentMethods: [] });
const page = (extra: object = {}): ReportResult =>
  ReportPageReply.parse({ columns: [{ key: 'date', kind: 'date' }], rows: [], totals: null, count: 0, page: 1, perPage: 50, sort: 'date', dateFrom: '2026-11-01', dateTo: '2026-11-30', ...extra });

function fakeDesk(options: () => ReturnType<ReportDesk['options']>) {
  const asked: unknown[][] = [];
  const desk: ReportDesk = {
    options: () => (asked.push(['options']), options()),
    page: (report, query, opts) => (asked.push(['page', report, query, opts]), okAsync(page())),
  };
  return { desk, asked };
}

const settled = (service: ReportService) => firstValueFrom(service.choices$.pipe(filter((c: ReportChoices) => !c.loading)));

describe('the report filter screens', () => {
  it('start on this month in Hong Kong with each filter’s first choice, or what the address says', () => {
    // 2026-11-30 17:00 UTC is already 1 December in Hong Kong.
    expect(filterStart('orderAnalysis', '', new Date('2026-11-30T17:00:00Z'))).toEqual({ date_from: '2026-12-01', date_to: '2026-12-31', group_by: 'month', branch_id: '', salesperson_id: '', type: '', q: '', client_id: '' });
    expect(filterStart('commission', 'date_from=2026-10-01&basis=received', new Date('2026-11-10T00:00:00Z'))).toMatchObject({ date_from: '2026-10-01', date_to: '2026-11-30', basis: 'received' });
  });

  it('run to the result screen with the filled filters in the address, and refuse a range that ends before it starts', () => {
    expect(resultAddress('receipt', { date_from: '2026-11-01', date_to: '2026-11-30', branch_id: '1', q: ' ', method: 'cash' })._unsafeUnwrap()).toBe('/reports/orders/receipt-result?date_from=2026-11-01&date_to=2026-11-30&branch_id=1&method=cash');
    expect(resultAddress('receipt', { date_from: '2026-11-10', date_to: '2026-11-01' })._unsafeUnwrapErr()).toEqual({ code: 'rangeOrder', field: 'date_to' });
  });

  it('offer the choices read last at once and read them again for each screen; a failed read keeps them', async () => {
    let fail = false;
    const { desk, asked } = fakeDesk(() => (fail ? errAsync({ code: 'network' } as const) : okAsync(OPTIONS)));
    const service = new ReportService(desk);
    expect(await settled(service)).toEqual({ loading: false, options: OPTIONS });
    fail = true;
    const seen: ReportChoices[] = [];
    service.choices$.subscribe((c) => seen.push(c)).unsubscribe();
    expect(seen[0]).toEqual({ loading: false, options: OPTIONS });
    expect(await settled(service)).toEqual({ loading: false, options: OPTIONS });
    expect(asked.filter((a) => a[0] === 'options').length).toBeGreaterThanOrEqual(2);
  });

  it('a first read that fails leaves no choices and stops waiting', async () => {
    const { desk } = fakeDesk(() => errAsync({ code: 'network' } as const));
    expect(await settled(new ReportService(desk))).toEqual({ loading: false, options: null });
  });
});

describe('a report’s result', () => {
  it('reads every row for the print view with the result’s filters and sort, without leaving the screen on a failure', async () => {
    const { desk, asked } = fakeDesk(() => okAsync(OPTIONS));
    await new ReportService(desk).allRows('receipt', printQuery('date_from=2026-11-01&sort=-amount&page=2&tag=a&tag=b'));
    expect(asked).toEqual([['page', 'receipt', { date_from: '2026-11-01', sort: '-amount', page: 1, tag: ['a', 'b'], per_page: 50_000 }, { navigateOnError: false }]]);
  });

  it('downloads from the report’s API path with its filters, every page, headings in the chosen language', () => {
    expect(exportAddress('receipt', 'date_from=2026-11-01&page=3', 'xlsx', 'both')).toBe('/api/reports/orders/receipt?date_from=2026-11-01&format=xlsx&headers=both');
  });

  it('links the cells that name a record', () => {
    expect(cellLink('receipt', 'order', { orderId: 7 })).toBe('/orders/order/invoice/7');
    expect(cellLink('order', 'number', { id: 3 })).toBe('/orders/order/invoice/3');
    expect(cellLink('completedReport', 'date', { appointmentId: 5, date: '2026-11-02' })).toBe('/calendar/completed-report/5?date=2026-11-02');
    expect(cellLink('appointment', 'client', { id: 5 })).toBeNull();
  });

  it('sums each chart in whole cents and says what the totals row leaves out', () => {
    const analysis = page({ charts: { byMonth: [{ key: '2026-10', total: 10_001, paid: 5_000 }, { key: '2026-11', total: 20_002, paid: 0 }], byType: [], bySalesperson: [{ key: '', label: null, total: 3 }] } });
    const charts = reportCharts('orderAnalysis', analysis)!;
    expect(charts.byMonth).toEqual({ points: [{ key: '2026-10', label: null, values: [10_001, 5_000] }, { key: '2026-11', label: null, values: [20_002, 0] }], total: 30_003 });
    expect(charts.bySalesperson!.total).toBe(3);
    expect(reportCharts('commission', page({ charts: { byMonth: [{ key: '2026-11', commission: 7_550 }] } }))!.byMonth!.total).toBe(7_550);
    expect(reportCharts('receipt', analysis)).toBeNull();
    const product = page({ totals: { count: 2, quantityByUnit: [{ unit: 'sqft', quantity: 150 }] }, distinct: { orders: 1, clients: 1 } });
    expect(totalsApart(product)).toEqual({ byUnit: [{ unit: 'sqft', quantity: 150 }], distinct: { orders: 1, clients: 1 }, allDay: 0 });
    expect(totalsCount({ orders: 6 })).toBe(6);
  });

  it('the dashboard’s revenue chart sums invoiced and received', () => {
    expect(revenueTotals([{ invoiced: 100, received: 50 }, { invoiced: 1, received: -20 }])).toEqual({ invoiced: 101, received: 30 });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { invoiceStanding } from '../../application/appointments/invoiceStanding';
import { OVERLAP_DELAY_MS, OverlapWatch, type OverlapSchedule } from '../../application/appointments/OverlapWatch';
import { quantityText, reportLines, saveReport, type ReportDraft } from '../../application/appointments/reportLines';
import { okAsync } from 'neverthrow';
import type { ReportInput } from '../../application/appointments/appointment';
import type { Overlap } from '../../application/appointments/appointment';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { HttpAppointmentBook } from '../../infrastructure/http/appointments/HttpAppointmentBook';
import { overlapFixture, reportFixture } from '../support/appointments';
import { ADMIN, createCore, globalTimer } from '../support/fakes';

const OVERLAP = overlapFixture();
const SCHEDULE: OverlapSchedule = { workerIds: [3], date: '2026-12-14', startTime: '14:00', endTime: '15:00', allDay: false, recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } };

function watchWith() {
  const core = createCore({ user: ADMIN, handler: (r: ApiRequest) => (r.path === '/api/appointments/overlaps' ? { status: 200, body: { overlaps: [OVERLAP] } } : { status: 404, body: {} }) });
  const checks = () => core.transport.requests.filter((r) => r.path === '/api/appointments/overlaps');
  return { watch: new OverlapWatch(new HttpAppointmentBook(core.api), globalTimer), checks };
}

describe('the double-booking check while the form is typed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks once the schedule has been still for the delay, and hands over what the server found', async () => {
    vi.useFakeTimers();
    const { watch, checks } = watchWith();
    const found: (readonly Overlap[])[] = [];
    watch.watch(SCHEDULE, 12, (list) => found.push(list));
    await vi.advanceTimersByTimeAsync(OVERLAP_DELAY_MS - 1);
    expect(checks()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(found).toHaveLength(1));
    expect(found[0]).toEqual([OVERLAP]);
    expect(checks()[0]?.body).toMatchObject({ workerIds: [3], excludeId: 12 });
  });

  it('asks nothing for a change made before the delay is up (cancelled), and drops a late answer', async () => {
    vi.useFakeTimers();
    const { watch, checks } = watchWith();
    const found: (readonly Overlap[])[] = [];
    const cancel = watch.watch(SCHEDULE, null, (list) => found.push(list));
    await vi.advanceTimersByTimeAsync(OVERLAP_DELAY_MS / 2);
    cancel();
    await vi.advanceTimersByTimeAsync(OVERLAP_DELAY_MS * 2);
    expect(checks()).toHaveLength(0);
    const late = watch.watch(SCHEDULE, null, (list) => found.push(list));
    vi.advanceTimersByTime(OVERLAP_DELAY_MS);
    late();
    await vi.runAllTimersAsync();
    expect(checks()).toHaveLength(1);
    expect(found).toEqual([]);
  });

  it('has no double-booking, at once and without asking, for a schedule that is not a visit yet', () => {
    const { watch, checks } = watchWith();
    for (const schedule of [{ ...SCHEDULE, workerIds: [] }, { ...SCHEDULE, date: '' }, { ...SCHEDULE, endTime: '14:00' }]) {
      const found: (readonly Overlap[])[] = [];
      watch.watch(schedule, null, (list) => found.push(list));
      expect(found).toEqual([[]]);
    }
    expect(OverlapWatch.checkable({ ...SCHEDULE, endTime: '14:00', allDay: true })).toBe(true);
    expect(checks()).toHaveLength(0);
  });
});

describe('the completed report’s product lines', () => {
  it('reads typed quantities exactly, in hundredths (domain money), and shows stored ones back', () => {
    expect(reportLines([{ productId: '4', quantity: '1.15', note: ' top shelf ' }])._unsafeUnwrap()).toEqual([{ productId: 4, quantity: 115, note: 'top shelf' }]);
    expect(reportLines([{ productId: '4', quantity: '12', note: '' }])._unsafeUnwrap()[0]?.quantity).toBe(1200);
    expect([quantityText(1200), quantityText(150), quantityText(115)]).toEqual(['12', '1.5', '1.15']);
  });

  it('names every row’s problem at once: no product, a quantity that is not one or not above zero', () => {
    expect(
      reportLines([
        { productId: '', quantity: '1', note: '' },
        { productId: '4', quantity: '0', note: '' },
        { productId: '', quantity: 'two', note: '' },
      ])._unsafeUnwrapErr(),
    ).toEqual({ 'productsUsed.0.productId': 'product', 'productsUsed.1.quantity': 'quantity', 'productsUsed.2.productId': 'product', 'productsUsed.2.quantity': 'quantity' });
  });
});

describe('saving the completed report', () => {
  const DRAFT: ReportDraft = { workDone: ' Gel in the kitchen ', findings: '', clientSigner: ' Mr Lee ', products: [{ productId: '4', quantity: '1.5', note: '' }], version: 3 };
  function service() {
    const sent: { id: number; date: string; input: ReportInput }[] = [];
    const saver = { saveReport: (id: number, date: string, input: ReportInput) => (sent.push({ id, date, input }), okAsync(reportFixture({ version: input.version + 1 }))) };
    return { saver, sent };
  }

  it('says each wrong product row under its field before sending, and sends nothing', async () => {
    const { saver, sent } = service();
    const result = await saveReport(saver, 12, '2026-12-14', { ...DRAFT, products: [{ productId: '', quantity: '1', note: '' }, { productId: '4', quantity: '0', note: '' }] });
    expect(result._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: { 'productsUsed.0.productId': [{ key: 'calendar:validation.product' }], 'productsUsed.1.quantity': [{ key: 'calendar:validation.quantity' }] },
    });
    expect(sent).toEqual([]);
  });

  it('sends the texts trimmed, the quantities in hundredths and the version it was loaded at', async () => {
    const { saver, sent } = service();
    expect((await saveReport(saver, 12, '2026-12-14', DRAFT))._unsafeUnwrap().version).toBe(4);
    expect(sent).toEqual([{ id: 12, date: '2026-12-14', input: { workDone: 'Gel in the kitchen', findings: '', clientSigner: 'Mr Lee', productsUsed: [{ productId: 4, quantity: 150, note: '' }], version: 3 } }]);
  });
});

describe('the invoice tab’s standing of a linked order', () => {
  it('follows the domain’s payment status: void, settled when paid in full, else outstanding', () => {
    expect(invoiceStanding({ total: 120000, paid: 0, voided: false })).toBe('outstanding');
    expect(invoiceStanding({ total: 120000, paid: 50000, voided: false })).toBe('outstanding');
    expect(invoiceStanding({ total: 45050, paid: 45050, voided: false })).toBe('settled');
    expect(invoiceStanding({ total: 45050, paid: 45050, voided: true })).toBe('voided');
  });
});

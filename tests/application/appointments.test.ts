import { describe, expect, it } from 'vitest';
import { AppointmentService } from '../../application/appointments/AppointmentService';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { addDays } from '../../domain/time/dates';
import { HttpAppointmentBook } from '../../infrastructure/http/appointments/HttpAppointmentBook';
import { eventFixture, orderSummaryFixture, reportFixture, workerFixture } from '../support/appointments';
import { ADMIN, createCore } from '../support/fakes';

/** The calendar's use-case over the HTTP adapter (the replies read by the wire contract). */
const serviceOver = (api: ReturnType<typeof createCore>['api']) => new AppointmentService(new HttpAppointmentBook(api));

/** A back end with one visit on every day asked for. */
function backend() {
  return (r: ApiRequest) => {
    if (r.path === '/api/appointments' && r.method === 'GET') {
      const events = [];
      for (let d = String(r.query?.start); d < String(r.query?.end); d = addDays(d, 1)) {
        events.push(eventFixture({ id: `7:${d}`, date: d, start: `${d}T10:00:00+08:00`, end: `${d}T11:00:00+08:00` }));
      }
      return { status: 200, body: { events, holidays: [{ date: '2026-12-25', nameEn: 'Christmas Day', nameZh: '聖誕節' }], workers: [workerFixture({ name: 'Wing' })] } };
    }
    if (r.path === '/api/appointments/7/reschedule') return { status: 200, body: { appointment: { id: 8, date: '2026-12-02' }, overlaps: [] } };
    return { status: 404, body: {} };
  };
}

const ranges = (requests: ApiRequest[]) => requests.filter((r) => r.path === '/api/appointments').map((r) => `${String(r.query?.start)}→${String(r.query?.end)}${r.query?.worker_id ? ` w${String(r.query.worker_id)}` : ''}`);

describe('the calendar feed', () => {
  it('fetches the visible range, then the weeks either side in the background, so next and previous need no call', async () => {
    const core = createCore({ user: ADMIN, handler: backend() });
    const service = serviceOver(core.api);
    const month = (await service.range('2026-11-29', '2027-01-10'))._unsafeUnwrap();
    expect(month.events).toHaveLength(42);
    expect(month.holidays.map((h) => h.date)).toEqual(['2026-12-25']);
    expect(month.workers).toEqual([{ id: 3, name: 'Wing', color: '#1f7a4d', branchId: null }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ranges(core.transport.requests)).toEqual(['2026-11-29→2027-01-10', '2027-01-10→2027-02-21', '2026-10-18→2026-11-29']);
    const next = (await service.range('2027-01-03', '2027-02-14'))._unsafeUnwrap();
    expect(next.events.map((e) => e.date).slice(0, 2)).toEqual(['2027-01-03', '2027-01-04']);
    const previous = (await service.range('2026-10-25', '2026-12-06', {}, { prefetch: false }))._unsafeUnwrap();
    expect(previous.events).toHaveLength(42);
    // Only the days not yet fetched were asked for.
    expect(ranges(core.transport.requests).slice(3)).toEqual(['2027-02-21→2027-03-28']);
  });

  it('keeps each set of filters apart and forgets everything after a change', async () => {
    const core = createCore({ user: ADMIN, handler: backend() });
    const service = serviceOver(core.api);
    await service.range('2026-11-29', '2026-12-06', { workerId: 3 }, { prefetch: false });
    await service.range('2026-11-29', '2026-12-06', {}, { prefetch: false });
    await service.range('2026-11-29', '2026-12-06', { workerId: 3 }, { prefetch: false });
    expect(ranges(core.transport.requests)).toEqual(['2026-11-29→2026-12-06 w3', '2026-11-29→2026-12-06']);
    const moved = (await service.reschedule(7, { version: 1, occurrence: '2026-12-01', scope: 'one', date: '2026-12-02', startTime: '10:00', endTime: '11:00', allDay: false }))._unsafeUnwrap();
    expect(moved).toEqual({ id: 8, date: '2026-12-02', overlaps: [] });
    await service.range('2026-11-29', '2026-12-06', {}, { prefetch: false });
    expect(ranges(core.transport.requests)).toHaveLength(3);
  });

  it('refuses a photo over 5 MB before sending, with the too-large error', async () => {
    const core = createCore({ user: ADMIN, handler: backend() });
    const service = serviceOver(core.api);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect((await service.addPhoto(7, '2026-12-01', big))._unsafeUnwrapErr()).toEqual({ code: 'tooLarge', message: '' });
    expect(core.transport.requests).toHaveLength(0);
  });

  it("reads a client's orders for the order picker, and a refusal leaves the page where it is", async () => {
    const order = orderSummaryFixture();
    const core = createCore({
      user: ADMIN,
      start: '/calendar/appointment/create',
      handler: (r) => (r.path === '/api/appointments/orders' ? (r.query?.client_id === 2 ? { status: 200, body: { items: [order] } } : r.query?.client_id === 4 ? { status: 200, body: { items: [order, { id: 'bad' }] } } : { status: 403, body: { message: 'No' } }) : { status: 404, body: {} }),
    });
    const service = serviceOver(core.api);
    expect((await service.clientOrders(2))._unsafeUnwrap()).toEqual([order]);
    expect((await service.clientOrders(3))._unsafeUnwrapErr().code).toBe('forbidden');
    // A reply that breaks the wire contract is an error, never a list with the bad rows left out.
    expect((await service.clientOrders(4))._unsafeUnwrapErr().code).toBe('malformedReply');
    expect(core.navigator.current().path).toBe('/calendar/appointment/create');
    expect(core.bar.calls).toEqual([]);
  });

  it('sends the chosen order with a new appointment, and links or unlinks one afterwards', async () => {
    const core = createCore({
      user: ADMIN,
      handler: (r) =>
        r.path === '/api/appointments'
          ? { status: 201, body: { appointment: { id: 12, date: '2026-12-07' }, overlaps: [] } }
          : { status: 200, body: { appointment: { id: 12, orderId: null, version: 5 }, order: null } },
    });
    const service = serviceOver(core.api);
    const input = { clientId: 2, address: '', areaId: null, branchId: null, appointmentType: '', workerIds: [3], notes: '', date: '2026-12-07', startTime: '09:00', endTime: '10:00', allDay: false, recurrence: { freq: 'once' as const }, end: { kind: 'count' as const, count: 1 } };
    await service.create(input, 7);
    await service.create(input);
    expect((await service.linkOrder(12, null, 4))._unsafeUnwrap()).toBeNull();
    expect(core.transport.requests.map((r) => [r.method, r.path, (r.body as { orderId?: unknown; version?: unknown }).orderId, (r.body as { version?: unknown }).version])).toEqual([
      ['POST', '/api/appointments', 7, undefined],
      ['POST', '/api/appointments', null, undefined],
      ['PUT', '/api/appointments/12/order', null, 4],
    ]);
  });
});

describe('the worker signature (issue 18)', () => {
  it('names the worker who signs, and only on the worker signature', async () => {
    const core = createCore({ user: ADMIN, handler: (r: ApiRequest) => (r.method === 'PUT' ? { status: 200, body: { report: reportFixture({ version: 2, workerSigner: 'Wing', workerSignerId: 3 }) } } : { status: 404, body: {} }) });
    const service = serviceOver(core.api);
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const report = (await service.sign(12, '2026-12-14', 'worker', png, 3))._unsafeUnwrap();
    expect(report).toMatchObject({ workerSigner: 'Wing', workerSignerId: 3 });
    await service.sign(12, '2026-12-14', 'client', png, 3);
    await service.sign(12, '2026-12-14', 'worker', png);
    expect(core.transport.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual([
      '/api/appointments/12/visits/2026-12-14/signatures/worker?signer=3',
      '/api/appointments/12/visits/2026-12-14/signatures/client',
      '/api/appointments/12/visits/2026-12-14/signatures/worker',
    ]);
  });
});

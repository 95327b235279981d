import { describe, expect, it } from 'vitest';
import { AppointmentFlow } from '../../application/appointments/AppointmentFlow';
import { AppointmentService } from '../../application/appointments/AppointmentService';
import { VisitDesk } from '../../application/appointments/VisitDesk';
import { TwoFactorPolicyService } from '../../application/admin/TwoFactorPolicyService';
import type { RoleBook } from '../../application/ports/RoleBook';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { HttpAppointmentBook } from '../../infrastructure/http/appointments/HttpAppointmentBook';
import { StatusReply } from '../../contract/appointments';
import { ADMIN, createCore } from '../support/fakes';

const VISIT = { appointmentId: 12, date: '2026-12-14', version: 3 };
const ENDED = StatusReply.parse({ status: 'ended', visitVersion: 4, transitions: ['auditing', 'pending_recheck'], cancelReason: '' });
const CANCELED = StatusReply.parse({ status: 'canceled', visitVersion: 4, transitions: [], cancelReason: 'Client away' });

function deskWith(handler: (r: ApiRequest) => { status: number; body: unknown } | undefined) {
  const core = createCore({ user: ADMIN, start: '/calendar/appointment/12', handler: (r) => handler(r) ?? { status: 404, body: {} } });
  const desk = new VisitDesk(new AppointmentService(new HttpAppointmentBook(core.api)), new AppointmentFlow(core.state, core.navigation));
  return { core, desk };
}

describe('the appointment screen’s actions (VisitDesk)', () => {
  it('moves a visit’s status with its version and notifies', async () => {
    const { core, desk } = deskWith((r) => (r.path === '/api/appointments/12/visits/2026-12-14/status' ? { status: 200, body: ENDED } : undefined));
    const result = await desk.setStatus(VISIT, 'ended');
    expect(result._unsafeUnwrap()).toEqual({ changed: ENDED });
    expect(core.transport.requests[0]?.body).toEqual({ status: 'ended', version: 3 });
    expect(core.state.get().notification).toMatchObject({ title: 'calendar:statusChanged', type: 'success' });
  });

  it('hands back the server’s warning for a visit dated after today, and goes on when confirmed', async () => {
    const { core, desk } = deskWith((r) => {
      if (r.path !== '/api/appointments/12/visits/2026-12-14/status') return undefined;
      const confirmed = (r.body as { confirmFuture?: boolean }).confirmFuture === true;
      return confirmed ? { status: 200, body: ENDED } : { status: 422, body: { message: 'x', errors: { confirmFuture: ['The visit is in the future.', 'Go on?'] } } };
    });
    expect((await desk.setStatus(VISIT, 'ended'))._unsafeUnwrap()).toEqual({ confirmFuture: 'The visit is in the future. Go on?' });
    expect(core.state.get().notification.title).not.toBe('calendar:statusChanged');
    expect((await desk.setStatus(VISIT, 'ended', true))._unsafeUnwrap()).toEqual({ changed: ENDED });
  });

  it('passes any other refusal on as the error', async () => {
    const { desk } = deskWith(() => ({ status: 422, body: { message: 'Not allowed', errors: { status: ['Not from here.'] } } }));
    const error = (await desk.setStatus(VISIT, 'ended'))._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'validation', fields: { status: ['Not from here.'] } });
  });

  it('cancels a visit with its reason and notifies', async () => {
    const { core, desk } = deskWith(() => ({ status: 200, body: CANCELED }));
    expect((await desk.cancel(VISIT, 'Client away'))._unsafeUnwrap()).toEqual(CANCELED);
    expect(core.transport.requests[0]?.body).toEqual({ status: 'canceled', version: 3, reason: 'Client away' });
    expect(core.state.get().notification.title).toBe('calendar:statusChanged');
  });

  it('deletes the appointment by the scope chosen, then opens the calendar', async () => {
    const { core, desk } = deskWith((r) => (r.method === 'DELETE' ? { status: 200, body: { deleted: true } } : undefined));
    expect((await desk.remove({ id: 12, version: 5 }, '2026-12-14', 'future')).isOk()).toBe(true);
    expect(core.transport.requests[0]?.body).toEqual({ version: 5, occurrence: '2026-12-14', scope: 'future' });
    expect(core.navigator.current().path).toBe('/calendar');
    expect(core.state.get().notification.title).toBe('calendar:deleted');
  });

  it('refuses to link when no order is chosen, sending nothing; links the chosen one and loads the screen again', async () => {
    const { core, desk } = deskWith(() => ({ status: 200, body: { appointment: { id: 12, orderId: 7, version: 6 }, order: { id: 7, number: 'INV-7', date: '2026-12-01', total: 1000, paid: 0, voided: false } } }));
    const refused = (await desk.linkOrder({ id: 12, version: 5 }, ''))._unsafeUnwrapErr();
    expect(refused).toEqual({ code: 'invalid', fields: { orderId: [{ key: 'calendar:invoice.chooseRequired' }] } });
    expect(core.transport.requests).toHaveLength(0);
    const viewKey = core.state.get().viewKey;
    expect((await desk.linkOrder({ id: 12, version: 5 }, '7')).isOk()).toBe(true);
    expect(core.transport.requests[0]?.body).toEqual({ orderId: 7, version: 5 });
    expect(core.state.get()).toMatchObject({ viewKey: viewKey + 1, notification: { title: 'calendar:invoice.linked' } });
  });
});

describe('the two-factor policy’s roles', () => {
  it('ticks and unticks one role at a time, leaving the set it was given as it was', () => {
    const service = new TwoFactorPolicyService({} as RoleBook);
    const ticked = new Set([1, 2]);
    expect([...service.toggled(ticked, 3, true)]).toEqual([1, 2, 3]);
    expect([...service.toggled(ticked, 1, false)]).toEqual([2]);
    expect([...ticked]).toEqual([1, 2]);
  });
});

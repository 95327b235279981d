import { describe, expect, it } from 'vitest';
import type { AppointmentOptions, ClientChoice } from '../../application/appointments/appointment';
import { AppointmentFlow } from '../../application/appointments/AppointmentFlow';
import { appointmentForm, appointmentInput, checkAppointment, chosenOrder, newAppointmentWorkers, picksOrder, withAddress, withClient } from '../../application/appointments/appointmentForm';
import { movedTo, visitShows, withFilter } from '../../application/appointments/calendar';
import { appointmentFixture, clientChoiceFixture, optionsFixture } from '../support/appointments';
import { ADMIN, createCore } from '../support/fakes';

const CLIENT = clientChoiceFixture() as ClientChoice;
const OPTIONS = optionsFixture() as AppointmentOptions;
const NEW = { branchId: 1, client: null, workerIds: [] };

describe('the appointment form model', () => {
  it('starts a new appointment at 09:00–10:00, once, with the given day and branch; an edit from the appointment at its visit', () => {
    const form = appointmentForm(null, '2026-12-07', NEW);
    expect(form).toMatchObject({ client: null, date: '2026-12-07', startTime: '09:00', endTime: '10:00', allDay: false, freq: 'once', branchId: '1', endKind: 'count', count: '10' });
    const edit = appointmentForm(appointmentFixture(), '2026-12-14', NEW);
    expect(edit).toMatchObject({ date: '2026-12-14', startTime: '14:00', endTime: '15:00', freq: 'weekly', endKind: 'count', count: '6', areaId: '5', workerIds: [3] });
  });

  it("takes the chosen client's first address, area and branch, and drops an order of another client", () => {
    const form = withClient({ ...appointmentForm(null, '2026-12-07', NEW), orderId: '7' }, CLIENT);
    expect(form).toMatchObject({ address: '九龍旺角彌敦道 600 號地下', areaId: '5', branchId: '1', orderId: '' });
    expect(withClient({ ...form, orderId: '7' }, CLIENT).orderId).toBe('7');
    expect(withAddress(form, 'Elsewhere')).toMatchObject({ address: 'Elsewhere', areaId: '5' });
  });

  it('sends an all-day visit as 00:00–23:59 and one visit as a count of one; the order only when offered', () => {
    const form = { ...withClient(appointmentForm(null, '2026-12-07', NEW), CLIENT), allDay: true, orderId: '7', workerIds: [3] };
    expect(appointmentInput(form)).toMatchObject({ clientId: 2, startTime: '00:00', endTime: '23:59', recurrence: { freq: 'once' }, end: { kind: 'count', count: 1 } });
    expect(appointmentInput({ ...form, freq: 'monthly_weekday', week: '-1', endKind: 'until', until: '2027-06-30' })).toMatchObject({ recurrence: { freq: 'monthly_weekday', week: -1 }, end: { kind: 'until', until: '2027-06-30' } });
    expect([chosenOrder(form, true), chosenOrder(form, false)]).toEqual([7, null]);
    expect([picksOrder(ADMIN, true, false), picksOrder(ADMIN, false, false), picksOrder(ADMIN, true, true)]).toEqual([true, false, false]);
  });

  it('names every problem at once, as message keys, before anything is sent', () => {
    const form = { ...appointmentForm(null, '2026-12-07', NEW), startTime: '11:00', endTime: '10:00', freq: 'weekly' as const, endKind: 'until' as const };
    expect(checkAppointment(appointmentInput(form)).fields).toEqual({
      clientId: [{ key: 'calendar:validation.client' }],
      workerIds: [{ key: 'calendar:validation.workers' }],
      endTime: [{ key: 'calendar:validation.endAfterStart' }],
      'end.until': [{ key: 'calendar:validation.until' }],
    });
    const secondMonday = { ...withClient(appointmentForm(null, '2026-12-07', NEW), CLIENT), workerIds: [3], freq: 'monthly_weekday' as const, week: '2', endKind: 'until' as const, until: '2026-12-10' };
    expect(checkAppointment(appointmentInput(secondMonday)).fields).toEqual({ 'end.until': [{ key: 'calendar:validation.noVisitBeforeUntil', values: { date: '2026-12-14' } }] });
    expect(checkAppointment(appointmentInput({ ...secondMonday, until: '2026-12-31' })).fields).toEqual({});
  });

  it("books a new appointment for the signed-in worker who sees only their own, for nobody otherwise", () => {
    const worker = { ...ADMIN, id: 3 };
    expect(newAppointmentWorkers(worker, { ...OPTIONS, seesAll: false })).toEqual([3]);
    expect(newAppointmentWorkers(worker, OPTIONS)).toEqual([]);
    expect(newAppointmentWorkers({ ...ADMIN, id: 99 }, { ...OPTIONS, seesAll: false })).toEqual([]);
  });
});

describe('the calendar', () => {
  it('reads a dropped or resized visit as its new day and times, never past midnight', () => {
    expect(movedTo('2026-12-02T10:30:00+08:00', false, 90)).toEqual({ date: '2026-12-02', startTime: '10:30', endTime: '12:00', allDay: false });
    expect(movedTo('2026-12-02T23:30:00+08:00', false, 120)).toEqual({ date: '2026-12-02', startTime: '23:30', endTime: '24:00', allDay: false });
    expect(movedTo('2026-12-02', true, null)).toEqual({ date: '2026-12-02', startTime: '00:00', endTime: '23:59', allDay: true });
  });

  it('reads a visit that has not started as scheduled while it is in progress, else by its status', () => {
    expect(visitShows('in_progress', { shownStatus: 'scheduled' })).toBe('scheduled');
    expect(visitShows('on_hold', { shownStatus: 'scheduled' })).toBe('on_hold');
    expect(visitShows('in_progress', { shownStatus: 'in_progress' })).toBe('in_progress');
  });

  it('sets one filter at a time, as its field gives it', () => {
    expect(withFilter({}, 'workerId', '3')).toEqual({ workerId: 3 });
    expect(withFilter({ workerId: 3 }, 'status', 'on_hold')).toEqual({ workerId: 3, status: 'on_hold' });
    expect(withFilter({ workerId: 3 }, 'workerId', '')).toEqual({ workerId: undefined });
  });
});

describe('after a change of an appointment', () => {
  it('opens the saved visit in place of the form, then notifies (a warning when double-booked)', async () => {
    const core = createCore({ user: ADMIN, start: '/calendar/appointment/create' });
    const flow = new AppointmentFlow(core.state, core.navigation);
    core.state.set({ unsavedChanges: true });
    await flow.created({ id: 12, date: '2026-12-07', overlaps: [] });
    expect(core.navigator.history.at(-1)).toEqual({ kind: 'replace', url: '/calendar/appointment/12?date=2026-12-07' });
    expect(core.state.get()).toMatchObject({ unsavedChanges: false, notification: { title: 'calendar:created', type: 'success' } });
    const key = core.state.get().viewKey;
    await flow.edited({ id: 12, date: '2026-12-08', overlaps: [{ workerId: 3, workerName: 'Wing', date: '2026-12-08', start: '', end: '', allDay: false, appointmentId: 9, client: null }] });
    expect(core.state.get()).toMatchObject({ viewKey: key + 1, notification: { title: 'calendar:savedOverlap', type: 'warning' } });
    await flow.deleted();
    expect(core.navigator.current().path).toBe('/calendar');
    expect(core.state.get().notification.title).toBe('calendar:deleted');
  });
});

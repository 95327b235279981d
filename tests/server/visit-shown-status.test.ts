import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, serverForTests, signedInAgent, type TestAgent } from './harness';

/** Issue 18 #31: a visit that has not started reads as scheduled, not in progress. */
const server = serverForTests();
let admin: TestAgent;

beforeAll(async () => {
  // A Monday with no demo visits: 2027-06-07 09:00 in Hong Kong.
  server.clock.advance(new Date('2027-06-07T09:00:00+08:00').getTime() - server.clock.now().getTime());
  admin = await signedInAgent(server, DEMO.admin);
});

async function book(date: string, startTime: string, endTime: string): Promise<number> {
  const reply = await admin.post('/api/appointments', {
    clientId: 1,
    address: '灣仔道 1 號',
    areaId: 2,
    workerIds: [1],
    date,
    startTime,
    endTime,
    recurrence: { freq: 'once' },
    notes: '',
  });
  expect(reply.status).toBe(201);
  return (reply.body!.appointment as { id: number }).id;
}

interface Shown {
  appointmentId: number;
  status: string;
  shownStatus: string;
}

describe('the status a visit reads as', () => {
  it('reads scheduled before its start and in progress once started, on the calendar, the dashboard and the visit page', async () => {
    const started = await book('2027-06-07', '08:00', '10:00');
    const later = await book('2027-06-07', '15:00', '16:00');
    const nextMonth = await book('2027-07-05', '10:00', '11:00');

    const range = await admin.get('/api/appointments?start=2027-06-07&end=2027-07-06');
    expect(range.status).toBe(200);
    const events = range.body!.events as Shown[];
    const shown = (id: number) => events.find((e) => e.appointmentId === id);
    expect(shown(started)).toMatchObject({ status: 'in_progress', shownStatus: 'in_progress' });
    expect(shown(later)).toMatchObject({ status: 'in_progress', shownStatus: 'scheduled' });
    // The stored status is unchanged (filters and transitions use it): next month's visit is in progress, shown as scheduled.
    expect(shown(nextMonth)).toMatchObject({ status: 'in_progress', shownStatus: 'scheduled' });

    const dashboard = await admin.get('/api/dashboard/show');
    expect(dashboard.status).toBe(200);
    const visits = (dashboard.body!.cards as { appointments: { visits: Shown[] } }).appointments.visits;
    expect(visits.find((v) => v.appointmentId === started)).toMatchObject({ shownStatus: 'in_progress' });
    expect(visits.find((v) => v.appointmentId === later)).toMatchObject({ shownStatus: 'scheduled' });

    const page = await admin.get(`/api/appointments/${nextMonth}?tab=appointment&date=2027-07-05`);
    expect(page.status).toBe(200);
    expect(page.body!.occurrence).toMatchObject({ status: 'in_progress', shownStatus: 'scheduled', transitions: ['on_hold', 'ended', 'canceled'] });

    // Once the clock passes its start, the later visit reads in progress.
    server.clock.advance(7 * 60 * 60 * 1000);
    expect((await admin.signIn('admin@example.com', 'Admin1234')).status).toBe(200);
    const after = (await admin.get('/api/appointments?start=2027-06-07&end=2027-06-08')).body!.events as Shown[];
    expect(after.find((e) => e.appointmentId === later)).toMatchObject({ shownStatus: 'in_progress' });
  });

  it('reads by the stored status when the visit was moved on (on hold stays on hold before its start)', async () => {
    const id = await book('2027-07-12', '10:00', '11:00');
    const moved = await admin.post(`/api/appointments/${id}/visits/2027-07-12/status`, { status: 'on_hold', version: 0 });
    expect(moved.status).toBe(200);
    const events = (await admin.get('/api/appointments?start=2027-07-12&end=2027-07-13')).body!.events as Shown[];
    expect(events.find((e) => e.appointmentId === id)).toMatchObject({ status: 'on_hold', shownStatus: 'on_hold' });
  });
});

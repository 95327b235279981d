import type * as z from 'zod/mini';
import { Appointment, AppointmentOptions, CalendarEvent, ClientChoice, OrderSummary, Overlap, Report, Visit, Worker } from '../../contract/appointments';
import { wire } from './wire';

/**
 * The calendar's and appointments' replies as the server sends them, each checked by the wire
 * contract (contract/appointments.ts), with `change` over it: a fixture cannot drift from the server.
 */
type Change<S extends z.ZodMiniType> = Partial<z.input<S>>;

export const workerFixture = (change: Change<typeof Worker> = {}) => wire(Worker, { id: 3, name: 'Wing Wong', color: '#1f7a4d', branchId: null, ...change });

export const optionsFixture = (change: Change<typeof AppointmentOptions> = {}) =>
  wire(AppointmentOptions, {
    workers: [workerFixture({ id: 2, name: 'Sam Lee', color: null }), workerFixture()],
    branches: [{ id: 1, nameEn: 'Head Office', nameZh: '總公司' }],
    areas: [
      { id: 2, nameEn: 'Wan Chai', nameZh: '灣仔區' },
      { id: 5, nameEn: 'Yau Tsim Mong', nameZh: '油尖旺區' },
    ],
    types: [{ value: 'inspection', labelEn: 'Inspection', labelZh: '視察' }],
    statuses: ['in_progress', 'on_hold', 'ended', 'pending_recheck', 'auditing', 'audited', 'canceled'],
    seesAll: true,
    ...change,
  });

export const clientChoiceFixture = (change: Change<typeof ClientChoice> = {}) =>
  wire(ClientChoice, {
    id: 2,
    code: 'C000002',
    nameEn: 'Golden Dragon Restaurant Ltd.',
    nameZh: '金龍酒家有限公司',
    branchId: 1,
    addresses: [{ label: '餐廳', address: '九龍旺角彌敦道 600 號地下', areaId: 5 }],
    ...change,
  });

/** A weekly series of six visits from Monday 7 December 2026, 14:00–15:00. */
export const appointmentFixture = (change: Change<typeof Appointment> = {}) =>
  wire(Appointment, {
    id: 12,
    clientId: 2,
    client: clientChoiceFixture(),
    address: '九龍旺角彌敦道 600 號地下',
    areaId: 5,
    area: { nameEn: 'Yau Tsim Mong', nameZh: '油尖旺區' },
    branchId: 1,
    branch: { nameEn: 'Head Office', nameZh: '總公司' },
    orderId: null,
    appointmentType: 'inspection',
    notes: '',
    workerIds: [3],
    workers: [workerFixture()],
    date: '2026-12-07',
    startTime: '14:00',
    endTime: '15:00',
    allDay: false,
    recurrence: { freq: 'weekly' },
    end: { kind: 'count', count: 6 },
    exceptions: [],
    recurring: true,
    rrule: 'DTSTART;TZID=Asia/Hong_Kong:20261207T140000\nRRULE:FREQ=WEEKLY;COUNT=6',
    lastDate: '2027-01-11',
    version: 4,
    ...change,
  });

/** The series' second visit, Monday 14 December 2026, in progress. */
export const visitFixture = (change: Change<typeof Visit> = {}) =>
  wire(Visit, {
    date: '2026-12-14',
    index: 1,
    start: '2026-12-14T14:00:00+08:00',
    end: '2026-12-14T15:00:00+08:00',
    onHoliday: false,
    holiday: null,
    status: 'in_progress',
    shownStatus: 'in_progress',
    visitVersion: 0,
    transitions: ['on_hold', 'ended', 'canceled'],
    cancelReason: '',
    ...change,
  });

export const eventFixture = (change: Change<typeof CalendarEvent> = {}) =>
  wire(CalendarEvent, {
    id: '7:2026-12-01',
    appointmentId: 7,
    date: '2026-12-01',
    start: '2026-12-01T10:00:00+08:00',
    end: '2026-12-01T11:00:00+08:00',
    allDay: false,
    client: null,
    area: null,
    workerIds: [3],
    status: 'in_progress',
    shownStatus: 'in_progress',
    onHoliday: false,
    recurring: true,
    version: 1,
    ...change,
  });

export const orderSummaryFixture = (change: Change<typeof OrderSummary> = {}) =>
  wire(OrderSummary, { id: 7, number: 'INV-2026-00007', date: '2026-11-30', total: 120000, paid: 0, voided: false, ...change });

export const overlapFixture = (change: Change<typeof Overlap> = {}) =>
  wire(Overlap, {
    workerId: 3,
    workerName: 'Wing Wong',
    date: '2026-12-14',
    start: '2026-12-14T14:30:00+08:00',
    end: '2026-12-14T16:00:00+08:00',
    allDay: false,
    appointmentId: 9,
    client: { nameEn: 'Chan Tai Man', nameZh: '陳大文' },
    ...change,
  });

/** A visit's completed report with nothing written yet. */
export const reportFixture = (change: Change<typeof Report> = {}) =>
  wire(Report, {
    visitId: null,
    version: 0,
    status: 'in_progress',
    editable: true,
    workDone: '',
    findings: '',
    pestsFound: '',
    areasTreated: '',
    productsUsed: [],
    clientSignature: null,
    clientSigner: '',
    clientSignedAt: null,
    workerSignature: null,
    workerSigner: null,
    workerSignerId: null,
    workerSignedAt: null,
    reportedBy: null,
    reportedAt: null,
    photos: [],
    ...change,
  });

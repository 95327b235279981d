import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/auth/user';
import { completion, emptyCompletion, jpegName, nextPhotoTag, type CompletionDraft, type PhotoDraft } from '../../application/field/completion';
import { CompletionQueue } from '../../application/field/CompletionQueue';
import { FieldWork } from '../../application/field/FieldWork';
import { OutboxBoard } from '../../application/field/OutboxBoard';
import { myDay } from '../../application/field/myDay';
import { JPEG_QUALITIES, MAX_PHOTO_EDGE, nextQuality, photoTarget, PHOTO_BUDGET } from '../../application/field/photoSize';
import { isFieldWorker, mapHref, telHref, workerActions, workerVisitView } from '../../application/field/visitView';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import type { ImageResizer } from '../../application/ports/ImageResizer';
import type { FieldReports, VisitCompletion } from '../../application/ports/FieldReports';
import { HttpAppointmentBook } from '../../infrastructure/http/appointments/HttpAppointmentBook';
import { HttpFieldReports } from '../../infrastructure/http/field/HttpFieldReports';
import { MemoryCompletionOutbox } from '../../infrastructure/storage/MemoryCompletionOutbox';
import { appointmentFixture, eventFixture, reportFixture, visitFixture } from '../support/appointments';
import { ADMIN, createCore } from '../support/fakes';

const WORKER: User = { ...ADMIN, id: 3, name: 'Wing Wong', isAdmin: false, role: { id: 3, name: 'worker', permissions: ['appointment_view', 'appointment_edit'] } };
const VIEWER: User = { ...WORKER, role: { id: 4, name: 'viewer', permissions: ['appointment_view'] } };
const OFFICE: User = { ...WORKER, role: { id: 2, name: 'sales', permissions: ['appointment_view', 'appointment_view_all', 'appointment_edit', 'appointment_create'] } };

describe('My day', () => {
  const at = (date: string, start: string, change: Parameters<typeof eventFixture>[0] = {}) =>
    eventFixture({ id: `${change.appointmentId ?? 1}:${date}:${start}`, date, start: `${date}T${start}:00+08:00`, end: `${date}T${start.slice(0, 2)}:59:00+08:00`, ...change });

  it("lists today's visits first (all-day ones, then by start time), then the next days with visits only, each with time, client, district, status and its address", () => {
    const events = [
      at('2026-11-24', '09:00', { appointmentId: 5, client: { nameEn: 'Later Ltd', nameZh: '後' } }),
      at('2026-11-23', '14:00', { appointmentId: 2, client: { nameEn: 'Afternoon', nameZh: '午' }, area: { nameEn: 'Wan Chai', nameZh: '灣仔區' }, shownStatus: 'scheduled' }),
      at('2026-11-23', '08:30', { appointmentId: 3, status: 'on_hold', shownStatus: 'on_hold' }),
      at('2026-11-23', '00:00', { appointmentId: 4, allDay: true }),
      at('2026-11-22', '10:00', { appointmentId: 6 }),
      at('2026-11-30', '10:00', { appointmentId: 7 }),
    ];
    const days = myDay(events, '2026-11-23');
    expect(days.map((d) => [d.date, d.when, d.visits.length])).toEqual([
      ['2026-11-23', 'today', 3],
      ['2026-11-24', 'tomorrow', 1],
    ]);
    expect(days[0]!.visits.map((v) => [v.time, v.status, v.href])).toEqual([
      [null, 'in_progress', '/calendar/appointment/4?date=2026-11-23'],
      ['08:30–08:59', 'on_hold', '/calendar/appointment/3?date=2026-11-23'],
      ['14:00–14:59', 'scheduled', '/calendar/appointment/2?date=2026-11-23'],
    ]);
    expect(days[0]!.visits[2]).toMatchObject({ client: { nameEn: 'Afternoon' }, area: { nameEn: 'Wan Chai' } });
  });

  it('keeps today when it has no visit, and is today alone when nothing is planned', () => {
    expect(myDay([at('2026-11-25', '10:00')], '2026-11-23').map((d) => [d.when, d.visits.length])).toEqual([
      ['today', 0],
      ['later', 1],
    ]);
    expect(myDay([], '2026-11-23')).toEqual([{ date: '2026-11-23', when: 'today', visits: [] }]);
  });

  it("asks the server for the worker's own visits of today and tomorrow, and apart for the five days after (FieldWork.myDay, Clock's today)", async () => {
    const events = (start: unknown) => (start === '2026-11-23' ? [at('2026-11-23', '10:00')] : [at('2026-11-27', '10:00', { appointmentId: 8 })]);
    const core = createCore({ user: WORKER, handler: (r: ApiRequest) => (r.path === '/api/appointments' ? { status: 200, body: { events: events(r.query?.start), holidays: [], workers: [] } } : { status: 404, body: {} }) });
    core.state.set({ user: WORKER });
    const work = fieldWork(core, new HttpFieldReports(core.api), fakeResizer());
    const { days, laterMissing } = (await work.myDay())._unsafeUnwrap();
    expect(days.map((d) => [d.date, d.visits.length])).toEqual([
      ['2026-11-23', 1],
      ['2026-11-27', 1],
    ]);
    expect(laterMissing).toBe(false);
    // The first is the very request fetched ahead for offline use (KeptVisits): the phone keeps those two days only.
    expect(core.transport.requests.map((r) => r.query)).toEqual([
      expect.objectContaining({ start: '2026-11-23', end: '2026-11-25', worker_id: 3 }),
      expect.objectContaining({ start: '2026-11-25', end: '2026-11-30', worker_id: 3 }),
    ]);
  });

  it('shows today and tomorrow when the later days cannot be had (offline, only the two days are kept), saying so; fails only without today', async () => {
    let later = false;
    const core = createCore({
      user: WORKER,
      handler: (r: ApiRequest) => (r.query?.start === '2026-11-23' || later ? { status: 200, body: { events: [at('2026-11-24', '10:00')], holidays: [], workers: [] } } : 'no-response'),
    });
    core.state.set({ user: WORKER });
    const work = fieldWork(core, new HttpFieldReports(core.api), fakeResizer());
    const offline = (await work.myDay())._unsafeUnwrap();
    expect([offline.days.map((d) => d.when), offline.laterMissing]).toEqual([['today', 'tomorrow'], true]);
    later = true;
    expect((await work.myDay())._unsafeUnwrap().laterMissing).toBe(false);
    const none = createCore({ user: WORKER, handler: () => 'no-response' });
    none.state.set({ user: WORKER });
    expect((await fieldWork(none, new HttpFieldReports(none.api), fakeResizer()).myDay())._unsafeUnwrapErr().code).toBe('network');
  });
});

describe("the worker's visit", () => {
  it('is for those who work visits and see only their own; the office keeps its screens', () => {
    expect([WORKER, VIEWER, OFFICE, ADMIN, null].map(isFieldWorker)).toEqual([true, true, false, false, false]);
  });

  it('offers start, hold and complete as the visit’s transitions allow, and nothing without appointment_edit', () => {
    expect(workerActions(WORKER, ['on_hold', 'ended', 'canceled'])).toEqual(['hold', 'complete']);
    expect(workerActions(WORKER, ['in_progress', 'canceled'])).toEqual(['start']);
    expect(workerActions(WORKER, ['in_progress', 'auditing', 'canceled'])).toEqual(['start']);
    expect(workerActions(WORKER, [])).toEqual([]);
    expect(workerActions(VIEWER, ['on_hold', 'ended'])).toEqual([]);
  });

  it('gives tap-to-call numbers, a map link for the address, what to do and the last visit', () => {
    const appointment = appointmentFixture({ notes: 'Kitchen first', address: '九龍旺角彌敦道 600 號地下' });
    const field = {
      contacts: [{ name: 'Mr Chan', title: 'Manager', phones: ['+852 9123 4567', '2345-6789', ''] }],
      plannedProducts: [{ code: 'CR-GEL', nameEn: 'Cockroach gel', nameZh: '蟑螂膠餌', unit: 'visit', activeIngredient: 'Fipronil', quantity: 100 }],
      lastVisit: { date: '2026-12-07', findings: 'Droppings', workDone: 'Gel', pestsFound: '', areasTreated: '' },
    };
    const visit = visitFixture({ shownStatus: 'scheduled' });
    const view = workerVisitView(WORKER, appointment, visit, field, { status: 'in_progress', transitions: ['on_hold', 'ended', 'canceled'] });
    expect(view.contacts[0]!.phones).toEqual([
      { text: '+852 9123 4567', href: 'tel:+85291234567' },
      { text: '2345-6789', href: 'tel:23456789' },
    ]);
    expect(view.mapHref).toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('九龍旺角彌敦道 600 號地下')}`);
    expect([view.notes, view.planned[0]!.activeIngredient, view.lastVisit?.findings, view.status, view.actions, view.reportHref]).toEqual([
      'Kitchen first',
      'Fipronil',
      'Droppings',
      'scheduled',
      ['hold', 'complete'],
      '/calendar/completed-report/12?date=2026-12-14',
    ]);
    expect(workerVisitView(WORKER, appointment, visit, undefined, { status: 'on_hold', transitions: ['in_progress', 'canceled'] })).toMatchObject({ status: 'on_hold', actions: ['start'], contacts: [], lastVisit: null });
    expect([telHref(' 9123 4567 '), mapHref('  ')]).toEqual(['tel:91234567', null]);
  });
});

describe('the size a photo is sent at', () => {
  it('brings the long edge to 1,600 px at most, keeping the proportions, never enlarging', () => {
    expect(photoTarget(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(photoTarget(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(photoTarget(1200, 800)).toEqual({ width: 1200, height: 800 });
    expect(photoTarget(1600, 1600)).toEqual({ width: 1600, height: 1600 });
    expect(photoTarget(9000, 10)).toEqual({ width: MAX_PHOTO_EDGE, height: 2 });
    expect(photoTarget(0, 0)).toEqual({ width: 1, height: 1 });
  });

  it('tries a lower JPEG quality while the photo weighs more than 500 KB, and keeps the last try', () => {
    expect(nextQuality(JPEG_QUALITIES[0], 300 * 1024)).toBeNull();
    expect(nextQuality(JPEG_QUALITIES[0], PHOTO_BUDGET + 1)).toBe(JPEG_QUALITIES[1]);
    expect(nextQuality(JPEG_QUALITIES[1], PHOTO_BUDGET + 1)).toBe(JPEG_QUALITIES[2]);
    expect(nextQuality(JPEG_QUALITIES[2], PHOTO_BUDGET * 3)).toBeNull();
  });

  it('names a resized photo as a JPEG and tags new photos before at first, after later', () => {
    expect([jpegName('IMG_0001.HEIC'), jpegName('kitchen.photo.png'), jpegName('.png')]).toEqual(['IMG_0001.jpg', 'kitchen.photo.jpg', 'photo.jpg']);
    const one: PhotoDraft = { key: 'a', photo: new Blob(['x']), name: 'a.jpg', tag: 'before' };
    expect([nextPhotoTag([]), nextPhotoTag([one])]).toEqual(['before', 'after']);
  });
});

function fakeResizer(fail?: string): ImageResizer & { asked: { width: number; height: number }[] } {
  const asked: { width: number; height: number }[] = [];
  return {
    asked,
    shrink(_photo, name, target) {
      if (name === fail) return errAsync({ code: 'unreadableImage', name });
      asked.push(target({ width: 4000, height: 3000 }));
      return okAsync(new Blob(['jpeg'], { type: 'image/jpeg' }));
    },
  };
}

describe('completing a visit', () => {
  const VISIT = { appointmentId: 12, date: '2026-11-23', version: 2, workerIds: [3, 5] };
  const png = new Blob(['png'], { type: 'image/png' });
  const filled = (change: Partial<CompletionDraft> = {}): CompletionDraft => ({
    ...emptyCompletion(3),
    workDone: ' Gel applied ',
    findings: 'Droppings',
    pestsFound: 'Cockroaches',
    areasTreated: 'Kitchen',
    products: [{ productId: '1', quantity: '1.5', note: '' }],
    photos: [{ key: 'p1', photo: new Blob(['j']), name: 'sink.jpg', tag: 'before' }],
    clientName: 'Mrs Wong',
    clientSignature: png,
    workerSignature: png,
    ...change,
  });

  it('says every missing part under its field and sends nothing', () => {
    const result = completion(VISIT, { ...emptyCompletion(null), products: [{ productId: '', quantity: '0', note: '' }] }, 9, '2026-11-23');
    expect(result._unsafeUnwrapErr().fields).toEqual({
      'productsUsed.0.productId': [{ key: 'field:problem.product' }],
      'productsUsed.0.quantity': [{ key: 'field:problem.quantity' }],
      workDone: [{ key: 'field:problem.workDone' }],
      clientSignature: [{ key: 'field:problem.clientSignature' }],
      workerSignature: [{ key: 'field:problem.workerSignature' }],
      signer: [{ key: 'field:problem.signer' }],
    });
  });

  it('credits the worker’s signature to the worker who signs and warns the server of a visit dated later', () => {
    const sent = completion(VISIT, filled({ workerSignerId: '5' }), 3, '2026-11-22')._unsafeUnwrap();
    expect(sent).toMatchObject({
      version: 2,
      workerSignerId: 5,
      confirmFuture: true,
      report: { workDone: 'Gel applied', pestsFound: 'Cockroaches', areasTreated: 'Kitchen', productsUsed: [{ productId: 1, quantity: 150, note: '' }], clientSigner: 'Mrs Wong', version: 2 },
      photos: [{ name: 'sink.jpg', tag: 'before' }],
    });
    expect(completion(VISIT, filled({ workerSignerId: '8' }), 3, '2026-11-23')._unsafeUnwrapErr().fields).toEqual({ signer: [{ key: 'field:problem.signer' }] });
  });

  it('keeps the completion on the device first, sends it in one call, then opens the visit with a notification (FieldWork)', async () => {
    const core = createCore({ user: WORKER, start: '/calendar/completed-report/12?date=2026-11-23' });
    core.state.set({ user: WORKER });
    const sent: VisitCompletion[] = [];
    const outbox = new MemoryCompletionOutbox();
    const reports: FieldReports = { submit: (c) => (sent.push(c), expect(outbox.kept.has(c.key)).toBe(true), okAsync(reportFixture({ status: 'ended', version: 7 }))) };
    const work = fieldWork(core, reports, fakeResizer(), outbox);
    expect((await work.complete(VISIT, filled()))._unsafeUnwrap()).toBe('sent');
    expect([sent.length, sent[0]!.confirmFuture, sent[0]!.key]).toEqual([1, false, 'key-1']);
    expect(outbox.kept.size).toBe(0);
    expect(core.navigator.url).toBe('/calendar/appointment/12?date=2026-11-23');
    expect(core.state.get().notification).toEqual({ title: 'field:report.done', type: 'success' });
    expect((await work.complete(VISIT, filled({ workDone: '' })))._unsafeUnwrapErr().code).toBe('invalid');
    expect(sent).toHaveLength(1);
  });

  it('asks before completing a visit dated after today, keeping and sending nothing unless the worker confirms (issue 31 item 22)', async () => {
    const core = createCore({ user: WORKER, start: '/calendar/completed-report/12?date=2026-11-25' });
    core.state.set({ user: WORKER });
    const sent: VisitCompletion[] = [];
    const outbox = new MemoryCompletionOutbox();
    const work = fieldWork(core, { submit: (c) => (sent.push(c), okAsync(reportFixture({ status: 'ended', version: 3 }))) }, fakeResizer(), outbox);
    const later = { ...VISIT, date: '2026-11-25' };
    const asked: unknown[] = [];
    core.confirmation.request$.subscribe((r) => r && asked.push(r));
    // Today (the Clock's 2026-11-23): nothing asked.
    expect((await work.complete(VISIT, filled()))._unsafeUnwrap()).toBe('sent');
    expect(asked).toEqual([]);
    const declined = work.complete(later, filled());
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([{ kind: 'futureVisit', values: { date: '2026-11-25' } }]);
    core.confirmation.answer(false);
    expect((await declined)._unsafeUnwrap()).toBe('notConfirmed');
    expect([sent.length, outbox.kept.size]).toEqual([1, 0]);
    const confirmed = work.complete(later, filled());
    await new Promise((r) => setTimeout(r, 0));
    core.confirmation.answer(true);
    expect((await confirmed)._unsafeUnwrap()).toBe('sent');
    expect(sent.map((c) => c.confirmFuture)).toEqual([false, true]);
  });

  it('replaces the "kept for want of a connection" notice once the kept completion is sent, and tells My day to load its list again', async () => {
    let online = false;
    const core = createCore({ user: WORKER, start: '/calendar/completed-report/12?date=2026-11-23' });
    core.state.set({ user: WORKER, isOnline: true });
    const reports: FieldReports = { submit: () => (online ? okAsync(reportFixture({ status: 'ended', version: 3 })) : errAsync({ code: 'network' as const })) };
    const work = fieldWork(core, reports, fakeResizer());
    const changes: unknown[] = [];
    (await work.listChanges())._unsafeUnwrap().subscribe((c) => changes.push(c));
    expect((await work.complete(VISIT, filled()))._unsafeUnwrap()).toBe('kept');
    expect(core.state.get().notification).toEqual({ title: 'field:outbox.notice.waiting', type: 'info' });
    core.state.set({ isOnline: false });
    expect(changes).toHaveLength(0);
    // The connection comes back: My day asks again; the outbox sends, and the notice says so.
    online = true;
    core.state.set({ isOnline: true });
    expect(changes).toHaveLength(1);
    await work.replayOutbox();
    expect(changes).toHaveLength(2);
    expect(core.state.get().notification).toEqual({ title: 'field:outbox.notice.sent', type: 'success' });
  });

  it('makes each chosen photo small (1,600 px long edge) and tags each one, several at once too: the first before, the others after; an unreadable one stops with its name', async () => {
    const core = createCore({ user: WORKER });
    const resizer = fakeResizer('broken.heic');
    const work = fieldWork(core, new HttpFieldReports(core.api), resizer);
    const photos = (await work.preparePhotos([new File(['a'], 'IMG_1.HEIC'), new File(['b'], 'IMG_2.jpeg')], []))._unsafeUnwrap();
    expect(photos.map((p) => [p.name, p.tag])).toEqual([
      ['IMG_1.jpg', 'before'],
      ['IMG_2.jpg', 'after'],
    ]);
    expect(resizer.asked).toEqual([
      { width: 1600, height: 1200 },
      { width: 1600, height: 1200 },
    ]);
    expect((await work.preparePhotos([new File(['c'], 'broken.heic')], photos))._unsafeUnwrapErr()).toEqual({ code: 'unreadableImage', name: 'broken.heic' });
  });

  it('goes over the wire in one multipart call with the key, and reads a 409 as the server’s report (HttpFieldReports)', async () => {
    let answer: { status: number; body: unknown } = { status: 200, body: { report: reportFixture({ status: 'ended', version: 6 }) } };
    const core = createCore({ user: WORKER, handler: () => answer });
    const made = completion(VISIT, filled({ workerSignerId: '5', photos: [...filled().photos, { key: 'p2', photo: new Blob(['k']), name: 'sink 2.jpg', tag: 'after' }] }), 3, '2026-11-23')._unsafeUnwrap();
    const sent = { ...made, key: '0b7c4a52-8f5e-4f0e-9a43-6c2f4b1d2e3f' };
    const report = (await new HttpFieldReports(core.api).submit(sent))._unsafeUnwrap();
    expect([report.status, report.version]).toEqual(['ended', 6]);
    const [request] = core.transport.requests;
    expect([request?.method, request?.path, request?.headers]).toEqual(['POST', '/api/appointments/12/visits/2026-11-23/completion', { 'Idempotency-Key': sent.key }]);
    const form = request?.body as FormData;
    expect(JSON.parse(form.get('completion') as string)).toMatchObject({ version: 2, workerSignerId: 5, photoTags: ['before', 'after'], productsUsed: [{ productId: 1, quantity: 150 }] });
    expect((form.getAll('photo') as File[]).map((f) => f.name)).toEqual(['sink.jpg', 'sink 2.jpg']);
    expect([form.get('clientSignature'), form.get('workerSignature')].every((f) => f instanceof Blob)).toBe(true);
    answer = { status: 409, body: { message: 'Changed', report: reportFixture({ findings: 'Seen by the office', version: 4 }) } };
    expect((await new HttpFieldReports(core.api).submit(sent))._unsafeUnwrapErr()).toMatchObject({ code: 'visitChanged', report: { findings: 'Seen by the office', version: 4 } });
    // A background call: no error page.
    expect(core.navigator.url).not.toContain('error');
  });
});

function fieldWork(core: ReturnType<typeof createCore>, reports: FieldReports, resizer: ImageResizer, outbox = new MemoryCompletionOutbox()): FieldWork {
  let keys = 0;
  const queue = new CompletionQueue(outbox, reports, new OutboxBoard(), core.clock);
  return new FieldWork(new HttpAppointmentBook(core.api), reports, resizer, core.state, core.navigation, core.clock, queue, () => `key-${++keys}`, core.confirmation);
}

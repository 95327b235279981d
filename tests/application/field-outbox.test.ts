import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/auth/user';
import type { ApiError } from '../../application/api/ApiError';
import type { Report } from '../../application/appointments/appointment';
import { emptyCompletion, type CompletionDraft } from '../../application/field/completion';
import { CompletionQueue } from '../../application/field/CompletionQueue';
import type { FieldDesk } from '../../application/field/FieldDesk';
import { FieldWork } from '../../application/field/FieldWork';
import { OutboxBoard } from '../../application/field/OutboxBoard';
import { OutboxWatch } from '../../application/field/OutboxWatch';
import type { FieldReports, VisitChanged, VisitCompletion } from '../../application/ports/FieldReports';
import type { ImageResizer } from '../../application/ports/ImageResizer';
import { HttpAppointmentBook } from '../../infrastructure/http/appointments/HttpAppointmentBook';
import { MemoryCompletionOutbox } from '../../infrastructure/storage/MemoryCompletionOutbox';
import { reportFixture } from '../support/appointments';
import { ADMIN, createCore, FakeConnectivity } from '../support/fakes';

/*
 * The worker's outbox (issue 22 item 4): a completion is kept on the device first, then sent; without
 * a connection it waits and is sent again, with the same key, oldest first; a refusal is kept with
 * its reason, a visit the office changed with the server's report; nothing is dropped silently.
 */

const WORKER: User = { ...ADMIN, id: 3, name: 'Wing Wong', isAdmin: false, role: { id: 3, name: 'worker', permissions: ['appointment_view', 'appointment_edit'] } };
const png = new Blob(['png'], { type: 'image/png' });
const filled: CompletionDraft = { ...emptyCompletion(3), workDone: 'Gel applied', findings: 'Droppings', clientSignature: png, workerSignature: png };
const visit = (appointmentId: number) => ({ appointmentId, date: '2026-11-23', version: 2, workerIds: [3], client: { nameEn: 'Golden Dragon', nameZh: '金龍酒家' } });

/** A server the test answers: each submit gets the next answer (the last one again when they run out). */
function scripted(...answers: (Report | ApiError | VisitChanged)[]) {
  const sent: VisitCompletion[] = [];
  const reports: FieldReports = {
    submit: (c): ResultAsync<Report, ApiError | VisitChanged> => {
      sent.push(c);
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      return 'code' in answer ? errAsync(answer) : okAsync(answer);
    },
  };
  return { sent, reports };
}

function setUp(reports: FieldReports) {
  const core = createCore({ user: WORKER, start: '/calendar/completed-report/12?date=2026-11-23' });
  core.state.set({ user: WORKER });
  const outbox = new MemoryCompletionOutbox();
  const board = new OutboxBoard();
  const queue = new CompletionQueue(outbox, reports, board, core.clock);
  let keys = 0;
  const resizer = {} as ImageResizer;
  const work = new FieldWork(new HttpAppointmentBook(core.api), reports, resizer, core.state, core.navigation, core.clock, queue, () => `key-${++keys}`, core.confirmation);
  return { core, outbox, board, work };
}

const states = (board: OutboxBoard) => board.get().map((i) => [i.key, i.state]);

describe("the worker's outbox", () => {
  it('keeps a completion made offline (waiting, back to My day, told so) and sends the waiting ones again in order with the same keys when the connection returns', async () => {
    const server = scripted({ code: 'network' });
    const { core, outbox, board, work } = setUp(server.reports);
    expect((await work.complete(visit(12), filled))._unsafeUnwrap()).toBe('kept');
    expect(core.navigator.url).toBe('/calendar');
    expect(core.state.get().notification).toEqual({ title: 'field:outbox.notice.waiting', type: 'info' });
    await work.complete(visit(13), filled);
    expect([...outbox.kept.values()].map((k) => [k.key, k.state, k.client?.nameEn, k.completion.photos.length])).toEqual([
      ['key-1', 'waiting', 'Golden Dragon', 0],
      ['key-2', 'waiting', 'Golden Dragon', 0],
    ]);
    expect(states(board)).toEqual([
      ['key-1', 'waiting'],
      ['key-2', 'waiting'],
    ]);

    // Still offline: the first finds no connection, the second is not tried.
    server.sent.length = 0;
    await work.replayOutbox();
    expect(server.sent.map((c) => c.key)).toEqual(['key-1']);

    const online = scripted(reportFixture({ status: 'ended' }));
    server.reports.submit = online.reports.submit;
    await work.replayOutbox();
    expect(online.sent.map((c) => [c.key, c.appointmentId])).toEqual([
      ['key-1', 12],
      ['key-2', 13],
    ]);
    expect(outbox.kept.size).toBe(0);
    expect(states(board)).toEqual([
      ['key-1', 'sent'],
      ['key-2', 'sent'],
    ]);
  });

  it('on a shared phone, shows and sends only the signed-in person’s completions', async () => {
    const server = scripted(reportFixture({ status: 'ended', version: 3 }));
    const outbox = new MemoryCompletionOutbox();
    const board = new OutboxBoard();
    let me: number | null = 3;
    const core = createCore({ user: WORKER });
    const queue = new CompletionQueue(outbox, server.reports, board, core.clock, () => me);
    const completion = (key: string): VisitCompletion => ({ key, appointmentId: 12, date: '2026-11-23', version: 2, report: { workDone: 'x', findings: '', productsUsed: [], clientSigner: '', version: 2 }, photos: [], clientSignature: png, workerSignature: png, workerSignerId: undefined, confirmFuture: false });
    await queue.keep(completion('mine'), null);
    me = 4;
    await queue.keep(completion('theirs'), null);
    expect([...outbox.kept.values()].map((k) => [k.key, k.userId])).toEqual([
      ['mine', 3],
      ['theirs', 4],
    ]);
    // Worker 4 signed in: only theirs is listed and sent.
    await queue.replay();
    expect(server.sent.map((c) => c.key)).toEqual(['theirs']);
    expect([...outbox.kept.keys()]).toEqual(['mine']);
    expect(states(board)).toEqual([['theirs', 'sent']]);
    // Worker 3 again: their own, not the other's sent one.
    me = 3;
    await queue.load();
    expect(states(board)).toEqual([['mine', 'waiting']]);
  });

  it('keeps a refusal with its reason and a changed visit with the server’s report, sends neither again, and lets the worker discard them', async () => {
    const refusal: ApiError = { code: 'validation', message: 'The report is with the office.', fields: { status: ['The report is with the office.'] } };
    const office = reportFixture({ findings: 'Seen by the office', version: 5 });
    const server = scripted(refusal, { code: 'visitChanged', report: office });
    const { core, outbox, board, work } = setUp(server.reports);
    await work.complete(visit(12), filled);
    expect(core.state.get().notification).toEqual({ title: 'field:outbox.notice.refused', type: 'warning' });
    await work.complete(visit(13), filled);
    expect(core.state.get().notification).toEqual({ title: 'field:outbox.notice.conflict', type: 'warning' });
    expect(outbox.kept.get('key-1')).toMatchObject({ state: 'refused', problem: refusal });
    expect(outbox.kept.get('key-2')).toMatchObject({ state: 'conflict', current: { findings: 'Seen by the office' }, completion: { report: { findings: 'Droppings' } } });
    await work.replayOutbox();
    expect(server.sent).toHaveLength(2);
    const asked = work.discardCompletion('key-2', 'my report');
    let question: unknown = null;
    core.confirmation.request$.subscribe((r) => (question ??= r));
    expect(question).toMatchObject({ kind: 'delete', values: { name: 'my report' } });
    core.confirmation.answer(true);
    expect((await asked)._unsafeUnwrap()).toBe(true);
    expect([...outbox.kept.keys()]).toEqual(['key-1']);
    expect(states(board)).toEqual([['key-1', 'refused']]);
  });

  it('is sent again when a worker is signed in and each time the connection returns; for the office, nothing is loaded', () => {
    const core = createCore({ user: WORKER });
    const connectivity = new FakeConnectivity();
    let replays = 0;
    const desk = { replayOutbox: () => (replays++, okAsync(undefined)) } as unknown as FieldDesk;
    const stop = new OutboxWatch(core.state, connectivity, desk).start();
    expect(replays).toBe(0);
    core.state.set({ user: WORKER });
    connectivity.fire(false);
    connectivity.fire(true);
    expect(replays).toBe(2);
    core.state.set({ user: ADMIN });
    connectivity.fire(true);
    expect(replays).toBe(2);
    stop();
  });
});

import { ok } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/auth/user';
import { KeptVisits, keptAddresses } from '../../application/field/keptVisits';
import type { ApiRequest } from '../../application/ports/ApiTransport';
import { NO_SCREEN_DATA_DECODERS, type ScreenDataDecoders } from '../../application/ports/ScreenDataDecoders';
import { HttpAppointmentBook } from '../../infrastructure/http/appointments/HttpAppointmentBook';
import { ServiceWorkerOfflineCache } from '../../infrastructure/offline/ServiceWorkerOfflineCache';
import { eventFixture } from '../support/appointments';
import { ADMIN, createCore, FakeOfflineCache } from '../support/fakes';

/* Today's and tomorrow's visits fetched ahead for offline use (issue 22). */

const WORKER: User = { ...ADMIN, id: 3, name: 'Wing Wong', isAdmin: false, role: { id: 3, name: 'worker', permissions: ['appointment_view', 'appointment_edit'] } };
const at = (appointmentId: number, date: string, status: 'in_progress' | 'canceled' = 'in_progress') =>
  eventFixture({ id: `${appointmentId}:${date}`, appointmentId, date, start: `${date}T10:00:00+08:00`, end: `${date}T11:00:00+08:00`, status });

function setUp(options: { kept: boolean; decoders?: ScreenDataDecoders }) {
  const core = createCore({
    user: WORKER,
    handler: (r: ApiRequest) =>
      r.path === '/api/appointments'
        ? { status: 200, body: { events: [at(5, '2026-11-23'), at(6, '2026-11-24'), at(7, '2026-11-24', 'canceled')], holidays: [], workers: [] } }
        : r.path === '/api/appointments/6' && r.query?.tab === 'report'
          ? { status: 500, body: {} }
          : { status: 200, body: {} },
  });
  core.state.set({ user: WORKER });
  const kept = new KeptVisits(core.api, new HttpAppointmentBook(core.api), new FakeOfflineCache(options.kept), options.decoders ?? NO_SCREEN_DATA_DECODERS, core.state, core.clock);
  return { ...core, kept };
}

describe('the visits kept for offline use', () => {
  it('are each visit’s page and report form, canceled visits left out', () => {
    expect(keptAddresses([at(5, '2026-11-23'), at(7, '2026-11-24', 'canceled')])).toEqual(['/calendar/appointment/5?date=2026-11-23', '/calendar/completed-report/5?date=2026-11-23']);
  });

  it("fetches the worker's own visits of today and tomorrow, then each page as its route asks for it, in the background; a failed one is skipped", async () => {
    const { kept, transport, state } = setUp({ kept: true });
    expect((await kept.keep())._unsafeUnwrap()).toBe(3);
    const [range, ...pages] = transport.requests;
    expect(range).toMatchObject({ method: 'GET', path: '/api/appointments', query: { start: '2026-11-23', end: '2026-11-25', worker_id: 3 } });
    expect(pages.map((r) => [r.path, r.query])).toEqual([
      ['/api/appointments/5', { tab: 'appointment', date: '2026-11-23' }],
      ['/api/appointments/5', { tab: 'report', date: '2026-11-23' }],
      ['/api/appointments/6', { tab: 'appointment', date: '2026-11-24' }],
      ['/api/appointments/6', { tab: 'report', date: '2026-11-24' }],
    ]);
    // No progress bar, no error page for the failed one.
    expect(state.get().loaded).toBe(true);
  });

  it('reads each page with its screen’s decoder, as the route controller does', async () => {
    const asked: string[] = [];
    const decoders: ScreenDataDecoders = { decoderFor: (screen) => (asked.push(screen), Promise.resolve((body: unknown) => ok(body))) };
    const { kept } = setUp({ kept: true, decoders });
    await kept.keep();
    expect(asked).toEqual(['appointment', 'appointment', 'appointment', 'appointment']);
  });

  it('fetches nothing when the device keeps nothing (no service worker in control)', async () => {
    const { kept, transport } = setUp({ kept: false });
    expect((await kept.keep())._unsafeUnwrap()).toBe(0);
    expect(transport.requests).toEqual([]);
  });
});

describe('the service worker’s cache', () => {
  const win = (serviceWorker: unknown) => ({ navigator: { serviceWorker } as Navigator, setTimeout: globalThis.setTimeout.bind(globalThis) as Window['setTimeout'], clearTimeout: globalThis.clearTimeout.bind(globalThis) as Window['clearTimeout'] });

  it('keeps nothing without service workers or without a registration', async () => {
    expect(await new ServiceWorkerOfflineCache(win(undefined)).ready()).toBe(false);
    expect(await new ServiceWorkerOfflineCache(win({ controller: null, getRegistration: () => Promise.resolve(undefined) })).ready()).toBe(false);
  });

  it('keeps what is fetched once a worker controls the page, waiting for it to take control', async () => {
    expect(await new ServiceWorkerOfflineCache(win({ controller: {} })).ready()).toBe(true);
    const listeners: (() => void)[] = [];
    const container = { controller: null as object | null, getRegistration: () => Promise.resolve({}), addEventListener: (_: string, f: () => void) => listeners.push(f), removeEventListener: () => undefined };
    const ready = new ServiceWorkerOfflineCache(win(container), 5_000).ready();
    await new Promise((r) => setTimeout(r, 0));
    container.controller = {};
    for (const f of listeners) f();
    expect(await ready).toBe(true);
    // Never taking control: not kept, after the wait.
    expect(await new ServiceWorkerOfflineCache(win({ ...container, controller: null }), 10).ready()).toBe(false);
  });
});

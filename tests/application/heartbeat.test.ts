import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_INTERVAL_MS, HeartbeatService, OFFLINE_RETRY_MS } from '../../application/session/HeartbeatService';
import { ADMIN, createCore, globalTimer, type Handler } from '../support/fakes';

function heartbeat(options: { handler?: Handler; user?: typeof ADMIN | null; start?: string } = {}) {
  const core = createCore(options);
  core.currentUser.restore();
  const service = new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts);
  return { ...core, service };
}

const beats = (requests: { path: string }[]) => requests.filter((r) => r.path === '/api/heartbeat').length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('heartbeat', () => {
  it('is sent at start and then every 300000 ms (5 minutes)', async () => {
    const { service, transport } = heartbeat({ handler: () => ({ status: 200, body: { auth: false } }) });
    expect(HEARTBEAT_INTERVAL_MS).toBe(300_000);
    const stop = service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(beats(transport.requests)).toBe(1);
    await vi.advanceTimersByTimeAsync(299_999);
    expect(beats(transport.requests)).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(beats(transport.requests)).toBe(2);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(beats(transport.requests)).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(beats(transport.requests)).toBe(3);
  });

  it('marks the app online after a reply and offline after no reply', async () => {
    let reachable = true;
    const { service, state } = heartbeat({ handler: () => (reachable ? { status: 200, body: { auth: false } } : 'no-response') });
    expect(state.get().isOnline).toBe(false);
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.get().isOnline).toBe(true);
    reachable = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(state.get().isOnline).toBe(false);
    reachable = true;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(state.get().isOnline).toBe(true);
  });

  it('after a 503 on a save (database unavailable) beats every 30 s until the server answers, then back to every 5 minutes', async () => {
    let databaseUp = true;
    const { service, state, api, transport } = heartbeat({
      user: ADMIN,
      start: '/clients/create',
      handler: (request) => {
        if (!databaseUp) return { status: 503, body: { message: 'The database cannot be reached just now.' } };
        return request.path === '/api/heartbeat' ? { status: 200, body: { auth: true } } : { status: 201, body: {} };
      },
    });
    expect(OFFLINE_RETRY_MS).toBe(30_000);
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.get().isOnline).toBe(true);
    databaseUp = false;
    await api.post('/api/clients', { nameZh: '陳' });
    expect(state.get().isOnline).toBe(false);
    const offlineAt = beats(transport.requests);
    // Still down: the quick checks go on (the heartbeat needs the session, so it fails too).
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS);
    expect(beats(transport.requests)).toBe(offlineAt + 1);
    expect(state.get().isOnline).toBe(false);
    databaseUp = true;
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS);
    expect(beats(transport.requests)).toBe(offlineAt + 2);
    expect(state.get()).toMatchObject({ isOnline: true, authValid: true });
    // Online again: no more quick checks, only the 5-minute ones.
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS * 4);
    expect(beats(transport.requests)).toBe(offlineAt + 2);
  });

  it('keeps checking every 30 s while a failed heartbeat leaves the app offline, and stops when stopped', async () => {
    let reachable = false;
    const { service, state, transport } = heartbeat({ handler: () => (reachable ? { status: 200, body: { auth: false } } : 'no-response') });
    const stop = service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.get().isOnline).toBe(false);
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS * 3);
    expect(beats(transport.requests)).toBe(4);
    reachable = true;
    await vi.advanceTimersByTimeAsync(OFFLINE_RETRY_MS);
    expect(state.get().isOnline).toBe(true);
    reachable = false;
    stop();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS * 2);
    expect(beats(transport.requests)).toBe(5);
  });

  it('sets auth validity from the auth field of the reply', async () => {
    let auth = true;
    const { service, state } = heartbeat({ user: ADMIN, handler: () => ({ status: 200, body: { auth } }) });
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.get().authValid).toBe(true);
    auth = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS);
    expect(state.get().authValid).toBe(false);
  });

  it('counts a reply without a true auth field as not signed in', async () => {
    for (const body of [{}, { auth: 'yes' }, null]) {
      const { service, state } = heartbeat({ handler: () => ({ status: 200, body }) });
      state.set({ authValid: true });
      await service.beat();
      expect(state.get()).toMatchObject({ isOnline: true, authValid: false });
    }
  });

  it('drops a held user and goes to /login when auth is no longer valid', async () => {
    const { service, state, store, navigator } = heartbeat({ user: ADMIN, start: '/calendar', handler: () => ({ status: 200, body: { auth: false } }) });
    expect(state.get().user).toEqual(ADMIN);
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.get().user).toBeNull();
    expect(store.user).toBeNull();
    expect(navigator.url).toBe('/login');
  });

  it('goes to /login?session_expired=1 when the server says the session expired', async () => {
    const { service, navigator } = heartbeat({ user: ADMIN, start: '/calendar', handler: () => ({ status: 200, body: { auth: false, session_expired: true } }) });
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigator.url).toBe('/login?session_expired=1');
  });

  it('does not move a signed-out visitor anywhere', async () => {
    const { service, navigator } = heartbeat({ start: '/login', handler: () => ({ status: 200, body: { auth: false } }) });
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigator.history).toEqual([]);
  });

  it('neither shows the progress bar nor opens an error page when it fails', async () => {
    const { service, navigator, bar } = heartbeat({ user: ADMIN, start: '/calendar', handler: () => 'no-response' });
    service.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(navigator.history).toEqual([]);
    expect(bar.calls).toEqual([]);
  });
});

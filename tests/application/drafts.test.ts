import { describe, expect, it, vi } from 'vitest';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { ADMIN, createCore, FakeConnectivity, globalTimer, WORKER_WITHOUT_CALENDAR } from '../support/fakes';

describe('what the user was typing when the session expired', () => {
  it('is kept when a call finds the session expired, and offered back to the same user', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 401, body: { message: 'expired', session_expired: true } }) });
    core.currentUser.restore();
    core.drafts.register('profile', () => ({ name: 'half-typed' }));
    await core.api.put('/api/user/profile', {});
    expect(core.navigator.url).toBe('/login?session_expired=1');
    core.currentUser.set(ADMIN);
    expect(core.drafts.take('profile')).toEqual({ name: 'half-typed' });
    expect(core.drafts.take('profile')).toBeNull();
  });

  it('is kept when the heartbeat reports the expiry', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 200, body: { auth: false, session_expired: true } }) });
    core.currentUser.restore();
    core.drafts.register('profile', () => ({ name: 'typed' }));
    await new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts).beat();
    core.currentUser.set(ADMIN);
    expect(core.drafts.take('profile')).toEqual({ name: 'typed' });
  });

  it('is never offered to someone else signing in on the same tab', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 401, body: { session_expired: true } }) });
    core.currentUser.restore();
    core.drafts.register('profile', () => ({ name: 'private' }));
    await core.api.get('/api/x');
    core.currentUser.set(WORKER_WITHOUT_CALENDAR);
    expect(core.drafts.take('profile')).toBeNull();
  });

  it('keeps nothing for a form without unsaved input, or after a plain sign-out', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 401, body: {} }) });
    core.currentUser.restore();
    core.drafts.register('clean', () => null);
    core.drafts.register('profile', () => ({ name: 'x' }));
    await core.api.get('/api/x');
    expect(core.draftStore.map.size).toBe(0);
  });
});

describe('what the user was typing when a save did not go through', () => {
  it('a 500 keeps the open form\'s input with the reason, and the app still goes to /error-500', async () => {
    const core = createCore({ user: ADMIN, start: '/clients/create', handler: () => ({ status: 500, body: { message: 'boom' } }) });
    core.currentUser.restore();
    core.drafts.register('client:new', () => ({ nameEn: 'Chan Tai Man' }));
    core.drafts.register('clean', () => null);
    core.state.set({ unsavedChanges: true });
    const result = await core.api.post('/api/clients', { nameEn: 'Chan Tai Man' });
    expect(result.isErr() && result.error.code).toBe('server');
    expect(core.navigator.url).toBe('/error-500');
    // Kept, so Back from the error page does not ask to leave without saving.
    expect(core.state.get().unsavedChanges).toBe(false);
    expect(core.drafts.recover('client:new')).toEqual({ value: { nameEn: 'Chan Tai Man' }, reason: 'server' });
    expect(core.drafts.recover('client:new')).toBeNull();
    expect(core.draftStore.map.size).toBe(0);
  });

  it('no reply keeps it as "network" and goes to /error-no-connection; a 403 or 404 keeps it as "refused"', async () => {
    let answer: 'no-response' | { status: number; body: unknown } = 'no-response';
    const core = createCore({ user: ADMIN, handler: () => answer });
    core.currentUser.restore();
    core.drafts.register('order:3:4', () => ({ notes: 'Back door' }));
    await core.api.put('/api/orders/3', {});
    expect(core.navigator.url).toBe('/error-no-connection');
    expect(core.drafts.recover('order:3:4')?.reason).toBe('network');
    answer = { status: 404, body: {} };
    await core.api.put('/api/orders/3', {});
    expect(core.navigator.url).toBe('/error-404');
    expect(core.drafts.recover('order:3:4')?.reason).toBe('refused');
  });

  it('a 422 or 409 keeps nothing: the form shows the problem beside what was typed', async () => {
    const core = createCore({ user: ADMIN, handler: () => ({ status: 422, body: { message: 'bad', errors: { nameEn: ['Required'] } } }) });
    core.currentUser.restore();
    core.drafts.register('client:new', () => ({ nameEn: '' }));
    await core.api.post('/api/clients', {});
    expect(core.draftStore.map.size).toBe(0);
  });
});

describe('a save made while the app is offline', () => {
  /** A core that has been online (the heartbeat answered) and is now offline, with no server reachable. */
  function offlineCore() {
    let reachable = false;
    let answer: { status: number; body: unknown } = { status: 201, body: { id: 7 } };
    const core = createCore({ user: ADMIN, start: '/clients/create', handler: () => (reachable ? answer : 'no-response') });
    core.currentUser.restore();
    core.state.set({ isOnline: true });
    core.state.set({ isOnline: false });
    return {
      core,
      connect: (reply?: { status: number; body: unknown }) => {
        if (reply) answer = reply;
        reachable = true;
        core.state.set({ isOnline: true });
      },
    };
  }
  const saves = (core: ReturnType<typeof createCore>) => core.transport.requests.filter((r) => r.method === 'POST').length;

  it('stays on the screen, keeps the input and counts as waiting; it is sent once when the connection returns', async () => {
    const { core, connect } = offlineCore();
    core.drafts.register('client:new', () => ({ nameEn: 'Chan Tai Man' }));
    const waiting: number[] = [];
    core.offline.waiting$.subscribe((n) => waiting.push(n));
    let settled = false;
    const pending = core.api.post('/api/clients', { nameEn: 'Chan Tai Man' });
    void (async () => {
      await pending;
      settled = true;
    })();
    await vi.waitFor(() => expect(waiting.at(-1)).toBe(1));
    expect(core.navigator.url).toBe('/clients/create');
    expect(settled).toBe(false);
    expect(saves(core)).toBe(1);
    // Kept meanwhile, so a reload of the tab finds it.
    expect(JSON.parse(core.draftStore.map.get('draft:client:new') ?? 'null')).toMatchObject({ reason: 'offline', value: { nameEn: 'Chan Tai Man' } });

    connect();
    const result = await pending;
    expect(result.isOk() && result.value).toEqual({ id: 7 });
    expect(saves(core)).toBe(2);
    expect(waiting.at(-1)).toBe(0);
    expect(core.draftStore.map.size).toBe(0);
    expect(core.navigator.url).toBe('/clients/create');
  });

  it('a 422 or 409 once it is sent comes back to the form (nothing kept, no error page)', async () => {
    const { core, connect } = offlineCore();
    core.drafts.register('client:new', () => ({ nameEn: 'x' }));
    const pending = core.api.post('/api/clients', {});
    await vi.waitFor(() => expect(core.draftStore.map.size).toBe(1));
    connect({ status: 409, body: { message: 'Someone else changed it' } });
    const result = await pending;
    expect(result.isErr() && result.error.code).toBe('conflict');
    expect(core.navigator.url).toBe('/clients/create');
    expect(core.draftStore.map.size).toBe(0);
    expect(saves(core)).toBe(2);
  });

  it('before the app has ever been online, or for a read, the error catalogue applies as before', async () => {
    const core = createCore({ user: ADMIN, handler: () => 'no-response' });
    core.currentUser.restore();
    await core.api.post('/api/clients', {});
    expect(core.navigator.url).toBe('/error-no-connection');
    core.state.set({ isOnline: true });
    core.state.set({ isOnline: false });
    core.navigator.push('/clients');
    await core.api.get('/api/clients');
    expect(core.navigator.url).toBe('/error-no-connection');
  });
});

describe('the browser\'s own online and offline events', () => {
  it('mark the app offline at once, and beat as soon as the browser is back online', async () => {
    const connectivity = new FakeConnectivity();
    const core = createCore({ user: ADMIN, handler: () => ({ status: 200, body: { auth: true } }) });
    core.currentUser.restore();
    const heartbeat = new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts, connectivity);
    const stop = heartbeat.start();
    await vi.waitFor(() => expect(core.state.get().isOnline).toBe(true));
    connectivity.fire(false);
    expect(core.state.get().isOnline).toBe(false);
    const beats = core.transport.requests.length;
    connectivity.fire(true);
    await vi.waitFor(() => expect(core.state.get().isOnline).toBe(true));
    expect(core.transport.requests.length).toBe(beats + 1);
    stop();
  });
});

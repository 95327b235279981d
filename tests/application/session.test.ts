import { describe, expect, it, vi } from 'vitest';
import { INITIAL_APP_STATE } from '../../application/state/AppState';
import { AppStartup } from '../../application/session/AppStartup';
import { HeartbeatService } from '../../application/session/HeartbeatService';
import { SessionService } from '../../application/session/SessionService';
import { HttpSignIn } from '../../infrastructure/http/account/HttpSignIn';
import { ADMIN, createCore, FakeOfflineCache, globalTimer, type Handler } from '../support/fakes';

function session(handler: Handler) {
  const core = createCore({ handler, start: '/login' });
  const service = new SessionService(new HttpSignIn(core.api), core.currentUser, core.state, core.language, core.navigator);
  return { ...core, service };
}

describe('global state', () => {
  it('starts with the values of the spec’s table (§3)', () => {
    expect(INITIAL_APP_STATE).toMatchObject({
      loaded: true,
      isOnline: false,
      authValid: false,
      viewKey: 0,
      maxUploadSize: 5,
      showLeftPanelMenu: true,
      showEditButton: false,
      calendar: { start: '', end: '', date: '' },
      notification: { title: '', type: '' },
      unsavedChanges: false,
      user: null,
      selectedTab: 0,
      flash: { bannerStyle: 'success', banner: '' },
    });
    expect(INITIAL_APP_STATE.features).toEqual({
      canCreateTeams: true,
      canManageTwoFactorAuthentication: true,
      canUpdatePassword: true,
      canUpdateProfileInformation: true,
      hasEmailVerification: true,
      hasAccountDeletionFeatures: true,
      hasApiFeatures: true,
      hasTeamFeatures: true,
      hasTermsAndPrivacyPolicyFeature: true,
      managesProfilePhotos: true,
    });
  });
});

describe('sign-in', () => {
  it('holds the user, keeps it in storage, and switches to the user’s language', async () => {
    const { service, state, store, language, transport } = session(() => ({ status: 200, body: { user: ADMIN } }));
    const result = await service.login('admin@example.com', 'Admin1234');
    expect(result.isOk() && result.value).toEqual({ kind: 'signedIn', user: ADMIN });
    expect(state.get().user).toEqual(ADMIN);
    expect(state.get().authValid).toBe(true);
    expect(store.user).toEqual(ADMIN);
    expect(language.current()).toBe('en');
    expect(transport.requests[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { email: 'admin@example.com', password: 'Admin1234' } });
  });

  it('returns the server’s message for wrong credentials and goes nowhere', async () => {
    const message = 'These credentials do not match our records.';
    const { service, navigator, state } = session(() => ({ status: 422, body: { message, errors: { email: [message] } } }));
    const result = await service.login('admin@example.com', 'nope');
    expect(result.isErr() && result.error).toEqual({ code: 'validation', message, fields: { email: [message] } });
    expect(navigator.history).toEqual([]);
    expect(state.get().user).toBeNull();
  });

  it('reports an unreachable server to the form instead of leaving it', async () => {
    const { service, navigator } = session(() => 'no-response');
    const result = await service.login('a@b.c', 'x');
    expect(result.isErr() && result.error.code).toBe('network');
    expect(navigator.history).toEqual([]);
  });
});

describe('two-factor sign-in', () => {
  it('stops after the password when the account has two-factor on, holding no user yet', async () => {
    const { service, state } = session(() => ({ status: 200, body: { two_factor: true } }));
    const result = await service.login('admin@example.com', 'Admin1234');
    expect(result.isOk() && result.value).toEqual({ kind: 'twoFactor' });
    expect(state.get().user).toBeNull();
  });

  it('completes with a code or a recovery code', async () => {
    const { service, state, transport } = session(() => ({ status: 200, body: { user: ADMIN } }));
    await service.challenge({ code: '123456' });
    await service.challenge({ recoveryCode: 'abcde-fghij' });
    expect(transport.requests.map((r) => r.body)).toEqual([{ code: '123456' }, { recovery_code: 'abcde-fghij' }]);
    expect(state.get().user).toEqual(ADMIN);
  });
});

describe('sign-out', () => {
  it('forgets the user and goes to /login even when the server cannot be reached', async () => {
    const { service, state, store, navigator, currentUser } = session(() => 'no-response');
    currentUser.set(ADMIN);
    await service.logout();
    expect(state.get().user).toBeNull();
    expect(store.user).toBeNull();
    expect(navigator.url).toBe('/login');
  });
});

describe('language', () => {
  it('stores a signed-in user’s new language on the account', async () => {
    const { service, transport, currentUser, language } = session((r) => ({ status: 200, body: { user: { ...ADMIN, language: (r.body as { language: string }).language } } }));
    currentUser.set(ADMIN);
    await service.changeLanguage('zh-HK');
    expect(language.current()).toBe('zh-HK');
    expect(transport.requests[0]).toMatchObject({ method: 'PUT', path: '/api/user/language', body: { language: 'zh-HK' } });
    expect(currentUser.get()?.language).toBe('zh-HK');
  });

  it('only switches the page for a visitor who is not signed in', async () => {
    const { service, transport, language } = session(() => ({ status: 200, body: {} }));
    await service.changeLanguage('en');
    expect(language.current()).toBe('en');
    expect(transport.requests).toEqual([]);
  });
});

describe('start-up', () => {
  it('restores the signed-in user from storage, then sends the first heartbeat and one every 5 minutes until stopped', async () => {
    vi.useFakeTimers();
    try {
      const core = createCore({ user: ADMIN, handler: () => ({ status: 200, body: { auth: true } }) });
      const heartbeat = new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts);
      const beats = () => core.transport.requests.filter((r) => r.path === '/api/heartbeat').length;
      const stop = new AppStartup(core.currentUser, heartbeat, core.navigation).start();
      expect(core.state.get().user).toEqual(ADMIN);
      await vi.advanceTimersByTimeAsync(0);
      expect(beats()).toBe(1);
      expect(core.state.get()).toMatchObject({ isOnline: true, authValid: true });
      await vi.advanceTimersByTimeAsync(300_000);
      expect(beats()).toBe(2);
      stop();
      await vi.advanceTimersByTimeAsync(900_000);
      expect(beats()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgets what the device keeps of the worker’s day as soon as the server says the session is over, not while it lasts (issue 31 item 9)', async () => {
    vi.useFakeTimers();
    try {
      let auth = true;
      const core = createCore({ user: ADMIN, handler: () => ({ status: 200, body: { auth, session_expired: !auth } }) });
      const heartbeat = new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts);
      const kept = new FakeOfflineCache(true);
      const stop = new AppStartup(core.currentUser, heartbeat, core.navigation, kept).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(kept.forgotten).toBe(0);
      // The session ends on the server (not by a sign-out here): the next heartbeat says so.
      auth = false;
      await vi.advanceTimersByTimeAsync(300_000);
      expect(core.state.get().user).toBeNull();
      expect(kept.forgotten).toBe(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing of anyone’s day when the app opens with no one signed in, nor after a 401 to a call', async () => {
    const core = createCore({ user: null, handler: () => ({ status: 401, body: { message: 'Unauthenticated.' } }) });
    const heartbeat = new HeartbeatService(core.api, core.state, core.currentUser, core.navigator, globalTimer, core.drafts);
    const kept = new FakeOfflineCache(true);
    const stop = new AppStartup(core.currentUser, heartbeat, core.navigation, kept).start();
    expect(kept.forgotten).toBe(1);
    core.currentUser.set(ADMIN);
    await core.api.get('/api/user/profile');
    expect(core.state.get().user).toBeNull();
    expect(kept.forgotten).toBe(2);
    stop();
  });
});

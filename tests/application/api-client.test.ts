import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, createCore } from '../support/fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the error catalogue (spec §8), applied once for every call', () => {
  const cases = [
    { answer: 'no-response' as const, code: 'network', url: '/error-no-connection', kind: 'push' },
    { answer: { status: 404, body: { message: 'gone' } }, code: 'notFound', url: '/error-404', kind: 'push' },
    { answer: { status: 401, body: { message: 'sign in' } }, code: 'unauthorized', url: '/login', kind: 'push' },
    { answer: { status: 401, body: { message: 'expired', session_expired: true } }, code: 'sessionExpired', url: '/login?session_expired=1', kind: 'push' },
    { answer: { status: 403, body: { message: 'no' } }, code: 'forbidden', url: '/error-403', kind: 'replace' },
    { answer: { status: 500, body: { message: 'boom' } }, code: 'server', url: '/error-500', kind: 'push' },
  ];

  for (const { answer, code, url, kind } of cases) {
    it(`${answer === 'no-response' ? 'no response' : answer.status}${code === 'sessionExpired' ? ' with session_expired' : ''} → ${kind} ${url}, and the caller still gets the error`, async () => {
      // Someone signed in: the error pages are their routes (a visitor who is not signed in sees them where they are, below).
      const { api, navigator, currentUser } = createCore({ user: ADMIN, start: '/clients', handler: () => answer });
      currentUser.restore();
      const result = await api.get('/api/clients');
      expect(result.isErr() && result.error.code).toBe(code);
      expect(navigator.history).toEqual([{ kind, url }]);
    });
  }

  it('shows a visitor who is not signed in the error page where they are, since the error routes lead to /login (issue 31 item 15)', async () => {
    for (const { answer, code, url } of cases.filter((c) => c.url.startsWith('/error-'))) {
      const { api, navigator, shownHere } = createCore({ start: '/d/some-token', handler: () => answer });
      const shown: string[] = [];
      shownHere.shown$.subscribe((page) => shown.push(page));
      const result = await api.get('/api/public/documents/some-token');
      expect(result.isErr() && result.error.code).toBe(code);
      expect(navigator.history).toEqual([]);
      expect(shown).toEqual([url]);
    }
  });

  it('marks the app offline when a call gets no response', async () => {
    const { api, state } = createCore({ handler: () => 'no-response' });
    state.set({ isOnline: true });
    await api.get('/api/clients');
    expect(state.get().isOnline).toBe(false);
  });

  it('forgets the signed-in user on 401', async () => {
    const { api, state, store, currentUser } = createCore({ user: ADMIN, handler: () => ({ status: 401, body: {} }) });
    currentUser.restore();
    await api.get('/api/clients');
    expect(state.get().user).toBeNull();
    expect(store.user).toBeNull();
  });

  it('leaves validation errors to the screen, with the message of each field', async () => {
    const { api, navigator } = createCore({
      handler: () => ({ status: 422, body: { message: 'Enter a name.', errors: { name: ['Enter a name.'] } } }),
    });
    const result = await api.post('/api/clients', {});
    expect(result.isErr() && result.error).toEqual({ code: 'validation', message: 'Enter a name.', fields: { name: ['Enter a name.'] } });
    expect(navigator.history).toEqual([]);
  });

  it('treats every 2xx as success and anything else as an error', async () => {
    for (const status of [200, 201, 204, 299]) {
      const { api } = createCore({ handler: () => ({ status, body: { ok: status } }) });
      expect((await api.get('/api/x')).isOk()).toBe(true);
    }
    const { api } = createCore({ handler: () => ({ status: 302, body: null }) });
    expect((await api.get('/api/x')).isErr()).toBe(true);
  });

  it('marks the app offline on a 503 (the database unavailable), keeping the screen, even for a background call', async () => {
    for (const navigateOnError of [true, false]) {
      const { api, state, navigator } = createCore({ start: '/clients/7', handler: () => ({ status: 503, body: { message: 'The database cannot be reached just now.' } }) });
      state.set({ isOnline: true });
      const result = await api.post('/api/clients', { nameZh: '陳' }, { navigateOnError });
      expect(result.isErr() && result.error).toEqual({ code: 'unavailable', message: 'The database cannot be reached just now.' });
      expect(state.get().isOnline).toBe(false);
      expect(navigator.url).toBe('/clients/7');
    }
  });

  it('marks the app offline when a background call gets no response, without leaving the page', async () => {
    const { api, state, navigator } = createCore({ start: '/calendar', handler: () => 'no-response' });
    state.set({ isOnline: true });
    await api.get('/api/appointments', undefined, { navigateOnError: false });
    expect(state.get().isOnline).toBe(false);
    expect(navigator.history).toEqual([]);
  });

  it('stays put when the caller opts out of navigation', async () => {
    const { api, navigator } = createCore({ handler: () => 'no-response' });
    const result = await api.get('/api/x', undefined, { navigateOnError: false });
    expect(result.isErr()).toBe(true);
    expect(navigator.history).toEqual([]);
  });
});

describe('XSRF token refresh', () => {
  it('fetches a fresh XSRF cookie once after a 419 and repeats the request', async () => {
    let fresh = false;
    const { api, transport } = createCore({
      handler: (request) => {
        if (request.path === '/api/csrf-cookie') {
          fresh = true;
          return { status: 204, body: null };
        }
        return fresh ? { status: 200, body: { saved: true } } : { status: 419, body: { message: 'expired' } };
      },
    });
    const result = await api.post('/api/things', { a: 1 });
    expect(result.isOk() && result.value).toEqual({ saved: true });
    expect(transport.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/things', 'GET /api/csrf-cookie', 'POST /api/things']);
  });

  it('gives up after one retry', async () => {
    const { api, transport } = createCore({ handler: (r) => (r.path === '/api/csrf-cookie' ? { status: 204, body: null } : { status: 419, body: {} }) });
    const result = await api.post('/api/things', {});
    expect(result.isErr() && result.error.code).toBe('csrf');
    expect(transport.requests).toHaveLength(3);
  });
});

describe('the progress bar during a call', () => {
  it('appears only when the call lasts longer than 250 ms, and goes when it ends', async () => {
    let release: () => void = () => undefined;
    const { api, bar } = createCore({
      handler: () => new Promise((resolve) => (release = () => resolve({ status: 200, body: {} }))),
    });
    const pending = api.get('/api/slow');
    await vi.advanceTimersByTimeAsync(249);
    expect(bar.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(bar.calls).toEqual(['start']);
    release();
    await pending;
    expect(bar.calls).toEqual(['start', 'done']);
  });

  it('never appears for a quick call', async () => {
    const { api, bar } = createCore({ handler: () => ({ status: 200, body: {} }) });
    await api.get('/api/quick');
    await vi.advanceTimersByTimeAsync(1000);
    expect(bar.calls).toEqual([]);
  });

  it('is cancelled when the call fails', async () => {
    let fail: () => void = () => undefined;
    const { api, bar } = createCore({ handler: () => new Promise((resolve) => (fail = () => resolve({ status: 500, body: {} }))) });
    const pending = api.get('/api/x');
    await vi.advanceTimersByTimeAsync(300);
    fail();
    const result = await pending;
    expect(result.isErr()).toBe(true);
    expect(bar.calls).toEqual(['start', 'done']);
  });
});

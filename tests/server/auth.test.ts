import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import { clientIpOf } from '../../server/node/clientIp';
import { DEMO, serverForTests, startTestServer, TestAgent } from './harness';

const { admin, worker } = DEMO;

const server = serverForTests();

describe('GET /api/heartbeat', () => {
  // Issue 18: a visitor gets the XSRF-TOKEN cookie but no stored session (and so no session cookie).
  it('answers auth false to a visitor and issues an XSRF-TOKEN cookie, but no session', async () => {
    const agent = new TestAgent(server);
    const reply = await agent.get('/api/heartbeat');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ auth: false });
    expect(agent.cookies.has('session')).toBe(false);
    expect(agent.cookies.get('XSRF-TOKEN')).toMatch(/^[\w-]{40,}$/);
    const xsrfCookie = reply.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(xsrfCookie).not.toMatch(/HttpOnly/);
    expect(xsrfCookie).toMatch(/SameSite=Lax/);
  });

  it('issues the session cookie HttpOnly and SameSite=Lax at sign-in', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/heartbeat');
    const reply = await agent.post('/api/login', { email: admin.email, password: admin.password });
    const sessionCookie = reply.headers.getSetCookie().find((c) => c.startsWith('session='));
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
  });

  it('answers auth true once signed in', async () => {
    const agent = new TestAgent(server);
    expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: true });
  });
});

describe('POST /api/login', () => {
  it('signs in with the right password and returns the user with language and role permissions', async () => {
    const agent = new TestAgent(server);
    const reply = await agent.signIn(admin.email, admin.password);
    expect(reply.status).toBe(200);
    const user = reply.body?.user as Record<string, unknown>;
    expect(user).toMatchObject({ email: admin.email, name: admin.name, language: 'zh-HK', isAdmin: true });
    expect((user.role as { name: string; permissions: string[] }).name).toBe('admin');
    expect((user.role as { permissions: string[] }).permissions).toContain('appointment_view');
    expect(user).not.toHaveProperty('password_hash');
  });

  it('accepts the email in any letter case', async () => {
    const reply = await new TestAgent(server).signIn(worker.email.toUpperCase(), worker.password);
    expect(reply.status).toBe(200);
    expect((reply.body?.user as { role: { permissions: string[] } }).role.permissions).not.toContain('user_view');
  });

  it('gives a new session id on sign-in (no session fixation)', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/heartbeat');
    const guestSession = agent.cookies.get('session');
    await agent.signIn(admin.email, admin.password);
    expect(agent.cookies.get('session')).not.toBe(guestSession);
    const planted = new TestAgent(server);
    planted.cookies.set('session', guestSession!);
    expect((await planted.get('/api/heartbeat')).body).toEqual({ auth: false });
  });

  it("refuses a wrong password with 'These credentials do not match our records.'", async () => {
    const reply = await new TestAgent(server, 'en').signIn(admin.email, 'Wrong1234');
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
  });

  it('says the same in Traditional Chinese when the browser asks for zh-HK', async () => {
    const reply = await new TestAgent(server, 'zh-HK').signIn(admin.email, 'Wrong1234');
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('登入資料與我們的記錄不符。');
  });

  it('gives an unknown email exactly the same answer as a wrong password', async () => {
    const reply = await new TestAgent(server).signIn('nobody@example.com', 'Wrong1234');
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('These credentials do not match our records.');
  });

  it('answers 422 with a message per field for a malformed body', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const reply = await agent.post('/api/login', { email: 'not-an-email' });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ email: ['Enter a valid email address.'], password: ['This field is required.'] });
  });

  it('refuses a POST without the X-XSRF-TOKEN header, and with a wrong one', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const missing = await agent.post('/api/login', { email: admin.email, password: admin.password }, { xsrf: false });
    expect(missing.status).toBe(419);
    const wrong = await agent.post('/api/login', { email: admin.email, password: admin.password }, { xsrf: 'forged-token' });
    expect(wrong.status).toBe(419);
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: false });
  });

  it('writes the sign-in and the failed attempt to the audit log', async () => {
    await new TestAgent(server).signIn(worker.email, 'Nope12345');
    await new TestAgent(server).signIn(worker.email, worker.password);
    const actions = await server.db.selectFrom('audits').select(['action', 'entity_type', 'ip']).orderBy('id', 'desc').limit(2).execute();
    expect(actions.map((a) => a.action)).toEqual(['login', 'login_failed']);
    expect(actions[0]).toMatchObject({ entity_type: 'user', ip: '127.0.0.1' });
  });
});

describe('POST /api/logout', () => {
  it('ends the session on the server, so its cookie no longer signs anyone in', async () => {
    const agent = new TestAgent(server);
    await agent.signIn(admin.email, admin.password);
    const signedIn = agent.cookies.get('session')!;
    expect((await agent.post('/api/logout')).status).toBe(204);
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: false });
    const replay = new TestAgent(server);
    replay.cookies.set('session', signedIn);
    expect((await replay.get('/api/user')).status).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('answers 401 without a session', async () => {
    const reply = await new TestAgent(server).get('/api/user');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Please sign in to continue.' });
  });
});

describe('PUT /api/user/language', () => {
  it('stores the language on the account and audits the change', async () => {
    const agent = new TestAgent(server);
    await agent.signIn(worker.email, worker.password);
    const reply = await agent.put('/api/user/language', { language: 'en' });
    expect(reply.status).toBe(200);
    expect((reply.body?.user as { language: string }).language).toBe('en');
    const again = await new TestAgent(server).signIn(worker.email, worker.password);
    expect((again.body?.user as { language: string }).language).toBe('en');
    await agent.put('/api/user/language', { language: 'zh-HK' });
  });

  it('refuses a language the app does not have', async () => {
    const agent = new TestAgent(server);
    await agent.signIn(worker.email, worker.password);
    expect((await agent.put('/api/user/language', { language: 'fr' })).status).toBe(422);
  });
});

describe('session expiry', () => {
  it('expires an idle session: the next call gets 401 with session_expired, the heartbeat says so too', async () => {
    const agent = new TestAgent(server);
    await agent.signIn(admin.email, admin.password);
    server.clock.advance(DEFAULT_SERVER_CONFIG.idleTimeoutMs + 1000);
    const reply = await agent.get('/api/user');
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ message: 'Your session has expired, please log in again.', session_expired: true });
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: false, session_expired: true });
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: false });
  });

  it('does not let the heartbeat keep an idle session alive', async () => {
    const agent = new TestAgent(server);
    await agent.signIn(admin.email, admin.password);
    for (let minutes = 0; minutes < 125; minutes += 5) {
      server.clock.advance(5 * 60 * 1000);
      await agent.get('/api/heartbeat');
    }
    expect((await agent.get('/api/user')).status).toBe(401);
  });

  it('keeps a session in use alive, up to the absolute limit', async () => {
    const agent = new TestAgent(server);
    await agent.signIn(admin.email, admin.password);
    const hours = DEFAULT_SERVER_CONFIG.absoluteTimeoutMs / 3_600_000;
    for (let hour = 1; hour < hours; hour++) {
      server.clock.advance(3_600_000);
      expect((await agent.get('/api/user')).status).toBe(200);
    }
    server.clock.advance(3_600_000 + 1000);
    const reply = await agent.get('/api/user');
    expect(reply.status).toBe(401);
    expect(reply.body?.session_expired).toBe(true);
  });
});

describe('every response', () => {
  it('carries the security headers', async () => {
    const reply = await new TestAgent(server).get('/api/heartbeat');
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-security-policy')).toContain("object-src 'none'");
  });

  // Issue 18: a visitor's heartbeat sets only the XSRF-TOKEN cookie; the session cookie comes with the sign-in.
  it('marks both cookies Secure and asks for HTTPS only (HSTS) when served over HTTPS, but not over plain HTTP', async () => {
    const signInOver = async (origin: string) => {
      const heartbeat = await server.app.request(`${origin}/api/heartbeat`);
      const xsrfCookie = heartbeat.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '';
      const xsrf = xsrfCookie.split(';')[0]!.slice('XSRF-TOKEN='.length);
      const login = await server.app.request(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      expect(login.status).toBe(200);
      return { heartbeat, xsrfCookie, sessionCookie: login.headers.getSetCookie().find((c) => c.startsWith('session=')) ?? '' };
    };
    const secure = await signInOver('https://localhost');
    expect(secure.sessionCookie).toMatch(/;\s*Secure/);
    expect(secure.xsrfCookie).toMatch(/;\s*Secure/);
    expect(secure.heartbeat.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const plain = await signInOver('http://localhost');
    expect(plain.sessionCookie).toMatch(/^session=/);
    expect(plain.sessionCookie).not.toMatch(/Secure/);
    expect(plain.xsrfCookie).not.toMatch(/Secure/);
    expect(plain.heartbeat.headers.get('strict-transport-security')).toBeNull();
  });

  it('behind a trusted reverse proxy (TRUST_PROXY=1), marks the cookies Secure and sends HSTS when X-Forwarded-Proto says https; otherwise ignores that header', async () => {
    // A visitor's heartbeat sets the XSRF-TOKEN cookie (written with the same Secure choice as the session cookie).
    const xsrfCookie = (reply: Response) => reply.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '';
    const untrusted = await server.app.request('http://localhost/api/heartbeat', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(xsrfCookie(untrusted)).not.toMatch(/Secure/);
    const proxied = await startTestServer({ ...DEFAULT_SERVER_CONFIG, trustProxy: true });
    try {
      expect(xsrfCookie(await proxied.app.request('http://localhost/api/heartbeat', { headers: { 'X-Forwarded-Proto': 'https' } }))).toMatch(/;\s*Secure/);
      expect(xsrfCookie(await proxied.app.request('http://localhost/api/heartbeat', { headers: { 'X-Forwarded-Proto': 'http' } }))).not.toMatch(/Secure/);
      expect(xsrfCookie(await proxied.app.request('http://localhost/api/heartbeat'))).not.toMatch(/Secure/);
      expect((await proxied.app.request('http://localhost/api/heartbeat', { headers: { 'X-Forwarded-Proto': 'https' } })).headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
      expect((await proxied.app.request('http://localhost/api/heartbeat', { headers: { 'X-Forwarded-Proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it('takes the caller’s IP from the connection, or behind a trusted proxy from the address it added to X-Forwarded-For', () => {
    expect(clientIpOf('10.0.0.1', '203.0.113.9', false)).toBe('10.0.0.1');
    expect(clientIpOf('10.0.0.1', '198.51.100.7, 203.0.113.9', true)).toBe('203.0.113.9');
    expect(clientIpOf('10.0.0.1', undefined, true)).toBe('10.0.0.1');
    expect(clientIpOf(undefined, undefined, false)).toBeNull();
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const reply = await new TestAgent(server).get('/api/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: 'The requested resource was not found.' });
    expect(reply.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(reply.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

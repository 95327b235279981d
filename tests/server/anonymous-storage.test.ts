import { describe, expect, it } from 'vitest';
import { EXPIRED_SESSION_KEPT_MS, purgeExpired } from '../../server/db/housekeeping';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import { DEMO, serverForTests, startTestServer, TEST_CLIENT_IP_HEADER, TestAgent } from './harness';

/** Issue 18: anonymous requests do not grow the database, and what has expired is deleted. */
const { admin, worker } = DEMO;

const server = serverForTests();

const count = async (table: 'sessions' | 'rate_limits') => Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('anonymous requests', () => {
  it('store nothing: 300 cookieless heartbeats and XSRF-cookie requests leave the sessions and rate limits as they were', async () => {
    const sessions = await count('sessions');
    const limits = await count('rate_limits');
    for (let i = 0; i < 150; i++) {
      const heartbeat = await server.app.request('http://localhost/api/heartbeat');
      expect(heartbeat.status).toBe(200);
      expect(await heartbeat.json()).toEqual({ auth: false });
      expect((await server.app.request('http://localhost/api/csrf-cookie')).status).toBe(204);
    }
    expect(await count('sessions')).toBe(sessions);
    expect(await count('rate_limits')).toBe(limits);
  });

  it('still give the sign-in page what it needs: the first heartbeat hands an XSRF-TOKEN cookie (no session cookie), and the sign-in with it works', async () => {
    const agent = new TestAgent(server);
    const heartbeat = await agent.get('/api/heartbeat');
    expect(heartbeat.body).toEqual({ auth: false });
    expect(agent.cookies.get('XSRF-TOKEN')).toMatch(/^[\w-]{40,}$/);
    expect(agent.cookies.has('session')).toBe(false);
    // Later heartbeats keep the same token (a sign-in already under way is not broken).
    const token = agent.cookies.get('XSRF-TOKEN');
    await agent.get('/api/heartbeat');
    expect(agent.cookies.get('XSRF-TOKEN')).toBe(token);
    expect((await agent.post('/api/login', { email: admin.email, password: admin.password })).status).toBe(200);
    expect(agent.cookies.has('session')).toBe(true);
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: true });
  });

  it('still refuse a sign-in or registration without the XSRF header, or with one that is not the cookie’s (419)', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/heartbeat');
    expect((await agent.post('/api/login', { email: admin.email, password: admin.password }, { xsrf: false })).status).toBe(419);
    expect((await agent.post('/api/login', { email: admin.email, password: admin.password }, { xsrf: 'forged-token-forged-token-forged-token-0' })).status).toBe(419);
    const noCookie = new TestAgent(server);
    expect((await noCookie.post('/api/login', { email: admin.email, password: admin.password }, { xsrf: 'forged-token-forged-token-forged-token-0' })).status).toBe(419);
    expect((await noCookie.post('/api/register', { name: 'x', email: 'x@example.com', password: 'Harbour8Pest', password_confirmation: 'Harbour8Pest' }, { xsrf: 'a' })).status).toBe(419);
  });

  it('sign-out leaves no row behind and removes the session cookie; the next sign-in works', async () => {
    const agent = new TestAgent(server);
    expect((await agent.signIn(worker.email, worker.password)).status).toBe(200);
    const before = await count('sessions');
    expect((await agent.post('/api/logout')).status).toBe(204);
    expect(await count('sessions')).toBe(before - 1);
    expect(agent.cookies.has('session')).toBe(false);
    expect((await agent.post('/api/login', { email: worker.email, password: worker.password })).status).toBe(200);
  });
});

describe('purging what has expired', () => {
  it('deletes expired sign-ins a day after they expired, timed-out two-factor waits, old guest rows and ended rate-limit windows, and keeps the rest', async () => {
    const purgeServer = await startTestServer();
    try {
      const kept = new TestAgent(purgeServer);
      expect((await kept.signIn(admin.email, admin.password)).status).toBe(200);
      const idle = new TestAgent(purgeServer);
      expect((await idle.signIn(worker.email, worker.password)).status).toBe(200);
      const at = purgeServer.clock.now();
      // A guest row of an earlier version, a two-factor wait, and rate-limit counts.
      await purgeServer.db.insertInto('sessions').values({ id: 'legacy-guest', user_id: null, xsrf_token: 'x', created_at: at, last_activity_at: at, ip: null, user_agent: null, pending_user_id: null, pending_at: null, is_admin_snapshot: null, permissions_snapshot: null }).execute();
      const adminId = (await purgeServer.db.selectFrom('users').select('id').where('email', '=', admin.email).executeTakeFirstOrThrow()).id;
      await purgeServer.db.insertInto('sessions').values({ id: 'pending', user_id: null, xsrf_token: 'x', created_at: at, last_activity_at: at, ip: null, user_agent: null, pending_user_id: adminId, pending_at: at, is_admin_snapshot: null, permissions_snapshot: null }).execute();
      const wrong = new TestAgent(purgeServer);
      await wrong.get('/api/csrf-cookie');
      await wrong.post('/api/login', { email: 'nobody@example.com', password: 'Wrong0000' }, { headers: { [TEST_CLIENT_IP_HEADER]: '10.50.0.1' } });
      const limitsBefore = Number((await purgeServer.db.selectFrom('rate_limits').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
      expect(limitsBefore).toBeGreaterThan(0);

      // Nothing usable goes: the pending sign-in still has its 5 minutes, the windows are open.
      const first = await purgeExpired(purgeServer.db, purgeServer.clock.now(), DEFAULT_SERVER_CONFIG);
      expect(first.sessions).toBe(1); // the legacy guest row only
      expect(first.rateLimits).toBe(0);

      // The admin's session used just before its idle timeout; then a day on: the admin's expired
      // less than a day ago and stays, the worker's expired more than a day ago and goes.
      purgeServer.clock.advance(DEFAULT_SERVER_CONFIG.idleTimeoutMs - 60_000);
      expect((await kept.get('/api/user')).status).toBe(200);
      purgeServer.clock.advance(EXPIRED_SESSION_KEPT_MS + 120_000);
      const second = await purgeExpired(purgeServer.db, purgeServer.clock.now(), DEFAULT_SERVER_CONFIG);
      expect(second.rateLimits).toBe(limitsBefore);
      const left = await purgeServer.db.selectFrom('sessions').select(['id', 'user_id']).execute();
      expect(left.some((row) => row.id === 'pending')).toBe(false);
      expect(left.some((row) => row.id === 'legacy-guest')).toBe(false);
      expect(left.filter((row) => row.user_id === adminId)).toHaveLength(1);
      const workerId = (await purgeServer.db.selectFrom('users').select('id').where('email', '=', worker.email).executeTakeFirstOrThrow()).id;
      expect(left.some((row) => row.user_id === workerId)).toBe(false);
      expect(await purgeServer.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
    } finally {
      await purgeServer.close();
    }
    // A second database of its own: slow to open on a busy machine.
  }, 180_000);

  it('keeps an expired sign-in for a day so the heartbeat can still say it expired', async () => {
    const agent = new TestAgent(server);
    expect((await agent.signIn(worker.email, worker.password)).status).toBe(200);
    server.clock.advance(DEFAULT_SERVER_CONFIG.idleTimeoutMs + 60_000);
    await purgeExpired(server.db, server.clock.now(), DEFAULT_SERVER_CONFIG);
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: false, session_expired: true });
  });
});

import { describe, expect, it } from 'vitest';
import { hasPermission, type Permission } from '../../domain/auth/permissions';
import { DEMO_ROLES, DEMO_USERS } from '../../server/db/seed';
import { ENDPOINTS, pattern } from './endpoints';
import { serverForTests, TestAgent } from './harness';

const server = serverForTests();

describe('the permission matrix', () => {
  it('lists every endpoint the server has', () => {
    const registered = new Set(
      server.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.endsWith('*'))
        .map((r) => `${r.method} ${r.path.replace(/:[a-z_]+(\{[^/]*\})?/g, ':n').replace(/\/:n(?=\/(?::n|\d))/, '/:k').replace(/options\/:n/, 'options/:k')}`),
    );
    const listed = new Set(ENDPOINTS.map(([method, path]) => `${method} ${pattern(path)}`));
    expect([...registered].filter((r) => !listed.has(r)).sort()).toEqual([]);
  });

  for (const demo of DEMO_USERS) {
    it(`is enforced for the ${demo.role} role on every endpoint`, async () => {
      const agent = new TestAgent(server);
      expect((await agent.signIn(demo.email, demo.password)).status).toBe(200);
      const holder = { isAdmin: demo.isAdmin, role: { permissions: DEMO_ROLES[demo.role] } };
      const wrong: string[] = [];
      for (const [method, path, need] of ENDPOINTS) {
        if (need === 'public' || path === '/api/user' || path.startsWith('/api/logout')) continue;
        const reply =
          method === 'GET' ? await agent.get(path) : await agent.request(method, path, {}, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
        const allowed = need === 'user' || need === 'session' || (Array.isArray(need) ? need : [need]).every((p: Permission) => hasPermission(holder, p));
        const refused = reply.status === 403;
        if (allowed === refused || reply.status === 401 || reply.status >= 500) wrong.push(`${method} ${path} → ${reply.status} (needs ${String(need)})`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers 401 on every non-public endpoint without a session', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    for (const [method, path, need] of ENDPOINTS) {
      if (need === 'public') continue;
      const reply = method === 'GET' ? await agent.get(path) : await agent.request(method, path, {}, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
      expect(reply.status, `${method} ${path}`).toBe(401);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { isDatabaseUnavailable } from '../../server/http/errors';
import { startTestServer, TestAgent } from './harness';

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

describe('when the database cannot be reached', () => {
  it('answers 503 with a clear message in the caller’s language, and no stack or SQL', async () => {
    const server = await startTestServer();
    const agent = new TestAgent(server, 'zh-HK');
    await agent.signIn(admin.email, admin.password);
    await server.db.destroy();
    const read = await agent.get('/api/clients');
    expect(read.status).toBe(503);
    expect(read.body).toEqual({ message: '暫時未能連接資料庫，是次操作未有儲存，請稍後再試。' });
    // An error reply carries the security headers too.
    expect(read.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(read.headers.get('x-content-type-options')).toBe('nosniff');
    const write = await agent.post('/api/areas', { nameEn: 'X', nameZh: 'X', region: 'kowloon' });
    expect(write.status).toBe(503);
    expect(JSON.stringify(write.body)).not.toMatch(/at |select|insert|Error/);
  });

  it('tells an unreachable database from a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('driver has already been destroyed'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });
});

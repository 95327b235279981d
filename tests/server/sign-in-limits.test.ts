import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import { DEMO, startTestServer, TEST_CLIENT_IP_HEADER, TestAgent, type TestServer } from './harness';

/** Issue 18: password spraying is throttled per address and per account; common passwords are refused. */
const { admin, sales, worker } = DEMO;

const PER_ADDRESS = 6;
const PER_ACCOUNT = 4;
const WINDOW_MS = 10 * 60_000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ...DEFAULT_SERVER_CONFIG, loginFailuresPerAddress: PER_ADDRESS, loginFailuresPerAccount: PER_ACCOUNT, loginFailureWindowMs: WINDOW_MS });
});
afterAll(() => server.close());

/** A sign-in from a given address, as a fresh browser. */
async function signInFrom(ip: string, email: string, password: string, language = 'en') {
  const agent = new TestAgent(server, language);
  await agent.get('/api/csrf-cookie');
  return agent.post('/api/login', { email, password }, { headers: { [TEST_CLIENT_IP_HEADER]: ip } });
}

const auditCount = async (action: string, ip?: string) => {
  let query = server.db.selectFrom('audits').select((eb) => eb.fn.countAll<string>().as('n')).where('action', '=', action);
  if (ip) query = query.where('ip', '=', ip);
  return Number((await query.executeTakeFirstOrThrow()).n);
};

describe('password spraying from one address', () => {
  it('refuses an address with 429 and Retry-After once it has failed on many emails, in both languages, auditing the trip once', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < PER_ADDRESS; i++) expect((await signInFrom(ip, `spray${i}@example.com`, 'Password1')).status).toBe(422);
    const refused = await signInFrom(ip, 'spray-next@example.com', 'Password1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(refused.body?.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    const chinese = await signInFrom(ip, 'spray-more@example.com', 'Password1', 'zh-HK');
    expect(chinese.status).toBe(429);
    expect(chinese.body?.message).toMatch(/^嘗試次數過多，請於 \d+ 秒後再試。$/);
    // Even a real account with its right password waits: the address is refused, not guessed from.
    expect((await signInFrom(ip, worker.email, worker.password)).status).toBe(429);
    for (let i = 0; i < 20; i++) expect((await signInFrom(ip, `spray-late${i}@example.com`, 'Password1')).status).toBe(429);

    // The audit log: one line per failed password, one line for the trip, none per refused attempt.
    expect(await auditCount('login_failed', ip)).toBe(PER_ADDRESS);
    expect(await auditCount('login_throttled', ip)).toBe(1);

    // Another address is not affected; the window ends.
    expect((await signInFrom('10.20.0.2', worker.email, worker.password)).status).toBe(200);
    server.clock.advance(WINDOW_MS + 1000);
    expect((await signInFrom(ip, worker.email, worker.password)).status).toBe(200);
  });

  it('counts failures, not successes: an office signing in many times from one address is never refused', async () => {
    const ip = '10.20.1.1';
    for (let i = 0; i < PER_ADDRESS * 2; i++) {
      const who = [admin, sales, worker][i % 3]!;
      expect((await signInFrom(ip, who.email, who.password)).status).toBe(200);
    }
    // A few typing mistakes among them still leave room.
    for (let i = 0; i < PER_ADDRESS - 1; i++) expect((await signInFrom(ip, `typo${i}@example.com`, 'Wrong0000')).status).toBe(422);
    expect((await signInFrom(ip, admin.email, admin.password)).status).toBe(200);
    expect(await auditCount('login_throttled', ip)).toBe(0);
  });
});

describe('guessing one account from many addresses', () => {
  it('refuses the account with 429 once it has failed from several addresses, auditing the trip once; other accounts carry on', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signInFrom(`10.30.0.${i + 1}`, email, 'Wrong0000')).status).toBe(422);
    const refused = await signInFrom('10.30.1.1', email, 'Wrong0000');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await signInFrom('10.30.1.2', email, 'Wrong0000')).status).toBe(429);
    const throttled = await server.db.selectFrom('audits').select(['changes']).where('action', '=', 'login_throttled').where('ip', 'like', '10.30.%').execute();
    expect(throttled).toHaveLength(1);
    expect(JSON.stringify(throttled[0]?.changes)).toContain(email);

    // The real account's owner is held too, but only for this account.
    const owner = DEMO_USERS.find((u) => u.role === 'sales')!;
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signInFrom(`10.31.0.${i + 1}`, owner.email, 'Wrong0000')).status).toBe(422);
    expect((await signInFrom('10.31.1.1', owner.email, owner.password)).status).toBe(429);
    expect((await signInFrom('10.31.1.1', admin.email, admin.password)).status).toBe(200);
    server.clock.advance(WINDOW_MS + 1000);
    expect((await signInFrom('10.31.1.1', owner.email, owner.password)).status).toBe(200);
  });

  it('is configurable, with limits that stop spraying yet leave room for a test suite’s or an office’s mistakes', () => {
    expect(DEFAULT_SERVER_CONFIG.loginFailuresPerAddress).toBeGreaterThanOrEqual(20);
    expect(DEFAULT_SERVER_CONFIG.loginFailuresPerAddress).toBeLessThanOrEqual(100);
    expect(DEFAULT_SERVER_CONFIG.loginFailuresPerAccount).toBeGreaterThanOrEqual(5);
    expect(DEFAULT_SERVER_CONFIG.loginFailureWindowMs).toBeGreaterThanOrEqual(5 * 60_000);
  });
});

describe('common passwords', () => {
  it('refuses a common password at registration with 422 on the field, in both languages, even when it meets the composition rules', async () => {
    const en = new TestAgent(server);
    await en.get('/api/csrf-cookie');
    const reply = await en.post('/api/register', { name: 'Common', email: 'common@example.com', password: 'Password1', password_confirmation: 'Password1' }, { headers: { [TEST_CLIENT_IP_HEADER]: '10.40.0.1' } });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ password: ['This password is one of the most commonly used passwords and is easy to guess. Choose another.'] });
    const zh = new TestAgent(server, 'zh-HK');
    await zh.get('/api/csrf-cookie');
    const chinese = await zh.post('/api/register', { name: 'Common', email: 'common@example.com', password: 'Qwerty123', password_confirmation: 'Qwerty123' }, { headers: { [TEST_CLIENT_IP_HEADER]: '10.40.0.2' } });
    expect(chinese.status).toBe(422);
    expect(chinese.body?.errors).toEqual({ password: ['此密碼是最常用的密碼之一，容易被猜中，請另選一個。'] });
    expect(await server.db.selectFrom('users').select('id').where('email', '=', 'common@example.com').executeTakeFirst()).toBeUndefined();
    // An uncommon one is taken.
    const fine = await en.post('/api/register', { name: 'Common', email: 'common@example.com', password: 'Harbour8Pest', password_confirmation: 'Harbour8Pest' }, { headers: { [TEST_CLIENT_IP_HEADER]: '10.40.0.3' } });
    expect(fine.status).toBe(201);
  });

  it('refuses a common password when changing one’s own and when an administrator creates a user', async () => {
    const agent = new TestAgent(server);
    expect((await agent.signIn(admin.email, admin.password)).status).toBe(200);
    const change = await agent.put('/api/user/password', { current_password: admin.password, password: 'Welcome1', password_confirmation: 'Welcome1' });
    expect(change.status).toBe(422);
    expect(change.body?.errors).toEqual({ password: ['This password is one of the most commonly used passwords and is easy to guess. Choose another.'] });
    const create = await agent.post('/api/users', {
      name: 'New Clerk',
      email: 'new-clerk@example.com',
      language: 'en',
      roleId: null,
      branchId: null,
      isAdmin: false,
      active: true,
      password: 'Passw0rd',
      password_confirmation: 'Passw0rd',
    });
    expect(create.status).toBe(422);
    expect((create.body?.errors as Record<string, string[]>).password).toEqual(['This password is one of the most commonly used passwords and is easy to guess. Choose another.']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDeviceValue } from '../../server/auth/deviceCookie';
import { Encrypter, generateAppKey, parseAppKey } from '../../server/auth/encryption';
import { DEMO_USERS } from '../../server/db/seed';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import { makeLinkToken } from '../../server/links/token';
import { DEMO, startTestServer, TEST_CLIENT_IP_HEADER, TestAgent, type TestServer } from './harness';

/**
 * Issue 18: password spraying is throttled per address and per account; common passwords are refused.
 * Issue 31 item 4: the account's limit slows unknown browsers and never holds up a browser that has
 * signed in to the account before (device cookies).
 */
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
  it('slows unknown browsers once the account has failed from several addresses (a pause that doubles), auditing it once; other accounts carry on', async () => {
    const email = 'target@example.com';
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signInFrom(`10.30.0.${i + 1}`, email, 'Wrong0000')).status).toBe(422);
    // Past the allowance, one attempt goes through and every unknown browser then waits: 1 s, 2 s, 4 s …
    expect((await signInFrom('10.30.1.1', email, 'Wrong0000')).status).toBe(422);
    const refused = await signInFrom('10.30.1.2', email, 'Wrong0000');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    server.clock.advance(1000);
    expect((await signInFrom('10.30.1.3', email, 'Wrong0000')).status).toBe(422);
    expect((await signInFrom('10.30.1.4', email, 'Wrong0000')).headers.get('retry-after')).toBe('2');
    const throttled = await server.db.selectFrom('audits').select(['changes']).where('action', '=', 'login_throttled').where('ip', 'like', '10.30.%').execute();
    expect(throttled).toHaveLength(1);
    expect(JSON.stringify(throttled[0]?.changes)).toContain(email);

    // The owner on a browser that has never signed in waits out the pause, not the window; others are not held.
    const owner = DEMO_USERS.find((u) => u.role === 'sales')!;
    for (let i = 0; i < PER_ACCOUNT + 1; i++) expect((await signInFrom(`10.31.0.${i + 1}`, owner.email, 'Wrong0000')).status).toBe(422);
    const waiting = await signInFrom('10.31.1.1', owner.email, owner.password);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect((await signInFrom('10.31.1.1', admin.email, admin.password)).status).toBe(200);
    server.clock.advance(1000);
    expect((await signInFrom('10.31.1.1', owner.email, owner.password)).status).toBe(200);
    // A window without failures forgets the count: the allowance is whole again.
    server.clock.advance(WINDOW_MS + 1000);
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signInFrom(`10.31.2.${i + 1}`, owner.email, 'Wrong0000')).status).toBe(422);
    expect((await signInFrom('10.31.3.1', owner.email, owner.password)).status).toBe(200);
  });

  it('is configurable, with limits that stop spraying yet leave room for a test suite’s or an office’s mistakes', () => {
    expect(DEFAULT_SERVER_CONFIG.loginFailuresPerAddress).toBeGreaterThanOrEqual(20);
    expect(DEFAULT_SERVER_CONFIG.loginFailuresPerAddress).toBeLessThanOrEqual(100);
    expect(DEFAULT_SERVER_CONFIG.loginFailuresPerAccount).toBeGreaterThanOrEqual(5);
    expect(DEFAULT_SERVER_CONFIG.loginFailureWindowMs).toBeGreaterThanOrEqual(5 * 60_000);
    // Slowed, never locked: an unknown browser waits at most a few minutes between attempts.
    expect(DEFAULT_SERVER_CONFIG.loginPauseMaxMs).toBeGreaterThanOrEqual(60_000);
    expect(DEFAULT_SERVER_CONFIG.loginPauseMaxMs).toBeLessThanOrEqual(DEFAULT_SERVER_CONFIG.loginFailureWindowMs);
  });
});

/** The account's id, as its device cookie's name carries it. */
const idOf = async (email: string) => (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

/** A browser, at `ip`, that signs in to `who` (and so holds a device cookie for it), then signs out. */
async function browserThatSignedIn(ip: string, who: { email: string; password: string }) {
  const agent = new TestAgent(server);
  await agent.get('/api/csrf-cookie');
  expect((await agent.post('/api/login', { email: who.email, password: who.password }, { headers: { [TEST_CLIENT_IP_HEADER]: ip } })).status).toBe(200);
  expect((await agent.post('/api/logout', {}, { headers: { [TEST_CLIENT_IP_HEADER]: ip } })).status).toBe(204);
  const name = `device_${await idOf(who.email)}`;
  expect(agent.cookies.get(name)).toMatch(/^[\w-]{54}$/);
  return { agent, name, value: agent.cookies.get(name)! };
}

/** A sign-in from `agent` (its cookies) at `ip`. */
const signInWith = (agent: TestAgent, ip: string, email: string, password: string) => agent.post('/api/login', { email, password }, { headers: { [TEST_CLIENT_IP_HEADER]: ip } });

/** A fresh browser holding exactly these cookies (and an XSRF token). */
async function browserHolding(cookies: Record<string, string>) {
  const agent = new TestAgent(server);
  await agent.get('/api/csrf-cookie');
  for (const [name, value] of Object.entries(cookies)) agent.cookies.set(name, value);
  return agent;
}

/**
 * Strangers (a new browser each, several addresses) fail on `email` until `failures` passwords have
 * been tried, waiting out each pause they are given; the Retry-After of each pause, in order.
 */
async function strangersFail(email: string, failures: number, net: string): Promise<number[]> {
  const pauses: number[] = [];
  for (let tried = 0, i = 0; tried < failures; i++) {
    const reply = await signInFrom(`${net}.${(i % 200) + 1}`, email, 'Wrong0000');
    if (reply.status === 429) {
      const seconds = Number(reply.headers.get('retry-after'));
      pauses.push(seconds);
      server.clock.advance(seconds * 1000);
    } else {
      expect(reply.status).toBe(422);
      tried++;
    }
  }
  return pauses;
}

describe('a browser that has signed in before (device cookies, issue 31 item 4)', () => {
  it('lets the owner in from a browser that signed in before after twelve failures from strangers, while a stranger still meets the limit', async () => {
    const owner = await browserThatSignedIn('10.60.0.1', admin);
    // Twelve wrong passwords from strangers on several addresses, none with a device cookie.
    const pauses = await strangersFail(admin.email, 12, '10.61.0');
    // Past the allowance every unknown browser is slowed: pauses doubling from a second.
    expect(pauses).toEqual([1, 2, 4, 8, 16, 32, 64]);

    // The owner's browser signs in at once, with no wait, from wherever it is.
    const signedIn = await signInWith(owner.agent, '10.60.9.9', admin.email, admin.password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body?.user).toMatchObject({ email: admin.email });
    // A stranger, even with the right password, waits like every unknown browser.
    const stranger = await signInFrom('10.62.0.1', admin.email, admin.password);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(60);

    // Shared by every instance: nothing of it lives in one server's memory.
    server = await server.restart();
    expect((await signInWith(owner.agent.on(server), '10.60.9.9', admin.email, admin.password)).status).toBe(200);
    expect((await signInFrom('10.62.0.2', admin.email, admin.password)).status).toBe(429);
    // Audited as before: each failure, and one line when the account began to be slowed.
    expect(await server.db.selectFrom('audits').select('id').where('action', '=', 'login_failed').where('ip', 'like', '10.61.0.%').execute()).toHaveLength(12);
    server.clock.advance(WINDOW_MS + 1000);
  });

  it('issues the cookie HttpOnly, SameSite=Strict, only for the sign-in, for months, and Secure over HTTPS', async () => {
    const cookieOf = async (origin: string) => {
      const heartbeat = await server.app.request(`${origin}/api/heartbeat`);
      const xsrf = (heartbeat.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN=')) ?? '').split(';')[0]!.slice('XSRF-TOKEN='.length);
      const login = await server.app.request(`${origin}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: `XSRF-TOKEN=${xsrf}`, 'X-XSRF-TOKEN': xsrf, [TEST_CLIENT_IP_HEADER]: '10.63.0.1' },
        body: JSON.stringify({ email: worker.email, password: worker.password }),
      });
      expect(login.status).toBe(200);
      const name = `device_${await idOf(worker.email)}=`;
      return login.headers.getSetCookie().find((c) => c.startsWith(name)) ?? '';
    };
    const plain = await cookieOf('http://localhost');
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Strict/);
    expect(plain).toMatch(/Path=\/api\/login/);
    expect(Number(/Max-Age=(\d+)/.exec(plain)?.[1])).toBeGreaterThanOrEqual(90 * 24 * 3600);
    expect(plain).not.toMatch(/Secure/);
    expect(await cookieOf('https://localhost')).toMatch(/;\s*Secure/);
  });

  it('counts a known browser’s failures against its cookie alone: a stolen cookie gets that allowance and no more, and then waits', async () => {
    const owner = await browserThatSignedIn('10.64.0.1', sales);
    const thief = await browserHolding({ [owner.name]: owner.value });
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signInWith(thief, `10.65.0.${i + 1}`, sales.email, 'Wrong0000')).status).toBe(422);
    const locked = await signInWith(thief, '10.65.1.1', sales.email, 'Wrong0000');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    // The cookie's failures were its own: unknown browsers still have the account's whole allowance.
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await signInFrom(`10.66.0.${i + 1}`, sales.email, 'Wrong0000')).status).toBe(422);
    // Its lock-out is the cookie's: the right password with it waits too (OWASP), audited once.
    expect((await signInWith(thief, '10.65.1.2', sales.email, sales.password)).status).toBe(429);
    const trips = await server.db.selectFrom('audits').select(['changes']).where('action', '=', 'login_throttled').where('ip', 'like', '10.65.%').execute();
    expect(trips.map((t) => (t.changes as { limit?: string }).limit)).toEqual(['device']);
    server.clock.advance(WINDOW_MS + 1000);
    expect((await signInWith(owner.agent, '10.64.0.1', sales.email, sales.password)).status).toBe(200);
  });

  it('gives no way past the limit to a forged, tampered, expired, differently keyed or other account’s cookie', async () => {
    const adminId = await idOf(admin.email);
    const owner = await browserThatSignedIn('10.67.0.1', admin);
    const other = await browserThatSignedIn('10.67.0.2', worker);
    await strangersFail(admin.email, PER_ACCOUNT + 1, '10.68.0');
    const encrypter = server.deps.encrypter;
    const strangerKey = await Encrypter.fromKey(parseAppKey(generateAppKey()));
    const later = new Date(server.clock.now().getTime() + 30 * 24 * 3600_000);
    const flip = (value: string, at: number) => value.slice(0, at) + (value[at] === 'A' ? 'B' : 'A') + value.slice(at + 1);
    const name = `device_${adminId}`;
    const attempts: Record<string, Record<string, string>> = {
      forged: { [name]: 'x'.repeat(54) },
      'tampered (another user id)': { [name]: flip(owner.value, 3) },
      'tampered (signature)': { [name]: flip(owner.value, 50) },
      expired: { [name]: await makeDeviceValue(encrypter, adminId, new Date(server.clock.now().getTime() - 1000)) },
      'signed with another key': { [name]: await makeDeviceValue(strangerKey, adminId, later) },
      'another account’s, as its own': { [other.name]: other.value },
      'another account’s, renamed': { [name]: other.value },
      'a link token’s signature': { [name]: await makeLinkToken(encrypter, adminId, later) },
    };
    for (const [kind, cookies] of Object.entries(attempts)) {
      const reply = await signInWith(await browserHolding(cookies), '10.69.0.1', admin.email, admin.password);
      expect(reply.status, kind).toBe(429);
    }
    // The genuine cookie passes, so the refusals above are the cookies' doing.
    expect((await signInWith(owner.agent, '10.67.0.1', admin.email, admin.password)).status).toBe(200);
    server.clock.advance(WINDOW_MS + 1000);
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

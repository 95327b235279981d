import { describe, expect, it } from 'vitest';
import { totp } from '../support/totp';
import { DEMO, serverForTests, signedInAgent, TEST_CLIENT_IP_HEADER, TestAgent } from './harness';

const { admin, sales, worker } = DEMO;

const server = serverForTests();

const signedIn = (who: { email: string; password: string }, language?: string) => signedInAgent(server, who, language);

let registrations = 0;

/**
 * A throwaway account, so tests that change an account do not disturb the others. Each registers
 * from its own IP address, so their number stays clear of the registration limit (5 a minute per IP).
 */
async function newAccount(email: string, password = 'Passw0rdX') {
  const agent = new TestAgent(server);
  await agent.get('/api/csrf-cookie');
  const from = { headers: { [TEST_CLIENT_IP_HEADER]: `10.9.0.${++registrations}` } };
  expect((await agent.post('/api/register', { name: email, email, password, password_confirmation: password }, from)).status).toBe(201);
  await server.db.updateTable('users').set({ active: true }).where('email', '=', email).execute();
  return { email, password };
}

/** An account with two-factor on; the clock is moved past the step of the code that confirmed it. */
async function withTwoFactor(email: string) {
  const account = await newAccount(email);
  const agent = await signedIn(account);
  const { secret } = (await agent.post('/api/user/two-factor-authentication', { password: account.password })).body as { secret: string };
  expect((await agent.post('/api/user/confirmed-two-factor-authentication', { code: totp(secret, server.clock.now()) })).status).toBe(200);
  server.clock.advance(30_000);
  return { ...account, secret, agent };
}

/** A DELETE from a signed-in agent, with its XSRF token. */
const del = (agent: TestAgent, path: string, body: unknown) => agent.request('DELETE', path, body, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });

describe('sign-in rate limit', () => {
  it('allows 5 attempts a minute per email and IP, then answers 429 with Retry-After', async () => {
    const agent = new TestAgent(server);
    for (let i = 0; i < 5; i++) expect((await agent.signIn(sales.email, 'Wrong0000')).status).toBe(422);
    const sixth = await agent.signIn(sales.email, sales.password);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sixth.body?.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    server.clock.advance(61_000);
    expect((await agent.signIn(sales.email, sales.password)).status).toBe(200);
  });

  it('says so in the caller’s language, with the seconds left', async () => {
    const account = await newAccount('limit-words@example.com');
    const english = new TestAgent(server);
    for (let i = 0; i < 5; i++) expect((await english.signIn(account.email, 'Wrong0000')).status).toBe(422);
    const refused = await english.signIn(account.email, account.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({ message: 'Too many attempts. Please try again in 60 seconds.' });
    server.clock.advance(15_000);
    const chinese = await new TestAgent(server, 'zh-HK').signIn(account.email, account.password);
    expect(chinese.status).toBe(429);
    expect(chinese.headers.get('retry-after')).toBe('45');
    expect(chinese.body).toEqual({ message: '嘗試次數過多，請於 45 秒後再試。' });
  });

  it('with two-factor on, keeps counting the password until the code is given', async () => {
    const account = await withTwoFactor('twofa-count@example.com');
    // The right password alone does not clear the count: it only leads to the code.
    for (let i = 0; i < 5; i++) expect((await new TestAgent(server).signIn(account.email, account.password)).body).toEqual({ two_factor: true });
    expect((await new TestAgent(server).signIn(account.email, account.password)).status).toBe(429);
    server.clock.advance(61_000);
    const done = new TestAgent(server);
    expect((await done.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
    expect((await done.post('/api/two-factor-challenge', { code: totp(account.secret, server.clock.now()) })).status).toBe(200);
    // A completed sign-in clears it: 5 more attempts are allowed at once.
    for (let i = 0; i < 5; i++) expect((await new TestAgent(server).signIn(account.email, account.password)).body).toEqual({ two_factor: true });
  });

  it('counts each email separately', async () => {
    const agent = new TestAgent(server);
    for (let i = 0; i < 5; i++) await agent.signIn('someone@example.com', 'Wrong0000');
    expect((await agent.signIn(worker.email, worker.password)).status).toBe(200);
  });

  it('counts each IP address separately, and Retry-After counts down to the end of the minute', async () => {
    const account = await newAccount('by-ip@example.com');
    const here = new TestAgent(server);
    for (let i = 0; i < 5; i++) expect((await here.signIn(account.email, 'Wrong0000')).status).toBe(422);
    server.clock.advance(20_000);
    const refused = await here.signIn(account.email, account.password);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');

    const elsewhere = new TestAgent(server);
    await elsewhere.get('/api/csrf-cookie');
    const other = await elsewhere.post('/api/login', { email: account.email, password: account.password }, { headers: { [TEST_CLIENT_IP_HEADER]: '10.0.0.2' } });
    expect(other.status).toBe(200);
    server.clock.advance(41_000);
    expect((await here.signIn(account.email, account.password)).status).toBe(200);
  });
});

describe('the independent TOTP these tests use (tests/support/totp.ts)', () => {
  it('gives the SHA-1 values published in RFC 6238, appendix B (their last six digits)', () => {
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // base32 of the RFC's key "12345678901234567890"
    const at = [59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000].map((s) => totp(secret, new Date(s * 1000)));
    expect(at).toEqual(['287082', '081804', '050471', '005924', '279037', '353130']);
  });
});

describe('registration', () => {
  it('lists every unmet password rule at once', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const reply = await agent.post('/api/register', { name: 'New', email: 'new1@example.com', password: 'abc', password_confirmation: 'abd' });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({
      password: [
        'The password must be at least 8 characters.',
        'The password must contain at least one uppercase letter.',
        'The password must contain at least one number.',
      ],
      password_confirmation: ['The password confirmation does not match.'],
    });
  });

  it('creates an inactive account that cannot sign in until an administrator activates it', async () => {
    const agent = new TestAgent(server, 'zh-HK');
    await agent.get('/api/csrf-cookie');
    const reply = await agent.post('/api/register', { name: '新同事', email: 'new2@example.com', password: 'Passw0rdX', password_confirmation: 'Passw0rdX' });
    expect(reply.status).toBe(201);
    expect(reply.body?.message).toBe('多謝登記。如此電郵地址可以使用，帳戶現正等待管理員啟用，啟用後您便可登入。如您已有帳戶，請直接以該帳戶登入。');
    const early = await new TestAgent(server, 'en').signIn('new2@example.com', 'Passw0rdX');
    expect(early.status).toBe(422);
    expect(early.body?.message).toBe('Your account is awaiting activation by an administrator.');
    await server.db.updateTable('users').set({ active: true }).where('email', '=', 'new2@example.com').execute();
    const later = await new TestAgent(server).signIn('new2@example.com', 'Passw0rdX');
    expect(later.status).toBe(200);
    expect((later.body?.user as { role: unknown; language: string }).role).toBeNull();
  });

  it('answers an email already in use as it answers a new one, so it tells no one which accounts exist', async () => {
    const agent = new TestAgent(server);
    await agent.get('/api/csrf-cookie');
    const from = { headers: { [TEST_CLIENT_IP_HEADER]: '10.9.1.1' } };
    const known = await agent.post('/api/register', { name: 'X', email: admin.email.toUpperCase(), password: 'Passw0rdX', password_confirmation: 'Passw0rdX' }, from);
    const fresh = await agent.post('/api/register', { name: 'Y', email: 'unknown-yet@example.com', password: 'Passw0rdX', password_confirmation: 'Passw0rdX' }, from);
    expect(known.status).toBe(201);
    expect(known.body).toEqual(fresh.body);
    // With a weak password the answer is about the password only, whether or not the email is known.
    const weakKnown = await agent.post('/api/register', { name: 'X', email: admin.email, password: 'abc', password_confirmation: 'abc' }, from);
    const weakNew = await agent.post('/api/register', { name: 'X', email: 'other-new@example.com', password: 'abc', password_confirmation: 'abc' }, from);
    expect(weakKnown.status).toBe(422);
    expect(weakKnown.body).toEqual(weakNew.body);
    expect(Object.keys(weakKnown.body?.errors as object)).toEqual(['password']);
    // The existing account is untouched (its password still works), and the attempt is audited.
    expect((await new TestAgent(server).signIn(admin.email, admin.password)).status).toBe(200);
    const refused = await server.db.selectFrom('audits').select(['action', 'changes']).where('action', '=', 'register_refused').execute();
    expect(refused).toEqual([{ action: 'register_refused', changes: { email: admin.email.toUpperCase(), reason: 'email_taken' } }]);
  });
});

describe('two-factor authentication', () => {
  it('is enabled with a password, a QR code and a confirming code; then sign-in asks for a code', async () => {
    const account = await newAccount('twofa@example.com');
    const agent = await signedIn(account);

    expect((await agent.post('/api/user/two-factor-authentication', { password: 'nope' })).status).toBe(422);
    const started = await agent.post('/api/user/two-factor-authentication', { password: account.password });
    expect(started.status).toBe(200);
    const secret = started.body?.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body?.qrSvg).toMatch(/^<svg/);
    expect(started.body?.otpauthUri).toContain('otpauth://totp/');

    // Until confirmed, sign-in does not ask for a code.
    expect((await new TestAgent(server).signIn(account.email, account.password)).body).toHaveProperty('user');

    expect((await agent.post('/api/user/confirmed-two-factor-authentication', { code: '000000' })).status).toBe(422);
    const confirmed = await agent.post('/api/user/confirmed-two-factor-authentication', { code: totp(secret, server.clock.now()) });
    expect(confirmed.status).toBe(200);
    const recoveryCodes = confirmed.body?.recoveryCodes as string[];
    expect(recoveryCodes).toHaveLength(8);
    expect(new Set(recoveryCodes).size).toBe(8);

    // Sign-in now stops at the challenge, with a new session that is not yet signed in.
    server.clock.advance(30_000);
    const visitor = new TestAgent(server);
    await visitor.get('/api/csrf-cookie');
    const before = visitor.cookies.get('session');
    const step1 = await visitor.post('/api/login', { email: account.email, password: account.password });
    expect(step1.body).toEqual({ two_factor: true });
    expect(visitor.cookies.get('session')).not.toBe(before);
    expect((await visitor.get('/api/heartbeat')).body).toEqual({ auth: false });
    const pending = visitor.cookies.get('session');

    const wrong = await visitor.post('/api/two-factor-challenge', { code: '123456' });
    expect(wrong.status).toBe(422);
    expect(wrong.body?.errors).toEqual({ code: ['The provided two factor authentication code was invalid.'] });

    const code = totp(secret, server.clock.now());
    const step2 = await visitor.post('/api/two-factor-challenge', { code });
    expect(step2.status).toBe(200);
    expect((step2.body?.user as { email: string }).email).toBe(account.email);
    expect(visitor.cookies.get('session')).not.toBe(pending);
    expect((await visitor.get('/api/heartbeat')).body).toEqual({ auth: true });

    // The same code cannot be used again, even within its 30 seconds.
    const replay = new TestAgent(server);
    await replay.signIn(account.email, account.password);
    expect((await replay.post('/api/two-factor-challenge', { code })).status).toBe(422);
    // …but the next step's code works.
    server.clock.advance(30_000);
    expect((await replay.post('/api/two-factor-challenge', { code: totp(secret, server.clock.now()) })).status).toBe(200);

    // A recovery code works once.
    const first = new TestAgent(server);
    await first.signIn(account.email, account.password);
    expect((await first.post('/api/two-factor-challenge', { recovery_code: recoveryCodes[0] })).status).toBe(200);
    const second = new TestAgent(server);
    await second.signIn(account.email, account.password);
    const reused = await second.post('/api/two-factor-challenge', { recovery_code: recoveryCodes[0] });
    expect(reused.status).toBe(422);
    expect(reused.body?.errors).toEqual({ recovery_code: ['The provided recovery code was invalid.'] });
    expect((await second.post('/api/two-factor-challenge', { recovery_code: recoveryCodes[1] })).status).toBe(200);

    // Recovery codes can be shown (with the password) and regenerated.
    const shown = await agent.post('/api/user/two-factor-recovery-codes', { password: account.password });
    expect(shown.body?.recoveryCodes).toHaveLength(8);
    expect(shown.body?.recoveryCodes).not.toContain(recoveryCodes[0]);
    expect(shown.body?.recoveryCodes).toContain(recoveryCodes[2]);
    const fresh = await agent.post('/api/user/two-factor-recovery-codes/regenerate', { password: account.password });
    expect(fresh.body?.recoveryCodes).not.toContain(recoveryCodes[2]);

    // Disabling needs the password too.
    expect((await agent.request('DELETE', '/api/user/two-factor-authentication', { password: 'nope' }, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! })).status).toBe(422);
    expect((await agent.request('DELETE', '/api/user/two-factor-authentication', { password: account.password }, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! })).status).toBe(200);
    expect((await new TestAgent(server).signIn(account.email, account.password)).body).toHaveProperty('user');
  });

  it('limits code attempts to 5 a minute per user: signing in again with the password gives no new guesses', async () => {
    const account = await withTwoFactor('twofa-bypass@example.com');
    const first = new TestAgent(server);
    expect((await first.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
    for (let i = 0; i < 5; i++) expect((await first.post('/api/two-factor-challenge', { code: '000000' })).status).toBe(422);

    // A new sign-in (a new session) is still refused, even with the right code or a recovery code.
    const again = new TestAgent(server, 'zh-HK');
    expect((await again.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
    const refused = await again.post('/api/two-factor-challenge', { code: totp(account.secret, server.clock.now()) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({ message: '嘗試次數過多，請於 60 秒後再試。' });
    expect((await again.post('/api/two-factor-challenge', { recovery_code: 'abcde-fghij' })).status).toBe(429);
    server.clock.advance(10_000);
    const english = await first.post('/api/two-factor-challenge', { code: '000000' });
    expect(english.status).toBe(429);
    expect(english.body).toEqual({ message: 'Too many attempts. Please try again in 50 seconds.' });
    expect(english.headers.get('retry-after')).toBe('50');

    // Once the minute is over, the right code signs in.
    server.clock.advance(51_000);
    const reply = await again.post('/api/two-factor-challenge', { code: totp(account.secret, server.clock.now()) });
    expect(reply.status).toBe(200);
    expect((reply.body?.user as { email: string }).email).toBe(account.email);
  });

  it('refuses a sixth code within the minute, even the right one, and times the challenge out after 5 minutes', async () => {
    const account = await newAccount('twofa2@example.com');
    const agent = await signedIn(account);
    const { secret } = (await agent.post('/api/user/two-factor-authentication', { password: account.password })).body as { secret: string };
    await agent.post('/api/user/confirmed-two-factor-authentication', { code: totp(secret, server.clock.now()) });
    server.clock.advance(30_000);

    const visitor = new TestAgent(server);
    await visitor.signIn(account.email, account.password);
    for (let i = 0; i < 5; i++) expect((await visitor.post('/api/two-factor-challenge', { code: '000000' })).status).toBe(422);
    const sixth = await visitor.post('/api/two-factor-challenge', { code: totp(secret, server.clock.now()) });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).not.toBeNull();

    const slow = new TestAgent(server);
    await slow.signIn(account.email, account.password);
    server.clock.advance(5 * 60_000 + 1000);
    const late = await slow.post('/api/two-factor-challenge', { code: totp(secret, server.clock.now()) });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ challenge_expired: true });
  });
});

describe('two-factor sign-in, raced and interrupted', () => {
  it('lets a recovery code sent by 4 pending sign-ins at once sign in exactly once', async () => {
    const account = await withTwoFactor('recovery-race@example.com');
    const { recoveryCodes } = (await account.agent.post('/api/user/two-factor-recovery-codes', { password: account.password })).body as { recoveryCodes: string[] };
    const pending = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const agent = new TestAgent(server);
        expect((await agent.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
        return agent;
      }),
    );
    const replies = await Promise.all(pending.map((agent) => agent.post('/api/two-factor-challenge', { recovery_code: recoveryCodes[0] })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    const signedInNow = await Promise.all(pending.map(async (agent) => (await agent.get('/api/heartbeat')).body?.auth));
    expect(signedInNow.filter(Boolean)).toHaveLength(1);
  });

  it('ends a sign-in waiting for its code when the password changes or other browsers are signed out', async () => {
    const account = await withTwoFactor('challenge-ended@example.com');
    const waiting = new TestAgent(server);
    expect((await waiting.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
    const changed = await account.agent.put('/api/user/password', { current_password: account.password, password: 'Changed0K', password_confirmation: 'Changed0K' });
    expect(changed.status).toBe(200);
    // The waiting session is gone: the code is refused as a sign-in no longer waiting (issue 18: the
    // browser is now a guest, whose XSRF cookie still passes, so 422 challenge_expired rather than
    // 419), and it is not signed in.
    const late = await waiting.post('/api/two-factor-challenge', { code: totp(account.secret, server.clock.now()) });
    expect(late.status).toBe(422);
    expect(late.body?.challenge_expired).toBe(true);
    expect((await waiting.get('/api/heartbeat')).body).toEqual({ auth: false });

    server.clock.advance(30_000);
    const another = new TestAgent(server);
    expect((await another.signIn(account.email, 'Changed0K')).body).toEqual({ two_factor: true });
    expect((await del(account.agent, '/api/user/other-sessions', { password: 'Changed0K' })).body).toEqual({ ended: 1 });
    const refused = await another.post('/api/two-factor-challenge', { code: totp(account.secret, server.clock.now()) });
    expect(refused.status).toBe(422);
    expect(refused.body?.challenge_expired).toBe(true);
    expect((await another.get('/api/heartbeat')).body).toEqual({ auth: false });
  });

  it('refuses to set two-factor up again while it is on, so it cannot drop to pending unaudited', async () => {
    const account = await withTwoFactor('reenrol@example.com');
    const again = await account.agent.post('/api/user/two-factor-authentication', { password: account.password });
    expect(again.status).toBe(422);
    expect(again.body?.message).toBe('Two-factor authentication is already on. Turn it off first to set it up again.');
    expect((await account.agent.get('/api/user/two-factor-authentication')).body).toEqual({ status: 'on' });
    expect((await new TestAgent(server).signIn(account.email, account.password)).body).toEqual({ two_factor: true });
  });
});

describe('re-entering the password for a sensitive action', () => {
  it('allows 5 wrong passwords a minute per user, whichever action asks, then answers 429 in the caller’s language', async () => {
    const account = await newAccount('confirm-limit@example.com');
    const here = await signedIn(account);
    const other = await signedIn(account, 'zh-HK');
    const wrong = [
      () => here.post('/api/user/two-factor-recovery-codes', { password: 'Wrong0000' }),
      () => del(here, '/api/user/two-factor-authentication', { password: 'Wrong0000' }),
      () => del(here, '/api/user/other-sessions', { password: 'Wrong0000' }),
      () => here.put('/api/user/password', { current_password: 'Wrong0000', password: 'Brand9New', password_confirmation: 'Brand9New' }),
      () => del(here, '/api/user', { password: 'Wrong0000' }),
    ];
    for (const attempt of wrong) expect((await attempt()).status).toBe(422);

    // The sixth is refused even with the right password, and from another browser of the same user.
    const refused = await del(here, '/api/user/other-sessions', { password: account.password });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({ message: 'Too many incorrect passwords. Please try again in 60 seconds.' });
    server.clock.advance(20_000);
    const elsewhere = await other.post('/api/user/two-factor-authentication', { password: account.password });
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.headers.get('retry-after')).toBe('40');
    expect(elsewhere.body).toEqual({ message: '密碼錯誤次數過多，請於 40 秒後再試。' });
    expect((await here.get('/api/user')).status).toBe(200);
    // Another user is not affected.
    const someoneElse = await signedIn(await newAccount('confirm-other@example.com'));
    expect((await del(someoneElse, '/api/user/other-sessions', { password: 'Passw0rdX' })).status).toBe(200);

    // After the minute the right password works, and it clears the count.
    server.clock.advance(41_000);
    for (let i = 0; i < 4; i++) expect((await del(here, '/api/user/other-sessions', { password: 'Wrong0000' })).status).toBe(422);
    expect((await del(here, '/api/user/other-sessions', { password: account.password })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await del(here, '/api/user/other-sessions', { password: 'Wrong0000' })).status).toBe(422);
    expect((await del(here, '/api/user/other-sessions', { password: account.password })).status).toBe(429);
  });
});

describe('changing the password', () => {
  it("refuses a wrong current password with 'The provided password does not match your current password.'", async () => {
    const agent = await signedIn(sales);
    const reply = await agent.put('/api/user/password', { current_password: 'Nope1234', password: 'NewPass123', password_confirmation: 'NewPass123' });
    expect(reply.status).toBe(422);
    expect(reply.body?.errors).toEqual({ current_password: ['The provided password does not match your current password.'] });
  });

  it('applies the policy, signs out other browsers and keeps this one', async () => {
    const account = await newAccount('pw@example.com');
    const here = await signedIn(account);
    const elsewhere = await signedIn(account);
    expect((await here.put('/api/user/password', { current_password: account.password, password: 'short', password_confirmation: 'short' })).status).toBe(422);
    const reply = await here.put('/api/user/password', { current_password: account.password, password: 'Brand9New', password_confirmation: 'Brand9New' });
    expect(reply.status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await new TestAgent(server).signIn(account.email, account.password)).status).toBe(422);
    expect((await new TestAgent(server).signIn(account.email, 'Brand9New')).status).toBe(200);
  });
});

describe('browser sessions', () => {
  it('lists this account’s browsers and signs out the others with the password', async () => {
    const account = await newAccount('sessions@example.com');
    const here = await signedIn(account);
    const other = await signedIn(account);
    const list = (await here.get('/api/user/sessions')).body?.sessions as { current: boolean; ip: string }[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list[0]?.ip).toBe('127.0.0.1');
    const xsrf = { 'X-XSRF-TOKEN': here.cookies.get('XSRF-TOKEN')! };
    expect((await here.request('DELETE', '/api/user/other-sessions', { password: 'wrong' }, xsrf)).status).toBe(422);
    expect((await here.request('DELETE', '/api/user/other-sessions', { password: account.password }, xsrf)).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await here.get('/api/user')).status).toBe(200);
  });
});

describe('deleting the account', () => {
  it('refuses to delete the only administrator', async () => {
    const agent = await signedIn(admin);
    const reply = await agent.request('DELETE', '/api/user', { password: admin.password }, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('This is the only administrator account. Another administrator must exist before it can be deleted.');
  });

  it('refuses to delete an account the business’s records point to, in the caller’s language, and keeps it', async () => {
    const account = await newAccount('has-client@example.com');
    const agent = await signedIn(account);
    const { id } = await server.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
    const at = server.clock.now();
    await server.db.insertInto('clients').values({ name_en: 'Client of a leaver', hkid_sealed: null, hkid_masked: null, company_id: null, branch_id: null, created_by: id, created_at: at, updated_at: at }).execute();

    const reply = await del(agent, '/api/user', { password: account.password });
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('This account has records in the system and cannot be deleted. Ask an administrator to deactivate it instead.');
    const chinese = await signedIn(account, 'zh-HK');
    const zh = await del(chinese, '/api/user', { password: account.password });
    expect(zh.status).toBe(422);
    expect(zh.body?.message).toBe('此帳戶在系統中有記錄，不能刪除。請聯絡管理員將帳戶停用。');
    expect((await agent.get('/api/user')).status).toBe(200);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined();
  });

  it('also refuses when the account changed something other than itself (the audit log keeps who did it)', async () => {
    const account = await newAccount('changed-things@example.com');
    const agent = await signedIn(account);
    const { id } = await server.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
    await server.db.insertInto('audits').values({ user_id: id, action: 'update', entity_type: 'area', entity_id: '1', changes: null, ip: null, created_at: server.clock.now() }).execute();
    const reply = await del(agent, '/api/user', { password: account.password });
    expect(reply.status).toBe(422);
    expect(reply.body?.message).toBe('This account has records in the system and cannot be deleted. Ask an administrator to deactivate it instead.');
    expect((await agent.get('/api/user')).status).toBe(200);
  });

  it('deletes an account with the password, signing it out everywhere', async () => {
    const account = await newAccount('leaver@example.com');
    const agent = await signedIn(account);
    const reply = await agent.request('DELETE', '/api/user', { password: account.password }, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });
    expect(reply.status).toBe(200);
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: false });
    expect((await new TestAgent(server).signIn(account.email, account.password)).status).toBe(422);
  });
});

describe('API tokens', () => {
  it('are shown once, stored hashed, authenticate with Bearer, and keep to their abilities', async () => {
    const agent = await signedIn(admin);
    const created = await agent.post('/api/user/api-tokens', { name: 'Reporting script', abilities: ['read'] });
    expect(created.status).toBe(201);
    const plain = created.body?.plainTextToken as string;
    expect(plain).toMatch(/^\d+\|[\w-]{50,}$/);
    const stored = await server.db.selectFrom('api_tokens').select('token_hash').where('name', '=', 'Reporting script').executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(plain.split('|')[1]);
    const listed = (await agent.get('/api/user/api-tokens')).body?.tokens as Record<string, unknown>[];
    expect(listed[0]).toMatchObject({ name: 'Reporting script', abilities: ['read'], lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(plain.split('|')[1]);

    const bot = new TestAgent(server);
    const bearer = { Authorization: `Bearer ${plain}` };
    const me = await bot.get('/api/user', bearer);
    expect(me.status).toBe(200);
    expect((me.body?.user as { email: string }).email).toBe(admin.email);
    expect((await bot.get('/api/areas', bearer)).list).toHaveLength(18);
    // read only: no update, with or without an XSRF token (none is needed with a token)
    expect((await bot.request('PUT', '/api/user/language', { language: 'en' }, bearer)).status).toBe(403);
    // never the account's own security, whatever the abilities
    expect((await bot.get('/api/user/api-tokens', bearer)).status).toBe(403);
    const used = (await agent.get('/api/user/api-tokens')).body?.tokens as { lastUsedAt: string | null }[];
    expect(used[0]?.lastUsedAt).not.toBeNull();

    const id = created.body?.token as { id: number };
    expect((await agent.request('DELETE', `/api/user/api-tokens/${id.id}`, undefined, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! })).status).toBe(204);
    expect((await bot.get('/api/user', bearer)).status).toBe(401);
  });

  it('allow each method only with its ability: read GET, create POST, update PUT, delete DELETE', async () => {
    const agent = await signedIn(admin);
    const tokenWith = async (abilities: string[]) =>
      `Bearer ${((await agent.post('/api/user/api-tokens', { name: abilities.join('+'), abilities })).body as { plainTextToken: string }).plainTextToken}`;
    const bot = new TestAgent(server);
    const area = { nameEn: 'Token Test', nameZh: '權杖測試', region: 'kowloon', sortOrder: 99 };

    const read = await tokenWith(['read']);
    expect((await bot.request('POST', '/api/areas', area, { Authorization: read })).status).toBe(403);
    const create = await tokenWith(['create']);
    const made = await bot.request('POST', '/api/areas', area, { Authorization: create });
    expect(made.status).toBe(201);
    const { id, version } = made.body?.area as { id: number; version: number };
    expect((await bot.request('GET', '/api/areas', undefined, { Authorization: create })).status).toBe(403);
    expect((await bot.request('PUT', `/api/areas/${id}`, { ...area, version }, { Authorization: create })).status).toBe(403);
    expect((await bot.request('DELETE', `/api/areas/${id}`, undefined, { Authorization: create })).status).toBe(403);

    const update = await tokenWith(['update']);
    expect((await bot.request('GET', '/api/areas', undefined, { Authorization: update })).status).toBe(403);
    expect((await bot.request('POST', '/api/areas', area, { Authorization: update })).status).toBe(403);
    expect((await bot.request('PUT', `/api/areas/${id}`, { ...area, nameEn: 'Renamed', version }, { Authorization: update })).status).toBe(200);

    const remove = await tokenWith(['delete']);
    expect((await bot.request('DELETE', `/api/areas/${id}`, undefined, { Authorization: remove })).status).toBe(204);
  });

  it('cannot exceed the permissions of their user', async () => {
    const agent = await signedIn(worker);
    const { plainTextToken } = (await agent.post('/api/user/api-tokens', { name: 'all', abilities: ['read', 'create', 'update', 'delete'] })).body as { plainTextToken: string };
    expect((await new TestAgent(server).get('/api/areas', { Authorization: `Bearer ${plainTextToken}` })).status).toBe(403);
  });

  it('need a name and at least one known ability', async () => {
    const agent = await signedIn(admin);
    const reply = await agent.post('/api/user/api-tokens', { name: '', abilities: ['fly'] });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body?.errors as object).sort()).toEqual(['abilities.0', 'name']);
    expect((await new TestAgent(server).get('/api/user', { Authorization: 'Bearer 1|forged' })).status).toBe(401);
  });
});

describe('rights changed by an administrator', () => {
  /** The account as the user form edits it, with `changes` applied. */
  async function editUser(by: TestAgent, id: number, changes: Record<string, unknown>) {
    const { user } = (await by.get(`/api/users/${id}`)).body as { user: Record<string, unknown> };
    const { twoFactor: _twoFactor, companyId: _companyId, id: _id, ...fields } = user;
    return by.put(`/api/users/${id}`, { ...fields, ...changes });
  }
  const idOf = async (email: string) => (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it('end the sessions of an administrator made a worker: the next request is 401 and cannot make them administrator again', async () => {
    const account = await newAccount('demoted@example.com');
    await server.db.updateTable('users').set({ is_admin: true }).where('email', '=', account.email).execute();
    const demoted = await signedIn(account);
    const waiting = new TestAgent(server);
    expect((await demoted.get('/api/user')).body?.user).toMatchObject({ isAdmin: true });
    const id = await idOf(account.email);
    const worker = await server.db.selectFrom('roles').select('id').where('name', '=', 'worker').executeTakeFirstOrThrow();
    // A sign-in waiting for its two-factor code ends too.
    await server.db.updateTable('users').set({ two_factor_confirmed_at: new Date(), two_factor_secret: 'sealed' }).where('id', '=', id).execute();
    expect((await waiting.signIn(account.email, account.password)).body).toEqual({ two_factor: true });
    await server.db.updateTable('users').set({ two_factor_confirmed_at: null, two_factor_secret: null }).where('id', '=', id).execute();

    const by = await signedIn(admin);
    expect((await editUser(by, id, { isAdmin: false, roleId: worker.id })).status).toBe(200);

    expect((await demoted.get('/api/user')).status).toBe(401);
    const selfPromotion = await demoted.put(`/api/users/${id}`, { isAdmin: true });
    expect([401, 419]).toContain(selfPromotion.status);
    expect((await server.db.selectFrom('users').select('is_admin').where('id', '=', id).executeTakeFirstOrThrow()).is_admin).toBe(false);
    expect(await server.db.selectFrom('sessions').select('id').where((eb) => eb.or([eb('user_id', '=', id), eb('pending_user_id', '=', id)])).execute()).toEqual([]);
    const line = await server.db.selectFrom('audits').select(['user_id', 'changes']).where('action', '=', 'sessions_ended').where('entity_id', '=', String(id)).executeTakeFirstOrThrow();
    expect(line).toEqual({ user_id: await idOf(admin.email), changes: { reason: 'rights_changed', count: 2 } });

    // Signing in again gives the worker's rights.
    const again = await signedIn(account);
    expect((await again.get('/api/user')).body?.user).toMatchObject({ isAdmin: false, role: { name: 'worker' } });
    expect((await again.get('/api/users')).status).toBe(403);
  });

  it('end the sessions of everyone holding a role whose permissions change, and of a user moved to another role', async () => {
    const by = await signedIn(admin);
    const created = await by.post('/api/roles', { name: 'probe-reveal', permissions: ['setting_view', 'client_view', 'hkid_reveal'] });
    const role = created.body?.role as { id: number; version: number };
    const account = await newAccount('role-holder@example.com');
    await server.db.updateTable('users').set({ role_id: role.id }).where('email', '=', account.email).execute();
    const holder = await signedIn(account);
    const bystander = await signedIn(sales);
    expect((await holder.get('/api/areas')).status).toBe(200);

    expect((await by.put(`/api/roles/${role.id}`, { name: 'probe-reveal', permissions: ['setting_view', 'client_view'], version: role.version })).status).toBe(200);
    expect((await holder.get('/api/areas')).status).toBe(401);
    expect((await bystander.get('/api/quotations')).status).toBe(200);
    const next = await signedIn(account);
    expect((await next.get('/api/user')).body?.user).toMatchObject({ role: { permissions: ['client_view', 'setting_view'] } });

    // Renaming the role changes no rights: nobody is signed out.
    const renamed = (await by.get(`/api/roles/${role.id}`)).body?.role as { version: number };
    expect((await by.put(`/api/roles/${role.id}`, { name: 'probe-renamed', permissions: ['setting_view', 'client_view'], version: renamed.version })).status).toBe(200);
    expect((await next.get('/api/areas')).status).toBe(200);

    const salesRole = await server.db.selectFrom('roles').select('id').where('name', '=', 'sales').executeTakeFirstOrThrow();
    expect((await editUser(by, await idOf(account.email), { roleId: salesRole.id })).status).toBe(200);
    expect((await next.get('/api/areas')).status).toBe(401);
  });

  it('also end a session whose rights were changed in the database directly', async () => {
    const account = await newAccount('promoted@example.com');
    const agent = await signedIn(account);
    expect((await agent.get('/api/areas')).status).toBe(403);
    await server.db.updateTable('users').set({ is_admin: true }).where('email', '=', account.email).execute();
    expect((await agent.get('/api/areas')).status).toBe(401);
    const again = await signedIn(account);
    expect((await again.get('/api/areas')).status).toBe(200);

    const role = await server.db.insertInto('roles').values({ name: 'probe', created_at: new Date(), updated_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    const other = await newAccount('regraded@example.com');
    await server.db.updateTable('users').set({ role_id: role.id }).where('email', '=', other.email).execute();
    const before = await signedIn(other);
    expect((await before.get('/api/areas')).status).toBe(403);
    await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'setting_view' }).execute();
    expect((await before.get('/api/areas')).status).toBe(401);
    expect((await (await signedIn(other)).get('/api/areas')).status).toBe(200);
  });

  it('keep an administrator who changes their own rights signed in in this browser, with the new rights, and sign out their others', async () => {
    const account = await newAccount('self-demoted@example.com');
    await server.db.updateTable('users').set({ is_admin: true }).where('email', '=', account.email).execute();
    const here = await signedIn(account);
    const elsewhere = await signedIn(account);
    const id = await idOf(account.email);
    const reply = await editUser(here, id, { isAdmin: false });
    expect(reply.status).toBe(200);
    expect(reply.body?.currentUser).toMatchObject({ id, isAdmin: false });
    expect((await here.get('/api/user')).body?.user).toMatchObject({ isAdmin: false });
    expect((await here.get('/api/users')).status).toBe(403);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    const lines = await server.db.selectFrom('audits').select(['action', 'user_id', 'changes']).where('entity_id', '=', String(id)).where('action', 'in', ['update', 'sessions_ended']).orderBy('id').execute();
    expect(lines).toEqual([
      { action: 'update', user_id: id, changes: { isAdmin: { from: true, to: false } } },
      { action: 'sessions_ended', user_id: id, changes: { reason: 'rights_changed', count: 2 } },
    ]);
  });
});

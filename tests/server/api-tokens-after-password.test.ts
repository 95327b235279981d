import { describe, expect, it } from 'vitest';
import { randomToken, sha256Hex } from '../../server/auth/tokens';
import { DEMO, serverForTests, signedInAgent, TestAgent } from './harness';

/**
 * Issue 31 item 8: an API token acts as its user, so it must not outlive the password it was made
 * under. A reset by e-mailed link, a temporary password set by an administrator and the user's own
 * password change end the account's API tokens with its sessions; the change may keep them when the
 * user says so (the profile's box), and each is audited with what it ended.
 */
const server = serverForTests();

let accounts = 0;
/** A new active account with a browser signed in to it and an API token that works. */
async function accountWithToken() {
  const admin = await signedInAgent(server, DEMO.admin);
  const email = `tokens.${++accounts}@harbour.test`;
  const password = 'Harbour-Start-11';
  const made = await admin.post('/api/users', { name: `Token User ${accounts}`, email, language: 'en', roleId: null, branchId: null, isAdmin: false, active: true, password, password_confirmation: password });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = (made.body!.user as { id: number }).id;
  const browser = await signedInAgent(server, { email, password });
  const created = await browser.post('/api/user/api-tokens', { name: 'accounting export', abilities: ['read'] });
  expect(created.status).toBe(201);
  const bearer = { Authorization: `Bearer ${created.body!.plainTextToken as string}` };
  const tokenWorks = async () => (await new TestAgent(server).get('/api/user', bearer)).status === 200;
  expect(await tokenWorks()).toBe(true);
  return { id, email, password, admin, browser, tokenWorks };
}

const tokensOf = async (userId: number) => (await server.db.selectFrom('api_tokens').select('id').where('user_id', '=', userId).execute()).length;
const lastAudit = (action: string, userId: number) =>
  server.db.selectFrom('audits').select('changes').where('action', '=', action).where('entity_id', '=', String(userId)).orderBy('id', 'desc').executeTakeFirstOrThrow();

/** The token and the browser no longer work, no token is left, and `action`'s audit line counts both. */
async function expectAllEnded(account: Awaited<ReturnType<typeof accountWithToken>>, action: string) {
  expect(await account.tokenWorks()).toBe(false);
  expect(await tokensOf(account.id)).toBe(0);
  expect((await account.browser.get('/api/user')).status).toBe(401);
  expect((await lastAudit(action, account.id)).changes).toMatchObject({ sessionsEnded: 1, apiTokensEnded: 1 });
}

describe('API tokens after a change of password', () => {
  it('a reset through the e-mailed link ends them with the sessions, audited', async () => {
    const account = await accountWithToken();
    // The link as the e-mail job stores it (only its hash is kept).
    const token = randomToken(32);
    const at = server.clock.now();
    await server.db
      .insertInto('password_resets')
      .values({ user_id: account.id, token_hash: await sha256Hex(token), created_at: at, expires_at: new Date(at.getTime() + 60 * 60_000) })
      .execute();
    const visitor = new TestAgent(server);
    await visitor.get('/api/csrf-cookie');
    const reset = await visitor.post('/api/reset-password', { token, password: 'Harbour-Reset-22', password_confirmation: 'Harbour-Reset-22' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);

    await expectAllEnded(account, 'password_reset');
  });

  it('a temporary password set by an administrator ends them with the sessions, audited', async () => {
    const account = await accountWithToken();
    const set = await account.admin.post(`/api/users/${account.id}/temporary-password`, { password: 'Harbour-Temp-55', password_confirmation: 'Harbour-Temp-55' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);

    await expectAllEnded(account, 'temporary_password_set');
  });

  it('the user’s own change ends them with the other sessions unless the user keeps them, and the audit says which', async () => {
    const account = await accountWithToken();
    const elsewhere = await signedInAgent(server, account);
    const changed = await account.browser.put('/api/user/password', { current_password: account.password, password: 'Harbour-Mine-66', password_confirmation: 'Harbour-Mine-66' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await account.tokenWorks()).toBe(false);
    expect(await tokensOf(account.id)).toBe(0);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    // The browser that changed it stays signed in.
    expect((await account.browser.get('/api/user')).status).toBe(200);
    expect((await lastAudit('password_changed', account.id)).changes).toMatchObject({ sessionsEnded: 2, apiTokensEnded: 1, apiTokensKept: false });

    // Kept on purpose: the token still works, the other browsers are signed out all the same.
    const kept = await account.browser.post('/api/user/api-tokens', { name: 'kept', abilities: ['read'] });
    const bearer = { Authorization: `Bearer ${kept.body!.plainTextToken as string}` };
    const other = await signedInAgent(server, { email: account.email, password: 'Harbour-Mine-66' });
    const again = await account.browser.put('/api/user/password', { current_password: 'Harbour-Mine-66', password: 'Harbour-Mine-77', password_confirmation: 'Harbour-Mine-77', keep_api_tokens: true });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await new TestAgent(server).get('/api/user', bearer)).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await lastAudit('password_changed', account.id)).changes).toMatchObject({ sessionsEnded: 2, apiTokensEnded: 0, apiTokensKept: true });
  });

  it('refuses a keep_api_tokens that is not true or false', async () => {
    const account = await accountWithToken();
    const reply = await account.browser.put('/api/user/password', { current_password: account.password, password: 'Harbour-Mine-66', password_confirmation: 'Harbour-Mine-66', keep_api_tokens: 'yes' });
    expect(reply.status).toBe(422);
    expect(await account.tokenWorks()).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BrowserSessions,
  LoginReply,
  Message,
  OtherSessionsEnded,
  RecoveryCodes,
  Registered,
  SignedIn,
  TwoFactorConfirmed,
  TwoFactorEnrolment,
  TwoFactorOff,
  TwoFactorState,
} from '../../contract/account';
import { DEMO_USERS } from '../../server/db/seed';
import { totp } from '../support/totp';
import { readReply, signedInServer, TEST_CLIENT_IP_HEADER, TestAgent } from './harness';

/*
 * Every JSON reply of signing in and of the account's own security, from the real server on the
 * seeded database, read by the wire contract the browser decodes with (contract/account.ts).
 */

const sales = DEMO_USERS.find((u) => u.role === 'sales')!;

const app = signedInServer(sales);

/** A DELETE from a signed-in agent, with its XSRF token. */
const del = (agent: TestAgent, path: string, body: unknown) => agent.request('DELETE', path, body, { 'X-XSRF-TOKEN': agent.cookies.get('XSRF-TOKEN')! });

describe('the sign-in and account security replies match the wire contract', () => {
  it('sign-in, who is signed in, language, registering', async () => {
    const visitor = new TestAgent(app.server);
    const login = readReply(LoginReply, await visitor.signIn(sales.email, sales.password));
    expect('user' in login && login.user.email).toBe(sales.email);
    expect(readReply(SignedIn, await visitor.get('/api/user')).user.email).toBe(sales.email);
    expect(readReply(SignedIn, await visitor.put('/api/user/language', { language: 'en' })).user.language).toBe('en');
    const guest = new TestAgent(app.server);
    await guest.get('/api/csrf-cookie');
    const email = 'contract.registered@example.com';
    const body = { name: 'Contract', email, password: 'Passw0rdX', password_confirmation: 'Passw0rdX' };
    readReply(Registered, await guest.post('/api/register', body, { headers: { [TEST_CLIENT_IP_HEADER]: '10.8.0.1' } }), 201);
  });

  it('two-factor: status, enrolment, confirmation, the challenge, recovery codes, turning it off', async () => {
    const { agent, server } = app;
    expect(readReply(TwoFactorState, await agent.get('/api/user/two-factor-authentication')).status).toBe('off');
    const { secret } = readReply(TwoFactorEnrolment, await agent.post('/api/user/two-factor-authentication', { password: sales.password }));
    const confirmed = readReply(TwoFactorConfirmed, await agent.post('/api/user/confirmed-two-factor-authentication', { code: totp(secret, server.clock.now()) }));
    expect(confirmed.recoveryCodes.length).toBeGreaterThan(0);
    server.clock.advance(30_000);
    const visitor = new TestAgent(server);
    expect(readReply(LoginReply, await visitor.signIn(sales.email, sales.password))).toEqual({ two_factor: true });
    const answered = readReply(LoginReply, await visitor.post('/api/two-factor-challenge', { code: totp(secret, server.clock.now()) }));
    expect('user' in answered && answered.user.email).toBe(sales.email);
    readReply(RecoveryCodes, await agent.post('/api/user/two-factor-recovery-codes', { password: sales.password }));
    readReply(RecoveryCodes, await agent.post('/api/user/two-factor-recovery-codes/regenerate', { password: sales.password }));
    readReply(TwoFactorOff, await del(agent, '/api/user/two-factor-authentication', { password: sales.password }));
  });

  it('browser sessions, signing out the others, the password', async () => {
    const { agent, server } = app;
    const other = new TestAgent(server);
    expect((await other.signIn(sales.email, sales.password)).status).toBe(200);
    expect(readReply(BrowserSessions, await agent.get('/api/user/sessions')).sessions.filter((s) => s.current)).toHaveLength(1);
    expect(readReply(OtherSessionsEnded, await del(agent, '/api/user/other-sessions', { password: sales.password })).ended).toBeGreaterThan(0);
    const change = { current_password: sales.password, password: 'Contract0Pass', password_confirmation: 'Contract0Pass' };
    readReply(Message, await agent.put('/api/user/password', change));
  });

  it('deleting an account', async () => {
    const guest = new TestAgent(app.server);
    await guest.get('/api/csrf-cookie');
    const email = 'contract.deleted@example.com';
    const from = { headers: { [TEST_CLIENT_IP_HEADER]: '10.8.0.2' } };
    expect((await guest.post('/api/register', { name: 'Deleted', email, password: 'Passw0rdX', password_confirmation: 'Passw0rdX' }, from)).status).toBe(201);
    await app.server.db.updateTable('users').set({ active: true }).where('email', '=', email).execute();
    expect((await guest.signIn(email, 'Passw0rdX')).status).toBe(200);
    expect(readReply(Message, await del(guest, '/api/user', { password: 'Passw0rdX' })).message).not.toBe('');
  });
});

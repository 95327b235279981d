import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../server/auth/tokens';
import { purgeExpired } from '../../server/db/housekeeping';
import { DEFAULT_SERVER_CONFIG } from '../../server/http/env';
import { JOB_HANDLERS } from '../../server/jobs/handlers';
import { JobSignal } from '../../server/jobs/queue';
import { JobRunner } from '../../server/jobs/runner';
import { SmtpMailer } from '../../server/node/smtpMailer';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { DEMO, serverForTests, signedInAgent, TEST_CLIENT_IP_HEADER, TestAgent } from './harness';

/**
 * Password reset (issue 21 item 8) against a real SMTP server started here: "Forgot password?" e-mails
 * a single-use link that expires (read from the message received), the link sets a new password and
 * signs the account out everywhere; the same reply for an unknown address; the limits per IP and per
 * address; and a temporary password set by an administrator that must be changed at the next sign-in.
 * Time is the test server's clock, moved by hand.
 */
/**
 * Records the shape of every query the app sends while on: the SQL tree with its values blanked, so
 * two requests that do the same work with different values record the same list.
 */
class QueryRecorder implements KyselyPlugin {
  private list: string[] | null = null;
  start(): void {
    this.list = [];
  }
  stop(): string[] {
    const list = this.list ?? [];
    this.list = null;
    return list;
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.list?.push(JSON.stringify(args.node, (key, value: unknown) => (key === 'queryId' ? undefined : key === 'value' || key === 'values' ? '?' : value)));
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
const recorder = new QueryRecorder();
const server = serverForTests(undefined, { mailer: new SmtpMailer(), jobs: new JobSignal() }, { plugins: [recorder] });
let sink: SmtpSink;
let admin: TestAgent;
let runner: JobRunner;
const CREDENTIALS = { user: 'office', password: 's3cret-smtp' };
const MINUTE = 60_000;
let ips = 0;

/** A visitor who is not signed in, from an address of their own (the per-IP limit is the limit test's). */
async function guest(ip = `10.0.0.${++ips}`): Promise<TestAgent & { ip: string }> {
  const agent = Object.assign(new TestAgent(server), { ip });
  await agent.get('/api/csrf-cookie');
  return agent;
}
const forgot = (agent: TestAgent & { ip: string }, email: string) => agent.post('/api/forgot-password', { email }, { headers: { [TEST_CLIENT_IP_HEADER]: agent.ip } });
const reset = (agent: TestAgent & { ip: string }, token: string, password: string, confirmation = password) =>
  agent.post('/api/reset-password', { token, password, password_confirmation: confirmation }, { headers: { [TEST_CLIENT_IP_HEADER]: agent.ip } });

let users = 0;
/** A new active account (through Settings → Users). */
async function newAccount(password = 'Harbour-Start-11'): Promise<{ id: number; email: string; password: string }> {
  const email = `reset.${++users}@harbour.test`;
  // The test moves the clock by hours: the administrator signs in afresh.
  admin = await signedInAgent(server, DEMO.admin);
  const made = await admin.post('/api/users', { name: `Reset User ${users}`, email, language: 'en', roleId: null, branchId: null, isAdmin: false, active: true, password, password_confirmation: password });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: (made.body!.user as { id: number }).id, email, password };
}

/** Runs the queued jobs, and the link of the last message received for `email`. */
async function linkFor(email: string): Promise<string> {
  const before = sink.received.length;
  await runner.runDue();
  const mail = sink.received.slice(before).find((m) => m.to && 'text' in m.to && m.to.text === email);
  expect(mail, `no e-mail to ${email}`).toBeDefined();
  const link = /https:\/\/office\.harbour\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '');
  expect(link, mail!.text).not.toBeNull();
  return link![1]!;
}

beforeAll(async () => {
  sink = await startSmtpSink(CREDENTIALS);
  admin = await signedInAgent(server, DEMO.admin);
  runner = new JobRunner(server.deps, JOB_HANDLERS, { worker: 'reset-test' });
  const settings = (await admin.get('/api/settings/mail')).body!.settings as { version: number };
  const saved = await admin.put('/api/settings/mail', { host: '127.0.0.1', port: sink.port, tlsMode: 'none', username: CREDENTIALS.user, password: CREDENTIALS.password, fromName: 'Harbour Pest', fromAddress: 'office@harbour.test', siteUrl: 'https://office.harbour.test', version: settings.version });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await sink.close();
});

describe('Forgot password?', () => {
  it('e-mails a bilingual single-use link; it sets the new password, signs the account out everywhere, and the new password signs in', async () => {
    const account = await newAccount();
    const elsewhere = new TestAgent(server);
    expect((await elsewhere.signIn(account.email, account.password)).status).toBe(200);

    const visitor = await guest();
    const known = await forgot(visitor, account.email.toUpperCase());
    const unknown = await forgot(await guest(), 'nobody@harbour.test');
    expect(known.status).toBe(200);
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    // Each request queued the same job, audited the same way; only the job looks for the account.
    const jobs = await server.db.selectFrom('jobs').select(['id', 'kind', 'payload']).where('kind', '=', 'passwordReset').orderBy('id').execute();
    expect(jobs.map((j) => j.payload.email)).toEqual([account.email, 'nobody@harbour.test']);
    const requested = await server.db.selectFrom('audits').select(['entity_type', 'entity_id', 'user_id']).where('action', '=', 'password_reset_requested').orderBy('id').execute();
    expect(requested).toEqual(jobs.map((j) => ({ entity_type: 'job', entity_id: String(j.id), user_id: null })));

    const before = sink.received.length;
    const token = await linkFor(account.email);
    const mail = sink.received[before]!;
    expect(mail.subject).toBe('重設您的密碼 / Reset your password');
    expect(mail.text).toContain('請開啟以下連結設定新密碼');
    expect(mail.text).toContain('Open this link to choose a new password');
    expect(mail.text).toContain('60 minutes');
    // Only the token's hash is kept.
    const rows = await server.db.selectFrom('password_resets').select('token_hash').where('user_id', '=', account.id).execute();
    expect(rows).toEqual([{ token_hash: await sha256Hex(token) }]);

    // The password rules of the profile: a weak one is refused, and the link still stands.
    const weak = await reset(visitor, token, 'short', 'short');
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body!.errors as object)).toContain('password');
    const mismatch = await reset(visitor, token, 'Harbour-Reset-26', 'Harbour-Reset-27');
    expect(Object.keys(mismatch.body!.errors as object)).toEqual(['password_confirmation']);

    const done = await reset(visitor, token, 'Harbour-Reset-26');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body!.message).toBe('Your password has been changed. Sign in with your new password.');
    // Signed out everywhere; the old password no longer works, the new one does.
    expect((await elsewhere.get('/api/user')).status).toBe(401);
    expect((await new TestAgent(server).signIn(account.email, account.password)).status).toBe(422);
    expect((await new TestAgent(server).signIn(account.email, 'Harbour-Reset-26')).status).toBe(200);
    const audit = await server.db.selectFrom('audits').select(['changes']).where('action', '=', 'password_reset').where('entity_id', '=', String(account.id)).executeTakeFirstOrThrow();
    expect(audit.changes).toMatchObject({ sessionsEnded: 1 });

    // Single use: the same link again answers exactly as an unknown one.
    const again = await reset(visitor, token, 'Harbour-Again-27');
    const bogus = await reset(visitor, 'A'.repeat(43), 'Harbour-Again-27');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ reason: 'resetLinkInvalid', message: 'This password reset link is invalid, has expired or has already been used. Ask for a new one.' });
    expect(again.body).toEqual(bogus.body);
    expect((await new TestAgent(server).signIn(account.email, 'Harbour-Again-27')).status).toBe(422);
  });

  it('a link expires after 60 minutes; a newer link, or a change of password, ends the one before', async () => {
    const account = await newAccount();
    const visitor = await guest();
    await forgot(visitor, account.email);
    const expiring = await linkFor(account.email);
    server.clock.advance(61 * MINUTE);
    const expired = await reset(visitor, expiring, 'Harbour-Late-61');
    expect(expired.body).toMatchObject({ reason: 'resetLinkInvalid' });

    await forgot(visitor, account.email);
    const older = await linkFor(account.email);
    server.clock.advance(MINUTE);
    await forgot(visitor, account.email);
    const newer = await linkFor(account.email);
    expect((await reset(visitor, older, 'Harbour-Older-1')).body).toMatchObject({ reason: 'resetLinkInvalid' });

    // The user changes the password in the profile: the newer link ends too.
    server.clock.advance(MINUTE);
    const own = await signedInAgent(server, account);
    expect((await own.put('/api/user/password', { current_password: account.password, password: 'Harbour-Own-222', password_confirmation: 'Harbour-Own-222' })).status).toBe(200);
    expect((await reset(visitor, newer, 'Harbour-Newer-1')).body).toMatchObject({ reason: 'resetLinkInvalid' });

    // Housekeeping removes links once they have expired, and only those.
    const other = await newAccount();
    await forgot(await guest(), other.email);
    await linkFor(other.email);
    server.clock.advance(61 * MINUTE);
    await forgot(visitor, account.email);
    await linkFor(account.email);
    expect((await purgeExpired(server.db, server.clock.now(), DEFAULT_SERVER_CONFIG)).passwordResets).toBeGreaterThan(0);
    const left = await server.db.selectFrom('password_resets').select(['user_id', 'expires_at']).execute();
    expect(left.map((row) => row.user_id)).toContain(account.id);
    expect(left.map((row) => row.user_id)).not.toContain(other.id);
    expect(left.every((row) => new Date(row.expires_at).getTime() > server.clock.now().getTime())).toBe(true);
    server.clock.advance(61 * MINUTE);
  });

  it('does the same work on the request for an address with an account and one without: the same queries, job and audit line, and the same answer (issue 31 item 5)', async () => {
    const account = await newAccount();
    const [first, second] = [await guest(), await guest()];
    await runner.runDue();
    const before = sink.received.length;
    recorder.start();
    const known = await forgot(first, account.email);
    const knownWork = recorder.stop();
    recorder.start();
    const unknown = await forgot(second, 'nobody.31@harbour.test');
    const unknownWork = recorder.stop();
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(knownWork.length).toBeGreaterThan(0);
    expect(unknownWork).toEqual(knownWork);
    // Nothing on the request path looks the address up among the accounts.
    expect(knownWork.filter((query) => query.includes('"users"'))).toEqual([]);
    // Off the request path the jobs tell them apart: one e-mail, to the account; both jobs done.
    await runner.runDue();
    expect(sink.received.slice(before).map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([account.email]);
    const jobs = await server.db.selectFrom('jobs').select(['status', 'payload']).where('kind', '=', 'passwordReset').orderBy('id', 'desc').limit(2).execute();
    expect(jobs.map((j) => [j.payload.email, j.status])).toEqual([
      ['nobody.31@harbour.test', 'done'],
      [account.email, 'done'],
    ]);
  });

  it('is limited per address and per IP, the same for addresses with and without an account', async () => {
    const account = await newAccount();
    for (const email of [account.email, 'nobody.else@harbour.test']) {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await forgot(await guest(), email));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(Number(answers[3]!.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    const one = await guest('10.9.9.9');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(one, `spray.${i}@harbour.test`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // A new window opens with time.
    server.clock.advance(61 * MINUTE);
    expect((await forgot(await guest(), account.email)).status).toBe(200);
    await runner.runDue();
  });
});

describe('a temporary password', () => {
  it('is set by those who may edit users; its user is signed out, and must change it before anything else', async () => {
    const account = await newAccount();
    const before = new TestAgent(server);
    expect((await before.signIn(account.email, account.password)).status).toBe(200);

    const sales = await signedInAgent(server, DEMO.sales);
    expect((await sales.post(`/api/users/${account.id}/temporary-password`, { password: 'Harbour-Temp-55', password_confirmation: 'Harbour-Temp-55' })).status).toBe(403);
    const weak = await admin.post(`/api/users/${account.id}/temporary-password`, { password: 'temp', password_confirmation: 'temp' });
    expect(weak.status).toBe(422);
    const adminId = ((await admin.get('/api/user')).body!.user as { id: number }).id;
    const self = await admin.post(`/api/users/${adminId}/temporary-password`, { password: 'Harbour-Temp-55', password_confirmation: 'Harbour-Temp-55' });
    expect(self.status).toBe(422);

    const set = await admin.post(`/api/users/${account.id}/temporary-password`, { password: 'Harbour-Temp-55', password_confirmation: 'Harbour-Temp-55' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body!.user).toMatchObject({ id: account.id, mustChangePassword: true });
    const audit = await server.db.selectFrom('audits').select(['changes', 'user_id']).where('action', '=', 'temporary_password_set').where('entity_id', '=', String(account.id)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.changes ?? {})).not.toContain('Harbour-Temp-55');
    expect((await before.get('/api/user')).status).toBe(401);

    const user = new TestAgent(server);
    const signedIn = await user.signIn(account.email, 'Harbour-Temp-55');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body!.user).toMatchObject({ mustChangePassword: true });
    expect((await user.get('/api/user')).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/api/user/profile'],
      ['GET', '/api/dashboard/show'],
      ['GET', '/api/user/sessions'],
    ] as const) {
      const refused = await user.request(method, path, undefined, {});
      expect(refused.status, path).toBe(403);
      expect(refused.body).toMatchObject({ reason: 'passwordChangeRequired', password_change_required: true });
    }
    const changed = await user.put('/api/user/password', { current_password: 'Harbour-Temp-55', password: 'Harbour-Mine-66', password_confirmation: 'Harbour-Mine-66' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const now = await user.get('/api/user');
    expect(now.body!.user).not.toHaveProperty('mustChangePassword');
    expect((await user.get('/api/user/profile')).status).toBe(200);
    expect((await admin.get(`/api/users/${account.id}`)).body!.user).not.toHaveProperty('mustChangePassword');
  });
});

describe('when e-mail is not set up', () => {
  it('the request answers the same, and the job fails with the reason shown in Background jobs', async () => {
    const account = await newAccount();
    const settings = (await admin.get('/api/settings/mail')).body!.settings as Record<string, unknown>;
    expect((await admin.put('/api/settings/mail', { ...settings, host: '', fromAddress: '', passwordSet: undefined })).status).toBe(200);
    const answer = await forgot(await guest(), account.email);
    expect(answer.status).toBe(200);
    expect(answer.body!.message).toMatch(/^If an active account signs in with this e-mail address/);
    const before = sink.received.length;
    await runner.runDue();
    expect(sink.received.length).toBe(before);
    const jobs = await admin.get('/api/jobs');
    const job = (jobs.body!.items as { kind: string; lastError: string; summary: string }[]).find((j) => j.kind === 'passwordReset' && j.summary.includes(account.email));
    expect(job?.lastError).toBe('mail.notConfigured');
  });
});

import { describe, expect, it } from 'vitest';
import { totp } from '../support/totp';
import { DEMO, signedInAgent, signedInServer, TestAgent } from './harness';

const { admin, sales, worker } = DEMO;

/** The administrator, signed in once; two-factor on from the third test (see 'only someone …'). */
const { server, agent: adminAgent } = signedInServer(admin);

const signedIn = (who: { email: string; password: string }, language?: string) => signedInAgent(server, who, language);

const roleId = async (name: string) => (await server.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** Turns two-factor on for the agent's own account through the setup endpoints. */
async function setUpTwoFactor(agent: TestAgent, password: string) {
  const started = await agent.post('/api/user/two-factor-authentication', { password });
  expect(started.status).toBe(200);
  const confirmed = await agent.post('/api/user/confirmed-two-factor-authentication', { code: totp(started.body?.secret as string, server.clock.now()) });
  expect(confirmed.status).toBe(200);
  server.clock.advance(31_000);
}

async function policy(agent: TestAgent, everyone: boolean, roleIds: number[]) {
  const reply = await agent.put('/api/two-factor-policy', { everyone, roleIds });
  expect(reply.status).toBe(200);
  return reply;
}

describe('two-factor made compulsory', () => {
  it('is not required by default: nothing changes', async () => {
    const agent = await signedIn(sales);
    expect((await agent.get('/api/clients')).status).toBe(200);
    const me = await agent.get('/api/user');
    expect(me.body?.user).not.toHaveProperty('mustSetUpTwoFactor');
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: true });
    const shown = await adminAgent.get('/api/two-factor-policy');
    expect(shown.body).toMatchObject({ everyone: false });
    expect((shown.body?.roles as { required: boolean }[]).every((r) => !r.required)).toBe(true);
  });

  it('only someone who may edit roles changes it, and the change is audited', async () => {
    const salesAgent = await signedIn(sales);
    expect((await salesAgent.put('/api/two-factor-policy', { everyone: true, roleIds: [] })).status).toBe(403);
    expect((await (await signedIn(worker)).get('/api/two-factor-policy')).status).toBe(403);
    expect((await adminAgent.get('/api/two-factor-policy')).body?.everyone).toBe(false);

    expect((await adminAgent.put('/api/two-factor-policy', { everyone: 'yes', roleIds: [] })).status).toBe(422);
    expect((await adminAgent.put('/api/two-factor-policy', { everyone: true, roleIds: [999_999] })).status).toBe(422);
    expect((await adminAgent.get('/api/two-factor-policy')).body?.everyone).toBe(false);

    // Requiring it of oneself without having it would lock one out: set it up first.
    const lockout = await adminAgent.put('/api/two-factor-policy', { everyone: true, roleIds: [] });
    expect(lockout.status).toBe(422);
    expect(lockout.body?.errors).toEqual({ everyone: ['Set up two-factor on your own account first (Profile), or this change would lock you out.'] });
    expect(await server.db.selectFrom('audits').select('id').where('entity_type', '=', 'two_factor_policy').execute()).toEqual([]);
    await setUpTwoFactor(adminAgent, admin.password);

    const salesRole = await roleId('sales');
    const saved = await policy(adminAgent, true, [salesRole]);
    expect(saved.body?.everyone).toBe(true);
    expect((saved.body?.roles as { id: number; required: boolean }[]).find((r) => r.id === salesRole)?.required).toBe(true);
    const line = await server.db.selectFrom('audits').selectAll().where('entity_type', '=', 'two_factor_policy').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(line.action).toBe('update');
    expect(line.changes).toEqual({ everyone: { from: false, to: true }, roles: { added: ['sales'], removed: [] } });
    await policy(adminAgent, false, []);
  });

  it('required of everyone: a user without it reaches only the setup, heartbeat, /api/user and sign-out, then everything once set up', async () => {
    const already = await signedIn(worker);
    await policy(adminAgent, true, []);

    // A session signed in before the change is held to it at once.
    const refused = await already.get('/api/clients');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ two_factor_setup_required: true, message: 'Your company requires two-factor authentication. Set it up in your profile before going on.' });
    expect((await already.get('/api/heartbeat')).body).toEqual({ auth: true, two_factor_setup_required: true });

    const agent = new TestAgent(server, 'zh-HK');
    const login = await agent.signIn(sales.email, sales.password);
    expect(login.status).toBe(200);
    expect(login.body?.user).toMatchObject({ email: sales.email, mustSetUpTwoFactor: true });
    const zh = await agent.get('/api/clients');
    expect(zh.status).toBe(403);
    expect(zh.body?.message).toBe('貴公司規定須使用雙重驗證。請先在個人資料中設定雙重驗證，然後繼續。');
    expect((await agent.put('/api/user/profile', { name: 'x', email: sales.email, language: 'en' })).status).toBe(403);
    expect((await agent.get('/api/user/profile')).status).toBe(403);
    expect((await agent.get('/api/user')).body?.user).toMatchObject({ mustSetUpTwoFactor: true });
    expect((await agent.get('/api/user/two-factor-authentication')).status).toBe(200);

    await setUpTwoFactor(agent, sales.password);
    expect((await agent.get('/api/clients')).status).toBe(200);
    expect((await agent.get('/api/user')).body?.user).not.toHaveProperty('mustSetUpTwoFactor');
    expect((await agent.get('/api/heartbeat')).body).toEqual({ auth: true });

    expect((await already.post('/api/logout')).status).toBe(204);
    await policy(adminAgent, false, []);
    // Not required any more: the worker is let on without two-factor.
    expect((await (await signedIn(worker)).get('/api/appointments/filters')).status).toBe(200);
  });

  it('required of a role: its holders without two-factor are held, others are not', async () => {
    const workerAgent = await signedIn(worker);
    await policy(adminAgent, false, [await roleId('sales')]);
    // Another role is not held.
    expect((await workerAgent.get('/api/appointments/filters')).status).toBe(200);
    await policy(adminAgent, false, [await roleId('sales'), await roleId('worker')]);
    expect((await workerAgent.get('/api/appointments/filters')).status).toBe(403);
    expect((await workerAgent.get('/api/user')).body?.user).toMatchObject({ mustSetUpTwoFactor: true });
    await policy(adminAgent, false, []);
    expect((await workerAgent.get('/api/appointments/filters')).status).toBe(200);
  });
});

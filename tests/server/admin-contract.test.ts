import { expect, it } from 'vitest';
import { AuditList } from '../../contract/audits';
import { NewRolePage, RoleInput, RoleList, RolePage, RoleSaved, RoleUpdate, TwoFactorPolicy, TwoFactorPolicyInput } from '../../contract/roles';
import { NewUserPage, UserCreate, UserList, UserPage, UserSaved, UserUpdate } from '../../contract/users';
import { DEMO, describeContract, readReply } from './harness';

/*
 * Settings → Users, Roles (with the two-factor policy) and the audit log, read by contract/users.ts,
 * contract/roles.ts and contract/audits.ts (the frame: describeContract in harness.ts).
 */

describeContract('the administration replies', (agent) => {
  it('users: list, form, create, page, update, reset two-factor, and one’s own change with the signed-in user', async () => {
    const list = readReply(UserList, await agent.get('/api/users'));
    expect(list.items.length).toBeGreaterThan(0);
    readReply(UserList, await agent.get('/api/users?active=1&q=a'));
    const form = readReply(NewUserPage, await agent.get('/api/users/create'));
    const input = UserCreate.parse({
      name: 'Contract User',
      email: 'contract.user@example.com',
      language: 'en',
      roleId: form.options.roles[0]!.id,
      branchId: form.options.branches[0]!.id,
      isAdmin: false,
      active: true,
      calendarColor: '#123456',
      commissionRateBp: 550,
      password: 'Contract-Pass-2026',
      password_confirmation: 'Contract-Pass-2026',
    });
    const { user } = readReply(UserSaved, await agent.post('/api/users', input), 201);
    expect(user.commissionRateBp).toBe(550);
    const page = readReply(UserPage, await agent.get(`/api/users/${user.id}`));
    const { password: _p, password_confirmation: _c, ...fields } = input;
    const updated = readReply(UserSaved, await agent.put(`/api/users/${user.id}`, UserUpdate.parse({ ...fields, name: 'Renamed', version: page.user.version })));
    expect(updated.user.name).toBe('Renamed');
    expect(updated.currentUser).toBeUndefined();
    readReply(UserSaved, await agent.post(`/api/users/${user.id}/reset-two-factor`));

    // One's own role changed: the reply carries the signed-in user as they are now.
    const me = list.items.find((row) => row.email === DEMO.admin.email)!;
    const mine = readReply(UserPage, await agent.get(`/api/users/${me.id}`)).user;
    const other = form.options.roles.find((r) => r.id !== mine.roleId)!;
    const own = readReply(UserSaved, await agent.put(`/api/users/${me.id}`, UserUpdate.parse({ ...mine, roleId: other.id, calendarColor: null })));
    expect(own.currentUser).toMatchObject({ id: me.id, isAdmin: true });
  });

  it('roles: list, form, create, page, update; the two-factor policy read and saved', async () => {
    const roles = await agent.get('/api/roles');
    expect(readReply(RoleList, { status: roles.status, body: roles.list }).length).toBeGreaterThan(0);
    const form = readReply(NewRolePage, await agent.get('/api/roles/create'));
    expect(form.catalogue.areas).toContain('client');
    const { role } = readReply(RoleSaved, await agent.post('/api/roles', RoleInput.parse({ name: 'Contract Role', permissions: ['client_view', 'hkid_reveal'] })), 201);
    const page = readReply(RolePage, await agent.get(`/api/roles/${role.id}`));
    const updated = readReply(RoleSaved, await agent.put(`/api/roles/${role.id}`, RoleUpdate.parse({ name: 'Contract Role 2', permissions: ['client_view'], version: page.role.version })));
    expect(updated.role.permissions).toEqual(['client_view']);

    const policy = readReply(TwoFactorPolicy, await agent.get('/api/two-factor-policy'));
    const saved = readReply(TwoFactorPolicy, await agent.put('/api/two-factor-policy', TwoFactorPolicyInput.parse({ everyone: false, roleIds: [role.id] })));
    expect(saved.roles.find((r) => r.id === role.id)?.required).toBe(true);
    expect(policy.everyone).toBe(false);
  });

  it('the audit log: a page with its filters', async () => {
    const log = readReply(AuditList, await agent.get('/api/audits'));
    expect(log.items.length).toBeGreaterThan(0);
    expect(log.filters.actions.length).toBeGreaterThan(0);
    readReply(AuditList, await agent.get(`/api/audits?entity_type=user&per_page=5`));
  });
});

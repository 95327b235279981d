import { errAsync, okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { User } from '../../domain/auth/user';
import type { AdminUser, Role, TwoFactorPolicy } from '../../application/admin/admin';
import { RoleAdmin } from '../../application/admin/RoleAdmin';
import { TwoFactorPolicyService } from '../../application/admin/TwoFactorPolicyService';
import { UserAdmin, type UserForm } from '../../application/admin/UserAdmin';
import type { RoleBook } from '../../application/ports/RoleBook';
import type { UserDirectory } from '../../application/ports/UserDirectory';
import { AdminUser as AdminUserSchema, SignedInUser } from '../../contract/users';
import { Role as RoleSchema, TwoFactorPolicy as PolicySchema } from '../../contract/roles';
import { ADMIN, createCore } from '../support/fakes';

/* Settings → Users and Roles: the form models, their checks by the domain's rules, and save → notify → navigate (no DOM). */

const ACCOUNT: AdminUser = AdminUserSchema.parse({
  id: 7,
  name: 'Wong Siu Ming',
  email: 'wong@example.com',
  language: 'en',
  roleId: 3,
  branchId: 1,
  companyId: 1,
  isAdmin: false,
  active: true,
  calendarColor: '#1f7a4d',
  commissionRateBp: 550,
  twoFactor: true,
  version: 4,
});
const ROLE: Role = RoleSchema.parse({ id: 3, name: 'worker', permissions: ['client_view'], userCount: 2, version: 1 });
const VIEWER: User = { ...ADMIN, isAdmin: false, role: { id: 3, name: 'worker', permissions: ['user_view', 'role_view'] } };

function fakeDirectory(saved: AdminUser = ACCOUNT, currentUser?: User) {
  const calls: unknown[][] = [];
  const directory: UserDirectory = {
    create: (user) => (calls.push(['create', user]), okAsync({ user: saved })),
    update: (id, user, version) => (calls.push(['update', id, user, version]), okAsync({ user: saved, ...(currentUser ? { currentUser } : {}) })),
    resetTwoFactor: (id) => (calls.push(['resetTwoFactor', id]), okAsync({ user: { ...saved, twoFactor: false } })),
  };
  return { directory, calls };
}

function fakeRoleBook(policy: TwoFactorPolicy = PolicySchema.parse({ everyone: false, roles: [{ id: 3, name: 'worker', required: true }] })) {
  const calls: unknown[][] = [];
  const book: RoleBook = {
    create: (role) => (calls.push(['create', role]), okAsync({ role: { ...ROLE, ...role, permissions: [...role.permissions] } })),
    update: (id, role, version) => (calls.push(['update', id, role, version]), okAsync({ role: ROLE })),
    remove: (id) => (calls.push(['remove', id]), okAsync(undefined)),
    twoFactorPolicy: () => okAsync(policy),
    setTwoFactorPolicy: (everyone, roleIds) => (calls.push(['setTwoFactorPolicy', everyone, roleIds]), okAsync(policy)),
  };
  return { book, calls };
}

function userAdmin(directory: UserDirectory, user: User = ADMIN) {
  const core = createCore({ user, start: '/settings/users/7' });
  core.currentUser.set(user);
  return { core, admin: new UserAdmin(directory, core.state, core.currentUser, core.navigation) };
}

const form = (change: Partial<UserForm> = {}): UserForm => ({
  name: 'Chan',
  email: 'chan@example.com',
  language: 'en',
  roleId: '3',
  branchId: '',
  isAdmin: false,
  active: true,
  calendarColor: '',
  commission: '',
  password: 'Secret123',
  password_confirmation: 'Secret123',
  ...change,
});

describe('the user form (UserAdmin)', () => {
  it('starts from the account: choices as their values, the commission as a percentage; a new account is active, in Chinese', () => {
    const { admin } = userAdmin(fakeDirectory().directory);
    expect(admin.start({ user: ACCOUNT, options: { roles: [], branches: [] } })).toMatchObject({ roleId: '3', branchId: '1', commission: '5.5', language: 'en', calendarColor: '#1f7a4d', password: '' });
    expect(admin.start({ options: { roles: [], branches: [] } })).toMatchObject({ name: '', language: 'zh-HK', active: true, isAdmin: false, commission: '' });
  });

  it('refuses by the domain’s rules before sending: name, email, commission rate (0–100%, 2 decimals), a new account’s password policy', async () => {
    const { directory, calls } = fakeDirectory();
    const { admin } = userAdmin(directory);
    const refused = await admin.save(undefined, form({ name: ' ', email: 'wong', commission: '5.555', password: 'password', password_confirmation: '' }));
    expect(refused._unsafeUnwrapErr()).toEqual({
      code: 'invalid',
      fields: {
        name: [{ key: 'admin:users.required.name' }],
        email: [{ key: 'admin:users.required.email' }],
        commissionRateBp: [{ key: 'admin:users.commissionFormat' }],
        password: [{ key: 'auth:password.rules.passwordNeedsUppercase' }, { key: 'auth:password.rules.passwordNeedsDigit' }],
        password_confirmation: [{ key: 'auth:password.mismatch' }],
      },
    });
    expect(admin.check(form({ commission: '100.01' }), false).isErr()).toBe(true);
    expect(calls).toEqual([]);
  });

  it('sends a new account with its password and the rate in basis points, then goes to the list and says it is saved', async () => {
    const { directory, calls } = fakeDirectory();
    const { core, admin } = userAdmin(directory);
    core.state.set({ unsavedChanges: true });
    expect((await admin.save(undefined, form({ name: ' Chan ', commission: '5.5', calendarColor: '#123456' }))).isOk()).toBe(true);
    expect(calls).toEqual([
      ['create', { name: 'Chan', email: 'chan@example.com', language: 'en', roleId: 3, branchId: null, isAdmin: false, active: true, calendarColor: '#123456', commissionRateBp: 550, password: 'Secret123', password_confirmation: 'Secret123' }],
    ]);
    expect(core.navigator.current().path).toBe('/settings/users');
    expect(core.state.get()).toMatchObject({ unsavedChanges: false, notification: { title: 'admin:saved', type: 'success' } });
  });

  it('an edit sends the fields with the version (no password); one’s own rights changed: holds the user the server gives and, without the list, goes to the start page', async () => {
    const demoted: User = SignedInUser.parse({ ...ADMIN, isAdmin: false, role: { id: 3, name: 'worker', permissions: ['appointment_view'] } });
    const { directory, calls } = fakeDirectory(ACCOUNT, demoted);
    const { core, admin } = userAdmin(directory);
    expect((await admin.save(ACCOUNT, form({ password: 'x' }))).isOk()).toBe(true);
    expect(calls).toEqual([['update', 7, { name: 'Chan', email: 'chan@example.com', language: 'en', roleId: 3, branchId: null, isAdmin: false, active: true, calendarColor: null, commissionRateBp: null }, 4]]);
    expect(core.store.user).toMatchObject({ isAdmin: false });
    expect(core.navigator.current().path).toBe('/');
  });

  it('a refusal by the server comes back as it came, and nothing moves', async () => {
    const refused = { code: 'conflict' as const, message: 'Changed by someone else.' };
    const { core, admin } = userAdmin({ ...fakeDirectory().directory, update: () => errAsync(refused) });
    expect((await admin.save(ACCOUNT, form()))._unsafeUnwrapErr()).toEqual(refused);
    expect(core.navigator.current().path).toBe('/settings/users/7');
  });

  it('offers editing and the two-factor reset by the signed-in user’s rights; the reset says so and shows the account again', async () => {
    const { directory, calls } = fakeDirectory();
    const { core, admin } = userAdmin(directory);
    expect(admin.offers(ADMIN, ACCOUNT)).toEqual({ canEdit: true, resetTwoFactor: true });
    expect(admin.offers(VIEWER, ACCOUNT)).toEqual({ canEdit: false, resetTwoFactor: false });
    expect(admin.offers(ADMIN, { ...ACCOUNT, twoFactor: false }).resetTwoFactor).toBe(false);
    const viewKey = core.state.get().viewKey;
    expect((await admin.resetTwoFactor(ACCOUNT))._unsafeUnwrap().twoFactor).toBe(false);
    expect(calls).toEqual([['resetTwoFactor', 7]]);
    expect(core.state.get()).toMatchObject({ viewKey: viewKey + 1, notification: { title: 'admin:users.twoFactorReset', type: 'success' } });
  });
});

function roleAdmin(book: RoleBook, user: User = ADMIN) {
  const core = createCore({ user, start: '/settings/roles/3' });
  core.currentUser.set(user);
  return { core, admin: new RoleAdmin(book, core.state, core.currentUser, core.navigation, core.confirmation) };
}

describe('the role form (RoleAdmin)', () => {
  it('asks for a name before sending; sends the permissions in the order ticked, then goes to the list and says it is saved', async () => {
    const { book, calls } = fakeRoleBook();
    const { core, admin } = roleAdmin(book);
    let ticked = admin.start(undefined);
    expect((await admin.save(undefined, ticked))._unsafeUnwrapErr()).toEqual({ code: 'invalid', fields: { name: [{ key: 'admin:roles.required' }] } });
    for (const p of ['client_view', 'client_create', 'order_view', 'hkid_reveal']) ticked = admin.toggle(ticked, p, true);
    ticked = admin.toggle({ ...ticked, name: ' Receptionist ' }, 'order_view', false);
    expect(admin.changed(undefined, ticked)).toBe(true);
    expect((await admin.save(undefined, ticked)).isOk()).toBe(true);
    expect(calls).toEqual([['create', { name: 'Receptionist', permissions: ['client_view', 'client_create', 'hkid_reveal'] }]]);
    expect(core.navigator.current().path).toBe('/settings/roles');
    expect(core.state.get().notification).toEqual({ title: 'admin:roles.saved', type: 'success' });
  });

  it('an edit goes with the version; the order of the ticks is no change', async () => {
    const { book, calls } = fakeRoleBook();
    const { admin } = roleAdmin(book);
    const start = admin.start(ROLE);
    expect(admin.changed(ROLE, admin.toggle(admin.toggle(start, 'client_view', false), 'client_view', true))).toBe(false);
    await admin.save(ROLE, { ...start, name: 'Field worker' });
    expect(calls).toEqual([['update', 3, { name: 'Field worker', permissions: ['client_view'] }, 1]]);
  });

  it('deletes only once confirmed, then goes to the list; offers by the user’s rights', async () => {
    const { book, calls } = fakeRoleBook();
    const { core, admin } = roleAdmin(book);
    const asked = admin.remove(ROLE);
    core.confirmation.answer(false);
    expect((await asked)._unsafeUnwrap()).toBe(false);
    expect(calls).toEqual([]);
    const confirmed = admin.remove(ROLE);
    core.confirmation.answer(true);
    expect((await confirmed)._unsafeUnwrap()).toBe(true);
    expect(calls).toEqual([['remove', 3]]);
    expect(core.navigator.current().path).toBe('/settings/roles');
    expect(admin.offers(ADMIN, ROLE)).toEqual({ canEdit: true, canDelete: true });
    expect(admin.offers(VIEWER, ROLE)).toEqual({ canEdit: false, canDelete: false });
  });
});

describe('the two-factor policy (TwoFactorPolicyService)', () => {
  it('reads the policy when asked, ticks the roles that require it, and saves the choice', async () => {
    const { book, calls } = fakeRoleBook();
    const service = new TwoFactorPolicyService(book);
    const screen = {};
    const policy = await service.policyFor(screen);
    expect(service.policyFor(screen)).toBe(service.policyFor(screen));
    expect([...service.requiredRoles(policy!)]).toEqual([3]);
    expect((await service.save(true, [3])).isOk()).toBe(true);
    expect(calls).toEqual([['setTwoFactorPolicy', true, [3]]]);
  });

  it('a policy that cannot be read shows nothing', async () => {
    const service = new TwoFactorPolicyService({ ...fakeRoleBook().book, twoFactorPolicy: () => errAsync({ code: 'network' as const }) });
    expect(await service.policyFor({})).toBeNull();
  });
});

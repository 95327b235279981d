import { err, ok, type Result } from 'neverthrow';
import { mayManage, rightsBeyond, type Permission } from '../../../domain/auth/permissions';
import { TWO_FACTOR_EVERYONE_KEY, twoFactorRequiredOfEveryone } from '../../auth/twoFactorPolicy';
import { REFERENCES } from '../../db/references';
import type { Db, ServiceContext } from '../../service/context';
import { anyFields, conflict, fieldIf, invalid, notFound, type Failure } from '../../service/failure';
import { deleteUnlessInUse, type DeleteFailure } from '../../service/records';
import * as repo from './repository';

/**
 * Settings → Roles: a role holds permissions, edited as a matrix. A role may hold only rights its
 * maker holds; a change of them signs out everyone holding the role (they sign in again with the new
 * rights). Two-factor may be made compulsory for everyone or per role.
 */

export type RoleFailure = Failure<'roleAboveYou'>;

export interface RoleInput {
  readonly name: string;
  readonly permissions: readonly Permission[];
}

/** Whether the signed-in user may change or delete a role holding these rights. */
const mayChange = (ctx: ServiceContext, permissions: readonly string[]): boolean => mayManage(ctx.actor, { isAdmin: false, role: { permissions } });

async function inputErrors(ctx: ServiceContext, input: RoleInput, selfId: number | null) {
  return anyFields(fieldIf(await repo.nameTaken(ctx.db, input.name, selfId), 'name', 'admin.roleNameTaken'), fieldIf(rightsBeyond(ctx.actor, input.permissions).length > 0, 'permissions', 'admin.rightsBeyondYou'));
}

export async function createRole(ctx: ServiceContext, input: RoleInput): Promise<Result<repo.Role, RoleFailure>> {
  const errors = await inputErrors(ctx, input, null);
  if (errors) return err(invalid(errors));
  const id = await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.insertRole(tx, input.name, ctx.now());
    const permissions = [...new Set(input.permissions)];
    await repo.setPermissions(tx, row.id, permissions);
    await ctx.audit({ action: 'create', entityType: 'role', entityId: row.id, changes: { name: input.name, permissions: permissions.sort() } }, tx);
    return row.id;
  });
  return ok((await repo.role(ctx.db, id))!);
}

/** The saved role, and whether the signed-in user's own rights changed with it. */
export async function updateRole(ctx: ServiceContext, id: number, input: RoleInput & { version: number }): Promise<Result<{ role: repo.Role; ownRightsChanged: boolean }, RoleFailure>> {
  const before = await repo.role(ctx.db, id);
  if (!before) return err(notFound);
  if (!mayChange(ctx, before.permissions)) return err({ code: 'roleAboveYou' });
  const errors = await inputErrors(ctx, input, id);
  if (errors) return err(invalid(errors));
  const permissions = [...new Set(input.permissions)].sort();
  const added = permissions.filter((p) => !before.permissions.includes(p));
  const removed = before.permissions.filter((p) => !(permissions as string[]).includes(p));
  let ownRightsChanged = false;
  const saved = await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.renameRole(tx, id, input.name, input.version, ctx.now()))) return false;
    await repo.setPermissions(tx, id, permissions);
    const changes = { ...(before.name !== input.name ? { name: { from: before.name, to: input.name } } : {}), ...(added.length || removed.length ? { permissions: { added, removed } } : {}) };
    await ctx.audit({ action: 'update', entityType: 'role', entityId: id, changes }, tx);
    // New rights need a new sign-in (spec §6): the sessions of everyone holding the role end now.
    if (added.length > 0 || removed.length > 0) ownRightsChanged = await ctx.endSessionsForRightsChange(tx, await repo.holdersOf(tx, id));
    return true;
  });
  if (!saved) return err(conflict);
  return ok({ role: (await repo.role(ctx.db, id))!, ownRightsChanged });
}

/** A role nobody holds; its permissions go with it (ON DELETE CASCADE), the audit line keeps them. */
export async function deleteRole(ctx: ServiceContext, id: number): Promise<Result<unknown, DeleteFailure | { code: 'roleAboveYou' }>> {
  const found = await repo.role(ctx.db, id);
  if (!found) return err(notFound);
  if (!mayChange(ctx, found.permissions)) return err({ code: 'roleAboveYou' });
  return deleteUnlessInUse(ctx, { table: 'roles', id, entityType: 'role', references: REFERENCES.roles, more: async (tx) => ({ permissions: await repo.permissionsOf(tx, id) }) });
}

/** Settings → Two-factor: whether it is required of everyone, and of which roles. */
export async function twoFactorPolicy(db: Db) {
  const roles = await repo.twoFactorRoles(db);
  return { everyone: await twoFactorRequiredOfEveryone(db), roles: roles.map((r) => ({ id: r.id, name: r.name, required: r.two_factor_required })) };
}

export interface TwoFactorPolicyInput {
  readonly everyone: boolean;
  readonly roleIds: readonly number[];
}

/**
 * Two-factor made compulsory, for everyone or per role. A role above the changer's rights keeps its
 * setting; whoever requires it of themselves sets it up first, so the change does not lock them out.
 */
export async function setTwoFactorPolicy(ctx: ServiceContext, { everyone, roleIds }: TwoFactorPolicyInput): Promise<Result<Awaited<ReturnType<typeof twoFactorPolicy>>, RoleFailure>> {
  const { db } = ctx;
  const wanted = new Set(roleIds);
  const roles = await repo.twoFactorRoles(db);
  const known = new Set(roles.map((r) => r.id));
  if (roleIds.some((id) => !known.has(id))) return err(invalid({ roleIds: 'validation.invalid' }));
  const changed = roles.filter((r) => r.two_factor_required !== wanted.has(r.id));
  for (const r of changed) if (!mayChange(ctx, await repo.permissionsOf(db, r.id))) return err({ code: 'roleAboveYou' });
  const me = ctx.actor;
  if (!(await repo.hasTwoFactor(db, me.id)) && (everyone || (me.role !== null && wanted.has(me.role.id)))) {
    return err(invalid({ [everyone ? 'everyone' : 'roleIds']: 'admin.twoFactorYourselfFirst' }));
  }
  const before = await twoFactorRequiredOfEveryone(db);
  await db.transaction().execute(async (tx) => {
    if (before !== everyone) await repo.setTwoFactorForEveryone(tx, TWO_FACTOR_EVERYONE_KEY, everyone, ctx.now());
    for (const r of changed) await repo.setRoleTwoFactor(tx, r.id, wanted.has(r.id), ctx.now());
    const added = changed.filter((r) => wanted.has(r.id)).map((r) => r.name);
    const removed = changed.filter((r) => !wanted.has(r.id)).map((r) => r.name);
    if (before !== everyone || changed.length > 0) {
      const changes = { ...(before !== everyone ? { everyone: { from: before, to: everyone } } : {}), ...(changed.length > 0 ? { roles: { added, removed } } : {}) };
      await ctx.audit({ action: 'update', entityType: 'two_factor_policy', entityId: null, changes }, tx);
    }
  });
  return ok(await twoFactorPolicy(db));
}

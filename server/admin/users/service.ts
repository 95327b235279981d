import { err, ok, type Result } from 'neverthrow';
import { mayGrantAdmin, mayManage, rightsBeyond, type PermissionHolder } from '../../../domain/auth/permissions';
import { auditRow, fieldChanges } from '../../audit';
import { passwordProblems } from '../../auth/passwordRules';
import { endSignIns } from '../../auth/sessions';
import { withAdministratorsLocked } from '../../auth/users';
import { isForeignKeyViolation } from '../../http/fields';
import { hasBusinessRecords } from '../../account/repository';
import type { ServiceContext, Tx } from '../../service/context';
import { anyFields, conflict, fieldIf, invalid, notFound, type Failure, type FieldKeys } from '../../service/failure';
import { createAudited } from '../../service/records';
import * as repo from './repository';

/** Settings → Users: staff accounts, their role, branch, administrator flag, activation and commission. */

export type UserFailure = Failure<'accountAboveYou' | 'lastAdmin' | 'notSelf' | 'userHasRecords' | 'ownPassword'>;

export type UserInput = repo.UserColumns;
export interface NewUser extends UserInput {
  readonly password: string;
  readonly password_confirmation: string;
}

const AUDITED = ['name', 'email', 'language', 'roleId', 'branchId', 'isAdmin', 'active', 'calendarColor', 'commissionRateBp'] as const;

/** The rights an account holds now (not a session's snapshot of them). */
const rightsOf = async (ctx: ServiceContext, account: { isAdmin: boolean; roleId: number | null }): Promise<PermissionHolder> => ({
  isAdmin: account.isAdmin,
  role: { permissions: await repo.rolePermissions(ctx.db, account.roleId) },
});

/** The email is free; the role and branch exist. */
async function referenceErrors(ctx: ServiceContext, input: UserInput, selfId: number | null): Promise<FieldKeys> {
  return {
    ...fieldIf(await repo.emailTaken(ctx.db, input.email, selfId), 'email', 'validation.emailTaken'),
    ...fieldIf(input.roleId !== null && !(await repo.roleExists(ctx.db, input.roleId)), 'roleId', 'validation.invalid'),
    ...fieldIf(input.branchId !== null && !(await repo.branchExists(ctx.db, input.branchId)), 'branchId', 'validation.invalid'),
  };
}

/** Rights the signed-in user would hand out beyond their own: the administrator flag (administrators only) or a role holding permissions they lack. */
async function grantErrors(ctx: ServiceContext, input: UserInput): Promise<FieldKeys> {
  return {
    ...fieldIf(input.isAdmin && !mayGrantAdmin(ctx.actor), 'isAdmin', 'admin.grantAdmin'),
    ...fieldIf(rightsBeyond(ctx.actor, await repo.rolePermissions(ctx.db, input.roleId)).length > 0, 'roleId', 'admin.roleBeyondYou'),
  };
}

export async function createUser(ctx: ServiceContext, input: NewUser): Promise<Result<repo.AdminUser, UserFailure>> {
  const errors = anyFields(await referenceErrors(ctx, input, null), (await passwordProblems(input.password, input.password_confirmation)) ?? {}, await grantErrors(ctx, input));
  if (errors) return err(invalid(errors));
  const companyId = await repo.companyOfBranch(ctx.db, input.branchId);
  const hash = await ctx.deps.passwords.hash(input.password);
  const created = await createAudited(
    ctx,
    'user',
    async (tx) => (await repo.adminUser(tx, (await repo.insertUser(tx, input, companyId, hash, ctx.now())).id))!,
    (user) => ({ ...user, version: undefined }),
  );
  return ok(created);
}

/** The saved account, and whether the signed-in user's own rights changed with it. */
export async function updateUser(ctx: ServiceContext, id: number, input: UserInput & { version: number }): Promise<Result<{ user: repo.AdminUser; ownRightsChanged: boolean }, UserFailure>> {
  const before = await repo.adminUser(ctx.db, id);
  if (!before) return err(notFound);
  if (!mayManage(ctx.actor, await rightsOf(ctx, before))) return err({ code: 'accountAboveYou' });
  const errors = anyFields(await referenceErrors(ctx, input, id), await grantErrors(ctx, input));
  if (errors) return err(invalid(errors));
  const companyId = await repo.companyOfBranch(ctx.db, input.branchId);
  const removesAdmin = before.isAdmin && before.active && (!input.isAdmin || !input.active);
  const rightsChange = before.isAdmin !== input.isAdmin || before.roleId !== input.roleId;
  let ownRightsChanged = false;
  const save = async (tx: Tx, anotherAdmin: boolean): Promise<'ok' | 'conflict' | 'lastAdmin'> => {
    if (removesAdmin && !anotherAdmin) return 'lastAdmin';
    if (!(await repo.updateUser(tx, id, input, companyId, input.version, ctx.now()))) return 'conflict';
    // A deactivated account is signed out everywhere at once.
    // Deactivated: signed out everywhere, its API tokens gone.
    if (before.active && !input.active) await endSignIns(tx, id);
    const after = await repo.adminUser(tx, id);
    if (after) await ctx.audit({ action: 'update', entityType: 'user', entityId: id, changes: fieldChanges(before, after, AUDITED) }, tx);
    // New rights need a new sign-in (spec §6): the account's sessions end now, not at their next sign-in.
    if (rightsChange) ownRightsChanged = await ctx.endSessionsForRightsChange(tx, [id]);
    return 'ok';
  };
  // Taking away an administrator: with every administrator's row locked, so two such changes take turns.
  const outcome = removesAdmin ? await withAdministratorsLocked(ctx.db, id, save) : await ctx.db.transaction().execute((tx) => save(tx, true));
  if (outcome === 'lastAdmin') return err({ code: 'lastAdmin' });
  if (outcome === 'conflict') return err(conflict);
  return ok({ user: (await repo.adminUser(ctx.db, id))!, ownRightsChanged });
}

export async function resetTwoFactor(ctx: ServiceContext, id: number): Promise<Result<repo.AdminUser, UserFailure>> {
  const target = await repo.adminUser(ctx.db, id);
  if (!target) return err(notFound);
  if (!mayManage(ctx.actor, await rightsOf(ctx, target))) return err({ code: 'accountAboveYou' });
  const reset = await ctx.db.transaction().execute(async (tx) => {
    const found = await repo.resetTwoFactor(tx, id);
    if (found) await ctx.audit({ action: 'two_factor_reset', entityType: 'user', entityId: id }, tx);
    return found;
  });
  return reset ? ok((await repo.adminUser(ctx.db, id))!) : err(notFound);
}

/**
 * A temporary password for another account (issue 21 item 8), under the same rules as any password:
 * its user is signed out everywhere, its API tokens end, and it must be changed at the next sign-in.
 * Audited, never the password itself.
 */
export async function setTemporaryPassword(ctx: ServiceContext, id: number, input: { password: string; password_confirmation: string }): Promise<Result<repo.AdminUser, UserFailure>> {
  const target = await repo.adminUser(ctx.db, id);
  if (!target) return err(notFound);
  if (!mayManage(ctx.actor, await rightsOf(ctx, target))) return err({ code: 'accountAboveYou' });
  if (id === ctx.actor.id) return err({ code: 'ownPassword' });
  const problems = await passwordProblems(input.password, input.password_confirmation);
  if (problems) return err(invalid(problems));
  const hash = await ctx.deps.passwords.hash(input.password);
  const set = await ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.setTemporaryPassword(tx, id, hash, ctx.now()))) return false;
    // Whatever held the old password's trust ends: browser sessions, sign-ins waiting for a code, API tokens.
    const ended = await endSignIns(tx, id);
    await ctx.audit({ action: 'temporary_password_set', entityType: 'user', entityId: id, changes: { sessionsEnded: ended.sessions, apiTokensEnded: ended.apiTokens } }, tx);
    return true;
  });
  return set ? ok((await repo.adminUser(ctx.db, id))!) : err(notFound);
}

/** Only an account nothing points to may be deleted; others are deactivated instead. */
export async function deleteUser(ctx: ServiceContext, id: number): Promise<Result<null, UserFailure>> {
  const user = await repo.adminUser(ctx.db, id);
  if (!user) return err(notFound);
  if (!mayManage(ctx.actor, await rightsOf(ctx, user))) return err({ code: 'accountAboveYou' });
  if (id === ctx.actor.id) return err({ code: 'notSelf' });
  const outcome = await withAdministratorsLocked(ctx.db, id, async (tx, anotherAdmin) => {
    if (user.isAdmin && user.active && !anotherAdmin) return 'lastAdmin' as const;
    // The account's row locked, so nothing new can point at it between the check and the delete.
    if (!(await repo.lockUser(tx, id))) return 'notFound' as const;
    if (await hasBusinessRecords(tx, id)) return 'userHasRecords' as const;
    const row = await repo.deleteUser(tx, id);
    if (!row) return 'notFound' as const;
    // The whole account as it was, but never its password hash or two-factor secrets.
    await ctx.audit({ action: 'delete', entityType: 'user', entityId: id, changes: auditRow(row) }, tx);
    return 'deleted' as const;
  }).catch((error: unknown) => {
    // A record made meanwhile that points at the account (e.g. an appointment's worker).
    if (isForeignKeyViolation(error)) return 'userHasRecords' as const;
    throw error;
  });
  return outcome === 'deleted' ? ok(null) : err({ code: outcome });
}

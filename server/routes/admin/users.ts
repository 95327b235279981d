import { Hono } from 'hono';
import { sql, type Kysely, type Transaction } from 'kysely';
import * as z from 'zod';
import { mayGrantAdmin, mayManage, rightsBeyond, type PermissionHolder } from '../../../domain/auth/permissions';
import { LANGUAGES } from '../../../domain/i18n/language';
import { audit, auditRow, fieldChanges } from '../../audit';
import { passwordFieldErrors } from '../../auth/passwordRules';
import { translate } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { likePattern, pageWindow, parseQuery } from '../../http/query';
import { parseJsonBody } from '../../http/validate';
import { endSessionsForRightsChange, keepSignedInAfterOwnChange } from '../../auth/sessions';
import { withAdministratorsLocked } from '../../auth/users';
import type { Database } from '../../db/schema';
import { hasBusinessRecords } from '../../account/repository';
import { fieldErrors, idParam, isForeignKeyViolation, versionField } from '../../http/fields';
import { INT_MAX } from '../../db/limits';

const UserFields = {
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  language: z.enum(LANGUAGES),
  roleId: z.number().int().positive().max(INT_MAX).nullable(),
  branchId: z.number().int().positive().max(INT_MAX).nullable(),
  isAdmin: z.boolean(),
  active: z.boolean(),
  calendarColor: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/)]).nullable().default(null),
  /** Basis points: 5.5% is 550. */
  commissionRateBp: z.number().int().min(0).max(10_000).nullable().default(null),
};
const CreateUser = z.object({ ...UserFields, password: z.string().max(1024), password_confirmation: z.string().max(1024) });
const UpdateUser = z.object({ ...UserFields, version: versionField });

const ListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  branch_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  active: z.enum(['1', '0']).optional(),
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

async function options(c: AppContext) {
  const { db } = c.var.deps;
  const [roles, branches] = await Promise.all([
    db.selectFrom('roles').select(['id', 'name']).orderBy('name').execute(),
    db.selectFrom('branches').select(['id', 'name_en', 'name_zh', 'company_id']).orderBy('id').execute(),
  ]);
  return { roles, branches: branches.map((b) => ({ id: b.id, nameEn: b.name_en, nameZh: b.name_zh, companyId: b.company_id })) };
}

async function adminUser(c: AppContext, id: number, db: Kysely<Database> | Transaction<Database> = c.var.deps.db) {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: row.language,
    roleId: row.role_id,
    branchId: row.branch_id,
    companyId: row.company_id,
    isAdmin: row.is_admin,
    active: row.active,
    calendarColor: row.calendar_color,
    commissionRateBp: row.commission_rate_bp,
    twoFactor: row.two_factor_confirmed_at !== null,
    version: row.version,
  };
}

async function checkReferences(c: AppContext, input: { email: string; roleId: number | null; branchId: number | null }, selfId: number | null) {
  const { db } = c.var.deps;
  const lang = c.var.language;
  const errors: Record<string, string[]> = {};
  let taken = db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', input.email.toLowerCase());
  if (selfId !== null) taken = taken.where('id', '!=', selfId);
  if (await taken.executeTakeFirst()) errors.email = [translate(lang, 'validation.emailTaken')];
  if (input.roleId !== null && !(await db.selectFrom('roles').select('id').where('id', '=', input.roleId).executeTakeFirst())) errors.roleId = [translate(lang, 'validation.invalid')];
  if (input.branchId !== null && !(await db.selectFrom('branches').select('id').where('id', '=', input.branchId).executeTakeFirst())) errors.branchId = [translate(lang, 'validation.invalid')];
  return errors;
}

async function rolePermissions(c: AppContext, roleId: number | null): Promise<string[]> {
  if (roleId === null) return [];
  const rows = await c.var.deps.db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).execute();
  return rows.map((r) => r.permission);
}

/** The rights an account holds now (not a session's snapshot of them). */
async function rightsOf(c: AppContext, account: { isAdmin: boolean; roleId: number | null }): Promise<PermissionHolder> {
  return { isAdmin: account.isAdmin, role: { permissions: await rolePermissions(c, account.roleId) } };
}

/**
 * Rights the signed-in user would hand out beyond their own: the administrator flag (administrators
 * only) or a role holding permissions they lack. Field messages, as the form shows them.
 */
async function grantErrors(c: AppContext, input: { isAdmin: boolean; roleId: number | null }): Promise<Record<string, string[]>> {
  const actor = c.var.user!;
  const errors: Record<string, string[]> = {};
  if (input.isAdmin && !mayGrantAdmin(actor)) errors.isAdmin = [translate(c.var.language, 'admin.grantAdmin')];
  if (rightsBeyond(actor, await rolePermissions(c, input.roleId)).length > 0) errors.roleId = [translate(c.var.language, 'admin.roleBeyondYou')];
  return errors;
}

/** Settings → Users: staff accounts, their role, branch, admin flag, activation and commission. */
export function userAdminRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/users', ...requirePermission('user_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { q, role_id, branch_id, active, page, per_page } = query.value;
    let base = c.var.deps.db.selectFrom('users');
    if (q) base = base.where((eb) => eb.or([eb(sql`lower(users.name)`, 'like', likePattern(q)), eb(sql`lower(users.email)`, 'like', likePattern(q))]));
    if (role_id) base = base.where('users.role_id', '=', role_id);
    if (branch_id) base = base.where('users.branch_id', '=', branch_id);
    if (active) base = base.where('users.active', '=', active === '1');
    const total = Number((await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const { limit, offset } = pageWindow(page, per_page);
    const rows = await base
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .leftJoin('branches', 'branches.id', 'users.branch_id')
      .select(['users.id', 'users.name', 'users.email', 'users.is_admin', 'users.active', 'users.calendar_color', 'roles.name as role', 'branches.name_en as branch_en', 'branches.name_zh as branch_zh'])
      .orderBy('users.active', 'desc')
      .orderBy('users.name')
      .limit(limit)
      .offset(offset)
      .execute();
    return c.json({
      items: rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        isAdmin: r.is_admin,
        active: r.active,
        calendarColor: r.calendar_color,
        role: r.role,
        branch: r.branch_en === null ? null : { nameEn: r.branch_en, nameZh: r.branch_zh },
      })),
      total,
      page,
      perPage: per_page,
      filters: await options(c),
    });
  });

  routes.get('/users/create', ...requirePermission('user_create'), async (c) => c.json({ options: await options(c) }));

  routes.post('/users', ...requirePermission('user_create'), async (c) => {
    const body = await parseJsonBody(c, CreateUser);
    if (body.isErr()) return body.error;
    const input = body.value;
    const errors = { ...(await checkReferences(c, input, null)), ...((await passwordFieldErrors(c.var.language, input.password, input.password_confirmation)) ?? {}), ...(await grantErrors(c, input)) };
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, passwords, now } = c.var.deps;
    const branch = input.branchId === null ? null : await db.selectFrom('branches').select('company_id').where('id', '=', input.branchId).executeTakeFirst();
    const hash = await passwords.hash(input.password);
    const created = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('users')
        .values({
          name: input.name,
          email: input.email,
          language: input.language,
          role_id: input.roleId,
          branch_id: input.branchId,
          company_id: branch?.company_id ?? null,
          is_admin: input.isAdmin,
          active: input.active,
          calendar_color: input.calendarColor || null,
          commission_rate_bp: input.commissionRateBp,
          password_hash: hash,
          password_changed_at: now(),
          created_at: now(),
          updated_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await adminUser(c, row.id, tx);
      await audit(c, { action: 'create', entityType: 'user', entityId: row.id, changes: { ...user, version: undefined } }, tx);
      return user;
    });
    return c.json({ user: created }, 201);
  });

  routes.get('/users/:user_id{[0-9]{1,9}}', ...requirePermission('user_view'), async (c) => {
    const user = await adminUser(c, idParam(c, 'user_id'));
    if (!user) return errorReply(c, 404, 'errors.notFound');
    return c.json({ user, options: await options(c) });
  });

  routes.put('/users/:user_id{[0-9]{1,9}}', ...requirePermission('user_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateUser);
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c, 'user_id');
    const before = await adminUser(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    if (!mayManage(c.var.user!, await rightsOf(c, before))) return errorReply(c, 403, 'admin.accountAboveYou');
    const errors = { ...(await checkReferences(c, input, id)), ...(await grantErrors(c, input)) };
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const branch = input.branchId === null ? null : await db.selectFrom('branches').select('company_id').where('id', '=', input.branchId).executeTakeFirst();
    const removesAdmin = before.isAdmin && before.active && (!input.isAdmin || !input.active);
    const rightsChange = before.isAdmin !== input.isAdmin || before.roleId !== input.roleId;
    let ownRightsChanged = false;
    const save = async (tx: Transaction<Database>, anotherAdmin: boolean): Promise<'ok' | 'conflict' | 'lastAdmin'> => {
      if (removesAdmin && !anotherAdmin) return 'lastAdmin';
      const updated = await tx
        .updateTable('users')
        .set((eb) => ({
          name: input.name,
          email: input.email,
          language: input.language,
          role_id: input.roleId,
          branch_id: input.branchId,
          company_id: branch?.company_id ?? null,
          is_admin: input.isAdmin,
          active: input.active,
          calendar_color: input.calendarColor || null,
          commission_rate_bp: input.commissionRateBp,
          updated_at: now(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (!updated) return 'conflict';
      // A deactivated account is signed out everywhere at once.
      if (before.active && !input.active) {
        await tx.deleteFrom('sessions').where('user_id', '=', id).execute();
        await tx.deleteFrom('api_tokens').where('user_id', '=', id).execute();
      }
      const after = await adminUser(c, id, tx);
      if (after) await audit(c, { action: 'update', entityType: 'user', entityId: id, changes: fieldChanges(before, after, ['name', 'email', 'language', 'roleId', 'branchId', 'isAdmin', 'active', 'calendarColor', 'commissionRateBp']) }, tx);
      // New rights need a new sign-in (spec §6): the account's sessions end now, not at their next sign-in.
      if (rightsChange) ownRightsChanged = await endSessionsForRightsChange(c, tx, [id]);
      return 'ok';
    };
    // Taking away an administrator: with every administrator's row locked, so two such changes take turns.
    const outcome = removesAdmin ? await withAdministratorsLocked(db, id, save) : await db.transaction().execute((tx) => save(tx, true));
    if (outcome === 'lastAdmin') return errorReply(c, 422, 'admin.lastAdmin');
    if (outcome === 'conflict') return errorReply(c, 409, 'errors.conflict');
    // One's own rights changed: this browser stays signed in with the new rights (its other browsers
    // are signed out), and the reply carries the signed-in user as they are now.
    if (ownRightsChanged) return c.json({ user: await adminUser(c, id), currentUser: await keepSignedInAfterOwnChange(c) });
    return c.json({ user: await adminUser(c, id) });
  });

  routes.post('/users/:user_id{[0-9]{1,9}}/reset-two-factor', ...requirePermission('user_edit'), async (c) => {
    const id = idParam(c, 'user_id');
    const target = await adminUser(c, id);
    if (!target) return errorReply(c, 404, 'errors.notFound');
    if (!mayManage(c.var.user!, await rightsOf(c, target))) return errorReply(c, 403, 'admin.accountAboveYou');
    const result = await c.var.deps.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('users')
        .set((eb) => ({ two_factor_secret: null, two_factor_recovery_codes: null, two_factor_confirmed_at: null, two_factor_last_step: null, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (row) await audit(c, { action: 'two_factor_reset', entityType: 'user', entityId: id }, tx);
      return row;
    });
    if (!result) return errorReply(c, 404, 'errors.notFound');
    return c.json({ user: await adminUser(c, id) });
  });

  /** Only an account nothing points to may be deleted; others are deactivated instead. */
  routes.delete('/users/:user_id{[0-9]{1,9}}', ...requirePermission('user_delete'), async (c) => {
    const id = idParam(c, 'user_id');
    const user = await adminUser(c, id);
    if (!user) return errorReply(c, 404, 'errors.notFound');
    if (!mayManage(c.var.user!, await rightsOf(c, user))) return errorReply(c, 403, 'admin.accountAboveYou');
    if (id === c.var.user!.id) return errorReply(c, 422, 'admin.notSelf');
    const deleted = await withAdministratorsLocked(c.var.deps.db, id, async (tx, anotherAdmin) => {
      if (user.isAdmin && user.active && !anotherAdmin) return 'lastAdmin' as const;
      // The account's row locked, so nothing new can point at it between the check and the delete.
      if (!(await tx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst())) return 'notFound' as const;
      if (await hasBusinessRecords(tx, id)) return 'hasRecords' as const;
      const row = await tx.deleteFrom('users').where('id', '=', id).returningAll().executeTakeFirst();
      if (!row) return 'notFound' as const;
      // The whole account as it was, but never its password hash or two-factor secrets.
      await audit(c, { action: 'delete', entityType: 'user', entityId: id, changes: auditRow(row) }, tx);
      return 'deleted' as const;
    }).catch((error: unknown) => {
      // A record made meanwhile that points at the account (e.g. an appointment's worker).
      if (isForeignKeyViolation(error)) return 'hasRecords' as const;
      throw error;
    });
    if (deleted === 'lastAdmin') return errorReply(c, 422, 'admin.lastAdmin');
    if (deleted === 'hasRecords') return errorReply(c, 422, 'admin.userHasRecords');
    if (deleted === 'notFound') return errorReply(c, 404, 'errors.notFound');
    return c.body(null, 204);
  });

  return routes;
}

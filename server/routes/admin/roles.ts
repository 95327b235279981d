import { Hono } from 'hono';
import * as z from 'zod';
import { ALL_PERMISSIONS, mayManage, PERMISSION_ACTIONS, PERMISSION_AREAS, rightsBeyond, SPECIAL_PERMISSIONS, type Permission } from '../../../domain/auth/permissions';
import { audit } from '../../audit';
import { endSessionsForRightsChange, keepSignedInAfterOwnChange } from '../../auth/sessions';
import { TWO_FACTOR_EVERYONE_KEY, twoFactorRequiredOfEveryone } from '../../auth/twoFactorPolicy';
import { INT_MAX } from '../../db/limits';
import { translate } from '../../i18n';
import { errorReply } from '../../http/errors';
import type { AppContext, AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { parseJsonBody } from '../../http/validate';
import { REFERENCES } from '../../db/references';
import { fieldErrors, idParam, versionField } from '../../http/fields';
import { deleteUnlessInUse } from './common';

const RoleInput = z.object({
  name: z.string().trim().min(1).max(60),
  permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])).max(ALL_PERMISSIONS.length),
});
const UpdateRole = RoleInput.extend({ version: versionField });
const TwoFactorPolicyInput = z.object({
  everyone: z.boolean(),
  roleIds: z.array(z.number().int().positive().max(INT_MAX)).max(1000),
});

/** Settings → Two-factor: whether it is required of everyone, and of which roles. */
async function twoFactorPolicy(c: AppContext) {
  const { db } = c.var.deps;
  const roles = await db.selectFrom('roles').select(['id', 'name', 'two_factor_required']).orderBy('name').execute();
  return { everyone: await twoFactorRequiredOfEveryone(db), roles: roles.map((r) => ({ id: r.id, name: r.name, required: r.two_factor_required })) };
}

/** The permission catalogue the matrix screen draws: areas × actions, then the special ones. */
const CATALOGUE = { areas: PERMISSION_AREAS, actions: PERMISSION_ACTIONS, special: SPECIAL_PERMISSIONS };

async function role(c: AppContext, id: number) {
  const { db } = c.var.deps;
  const row = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const permissions = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', id).orderBy('permission').execute();
  const users = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('role_id', '=', id).executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, permissions: permissions.map((p) => p.permission), userCount: Number(users.n), version: row.version };
}

/** A role may hold only rights its maker holds (administrators hold them all). */
function beyondErrors(c: AppContext, permissions: readonly string[]): Record<string, string[]> {
  return rightsBeyond(c.var.user!, permissions).length > 0 ? { permissions: [translate(c.var.language, 'admin.rightsBeyondYou')] } : {};
}

/** Whether the signed-in user may change or delete a role holding these rights. */
const mayChange = (c: AppContext, permissions: readonly string[]): boolean => mayManage(c.var.user!, { isAdmin: false, role: { permissions } });

async function nameTaken(c: AppContext, name: string, selfId: number | null): Promise<boolean> {
  let query = c.var.deps.db.selectFrom('roles').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (selfId !== null) query = query.where('id', '!=', selfId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Settings → Roles: a role holds permissions, edited as a matrix. A change of them signs out everyone
 * holding the role: they sign in again with the new rights.
 */
export function roleRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/roles', ...requirePermission('role_view'), async (c) => {
    const rows = await c.var.deps.db.selectFrom('roles').select('id').orderBy('name').execute();
    return c.json(await Promise.all(rows.map((r) => role(c, r.id))));
  });

  routes.get('/roles/create', ...requirePermission('role_create'), (c) => c.json({ catalogue: CATALOGUE }));

  routes.post('/roles', ...requirePermission('role_create'), async (c) => {
    const body = await parseJsonBody(c, RoleInput);
    if (body.isErr()) return body.error;
    const input = body.value;
    const errors = { ...(await nameTaken(c, input.name, null) ? { name: [translate(c.var.language, 'admin.roleNameTaken')] } : {}), ...beyondErrors(c, input.permissions) };
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const id = await db.transaction().execute(async (tx) => {
      const row = await tx.insertInto('roles').values({ name: input.name, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow();
      const permissions = [...new Set(input.permissions)];
      if (permissions.length > 0) await tx.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: row.id, permission }))).execute();
      await audit(c, { action: 'create', entityType: 'role', entityId: row.id, changes: { name: input.name, permissions: permissions.sort() } }, tx);
      return row.id;
    });
    return c.json({ role: await role(c, id) }, 201);
  });

  routes.get('/roles/:role_id{[0-9]{1,9}}', ...requirePermission('role_view'), async (c) => {
    const found = await role(c, idParam(c, 'role_id'));
    return found ? c.json({ role: found, catalogue: CATALOGUE }) : errorReply(c, 404, 'errors.notFound');
  });

  routes.put('/roles/:role_id{[0-9]{1,9}}', ...requirePermission('role_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateRole);
    if (body.isErr()) return body.error;
    const input = body.value;
    const id = idParam(c, 'role_id');
    const before = await role(c, id);
    if (!before) return errorReply(c, 404, 'errors.notFound');
    if (!mayChange(c, before.permissions)) return errorReply(c, 403, 'admin.roleAboveYou');
    const errors = { ...(await nameTaken(c, input.name, id) ? { name: [translate(c.var.language, 'admin.roleNameTaken')] } : {}), ...beyondErrors(c, input.permissions) };
    if (Object.keys(errors).length > 0) return fieldErrors(c, errors);
    const { db, now } = c.var.deps;
    const permissions = [...new Set(input.permissions)].sort();
    const added = permissions.filter((p) => !before.permissions.includes(p));
    const removed = before.permissions.filter((p) => !(permissions as string[]).includes(p));
    let ownRightsChanged = false;
    const saved = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('roles')
        .set((eb) => ({ name: input.name, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      await tx.deleteFrom('role_permissions').where('role_id', '=', id).execute();
      if (permissions.length > 0) await tx.insertInto('role_permissions').values(permissions.map((permission) => ({ role_id: id, permission }))).execute();
      await audit(
        c,
        {
          action: 'update',
          entityType: 'role',
          entityId: id,
          changes: { ...(before.name !== input.name ? { name: { from: before.name, to: input.name } } : {}), ...(added.length || removed.length ? { permissions: { added, removed } } : {}) },
        },
        tx,
      );
      // New rights need a new sign-in (spec §6): the sessions of everyone holding the role end now
      // (administrators hold every right whatever their role, so theirs stay).
      if (added.length > 0 || removed.length > 0) {
        const holders = await tx.selectFrom('users').select('id').where('role_id', '=', id).where('is_admin', '=', false).execute();
        ownRightsChanged = await endSessionsForRightsChange(c, tx, holders.map((u) => u.id));
      }
      return true;
    });
    if (!saved) return errorReply(c, 409, 'errors.conflict');
    // One's own role changed: this browser stays signed in with the new rights (see users.ts).
    if (ownRightsChanged) return c.json({ role: await role(c, id), currentUser: await keepSignedInAfterOwnChange(c) });
    return c.json({ role: await role(c, id) });
  });

  /**
   * Two-factor made compulsory, for everyone or per role. Changed by whoever may edit roles (an
   * administrator), audited; a role above the changer's rights keeps its setting.
   */
  routes.get('/two-factor-policy', ...requirePermission('role_view'), async (c) => c.json(await twoFactorPolicy(c)));
  routes.put('/two-factor-policy', ...requirePermission('role_edit', 'user_admin'), async (c) => {
    const body = await parseJsonBody(c, TwoFactorPolicyInput);
    if (body.isErr()) return body.error;
    const { everyone, roleIds } = body.value;
    const { db, now } = c.var.deps;
    const wanted = new Set(roleIds);
    const roles = await db.selectFrom('roles').select(['id', 'name', 'two_factor_required']).execute();
    const known = new Set(roles.map((r) => r.id));
    if (roleIds.some((id) => !known.has(id))) return fieldErrors(c, { roleIds: [translate(c.var.language, 'validation.invalid')] });
    const changed = roles.filter((r) => r.two_factor_required !== wanted.has(r.id));
    for (const r of changed) {
      const permissions = (await db.selectFrom('role_permissions').select('permission').where('role_id', '=', r.id).execute()).map((p) => p.permission);
      if (!mayChange(c, permissions)) return errorReply(c, 403, 'admin.roleAboveYou');
    }
    // Whoever requires two-factor of themselves sets it up first, so the change does not lock them out.
    const me = c.var.user!;
    const mine = await db.selectFrom('users').select('two_factor_confirmed_at').where('id', '=', me.id).executeTakeFirstOrThrow();
    if (mine.two_factor_confirmed_at === null && (everyone || (me.role !== null && wanted.has(me.role.id)))) {
      return fieldErrors(c, { [everyone ? 'everyone' : 'roleIds']: [translate(c.var.language, 'admin.twoFactorYourselfFirst')] });
    }
    const before = await twoFactorRequiredOfEveryone(db);
    await db.transaction().execute(async (tx) => {
      if (before !== everyone) {
        await tx
          .insertInto('settings')
          .values({ key: TWO_FACTOR_EVERYONE_KEY, value: String(everyone), updated_at: now() })
          .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: String(everyone), updated_at: now(), version: eb('settings.version', '+', 1) })))
          .execute();
      }
      for (const r of changed) await tx.updateTable('roles').set({ two_factor_required: wanted.has(r.id), updated_at: now() }).where('id', '=', r.id).execute();
      const added = changed.filter((r) => wanted.has(r.id)).map((r) => r.name);
      const removed = changed.filter((r) => !wanted.has(r.id)).map((r) => r.name);
      if (before !== everyone || changed.length > 0) {
        await audit(
          c,
          {
            action: 'update',
            entityType: 'two_factor_policy',
            entityId: null,
            changes: { ...(before !== everyone ? { everyone: { from: before, to: everyone } } : {}), ...(changed.length > 0 ? { roles: { added, removed } } : {}) },
          },
          tx,
        );
      }
    });
    return c.json(await twoFactorPolicy(c));
  });

  routes.delete('/roles/:role_id{[0-9]{1,9}}', ...requirePermission('role_delete'), async (c) => {
    const id = idParam(c, 'role_id');
    const found = await role(c, id);
    if (!found) return errorReply(c, 404, 'errors.notFound');
    if (!mayChange(c, found.permissions)) return errorReply(c, 403, 'admin.roleAboveYou');
    // Its permissions go with it (ON DELETE CASCADE); the audit line keeps them.
    return deleteUnlessInUse(c, {
      table: 'roles',
      id,
      entityType: 'role',
      references: REFERENCES.roles,
      inUse: 'admin.roleInUse',
      more: async (tx) => ({ permissions: (await tx.selectFrom('role_permissions').select('permission').where('role_id', '=', id).orderBy('permission').execute()).map((p) => p.permission) }),
    });
  });

  return routes;
}

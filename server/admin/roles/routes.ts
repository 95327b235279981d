import { Hono } from 'hono';
import * as z from 'zod';
import { ALL_PERMISSIONS, PERMISSION_ACTIONS, PERMISSION_AREAS, SPECIAL_PERMISSIONS, type Permission } from '../../../domain/auth/permissions';
import { NewRolePage, RoleList, RolePage, RoleSaved, TwoFactorPolicy } from '../../../contract/roles';
import { INT_MAX } from '../../db/limits';
import type { AppEnv } from '../../http/env';
import { failureReplies, type Refusals } from '../../http/failure';
import { idParam, versionField } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { screenReplies, shown, writes } from '../../http/handlers';
import { parseJsonBody } from '../../http/validate';
import { serviceContext } from '../../service/context';
import type { Failure } from '../../service/failure';
import { withOwnRights } from '../ownRights';
import * as repo from './repository';
import * as roles from './service';

const RoleInput = z.object({
  name: z.string().trim().min(1).max(60),
  permissions: z.array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]])).max(ALL_PERMISSIONS.length),
});
const UpdateRole = RoleInput.extend({ version: versionField });
const TwoFactorPolicyInput = z.object({
  everyone: z.boolean(),
  roleIds: z.array(z.number().int().positive().max(INT_MAX)).max(1000),
});

/** The permission catalogue the matrix screen draws: areas × actions, then the special ones. */
const CATALOGUE = { areas: [...PERMISSION_AREAS], actions: [...PERMISSION_ACTIONS], special: [...SPECIAL_PERMISSIONS] };

const REFUSALS: Refusals<'roleAboveYou' | 'inUse'> = { roleAboveYou: [403, 'admin.roleAboveYou'], inUse: [422, 'admin.roleInUse'] };
const refuse = failureReplies<Failure<'roleAboveYou' | 'inUse'>>(REFUSALS);
const { save, remove } = writes(refuse);

/** Settings → Roles and the two-factor policy (HTTP only; the rules are in ./service). */
export function roleRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { list, newForm, created, page, saved } = screenReplies({ list: RoleList, newForm: NewRolePage, page: RolePage, saved: RoleSaved });
  const policy = replies(TwoFactorPolicy);

  routes.get('/roles', list, ...requirePermission('role_view'), async (c) => list.send(c, await repo.roles(c.var.deps.db)));
  routes.get('/roles/create', newForm, ...requirePermission('role_create'), (c) => newForm.send(c, { catalogue: CATALOGUE }));
  routes.post('/roles', created, ...requirePermission('role_create'), save(RoleInput, (c, input) => roles.createRole(serviceContext(c), input), created, (role) => ({ role })));
  routes.get('/roles/:role_id{[0-9]{1,9}}', page, ...requirePermission('role_view'), shown((c) => repo.role(c.var.deps.db, idParam(c, 'role_id')), page, (role) => ({ role, catalogue: CATALOGUE })));
  const update = save(UpdateRole, (c, input) => roles.updateRole(serviceContext(c), idParam(c, 'role_id'), input), saved, ({ role, ownRightsChanged }, c) => withOwnRights(c, { role }, ownRightsChanged));
  routes.put('/roles/:role_id{[0-9]{1,9}}', saved, ...requirePermission('role_edit'), update);
  routes.delete('/roles/:role_id{[0-9]{1,9}}', ...requirePermission('role_delete'), remove((c) => roles.deleteRole(serviceContext(c), idParam(c, 'role_id'))));

  /** Two-factor made compulsory, for everyone or per role; changed by whoever may edit roles (an administrator), audited. */
  routes.get('/two-factor-policy', policy, ...requirePermission('role_view'), async (c) => policy.send(c, await roles.twoFactorPolicy(c.var.deps.db)));
  routes.put('/two-factor-policy', policy, ...requirePermission('role_edit', 'user_admin'), async (c) => {
    const body = await parseJsonBody(c, TwoFactorPolicyInput);
    if (body.isErr()) return body.error;
    const saved = await roles.setTwoFactorPolicy(serviceContext(c), body.value);
    return saved.isErr() ? refuse(c, saved.error) : policy.send(c, saved.value);
  });

  return routes;
}

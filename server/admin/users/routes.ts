import { Hono } from 'hono';
import * as z from 'zod';
import { LANGUAGES } from '../../../domain/i18n/language';
import { NewUserPage, UserList, UserPage, UserSaved } from '../../../contract/users';
import { INT_MAX } from '../../db/limits';
import type { AppEnv } from '../../http/env';
import { failureReplies } from '../../http/failure';
import { idParam, versionField } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { parseQuery } from '../../http/query';
import { screenReplies, shown, writes } from '../../http/handlers';
import { serviceContext } from '../../service/context';
import { withOwnRights } from '../ownRights';
import * as repo from './repository';
import * as users from './service';
import type { UserFailure } from './service';

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
const TemporaryPassword = z.object({ password: z.string().max(1024), password_confirmation: z.string().max(1024) });

const ListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  branch_id: z.coerce.number().int().positive().max(INT_MAX).optional(),
  active: z.enum(['1', '0']).optional(),
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

const refuse = failureReplies<UserFailure>({
  accountAboveYou: [403, 'admin.accountAboveYou'],
  lastAdmin: [422, 'admin.lastAdmin'],
  notSelf: [422, 'admin.notSelf'],
  userHasRecords: [422, 'admin.userHasRecords'],
  ownPassword: [422, 'passwordReset.ownPassword'],
});
const { save, remove } = writes(refuse);

/** Settings → Users (HTTP only; the rules are in ./service). */
export function userAdminRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { list, newForm, created, page, saved } = screenReplies({ list: UserList, newForm: NewUserPage, page: UserPage, saved: UserSaved });

  routes.get('/users', list, ...requirePermission('user_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { db } = c.var.deps;
    const { items, total } = await repo.userPage(db, query.value);
    return list.send(c, { items, total, page: query.value.page, perPage: query.value.per_page, filters: await repo.userOptions(db) });
  });
  routes.get('/users/create', newForm, ...requirePermission('user_create'), async (c) => newForm.send(c, { options: await repo.userOptions(c.var.deps.db) }));
  routes.post('/users', created, ...requirePermission('user_create'), save(CreateUser, (c, input) => users.createUser(serviceContext(c), input), created, (user) => ({ user })));
  const userPage = shown((c) => repo.adminUser(c.var.deps.db, idParam(c, 'user_id')), page, async (user, c) => ({ user, options: await repo.userOptions(c.var.deps.db) }));
  routes.get('/users/:user_id{[0-9]{1,9}}', page, ...requirePermission('user_view'), userPage);
  const update = save(UpdateUser, (c, input) => users.updateUser(serviceContext(c), idParam(c, 'user_id'), input), saved, ({ user, ownRightsChanged }, c) => withOwnRights(c, { user }, ownRightsChanged));
  routes.put('/users/:user_id{[0-9]{1,9}}', saved, ...requirePermission('user_edit'), update);
  routes.post('/users/:user_id{[0-9]{1,9}}/reset-two-factor', saved, ...requirePermission('user_edit'), async (c) =>
    (await users.resetTwoFactor(serviceContext(c), idParam(c, 'user_id'))).match(
      (user) => saved.send(c, { user }),
      (failure) => refuse(c, failure),
    ),
  );
  /** A temporary password the user must change at their next sign-in (they are signed out everywhere now). */
  routes.post('/users/:user_id{[0-9]{1,9}}/temporary-password', saved, ...requirePermission('user_edit'), save(TemporaryPassword, (c, input) => users.setTemporaryPassword(serviceContext(c), idParam(c, 'user_id'), input), saved, (user) => ({ user })));
  routes.delete('/users/:user_id{[0-9]{1,9}}', ...requirePermission('user_delete'), remove((c) => users.deleteUser(serviceContext(c), idParam(c, 'user_id'))));

  return routes;
}

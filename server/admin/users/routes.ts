import { Hono } from 'hono';
import * as z from 'zod';
import { LANGUAGES } from '../../../domain/i18n/language';
import { NewUserPage, UserList, UserPage, UserSaved } from '../../../contract/users';
import { keepSignedInAfterOwnChange } from '../../auth/sessions';
import { INT_MAX } from '../../db/limits';
import { errorReply } from '../../http/errors';
import type { AppEnv } from '../../http/env';
import { failureReply, type Refusals } from '../../http/failure';
import { idParam, versionField } from '../../http/fields';
import { requirePermission } from '../../http/permissions';
import { parseQuery } from '../../http/query';
import { replies } from '../../http/reply';
import { parseJsonBody } from '../../http/validate';
import { serviceContext } from '../../service/context';
import * as repo from './repository';
import * as users from './service';

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

const REFUSALS: Refusals<'accountAboveYou' | 'lastAdmin' | 'notSelf' | 'userHasRecords'> = {
  accountAboveYou: [403, 'admin.accountAboveYou'],
  lastAdmin: [422, 'admin.lastAdmin'],
  notSelf: [422, 'admin.notSelf'],
  userHasRecords: [422, 'admin.userHasRecords'],
};

/** Settings → Users (HTTP only; the rules are in ./service). */
export function userAdminRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const list = replies(UserList);
  const newForm = replies(NewUserPage);
  const created = replies(UserSaved, 201);
  const page = replies(UserPage);
  const edited = replies(UserSaved);

  routes.get('/users', list, ...requirePermission('user_view'), async (c) => {
    const query = parseQuery(c, ListQuery);
    if (query.isErr()) return query.error;
    const { db } = c.var.deps;
    const { items, total } = await repo.userPage(db, query.value);
    return list.send(c, { items, total, page: query.value.page, perPage: query.value.per_page, filters: await repo.userOptions(db) });
  });
  routes.get('/users/create', newForm, ...requirePermission('user_create'), async (c) => newForm.send(c, { options: await repo.userOptions(c.var.deps.db) }));
  routes.post('/users', created, ...requirePermission('user_create'), async (c) => {
    const body = await parseJsonBody(c, CreateUser);
    if (body.isErr()) return body.error;
    const saved = await users.createUser(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error, REFUSALS) : created.send(c, { user: saved.value });
  });
  routes.get('/users/:user_id{[0-9]{1,9}}', page, ...requirePermission('user_view'), async (c) => {
    const { db } = c.var.deps;
    const user = await repo.adminUser(db, idParam(c, 'user_id'));
    return user ? page.send(c, { user, options: await repo.userOptions(db) }) : errorReply(c, 404, 'errors.notFound');
  });
  routes.put('/users/:user_id{[0-9]{1,9}}', edited, ...requirePermission('user_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateUser);
    if (body.isErr()) return body.error;
    const saved = await users.updateUser(serviceContext(c), idParam(c, 'user_id'), body.value);
    if (saved.isErr()) return failureReply(c, saved.error, REFUSALS);
    // One's own rights changed: this browser stays signed in with the new rights (its other browsers
    // are signed out), and the reply carries the signed-in user as they are now.
    const { user, ownRightsChanged } = saved.value;
    return edited.send(c, ownRightsChanged ? { user, currentUser: await keepSignedInAfterOwnChange(c) } : { user });
  });
  routes.post('/users/:user_id{[0-9]{1,9}}/reset-two-factor', edited, ...requirePermission('user_edit'), async (c) => {
    const saved = await users.resetTwoFactor(serviceContext(c), idParam(c, 'user_id'));
    return saved.isErr() ? failureReply(c, saved.error, REFUSALS) : edited.send(c, { user: saved.value });
  });
  routes.delete('/users/:user_id{[0-9]{1,9}}', ...requirePermission('user_delete'), async (c) => {
    const deleted = await users.deleteUser(serviceContext(c), idParam(c, 'user_id'));
    return deleted.isErr() ? failureReply(c, deleted.error, REFUSALS) : c.body(null, 204);
  });

  return routes;
}

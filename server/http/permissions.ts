import { createMiddleware } from 'hono/factory';
import { hasPermission, type Permission } from '../../domain/auth/permissions';
import { errorReply } from './errors';
import type { AppEnv } from './env';
import { requireUser } from './session';

/**
 * Lets through only a signed-in user holding `permission` (the same check as the browser's, from
 * the domain): 401 without a user, 403 without the permission.
 */
export function requirePermission(permission: Permission) {
  const check = createMiddleware<AppEnv>(async (c, next) => {
    if (!hasPermission(c.var.user, permission)) return errorReply(c, 403, 'auth.forbidden');
    return next();
  });
  return [requireUser, check] as const;
}

import { createMiddleware } from 'hono/factory';
import { hasPermission, type Permission } from '../../domain/auth/permissions';
import { abilityFor, type TokenAbility } from '../../domain/auth/tokenAbilities';
import { errorReply } from './errors';
import type { AppEnv } from './env';
import { requireSignedIn } from './session';
import { refuseWithoutAbility } from './tokenAbilities';

/**
 * Lets through only a signed-in user holding `permission` (the same check as the browser's, from
 * the domain): 401 without a user, 403 without the permission. An API token also needs the ability
 * of the action (403): `ability` when the route names it (a POST that is a plain update or read),
 * otherwise the one abilityFor derives from the permission and the method (void, hkid_reveal and
 * user_admin for their actions, else read/create/update/delete by method).
 */
export function requirePermission(permission: Permission, ability?: TokenAbility) {
  const check = createMiddleware<AppEnv>(async (c, next) => {
    const refused = refuseWithoutAbility(c, ability ?? abilityFor(permission, c.req.method));
    if (refused) return refused;
    if (!hasPermission(c.var.user, permission)) return errorReply(c, 403, 'auth.forbidden');
    return next();
  });
  return [requireSignedIn, check] as const;
}

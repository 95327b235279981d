import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './env';
import { errorReply } from './errors';

/**
 * What a signed-in session may reach while its user holds a temporary password an administrator set:
 * the password change itself, the heartbeat, /api/user (so the browser knows), the language, signing
 * in again and signing out.
 */
const PASSWORD_CHANGE_ONLY = new Set([
  'GET /api/heartbeat',
  'GET /api/csrf-cookie',
  'POST /api/login',
  'POST /api/two-factor-challenge',
  'POST /api/logout',
  'GET /api/user',
  'PUT /api/user/language',
  'PUT /api/user/password',
]);

/**
 * A temporary password (Settings → Users, issue 21 item 8): a browser session of its user reaches only
 * the password change; everything else answers 403 with the stable reason `passwordChangeRequired`
 * (and `password_change_required`), until the user chooses a new password. API tokens are not
 * sessions and are left alone.
 */
export const enforcePasswordChange = createMiddleware<AppEnv>(async (c, next) => {
  const { user, auth } = c.var;
  if (auth.kind !== 'session' || !user?.mustChangePassword) return next();
  if (PASSWORD_CHANGE_ONLY.has(`${c.req.method} ${c.req.path}`)) return next();
  return errorReply(c, 403, 'passwordReset.changeRequired', { reason: 'passwordChangeRequired', password_change_required: true });
});

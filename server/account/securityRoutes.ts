import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../http/env';
import { requireSessionUser } from '../http/session';
import { parseJsonBody } from '../http/validate';
import { translate } from '../i18n';
import { accountFailureReply } from './replies';
import * as security from './security';

const PasswordOnly = z.object({ password: z.string().min(1).max(1024) });
const CodeBody = z.object({ code: z.string().trim().min(1).max(16) });
const ChangePassword = z.object({
  current_password: z.string().min(1).max(1024),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/**
 * The account's own security, for a signed-in browser session only: password, two-factor
 * authentication, recovery codes, browser sessions and deleting the account. HTTP in and out; the
 * rules are in ./security.
 */
export function accountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.put('/user/password', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, ChangePassword);
    if (body.isErr()) return body.error;
    const changed = await security.changePassword(c, body.value);
    return changed.isErr() ? accountFailureReply(c, changed.error) : c.json({ message: 'ok' });
  });

  routes.get('/user/two-factor-authentication', requireSessionUser, async (c) => c.json({ status: await security.twoFactorStatus(c) }));

  /** Step 1 of enabling: a new secret (shown as a QR code and as text), not yet in force. */
  routes.post('/user/two-factor-authentication', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const started = await security.startTwoFactor(c, body.value.password);
    return started.isErr() ? accountFailureReply(c, started.error) : c.json({ status: 'pending', ...started.value });
  });

  /** Step 2: a code from the app proves it is set up; two-factor is on from now, and the recovery codes are shown. */
  routes.post('/user/confirmed-two-factor-authentication', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, CodeBody);
    if (body.isErr()) return body.error;
    const confirmed = await security.confirmTwoFactor(c, body.value.code);
    return confirmed.isErr() ? accountFailureReply(c, confirmed.error) : c.json({ status: 'on', recoveryCodes: confirmed.value });
  });

  routes.delete('/user/two-factor-authentication', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const disabled = await security.disableTwoFactor(c, body.value.password);
    return disabled.isErr() ? accountFailureReply(c, disabled.error) : c.json({ status: 'off' });
  });

  routes.post('/user/two-factor-recovery-codes', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const codes = await security.showRecoveryCodes(c, body.value.password);
    return codes.isErr() ? accountFailureReply(c, codes.error) : c.json({ recoveryCodes: codes.value });
  });

  routes.post('/user/two-factor-recovery-codes/regenerate', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const codes = await security.regenerateRecoveryCodes(c, body.value.password);
    return codes.isErr() ? accountFailureReply(c, codes.error) : c.json({ recoveryCodes: codes.value });
  });

  /** The browsers signed in to this account, the current one marked. */
  routes.get('/user/sessions', requireSessionUser, async (c) => c.json({ sessions: await security.browserSessions(c) }));

  routes.delete('/user/other-sessions', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const ended = await security.endOtherSessions(c, body.value.password);
    return ended.isErr() ? accountFailureReply(c, ended.error) : c.json({ ended: ended.value });
  });

  /**
   * Deletes the account when allowed: never the last active administrator, and never an account the
   * business's records point to (those are deactivated by an administrator instead).
   */
  routes.delete('/user', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const deleted = await security.deleteAccount(c, body.value.password);
    return deleted.isErr() ? accountFailureReply(c, deleted.error) : c.json({ message: translate(c.var.language, 'auth.accountDeleted') });
  });

  return routes;
}

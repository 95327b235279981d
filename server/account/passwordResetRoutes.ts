import { Hono } from 'hono';
import * as z from 'zod';
import { Message } from '../../contract/account';
import type { AppContext, AppEnv } from '../http/env';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { translate } from '../i18n';
import { accountFailureReply } from './replies';
import * as reset from './passwordReset';

const ForgotPasswordBody = z.object({ email: z.string().trim().min(1).max(255).pipe(z.email()) });

const ResetPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/** One answer for a link that does not stand, whatever the reason (unknown, expired, used, replaced). */
function linkInvalid(c: AppContext): Response {
  const message = translate(c.var.language, 'passwordReset.linkInvalid');
  return c.json({ message, errors: { token: [message] }, reason: 'resetLinkInvalid' }, 422);
}

/** "Forgot password?" and the reset link (public): HTTP in and out; the rules are in ./passwordReset. */
export function passwordResetRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const message = replies(Message);

  /** The same answer whether or not the address has an account; 429 (any address) past the limits. */
  routes.post('/forgot-password', message, async (c) => {
    const body = await parseJsonBody(c, ForgotPasswordBody);
    if (body.isErr()) return body.error;
    // The e-mail's link opens at the site's configured address, never this request's Host (server/mail/siteAddress.ts).
    const requested = await reset.requestReset(c, body.value.email);
    if (requested.isErr()) return accountFailureReply(c, requested.error);
    return message.send(c, { message: translate(c.var.language, 'passwordReset.requested') });
  });

  /** A new password through a reset link; the account is then signed out everywhere. */
  routes.post('/reset-password', message, async (c) => {
    const body = await parseJsonBody(c, ResetPasswordBody);
    if (body.isErr()) return body.error;
    const done = await reset.resetWithLink(c, body.value);
    if (done.isErr()) return done.error.code === 'resetLinkInvalid' ? linkInvalid(c) : accountFailureReply(c, done.error);
    return message.send(c, { message: translate(c.var.language, 'passwordReset.done') });
  });

  return routes;
}

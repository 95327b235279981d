import { Hono } from 'hono';
import type { Result } from 'neverthrow';
import * as z from 'zod';
import type * as zm from 'zod/mini';
import { BrowserSessions, Message, OtherSessionsEnded, RecoveryCodes, TwoFactorConfirmed, TwoFactorEnrolment, TwoFactorOff, TwoFactorState } from '../../contract/account';
import type { AppContext, AppEnv } from '../http/env';
import { replies, type ReplyDeclaration } from '../http/reply';
import { requireSessionUser } from '../http/session';
import { parseJsonBody } from '../http/validate';
import { translate } from '../i18n';
import type { AccountFailure } from './failures';
import { accountFailureReply } from './replies';
import * as security from './security';

const PasswordOnly = z.object({ password: z.string().min(1).max(1024) });
const CodeBody = z.object({ code: z.string().trim().min(1).max(16) });
const ChangePassword = z.object({
  current_password: z.string().min(1).max(1024),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
  /** Leave the account's API tokens working; without it they end with the other sessions. */
  keep_api_tokens: z.boolean().optional(),
});

/**
 * One security step over HTTP: the body parsed with `body`, the rule run (./security), and its
 * result sent as the declared reply, or its failure as the account's failure reply.
 */
function step<B extends z.ZodType, S extends zm.ZodMiniType, T>(
  body: B,
  reply: ReplyDeclaration<S>,
  run: (c: AppContext, input: z.output<B>) => Promise<Result<T, AccountFailure>>,
  toReply: (value: T, c: AppContext) => zm.input<S>,
) {
  return async (c: AppContext) => {
    const parsed = await parseJsonBody(c, body);
    if (parsed.isErr()) return parsed.error;
    const done = await run(c, parsed.value);
    return done.isErr() ? accountFailureReply(c, done.error) : reply.send(c, toReply(done.value, c));
  };
}

/** A step that needs only the password again. */
const withPassword = <S extends zm.ZodMiniType, T>(
  reply: ReplyDeclaration<S>,
  run: (c: AppContext, password: string) => Promise<Result<T, AccountFailure>>,
  toReply: (value: T, c: AppContext) => zm.input<S>,
) => step(PasswordOnly, reply, (c, input) => run(c, input.password), toReply);

/**
 * The account's own security, for a signed-in browser session only: password, two-factor
 * authentication, recovery codes, browser sessions and deleting the account. HTTP in and out; the
 * rules are in ./security.
 */
export function accountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const message = replies(Message);
  const status = replies(TwoFactorState);
  const enrolment = replies(TwoFactorEnrolment);
  const confirmed = replies(TwoFactorConfirmed);
  const off = replies(TwoFactorOff);
  const codes = replies(RecoveryCodes);
  const sessions = replies(BrowserSessions);
  const ended = replies(OtherSessionsEnded);

  routes.put('/user/password', message, requireSessionUser, step(ChangePassword, message, security.changePassword, () => ({ message: 'ok' })));

  routes.get('/user/two-factor-authentication', status, requireSessionUser, async (c) => status.send(c, { status: await security.twoFactorStatus(c) }));

  /** Step 1 of enabling: a new secret (shown as a QR code and as text), not yet in force. */
  routes.post('/user/two-factor-authentication', enrolment, requireSessionUser, withPassword(enrolment, security.startTwoFactor, (secret) => ({ status: 'pending' as const, ...secret })));

  /** Step 2: a code from the app proves it is set up; two-factor is on from now, and the recovery codes are shown. */
  routes.post(
    '/user/confirmed-two-factor-authentication',
    confirmed,
    requireSessionUser,
    step(CodeBody, confirmed, (c, input) => security.confirmTwoFactor(c, input.code), (recoveryCodes) => ({ status: 'on' as const, recoveryCodes })),
  );

  routes.delete('/user/two-factor-authentication', off, requireSessionUser, withPassword(off, security.disableTwoFactor, () => ({ status: 'off' as const })));

  routes.post('/user/two-factor-recovery-codes', codes, requireSessionUser, withPassword(codes, security.showRecoveryCodes, (recoveryCodes) => ({ recoveryCodes })));

  routes.post('/user/two-factor-recovery-codes/regenerate', codes, requireSessionUser, withPassword(codes, security.regenerateRecoveryCodes, (recoveryCodes) => ({ recoveryCodes })));

  /** The browsers signed in to this account, the current one marked. */
  routes.get('/user/sessions', sessions, requireSessionUser, async (c) => sessions.send(c, { sessions: await security.browserSessions(c) }));

  routes.delete('/user/other-sessions', ended, requireSessionUser, withPassword(ended, security.endOtherSessions, (count) => ({ ended: count })));

  /**
   * Deletes the account when allowed: never the last active administrator, and never an account the
   * business's records point to (those are deactivated by an administrator instead).
   */
  routes.delete('/user', message, requireSessionUser, withPassword(message, security.deleteAccount, (_, c) => ({ message: translate(c.var.language, 'auth.accountDeleted') })));

  return routes;
}

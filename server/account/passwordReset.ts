import { err, ok, type Result } from 'neverthrow';
import { audit } from '../audit';
import { passwordProblems } from '../auth/passwordRules';
import { endSignIns } from '../auth/sessions';
import { randomToken, sha256Hex } from '../auth/tokens';
import type { AppContext, ServerDeps } from '../http/env';
import { hitRateLimit } from '../http/rateLimit';
import { enqueue } from '../jobs/queue';
import type { JobRow } from '../jobs/repository';
import { PermanentJobError, type JobHandler } from '../jobs/runner';
import { auditFromJob } from '../mail/repository';
import { outbox } from '../mail/service';
import { linkAt, linkBase } from '../mail/siteAddress';
import { invalid, type Failure } from '../service/failure';
import type { AccountFailure } from './failures';
import { resetMail } from './passwordResetMail';
import * as repo from './passwordResetRepository';

/**
 * "Forgot password?" (issue 21 item 8): a request queues an e-mail holding a single-use link that
 * expires; the link sets a new password under the same rules as the profile's, and signs the account
 * out everywhere. The request answers the same whether or not the address has an account.
 */

/** The job kind that e-mails a reset link (passwordResetJob below). */
export const PASSWORD_RESET_JOB = 'passwordReset';

/** How long a link works. */
export const RESET_LINK_MINUTES = 60;

/** Requests for one address (known or not) within an hour. */
export const RESETS_PER_ADDRESS = 3;
const HOUR = 60 * 60_000;
const MINUTE = 60_000;

/** The path of the reset page for a token (the browser's /reset-password/:token route). */
export const resetPath = (token: string) => `/reset-password/${token}`;

export type ResetFailure = Failure<{ code: 'resetLinkInvalid' }> | AccountFailure;

/**
 * Asks for a reset link: counted per IP address and per e-mail address (whether or not it has an
 * account, so the limits tell nothing either), then the same job is queued and the same audit line
 * written whatever the address: the request does the same work, the same queries, for an address
 * with an account and one without, so neither its answer nor its time tells them apart. The job
 * (below), off the request path, looks for the account and e-mails the link when there is one.
 */
export async function requestReset(c: AppContext, email: string): Promise<Result<void, AccountFailure>> {
  const { db, now, config, clientIp, jobs } = c.var.deps;
  const address = email.toLowerCase();
  const byIp = await hitRateLimit(c, `password-reset:ip:${clientIp(c) ?? ''}`, config.attemptsPerMinute, MINUTE);
  if (!byIp.allowed) return err({ code: 'tooManyAttempts', limit: byIp });
  const byAddress = await hitRateLimit(c, `password-reset:email:${address}`, RESETS_PER_ADDRESS, HOUR);
  if (!byAddress.allowed) return err({ code: 'tooManyAttempts', limit: byAddress });
  await db.transaction().execute(async (tx) => {
    const job = await enqueue(tx, now(), { kind: PASSWORD_RESET_JOB, payload: { summary: `Password reset → ${address}`, email: address } });
    await audit(c, { action: 'password_reset_requested', entityType: 'job', entityId: job.id, userId: null, changes: {} }, tx);
  });
  jobs?.notify();
  return ok(undefined);
}

/**
 * Sets a new password through a reset link: the link must stand (not used, not expired, not replaced
 * by a newer one, made after the password last changed, its account active; one answer whatever the
 * reason), the password meet the rules; then the link is used up, the password set, every session
 * and API token of the account ended and the reset audited.
 */
export async function resetWithLink(c: AppContext, input: { token: string; password: string; password_confirmation: string }): Promise<Result<void, ResetFailure>> {
  const { db, now, passwords } = c.var.deps;
  const tokenHash = await sha256Hex(input.token);
  const link = await repo.standingLink(db, tokenHash, now());
  if (!link) return err({ code: 'resetLinkInvalid' });
  const problems = await passwordProblems(input.password, input.password_confirmation);
  if (problems) return err(invalid(problems));
  const hash = await passwords.hash(input.password);
  const done = await db.transaction().execute(async (tx) => {
    if (!(await repo.markUsed(tx, link.id, now()))) return false;
    await repo.resetPassword(tx, link.user_id, hash, now());
    const ended = await endSignIns(tx, link.user_id);
    await audit(c, { action: 'password_reset', entityType: 'user', entityId: link.user_id, userId: null, changes: { sessionsEnded: ended.sessions, apiTokensEnded: ended.apiTokens } }, tx);
    return true;
  });
  return done ? ok(undefined) : err({ code: 'resetLinkInvalid' });
}

/**
 * The job that e-mails a reset link, queued by every request: finds the active account that signs
 * in with the address asked for (none: the job is done, nothing is sent), makes the link now (a
 * fresh one at each attempt, replacing any earlier; only its hash is kept, the token itself only in
 * the e-mail) and sends it through the SMTP server of Settings → E-mail, at the site's configured
 * address. E-mail or the site's address not set up: the attempt fails with that reason, shown in
 * Settings → Background jobs, and is tried again with backoff.
 */
export const passwordResetJob: JobHandler = {
  async run(deps: ServerDeps, job) {
    const account = await accountOf(deps, job);
    if (!account) return;
    const send = await outbox(deps);
    // The site's address as configured (never the request's Host: server/mail/siteAddress.ts); none: the attempt fails saying so.
    const site = await linkBase(deps);
    const token = randomToken(32);
    const at = deps.now();
    await repo.issue(deps.db, account.id, await sha256Hex(token), at, new Date(at.getTime() + RESET_LINK_MINUTES * MINUTE));
    const words = resetMail({ name: account.name, url: linkAt(site, resetPath(token)), minutes: RESET_LINK_MINUTES });
    await send({ to: account.email, subject: words.subject, text: words.text });
    await auditFromJob(deps.db, { userId: null, action: 'password_reset_sent', entityType: 'user', entityId: account.id, changes: { to: account.email, jobId: job.id }, now: deps.now() });
  },
};

/** The active account a reset job is for: by the address asked for (a job queued before this version names the account). */
async function accountOf(deps: ServerDeps, job: JobRow) {
  const { email, userId } = job.payload as { email?: unknown; userId?: unknown };
  if (typeof email === 'string') return repo.activeAccountByEmail(deps.db, email);
  if (typeof userId === 'number') return repo.activeAccount(deps.db, userId);
  throw new PermanentJobError('The reset request is not readable.');
}

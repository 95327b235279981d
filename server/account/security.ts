import { err, ok, type Result } from 'neverthrow';
import QRCode from 'qrcode';
import { audit } from '../audit';
import { passwordProblems } from '../auth/passwordRules';
import { endSignIns } from '../auth/sessions';
import { newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from '../auth/totp';
import { withAdministratorsLocked } from '../auth/users';
import type { AppContext } from '../http/env';
import { isForeignKeyViolation } from '../http/fields';
import { clearRateLimit, hitRateLimit } from '../http/rateLimit';
import { isSessionExpired, startSession } from '../http/session';
import type { AccountFailure } from './failures';
import { invalid, invalidField } from '../service/failure';
import * as repo from './repository';

/**
 * The account's own security, for a signed-in browser session: password, two-factor authentication,
 * recovery codes, browser sessions and deleting the account. Every sensitive step takes the password.
 */

export type TwoFactorStatus = 'off' | 'pending' | 'on';

/** The signed-in user's row (the middleware guarantees there is one). */
async function currentRow(c: AppContext) {
  return (await repo.userRow(c.var.deps.db, c.var.user!.id))!;
}

/**
 * Re-entering the password before a sensitive change: a failure when it is wrong, or once the user
 * has given a wrong one 5 times within a minute (counted per user, whichever action asked; the right
 * password clears the count).
 */
export async function confirmPassword(c: AppContext, password: string, field = 'password'): Promise<Result<void, AccountFailure>> {
  const row = await currentRow(c);
  const limitKey = `confirm-password:user:${row.id}`;
  const limit = await hitRateLimit(c, limitKey, c.var.deps.config.attemptsPerMinute, 60_000);
  if (!limit.allowed) return err({ code: 'tooManyAttempts', limit, key: 'auth.passwordThrottled' });
  if (await c.var.deps.passwords.verify(row.password_hash, password)) {
    await clearRateLimit(c, limitKey);
    return ok(undefined);
  }
  await audit(c, { action: 'password_confirmation_failed', entityType: 'user', entityId: row.id });
  return err(invalidField(field, field === 'current_password' ? 'auth.wrongCurrentPassword' : 'auth.wrongPassword'));
}

async function readRecoveryCodes(c: AppContext, sealed: string | null): Promise<string[]> {
  const plain = sealed ? await c.var.deps.encrypter.decrypt(sealed) : null;
  return plain ? (JSON.parse(plain) as string[]) : [];
}

export interface PasswordChange {
  readonly current_password: string;
  readonly password: string;
  readonly password_confirmation: string;
  /** Leave the account's API tokens working (the profile's box; unticked, they end with the sessions). */
  readonly keep_api_tokens?: boolean | undefined;
}

export async function changePassword(c: AppContext, input: PasswordChange): Promise<Result<void, AccountFailure>> {
  const confirmed = await confirmPassword(c, input.current_password, 'current_password');
  if (confirmed.isErr()) return err(confirmed.error);
  const errors = await passwordProblems(input.password, input.password_confirmation);
  if (errors) return err(invalid(errors));
  const { db, passwords, now } = c.var.deps;
  const userId = c.var.user!.id;
  const hash = await passwords.hash(input.password);
  const keepApiTokens = input.keep_api_tokens === true;
  await db.transaction().execute(async (tx) => {
    await repo.setPassword(tx, userId, hash, now());
    // Other browsers signed in with the old password are signed out, and sign-ins waiting for their
    // two-factor code end too (this one gets a new session id); so do the API tokens, unless the
    // user chose to keep them.
    const ended = await endSignIns(tx, userId, { keepApiTokens });
    await audit(c, { action: 'password_changed', entityType: 'user', entityId: userId, changes: { sessionsEnded: ended.sessions, apiTokensEnded: ended.apiTokens, apiTokensKept: keepApiTokens } }, tx);
  });
  await startSession(c, { kind: 'user', user: c.var.user! });
  return ok(undefined);
}

export async function twoFactorStatus(c: AppContext): Promise<TwoFactorStatus> {
  const row = await currentRow(c);
  return row.two_factor_confirmed_at ? 'on' : row.two_factor_secret ? 'pending' : 'off';
}

/** Step 1 of enabling: a new secret (shown as a QR code and as text), not yet in force. */
export async function startTwoFactor(c: AppContext, password: string): Promise<Result<{ secret: string; otpauthUri: string; qrSvg: string }, AccountFailure>> {
  const confirmed = await confirmPassword(c, password);
  if (confirmed.isErr()) return err(confirmed.error);
  const row = await currentRow(c);
  // While two-factor is on, a new secret would silently turn it off: it must be turned off first (audited).
  if (row.two_factor_confirmed_at) return err({ code: 'twoFactorAlreadyOn' });
  const { db, encrypter } = c.var.deps;
  const secret = newTotpSecret();
  await repo.startTwoFactor(db, row.id, await encrypter.encrypt(secret), await encrypter.encrypt(JSON.stringify(newRecoveryCodes())));
  const uri = totpUri(secret, row.email);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return ok({ secret, otpauthUri: uri, qrSvg });
}

/** Step 2: a code from the app proves it is set up; two-factor is on from now. Resolves to the recovery codes. */
export async function confirmTwoFactor(c: AppContext, code: string): Promise<Result<string[], AccountFailure>> {
  const row = await currentRow(c);
  const { db, encrypter, now } = c.var.deps;
  const secret = row.two_factor_secret ? await encrypter.decrypt(row.two_factor_secret) : null;
  if (!secret || row.two_factor_confirmed_at) return err({ code: 'twoFactorNotPending' });
  const step = verifyTotp(secret, code.replace(/\s/g, ''), now());
  if (step === null) return err(invalidField('code', 'auth.twoFactorFailed'));
  await db.transaction().execute(async (tx) => {
    await repo.confirmTwoFactor(tx, row.id, now(), step);
    await audit(c, { action: 'two_factor_enabled', entityType: 'user', entityId: row.id }, tx);
  });
  return ok(await readRecoveryCodes(c, row.two_factor_recovery_codes));
}

export async function disableTwoFactor(c: AppContext, password: string): Promise<Result<void, AccountFailure>> {
  const confirmed = await confirmPassword(c, password);
  if (confirmed.isErr()) return err(confirmed.error);
  const userId = c.var.user!.id;
  await c.var.deps.db.transaction().execute(async (tx) => {
    await repo.clearTwoFactor(tx, userId);
    await audit(c, { action: 'two_factor_disabled', entityType: 'user', entityId: userId }, tx);
  });
  return ok(undefined);
}

export async function showRecoveryCodes(c: AppContext, password: string): Promise<Result<string[], AccountFailure>> {
  const confirmed = await confirmPassword(c, password);
  if (confirmed.isErr()) return err(confirmed.error);
  const row = await currentRow(c);
  if (!row.two_factor_confirmed_at) return err({ code: 'twoFactorNotEnabled' });
  await audit(c, { action: 'recovery_codes_viewed', entityType: 'user', entityId: row.id });
  return ok(await readRecoveryCodes(c, row.two_factor_recovery_codes));
}

export async function regenerateRecoveryCodes(c: AppContext, password: string): Promise<Result<string[], AccountFailure>> {
  const confirmed = await confirmPassword(c, password);
  if (confirmed.isErr()) return err(confirmed.error);
  const row = await currentRow(c);
  if (!row.two_factor_confirmed_at) return err({ code: 'twoFactorNotEnabled' });
  const codes = newRecoveryCodes();
  const sealed = await c.var.deps.encrypter.encrypt(JSON.stringify(codes));
  await c.var.deps.db.transaction().execute(async (tx) => {
    await repo.setRecoveryCodes(tx, row.id, sealed);
    await audit(c, { action: 'recovery_codes_regenerated', entityType: 'user', entityId: row.id }, tx);
  });
  return ok(codes);
}

const currentSessionId = (c: AppContext) => (c.var.session.kind === 'active' ? c.var.session.row.id : '');

/** The browsers signed in to this account, the current one marked. */
export async function browserSessions(c: AppContext) {
  const { db, now, config } = c.var.deps;
  const currentId = currentSessionId(c);
  const rows = await repo.sessionsOf(db, c.var.user!.id);
  const at = now();
  return rows
    .filter((row) => !isSessionExpired(row, at, config))
    .map((row) => ({
      id: row.id.slice(0, 16),
      ip: row.ip,
      userAgent: row.user_agent,
      lastActivityAt: new Date(row.last_activity_at).toISOString(),
      current: row.id === currentId,
    }));
}

/** Signs out every other browser; resolves to how many were signed out. */
export async function endOtherSessions(c: AppContext, password: string): Promise<Result<number, AccountFailure>> {
  const confirmed = await confirmPassword(c, password);
  if (confirmed.isErr()) return err(confirmed.error);
  const currentId = currentSessionId(c);
  const userId = c.var.user!.id;
  const ended = await c.var.deps.db.transaction().execute(async (tx) => {
    // Sign-ins still waiting for their two-factor code count as other browsers too.
    const count = (await endSignIns(tx, userId, { keepSession: currentId, keepApiTokens: true })).sessions;
    await audit(c, { action: 'other_sessions_ended', entityType: 'user', entityId: userId, changes: { count } }, tx);
    return count;
  });
  return ok(ended);
}

/**
 * Deletes the account when allowed: never the last active administrator, and never an account the
 * business's records point to (those are deactivated by an administrator instead).
 */
export async function deleteAccount(c: AppContext, password: string): Promise<Result<void, AccountFailure>> {
  const confirmed = await confirmPassword(c, password);
  if (confirmed.isErr()) return err(confirmed.error);
  const row = await currentRow(c);
  // One transaction with the administrators' rows and the account's own row locked: another
  // administrator cannot leave meanwhile, and nothing new can point at the account (a record that
  // refers to it must lock its row too) between the check for records and the delete.
  const outcome = await withAdministratorsLocked(c.var.deps.db, row.id, async (tx, anotherAdmin) => {
    if (row.is_admin && row.active && !anotherAdmin) return 'lastAdmin' as const;
    await repo.lockUser(tx, row.id);
    if (await repo.hasBusinessRecords(tx, row.id)) return 'hasRecords' as const;
    // Written first, while the account still exists; the line keeps who it was when the account goes.
    await audit(c, { action: 'delete', entityType: 'user', entityId: row.id, changes: { name: row.name, email: row.email } }, tx);
    await repo.deleteUser(tx, row.id);
    return 'deleted' as const;
  }).catch((error: unknown) => {
    // A record the checks do not know of that points at the account (the database's own foreign key).
    if (isForeignKeyViolation(error)) return 'hasRecords' as const;
    throw error;
  });
  if (outcome !== 'deleted') return err({ code: outcome });
  await startSession(c, { kind: 'guest' });
  return ok(undefined);
}

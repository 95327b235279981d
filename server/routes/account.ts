import { Hono } from 'hono';
import type { Transaction } from 'kysely';
import QRCode from 'qrcode';
import * as z from 'zod';
import { audit } from '../audit';
import type { Database } from '../db/schema';
import { passwordFieldErrors } from '../auth/passwordRules';
import { withAdministratorsLocked } from '../auth/users';
import { isForeignKeyViolation } from '../http/fields';
import { newRecoveryCodes, newTotpSecret, totpUri, verifyTotp } from '../auth/totp';
import { translate } from '../i18n';
import { errorReply, fieldError } from '../http/errors';
import type { AppContext, AppEnv } from '../http/env';
import { clearRateLimit, hitRateLimit, tooManyAttempts } from '../http/rateLimit';
import { isSessionExpired, requireSessionUser, startSession } from '../http/session';
import { parseJsonBody } from '../http/validate';

const PasswordOnly = z.object({ password: z.string().min(1).max(1024) });
const CodeBody = z.object({ code: z.string().trim().min(1).max(16) });
const ChangePassword = z.object({
  current_password: z.string().min(1).max(1024),
  password: z.string().max(1024),
  password_confirmation: z.string().max(1024),
});

/** The signed-in user's row (the middleware guarantees there is one). */
async function currentRow(c: AppContext) {
  return c.var.deps.db.selectFrom('users').selectAll().where('id', '=', c.var.user!.id).executeTakeFirstOrThrow();
}

/**
 * Re-entering the password before a sensitive change: a reply to send back when it is wrong, or
 * 429 once the user has given a wrong one 5 times within a minute (counted per user, whichever
 * action asked; the right password clears the count).
 */
export async function confirmPassword(c: AppContext, password: string, field = 'password'): Promise<Response | null> {
  const row = await currentRow(c);
  const limitKey = `confirm-password:user:${row.id}`;
  const limit = await hitRateLimit(c, limitKey, c.var.deps.config.attemptsPerMinute, 60_000);
  if (!limit.allowed) return tooManyAttempts(c, limit, 'auth.passwordThrottled');
  if (await c.var.deps.passwords.verify(row.password_hash, password)) {
    await clearRateLimit(c, limitKey);
    return null;
  }
  await audit(c, { action: 'password_confirmation_failed', entityType: 'user', entityId: row.id });
  return fieldError(c, field, field === 'current_password' ? 'auth.wrongCurrentPassword' : 'auth.wrongPassword');
}

async function readRecoveryCodes(c: AppContext, sealed: string | null): Promise<string[]> {
  const plain = sealed ? await c.var.deps.encrypter.decrypt(sealed) : null;
  return plain ? (JSON.parse(plain) as string[]) : [];
}

/**
 * The account's own security, for a signed-in browser session only: password, two-factor
 * authentication, recovery codes, browser sessions and deleting the account.
 */
export function accountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.put('/user/password', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, ChangePassword);
    if (body.isErr()) return body.error;
    const { current_password, password, password_confirmation } = body.value;
    const wrong = await confirmPassword(c, current_password, 'current_password');
    if (wrong) return wrong;
    const errors = await passwordFieldErrors(c.var.language, password, password_confirmation);
    if (errors) return c.json({ message: Object.values(errors)[0]?.[0] ?? '', errors }, 422);
    const { db, passwords, now } = c.var.deps;
    const userId = c.var.user!.id;
    const hash = await passwords.hash(password);
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ password_hash: hash, password_changed_at: now(), updated_at: now() }).where('id', '=', userId).execute();
      // Other browsers signed in with the old password are signed out, and sign-ins waiting for their
      // two-factor code end too; this one gets a new session id.
      await tx.deleteFrom('sessions').where((eb) => eb.or([eb('user_id', '=', userId), eb('pending_user_id', '=', userId)])).execute();
      await audit(c, { action: 'password_changed', entityType: 'user', entityId: userId }, tx);
    });
    await startSession(c, { kind: 'user', user: c.var.user! });
    return c.json({ message: 'ok' });
  });

  routes.get('/user/two-factor-authentication', requireSessionUser, async (c) => {
    const row = await currentRow(c);
    return c.json({ status: row.two_factor_confirmed_at ? 'on' : row.two_factor_secret ? 'pending' : 'off' });
  });

  /** Step 1 of enabling: a new secret (shown as a QR code and as text), not yet in force. */
  routes.post('/user/two-factor-authentication', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const wrong = await confirmPassword(c, body.value.password);
    if (wrong) return wrong;
    const row = await currentRow(c);
    // While two-factor is on, a new secret would silently turn it off: it must be turned off first (audited).
    if (row.two_factor_confirmed_at) return errorReply(c, 422, 'auth.twoFactorAlreadyOn');
    const { db, encrypter } = c.var.deps;
    const secret = newTotpSecret();
    await db
      .updateTable('users')
      .set({
        two_factor_secret: await encrypter.encrypt(secret),
        two_factor_recovery_codes: await encrypter.encrypt(JSON.stringify(newRecoveryCodes())),
        two_factor_confirmed_at: null,
        two_factor_last_step: null,
      })
      .where('id', '=', row.id)
      .execute();
    const uri = totpUri(secret, row.email);
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    return c.json({ status: 'pending', secret, otpauthUri: uri, qrSvg: svg });
  });

  /** Step 2: a code from the app proves it is set up; two-factor is on from now, and the recovery codes are shown. */
  routes.post('/user/confirmed-two-factor-authentication', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, CodeBody);
    if (body.isErr()) return body.error;
    const row = await currentRow(c);
    const { db, encrypter, now } = c.var.deps;
    const secret = row.two_factor_secret ? await encrypter.decrypt(row.two_factor_secret) : null;
    if (!secret || row.two_factor_confirmed_at) return errorReply(c, 422, 'auth.twoFactorNotPending');
    const step = verifyTotp(secret, body.value.code.replace(/\s/g, ''), now());
    if (step === null) return fieldError(c, 'code', 'auth.twoFactorFailed');
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ two_factor_confirmed_at: now(), two_factor_last_step: step }).where('id', '=', row.id).execute();
      await audit(c, { action: 'two_factor_enabled', entityType: 'user', entityId: row.id }, tx);
    });
    return c.json({ status: 'on', recoveryCodes: await readRecoveryCodes(c, row.two_factor_recovery_codes) });
  });

  routes.delete('/user/two-factor-authentication', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const wrong = await confirmPassword(c, body.value.password);
    if (wrong) return wrong;
    const userId = c.var.user!.id;
    await c.var.deps.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('users')
        .set({ two_factor_secret: null, two_factor_recovery_codes: null, two_factor_confirmed_at: null, two_factor_last_step: null })
        .where('id', '=', userId)
        .execute();
      await audit(c, { action: 'two_factor_disabled', entityType: 'user', entityId: userId }, tx);
    });
    return c.json({ status: 'off' });
  });

  routes.post('/user/two-factor-recovery-codes', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const wrong = await confirmPassword(c, body.value.password);
    if (wrong) return wrong;
    const row = await currentRow(c);
    if (!row.two_factor_confirmed_at) return errorReply(c, 422, 'auth.twoFactorNotEnabled');
    await audit(c, { action: 'recovery_codes_viewed', entityType: 'user', entityId: row.id });
    return c.json({ recoveryCodes: await readRecoveryCodes(c, row.two_factor_recovery_codes) });
  });

  routes.post('/user/two-factor-recovery-codes/regenerate', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const wrong = await confirmPassword(c, body.value.password);
    if (wrong) return wrong;
    const row = await currentRow(c);
    if (!row.two_factor_confirmed_at) return errorReply(c, 422, 'auth.twoFactorNotEnabled');
    const codes = newRecoveryCodes();
    const sealed = await c.var.deps.encrypter.encrypt(JSON.stringify(codes));
    await c.var.deps.db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ two_factor_recovery_codes: sealed }).where('id', '=', row.id).execute();
      await audit(c, { action: 'recovery_codes_regenerated', entityType: 'user', entityId: row.id }, tx);
    });
    return c.json({ recoveryCodes: codes });
  });

  /** The browsers signed in to this account, the current one marked. */
  routes.get('/user/sessions', requireSessionUser, async (c) => {
    const { db, now, config } = c.var.deps;
    const session = c.var.session;
    const currentId = session.kind === 'active' ? session.row.id : '';
    const rows = await db.selectFrom('sessions').selectAll().where('user_id', '=', c.var.user!.id).orderBy('last_activity_at', 'desc').execute();
    const at = now();
    return c.json({
      sessions: rows
        .filter((row) => !isSessionExpired(row, at, config))
        .map((row) => ({
          id: row.id.slice(0, 16),
          ip: row.ip,
          userAgent: row.user_agent,
          lastActivityAt: new Date(row.last_activity_at).toISOString(),
          current: row.id === currentId,
        })),
    });
  });

  routes.delete('/user/other-sessions', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const wrong = await confirmPassword(c, body.value.password);
    if (wrong) return wrong;
    const session = c.var.session;
    const currentId = session.kind === 'active' ? session.row.id : '';
    const ended = await c.var.deps.db.transaction().execute(async (tx) => {
      // Sign-ins still waiting for their two-factor code count as other browsers too.
      const userId = c.var.user!.id;
      const removed = await tx
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('pending_user_id', '=', userId)]))
        .where('id', '!=', currentId)
        .executeTakeFirst();
      const count = Number(removed.numDeletedRows);
      await audit(c, { action: 'other_sessions_ended', entityType: 'user', entityId: c.var.user!.id, changes: { count } }, tx);
      return count;
    });
    return c.json({ ended });
  });

  /**
   * Deletes the account when allowed: never the last active administrator, and never an account the
   * business's records point to (those are deactivated by an administrator instead).
   */
  routes.delete('/user', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, PasswordOnly);
    if (body.isErr()) return body.error;
    const wrong = await confirmPassword(c, body.value.password);
    if (wrong) return wrong;
    const row = await currentRow(c);
    // One transaction with the administrators' rows and the account's own row locked: another
    // administrator cannot leave meanwhile, and nothing new can point at the account (a record that
    // refers to it must lock its row too) between the check for records and the delete.
    const outcome = await withAdministratorsLocked(c.var.deps.db, row.id, async (tx, anotherAdmin) => {
      if (row.is_admin && row.active && !anotherAdmin) return 'lastAdmin' as const;
      await tx.selectFrom('users').select('id').where('id', '=', row.id).forUpdate().executeTakeFirst();
      if (await hasBusinessRecords(tx, row.id)) return 'hasRecords' as const;
      // Written first, while the account still exists; the line keeps who it was when the account goes.
      await audit(c, { action: 'delete', entityType: 'user', entityId: row.id, changes: { name: row.name, email: row.email } }, tx);
      await tx.deleteFrom('users').where('id', '=', row.id).execute();
      return 'deleted' as const;
    }).catch((error: unknown) => {
      // A record the checks do not know of that points at the account (the database's own foreign key).
      if (isForeignKeyViolation(error)) return 'hasRecords' as const;
      throw error;
    });
    if (outcome === 'lastAdmin') return errorReply(c, 422, 'auth.lastAdmin');
    if (outcome === 'hasRecords') return errorReply(c, 422, 'auth.hasRecords');
    await startSession(c, { kind: 'guest' });
    return c.json({ message: translate(c.var.language, 'auth.accountDeleted') });
  });

  return routes;
}

const exists = async (query: { executeTakeFirst: () => Promise<unknown> }) => (await query.executeTakeFirst()) !== undefined;

/**
 * Whether the business's records point to the user: clients they created, files they uploaded, and
 * any change they made to something other than their own account (the audit log must keep who did
 * it). Each feature that adds such a table adds its check here.
 */
export const USER_RECORD_CHECKS: readonly ((db: Transaction<Database>, userId: number) => Promise<boolean>)[] = [
  (db, id) => exists(db.selectFrom('clients').select('id').where('created_by', '=', id).limit(1)),
  (db, id) => exists(db.selectFrom('attachments').select('id').where('uploaded_by', '=', id).limit(1)),
  (db, id) => exists(db.selectFrom('orders').select('id').where((eb) => eb.or([eb('created_by', '=', id), eb('salesperson_id', '=', id)])).limit(1)),
  (db, id) => exists(db.selectFrom('quotations').select('id').where((eb) => eb.or([eb('created_by', '=', id), eb('salesperson_id', '=', id)])).limit(1)),
  (db, id) => exists(db.selectFrom('receipts').select('id').where('created_by', '=', id).limit(1)),
  (db, id) => exists(db.selectFrom('appointment_workers').select('appointment_id').where('user_id', '=', id).limit(1)),
  (db, id) =>
    exists(
      db
        .selectFrom('audits')
        .select('id')
        .where('user_id', '=', id)
        .where((eb) => eb.or([eb('entity_type', '!=', 'user'), eb('entity_id', '!=', String(id))]))
        .limit(1),
    ),
];

/** Whether any of USER_RECORD_CHECKS finds a record, read in the delete's transaction (the account's row locked). */
export async function hasBusinessRecords(tx: Transaction<Database>, userId: number): Promise<boolean> {
  for (const check of USER_RECORD_CHECKS) if (await check(tx, userId)) return true;
  return false;
}

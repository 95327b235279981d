import { err, ok, type Result } from 'neverthrow';
import { sniffImageType, type ImageType } from '../../domain/files/image-type';
import { withoutMetadata } from '../../domain/files/imageMetadata';
import { checkUploadSize } from '../../domain/files/upload';
import type { Language } from '../../domain/i18n/language';
import type { User } from '../../domain/auth/user';
import type { Profile } from '../../contract/account';
import { audit, fieldChanges } from '../audit';
import { randomToken } from '../auth/tokens';
import { loadUser } from '../auth/users';
import type { AppContext } from '../http/env';
import type { AccountFailure } from './failures';
import { conflict, invalidField, tooLarge } from '../service/failure';
import * as repo from './repository';
import { confirmPassword } from './security';

/** The signed-in user's own profile: read, change name, email and language, and the photo. */

/** As the wire says (contract/account.ts). */
export type { Profile };

export async function profileOf(c: AppContext, userId: number): Promise<Profile> {
  const row = await repo.profileRow(c.var.deps.db, userId);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    // The column holds only the interface languages (every write is checked); the reply check would catch anything else.
    language: row.language as Language,
    version: row.version,
    isAdmin: row.is_admin,
    twoFactor: row.two_factor_confirmed_at ? 'on' : row.two_factor_secret ? 'pending' : 'off',
    photoUrl: row.photo_key ? `/api/user/profile-photo/${row.id}?v=${row.photo_key.slice(-8)}` : null,
    role: row.role_name,
    // A left-joined branch with no name reads as none (both names are required columns).
    branch: row.branch_en === null || row.branch_zh === null ? null : { nameEn: row.branch_en, nameZh: row.branch_zh },
  };
}

export interface ProfileChange {
  readonly name: string;
  readonly email: string;
  readonly language: Language;
  readonly version: number;
  /** Needed only when the email (the sign-in name) changes. */
  readonly current_password?: string | undefined;
}

export async function saveProfile(c: AppContext, input: ProfileChange): Promise<Result<{ profile: Profile; user: User | null }, AccountFailure>> {
  const userId = c.var.user!.id;
  const { db, now } = c.var.deps;
  const before = await profileOf(c, userId);
  // The email is the sign-in name: changing it takes this browser's session (never an API token)
  // and the current password, as a password change does.
  if (input.email !== before.email) {
    if (c.var.auth.kind !== 'session') return err({ code: 'sessionOnly' });
    if (!input.current_password) return err(invalidField('current_password', 'auth.passwordForEmail'));
    const confirmed = await confirmPassword(c, input.current_password, 'current_password');
    if (confirmed.isErr()) return err(confirmed.error);
  }
  if ((await repo.accountWithEmail(db, input.email, userId)) !== null) return err(invalidField('email', 'validation.emailTaken'));
  const values = { name: input.name, email: input.email, language: input.language };
  const changes = fieldChanges(before, { ...before, ...values }, ['name', 'email', 'language']);
  const updated = await db.transaction().execute(async (tx) => {
    const saved = await repo.updateProfile(tx, userId, input.version, values, now());
    if (saved) await audit(c, { action: 'update', entityType: 'user', entityId: userId, changes }, tx);
    return saved;
  });
  if (!updated) return err(conflict);
  return ok({ profile: await profileOf(c, userId), user: await loadUser(db, userId) });
}

/**
 * A new profile photo (at most 5 MB), its type judged by its bytes, stored under a server-made name;
 * the old file goes once the change is kept.
 */
export async function replacePhoto(c: AppContext, bytes: Uint8Array): Promise<Result<Profile, AccountFailure>> {
  if (bytes.length === 0) return err(invalidField('photo', 'validation.fileRequired'));
  if (checkUploadSize(bytes.length).isErr()) return err(tooLarge);
  const type = sniffImageType(bytes);
  // Kept without metadata (issue 31 item 7), the orientation kept.
  const kept = type ? withoutMetadata(bytes, type) : null;
  if (!type || !kept || kept.isErr()) return err(invalidField('photo', 'validation.notImage'));
  const { db, files, now } = c.var.deps;
  const userId = c.var.user!.id;
  const before = await repo.photoKeyOf(db, userId);
  const key = `photos/${userId}/${randomToken(18)}`;
  await files.put(key, kept.value);
  try {
    await db.transaction().execute(async (tx) => {
      await repo.setPhoto(tx, userId, { key, type }, now());
      await audit(c, { action: 'update', entityType: 'user', entityId: userId, changes: { photo: { type, bytes: kept.value.length } } }, tx);
    });
  } catch (error) {
    await files.delete(key);
    throw error;
  }
  if (before) await files.delete(before);
  return ok(await profileOf(c, userId));
}

export async function removePhoto(c: AppContext): Promise<Profile> {
  const { db, files, now } = c.var.deps;
  const userId = c.var.user!.id;
  const before = await repo.photoKeyOf(db, userId);
  await db.transaction().execute(async (tx) => {
    await repo.setPhoto(tx, userId, null, now());
    if (before) await audit(c, { action: 'update', entityType: 'user', entityId: userId, changes: { photo: null } }, tx);
  });
  // The file goes only once the change is kept.
  if (before) await files.delete(before);
  return profileOf(c, userId);
}

/** A colleague's photo: its bytes and sniffed type, or null when there is none. */
export async function photoOf(c: AppContext, userId: number): Promise<{ bytes: Uint8Array; type: ImageType } | null> {
  const row = await repo.photoOf(c.var.deps.db, userId);
  const bytes = row?.photo_key ? await c.var.deps.files.get(row.photo_key) : null;
  const type = row?.photo_type as ImageType | null | undefined;
  return bytes && type ? { bytes, type } : null;
}

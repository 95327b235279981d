import { Hono } from 'hono';
import { sql } from 'kysely';
import * as z from 'zod';
import { IMAGE_EXTENSIONS, sniffImageType, type ImageType } from '../../domain/files/image-type';
import { checkUploadSize } from '../../domain/files/upload';
import { LANGUAGES } from '../../domain/i18n/language';
import { randomToken } from '../auth/tokens';
import { audit, fieldChanges } from '../audit';
import { confirmPassword } from './account';
import { loadUser } from '../auth/users';
import { errorReply, fieldError } from '../http/errors';
import { uploadBody } from '../http/upload';
import type { AppContext, AppEnv } from '../http/env';
import { requireUser } from '../http/session';
import { parseJsonBody } from '../http/validate';
import { INT_MAX } from '../db/limits';

const ProfileBody = z.object({
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  language: z.enum(LANGUAGES),
  version: z.number().int().positive().max(INT_MAX),
  /** Needed only when the email (the sign-in name) changes. */
  current_password: z.string().max(1024).optional(),
});

async function profileOf(c: AppContext, userId: number) {
  const row = await c.var.deps.db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .leftJoin('branches', 'branches.id', 'users.branch_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.language',
      'users.version',
      'users.is_admin',
      'users.two_factor_confirmed_at',
      'users.two_factor_secret',
      'users.photo_key',
      'roles.name as role_name',
      'branches.name_en as branch_en',
      'branches.name_zh as branch_zh',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    language: row.language,
    version: row.version,
    isAdmin: row.is_admin,
    twoFactor: row.two_factor_confirmed_at ? 'on' : row.two_factor_secret ? 'pending' : 'off',
    photoUrl: row.photo_key ? `/api/user/profile-photo/${row.id}?v=${row.photo_key.slice(-8)}` : null,
    role: row.role_name,
    branch: row.branch_en === null ? null : { nameEn: row.branch_en, nameZh: row.branch_zh },
  };
}

/** The signed-in user's own profile: read, and change name, email and language. */
export function profileRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/user/profile', requireUser, async (c) => c.json({ profile: await profileOf(c, c.var.user!.id) }));

  routes.put('/user/profile', requireUser, async (c) => {
    const body = await parseJsonBody(c, ProfileBody);
    if (body.isErr()) return body.error;
    const input = body.value;
    const userId = c.var.user!.id;
    const { db, now } = c.var.deps;

    const before = await profileOf(c, userId);
    // The email is the sign-in name: changing it takes this browser's session (never an API token)
    // and the current password, as a password change does.
    if (input.email !== before.email) {
      if (c.var.auth.kind !== 'session') return errorReply(c, 403, 'auth.sessionOnly');
      if (!input.current_password) return fieldError(c, 'current_password', 'auth.passwordForEmail');
      const wrong = await confirmPassword(c, input.current_password, 'current_password');
      if (wrong) return wrong;
    }

    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (taken) return fieldError(c, 'email', 'validation.emailTaken');
    const changes = fieldChanges(before, { ...before, name: input.name, email: input.email, language: input.language }, ['name', 'email', 'language']);
    const updated = await db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('users')
        .set((eb) => ({ name: input.name, email: input.email, language: input.language, updated_at: now(), version: eb('version', '+', 1) }))
        .where('id', '=', userId)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (row) await audit(c, { action: 'update', entityType: 'user', entityId: userId, changes }, tx);
      return row;
    });
    if (!updated) return errorReply(c, 409, 'errors.conflict');
    return c.json({ profile: await profileOf(c, userId), user: await loadUser(db, userId) });
  });

  /**
   * The profile photo: the image itself as the body (at most 5 MB, refused with 413 before the body
   * is read when larger), its type judged by its bytes, stored under a server-made name.
   */
  routes.put(
    '/user/profile-photo',
    requireUser,
    uploadBody,
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length === 0) return fieldError(c, 'photo', 'validation.fileRequired');
      if (checkUploadSize(bytes.length).isErr()) return errorReply(c, 413, 'errors.tooLarge');
      const type = sniffImageType(bytes);
      if (!type) return fieldError(c, 'photo', 'validation.notImage');
      const { db, files, now } = c.var.deps;
      const userId = c.var.user!.id;
      const before = await db.selectFrom('users').select('photo_key').where('id', '=', userId).executeTakeFirstOrThrow();
      const key = `photos/${userId}/${randomToken(18)}`;
      await files.put(key, bytes);
      try {
        await db.transaction().execute(async (tx) => {
          await tx.updateTable('users').set({ photo_key: key, photo_type: type, updated_at: now() }).where('id', '=', userId).execute();
          await audit(c, { action: 'update', entityType: 'user', entityId: userId, changes: { photo: { type, bytes: bytes.length } } }, tx);
        });
      } catch (error) {
        await files.delete(key);
        throw error;
      }
      if (before.photo_key) await files.delete(before.photo_key);
      return c.json({ profile: await profileOf(c, userId) });
    },
  );

  routes.delete('/user/profile-photo', requireUser, async (c) => {
    const { db, files, now } = c.var.deps;
    const userId = c.var.user!.id;
    const before = await db.selectFrom('users').select('photo_key').where('id', '=', userId).executeTakeFirstOrThrow();
    await db.transaction().execute(async (tx) => {
      await tx.updateTable('users').set({ photo_key: null, photo_type: null, updated_at: now() }).where('id', '=', userId).execute();
      if (before.photo_key) await audit(c, { action: 'update', entityType: 'user', entityId: userId, changes: { photo: null } }, tx);
    });
    // The file goes only once the change is kept.
    if (before.photo_key) await files.delete(before.photo_key);
    return c.json({ profile: await profileOf(c, userId) });
  });

  /** A colleague's photo, for any signed-in user; served with a made-up name and its sniffed type. */
  routes.get('/user/profile-photo/:id{[0-9]{1,9}}', requireUser, async (c) => {
    const id = Number(c.req.param('id'));
    const row = await c.var.deps.db.selectFrom('users').select(['photo_key', 'photo_type']).where('id', '=', id).executeTakeFirst();
    const bytes = row?.photo_key ? await c.var.deps.files.get(row.photo_key) : null;
    const type = row?.photo_type as ImageType | null | undefined;
    if (!bytes || !type) return errorReply(c, 404, 'errors.notFound');
    return c.body(bytes.slice().buffer, 200, {
      'Content-Type': type,
      'Content-Disposition': `inline; filename="photo-${id}.${IMAGE_EXTENSIONS[type]}"`,
      'Cache-Control': 'private, max-age=3600',
    });
  });

  return routes;
}

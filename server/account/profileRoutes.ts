import { Hono } from 'hono';
import * as z from 'zod';
import { ProfileReply, ProfileSaved } from '../../contract/account';
import { IMAGE_EXTENSIONS } from '../../domain/files/image-type';
import { LANGUAGES } from '../../domain/i18n/language';
import { INT_MAX } from '../db/limits';
import type { AppEnv } from '../http/env';
import { errorReply } from '../http/errors';
import { replies } from '../http/reply';
import { requireUser } from '../http/session';
import { closeWhenUnread, readUpload } from '../http/upload';
import { parseJsonBody } from '../http/validate';
import { accountFailureReply, wireUser } from './replies';
import * as profiles from './profile';

const ProfileBody = z.object({
  name: z.string().trim().min(1).max(255),
  email: z.string().trim().min(1).max(255).pipe(z.email()),
  language: z.enum(LANGUAGES),
  version: z.number().int().positive().max(INT_MAX),
  /** Needed only when the email (the sign-in name) changes. */
  current_password: z.string().max(1024).optional(),
});

/** The signed-in user's own profile: read, and change name, email, language and photo. HTTP in and out (rules in ./profile). */
export function profileRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const profile = replies(ProfileReply);
  const saved = replies(ProfileSaved);

  routes.get('/user/profile', profile, requireUser, async (c) => profile.send(c, { profile: await profiles.profileOf(c, c.var.user!.id) }));

  routes.put('/user/profile', saved, requireUser, async (c) => {
    const body = await parseJsonBody(c, ProfileBody);
    if (body.isErr()) return body.error;
    const result = await profiles.saveProfile(c, body.value);
    if (result.isErr()) return accountFailureReply(c, result.error);
    const { profile: now, user } = result.value;
    // The user was just saved: they are there (a reply without them would break the contract).
    return user ? saved.send(c, { profile: now, user: wireUser(user) }) : errorReply(c, 500, 'errors.server');
  });

  /**
   * The profile photo: the image itself as the body (at most 5 MB, refused with 413 before the body
   * is read when larger), its type judged by its bytes, stored under a server-made name.
   */
  routes.put('/user/profile-photo', closeWhenUnread, profile, requireUser, async (c) => {
    const bytes = await readUpload(c);
    if (bytes.isErr()) return bytes.error;
    const replaced = await profiles.replacePhoto(c, bytes.value);
    return replaced.isErr() ? accountFailureReply(c, replaced.error) : profile.send(c, { profile: replaced.value });
  });

  routes.delete('/user/profile-photo', profile, requireUser, async (c) => profile.send(c, { profile: await profiles.removePhoto(c) }));

  /** A colleague's photo, for any signed-in user; served with a made-up name and its sniffed type. */
  routes.get('/user/profile-photo/:id{[0-9]{1,9}}', requireUser, async (c) => {
    const id = Number(c.req.param('id'));
    const photo = await profiles.photoOf(c, id);
    if (!photo) return errorReply(c, 404, 'errors.notFound');
    return c.body(photo.bytes.slice().buffer, 200, {
      'Content-Type': photo.type,
      'Content-Disposition': `inline; filename="photo-${id}.${IMAGE_EXTENSIONS[photo.type]}"`,
      'Cache-Control': 'private, max-age=3600',
    });
  });

  return routes;
}

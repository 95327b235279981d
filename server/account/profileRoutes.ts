import { Hono } from 'hono';
import * as z from 'zod';
import { IMAGE_EXTENSIONS } from '../../domain/files/image-type';
import { LANGUAGES } from '../../domain/i18n/language';
import { INT_MAX } from '../db/limits';
import type { AppEnv } from '../http/env';
import { errorReply } from '../http/errors';
import { requireUser } from '../http/session';
import { uploadBody } from '../http/upload';
import { parseJsonBody } from '../http/validate';
import { accountFailureReply } from './replies';
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

  routes.get('/user/profile', requireUser, async (c) => c.json({ profile: await profiles.profileOf(c, c.var.user!.id) }));

  routes.put('/user/profile', requireUser, async (c) => {
    const body = await parseJsonBody(c, ProfileBody);
    if (body.isErr()) return body.error;
    const saved = await profiles.saveProfile(c, body.value);
    return saved.isErr() ? accountFailureReply(c, saved.error) : c.json(saved.value);
  });

  /**
   * The profile photo: the image itself as the body (at most 5 MB, refused with 413 before the body
   * is read when larger), its type judged by its bytes, stored under a server-made name.
   */
  routes.put('/user/profile-photo', requireUser, uploadBody, async (c) => {
    const saved = await profiles.replacePhoto(c, new Uint8Array(await c.req.arrayBuffer()));
    return saved.isErr() ? accountFailureReply(c, saved.error) : c.json({ profile: saved.value });
  });

  routes.delete('/user/profile-photo', requireUser, async (c) => c.json({ profile: await profiles.removePhoto(c) }));

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

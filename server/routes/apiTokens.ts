import { Hono } from 'hono';
import * as z from 'zod';
import { TOKEN_ABILITIES } from '../../domain/auth/tokenAbilities';
import { audit, auditRow } from '../audit';
import { randomToken, sha256Hex } from '../auth/tokens';
import { errorReply } from '../http/errors';
import type { AppEnv } from '../http/env';
import { requireSessionUser } from '../http/session';
import { parseJsonBody } from '../http/validate';

const CreateToken = z.object({
  name: z.string().trim().min(1).max(100),
  abilities: z.array(z.enum(TOKEN_ABILITIES)).min(1).max(TOKEN_ABILITIES.length),
});

/**
 * Personal API tokens (Sanctum-style): the plain token is shown once at creation and only its SHA-256
 * is kept. A token acts as its user, limited to its abilities (domain/auth/tokenAbilities.ts) and the
 * user's permissions as they are at each request.
 */
export function apiTokenRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/user/api-tokens', requireSessionUser, async (c) => {
    const rows = await c.var.deps.db
      .selectFrom('api_tokens')
      .select(['id', 'name', 'abilities', 'last_used_at', 'created_at'])
      .where('user_id', '=', c.var.user!.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return c.json({
      tokens: rows.map((r) => ({
        id: r.id,
        name: r.name,
        abilities: r.abilities,
        lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      availableAbilities: TOKEN_ABILITIES,
    });
  });

  routes.post('/user/api-tokens', requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, CreateToken);
    if (body.isErr()) return body.error;
    const { db, now } = c.var.deps;
    const abilities = [...new Set(body.value.abilities)];
    const secret = randomToken(40);
    const pendingHash = await sha256Hex(`pending:${secret}`);
    // The token, its final hash (which holds its id) and its audit line are kept together or not at all.
    const { row, plainTextToken } = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('api_tokens')
        .values({ user_id: c.var.user!.id, name: body.value.name, token_hash: pendingHash, abilities: JSON.stringify(abilities), created_at: now() })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const plainTextToken = `${row.id}|${secret}`;
      await tx.updateTable('api_tokens').set({ token_hash: await sha256Hex(plainTextToken) }).where('id', '=', row.id).execute();
      await audit(c, { action: 'create', entityType: 'api_token', entityId: row.id, changes: { name: body.value.name, abilities } }, tx);
      return { row, plainTextToken };
    });
    return c.json(
      { token: { id: row.id, name: body.value.name, abilities, lastUsedAt: null, createdAt: new Date(row.created_at).toISOString() }, plainTextToken },
      201,
    );
  });

  routes.delete('/user/api-tokens/:id{[0-9]{1,9}}', requireSessionUser, async (c) => {
    const id = Number(c.req.param('id'));
    const removed = await c.var.deps.db.transaction().execute(async (tx) => {
      const row = await tx.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', c.var.user!.id).returningAll().executeTakeFirst();
      // The whole token as it was, but never its hash.
      if (row) await audit(c, { action: 'delete', entityType: 'api_token', entityId: id, changes: auditRow(row) }, tx);
      return row;
    });
    if (!removed) return errorReply(c, 404, 'errors.notFound');
    return c.body(null, 204);
  });

  return routes;
}

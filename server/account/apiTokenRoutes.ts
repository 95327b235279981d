import { Hono } from 'hono';
import * as z from 'zod';
import { ApiTokenCreated, ApiTokens } from '../../contract/account';
import { TOKEN_ABILITIES } from '../../domain/auth/tokenAbilities';
import type { AppEnv } from '../http/env';
import { errorReply } from '../http/errors';
import { replies } from '../http/reply';
import { requireSessionUser } from '../http/session';
import { parseJsonBody } from '../http/validate';
import * as apiTokens from './apiTokens';

const CreateToken = z.object({
  name: z.string().trim().min(1).max(100),
  abilities: z.array(z.enum(TOKEN_ABILITIES)).min(1).max(TOKEN_ABILITIES.length),
});

/** Personal API tokens: HTTP in and out (rules in ./apiTokens). */
export function apiTokenRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const list = replies(ApiTokens);
  const created = replies(ApiTokenCreated, 201);

  routes.get('/user/api-tokens', list, requireSessionUser, async (c) => list.send(c, await apiTokens.tokensOf(c)));

  routes.post('/user/api-tokens', created, requireSessionUser, async (c) => {
    const body = await parseJsonBody(c, CreateToken);
    if (body.isErr()) return body.error;
    return created.send(c, await apiTokens.createToken(c, body.value.name, body.value.abilities));
  });

  routes.delete('/user/api-tokens/:id{[0-9]{1,9}}', requireSessionUser, async (c) => {
    const revoked = await apiTokens.revokeToken(c, Number(c.req.param('id')));
    return revoked ? c.body(null, 204) : errorReply(c, 404, 'errors.notFound');
  });

  return routes;
}

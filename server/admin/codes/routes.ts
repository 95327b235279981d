import { Hono } from 'hono';
import { CodesReply } from '../../../contract/lists';
import * as z from 'zod';
import { INT_MAX } from '../../db/limits';
import type { AppEnv } from '../../http/env';
import { failureReply } from '../../http/failure';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { parseJsonBody } from '../../http/validate';
import { serviceContext } from '../../service/context';
import * as repo from './repository';
import { saveCodes } from './service';

const CodesInput = z.object({ values: z.record(z.string(), z.string().trim().max(20)), versions: z.record(z.string(), z.number().int().positive().max(INT_MAX)) });

/** Settings → Codes: document number prefixes and the like (HTTP only; the rules are in ./service). */
export function codeRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const codes = replies(CodesReply);
  routes.get('/settings', codes, ...requirePermission('setting_view'), async (c) => codes.send(c, { codes: await repo.codes(c.var.deps.db) }));
  routes.put('/settings', codes, ...requirePermission('setting_edit'), async (c) => {
    const body = await parseJsonBody(c, CodesInput);
    if (body.isErr()) return body.error;
    const saved = await saveCodes(serviceContext(c), body.value);
    return saved.isErr() ? failureReply(c, saved.error) : codes.send(c, { codes: saved.value });
  });
  return routes;
}

import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { ReportReply, StatusReply } from '../../../contract/appointments';

import { parseJsonBody } from '../../http/validate';
import { failureReply, replyWith } from '../replies';
import { ReportInput, StatusChange } from '../input';
import { changeVisitStatus, saveReport, visitTarget } from '../visitService';

/** One visit of an appointment (/appointments/:id/visits/:date): its status and its completed report's words. */
export function visitRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** A visit's status, by the domain's transitions (ending needs a complete report). */
  routes.post('/appointments/:id{[0-9]{1,9}}/visits/:date/status', replies(StatusReply), ...requirePermission('appointment_edit', 'update'), async (c) => {
    const body = await parseJsonBody(c, StatusChange);
    if (body.isErr()) return body.error;
    const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
    if (target.isErr()) return failureReply(c, target.error);
    return replyWith(c, await changeVisitStatus(c, target.value, body.value));
  });

  /** The completed report's words and products (signatures and photos have their own calls). */
  routes.put('/appointments/:id{[0-9]{1,9}}/visits/:date/report', replies(ReportReply), ...requirePermission('appointment_edit'), async (c) => {
    const body = await parseJsonBody(c, ReportInput);
    if (body.isErr()) return body.error;
    const target = await visitTarget(c, Number(c.req.param('id')), c.req.param('date'));
    if (target.isErr()) return failureReply(c, target.error);
    return replyWith(c, await saveReport(c, target.value, body.value));
  });

  return routes;
}

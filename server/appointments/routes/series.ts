import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { DeletedReply, OrderLinkReply, SavedReply } from '../../../contract/appointments';

import { parseJsonBody } from '../../http/validate';
import { failureReply, replyWith } from '../replies';
import { CreateAppointment, OrderLink, RemoveAppointment, Reschedule, UpdateAppointment } from '../input';
import { createAppointment, linkOrder, orderLinkTarget, removeAppointment, rescheduleAppointment, updateAppointment } from '../service';

/**
 * The appointments (series) that change: create, edit and delete with "this one only" / "this and
 * future ones", drag and drop in the calendar, and the link to an order (invoice).
 */
export function seriesRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/appointments', replies(SavedReply, 201), ...requirePermission('appointment_create'), async (c) => {
    const body = await parseJsonBody(c, CreateAppointment);
    if (body.isErr()) return body.error;
    return replyWith(c, await createAppointment(c, body.value), 201);
  });

  /** Edit from the form: every field, for this visit only or for this and future visits. */
  routes.put('/appointments/:id{[0-9]{1,9}}', replies(SavedReply), ...requirePermission('appointment_edit'), async (c) => {
    const body = await parseJsonBody(c, UpdateAppointment);
    if (body.isErr()) return body.error;
    return replyWith(c, await updateAppointment(c, Number(c.req.param('id')), body.value));
  });

  /** Drag and drop or resize in the calendar: a visit's new day and times, with the same choice of scope. */
  routes.post('/appointments/:id{[0-9]{1,9}}/reschedule', replies(SavedReply), ...requirePermission('appointment_edit', 'update'), async (c) => {
    const body = await parseJsonBody(c, Reschedule);
    if (body.isErr()) return body.error;
    return replyWith(c, await rescheduleAppointment(c, Number(c.req.param('id')), body.value));
  });

  routes.delete('/appointments/:id{[0-9]{1,9}}', replies(DeletedReply), ...requirePermission('appointment_delete'), async (c) => {
    const body = await parseJsonBody(c, RemoveAppointment);
    if (body.isErr()) return body.error;
    return replyWith(c, await removeAppointment(c, Number(c.req.param('id')), body.value));
  });

  /**
   * Links an existing order (invoice) to the appointment, or unlinks it (null). For the order
   * screens: `version` is checked when given. Needs order_view besides appointment_edit, as the
   * order is read (and shown in the reply).
   */
  routes.put('/appointments/:id{[0-9]{1,9}}/order', replies(OrderLinkReply), ...requirePermission('appointment_edit'), async (c) => {
    const target = await orderLinkTarget(c, Number(c.req.param('id')));
    if (target.isErr()) return failureReply(c, target.error);
    const body = await parseJsonBody(c, OrderLink);
    if (body.isErr()) return body.error;
    return replyWith(c, await linkOrder(c, target.value, body.value));
  });

  return routes;
}

import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requirePermission } from '../../http/permissions';
import { replies } from '../../http/reply';
import { AppointmentOptions, AppointmentScreenReply, CalendarRangeReply, ClientSearchReply, CreateScreenReply, OrdersReply, OverlapsReply } from '../../../contract/appointments';

import { parseQuery } from '../../http/query';
import { parseJsonBody } from '../../http/validate';
import { appointmentScreen, calendarFilters, calendarRange, checkOverlaps, createScreen, ordersToLink, searchClients } from '../calendarService';
import { replyWith } from '../replies';
import { ClientOrdersQuery, ClientSearch, CreateQuery, DetailQuery, OverlapCheck, RangeQuery } from '../input';

/**
 * What the calendar and the appointment screens read (spec /calendar…, /appointments/…): the visits
 * of a range, the filters and form options, the form's searches, the double-booking check, and an
 * appointment with one of its visits and a tab.
 */
export function calendarRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** The visits between start (included) and end (excluded), the server expanding each series. */
  routes.get('/appointments', replies(CalendarRangeReply), ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, RangeQuery);
    if (query.isErr()) return query.error;
    return replyWith(c, await calendarRange(c, query.value));
  });

  /** What the calendar's filters offer: workers (only oneself without appointment_view_all), branches, areas, statuses. */
  routes.get('/appointments/filters', replies(AppointmentOptions), ...requirePermission('appointment_view'), async (c) => c.json(await calendarFilters(c)));

  routes.get('/appointments/create', replies(CreateScreenReply), ...requirePermission('appointment_create'), async (c) => {
    const query = parseQuery(c, CreateQuery);
    if (query.isErr()) return query.error;
    return c.json(await createScreen(c, query.value));
  });

  /** Clients to book, by either name, code or phone (the form's client search). */
  routes.get('/appointments/clients', replies(ClientSearchReply), ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, ClientSearch);
    if (query.isErr()) return query.error;
    return c.json(await searchClients(c, query.value.q));
  });

  /**
   * The orders (invoices) of a client that an appointment may be linked to, for the form's order
   * picker. Orders are what is read, so order_view guards it (as it guards /api/orders?client_id=).
   */
  routes.get('/appointments/orders', replies(OrdersReply), ...requirePermission('order_view'), async (c) => {
    const query = parseQuery(c, ClientOrdersQuery);
    if (query.isErr()) return query.error;
    return c.json(await ordersToLink(c, query.value.client_id));
  });

  /** Double-booking check of a schedule for some workers, before saving. */
  routes.post('/appointments/overlaps', replies(OverlapsReply), ...requirePermission('appointment_view', 'read'), async (c) => {
    const body = await parseJsonBody(c, OverlapCheck);
    if (body.isErr()) return body.error;
    return replyWith(c, await checkOverlaps(c, body.value));
  });

  /** An appointment with one of its visits and the tab's data (appointment, invoice or completed report). */
  routes.get('/appointments/:id{[0-9]{1,9}}', replies(AppointmentScreenReply), ...requirePermission('appointment_view'), async (c) => {
    const query = parseQuery(c, DetailQuery);
    if (query.isErr()) return query.error;
    return replyWith(c, await appointmentScreen(c, Number(c.req.param('id')), query.value));
  });

  return routes;
}

import { Hono } from 'hono';
import { DashboardReply } from '../../contract/dashboard';
import { hongKongDate } from '../../domain/time/dates';
import type { AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';
import { replies } from '../http/reply';
import { dashboard } from './service';

/** The dashboard's HTTP (spec /dashboard): GET /api/dashboard/show, for dashboard_view. */
export function dashboardRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const board = replies(DashboardReply);
  routes.get('/dashboard/show', board, ...requirePermission('dashboard_view'), async (c) => {
    const now = c.var.deps.now();
    return board.send(c, await dashboard({ db: c.var.deps.db, user: c.var.user!, today: hongKongDate(now), now }));
  });
  return routes;
}

import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { requirePermission } from '../http/permissions';

export function areaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  /** Every area, in display order (an array: the screen receives it as items). */
  routes.get('/areas', ...requirePermission('setting_view'), async (c) => {
    const rows = await c.var.deps.db
      .selectFrom('areas')
      .select(['id', 'name_en', 'name_zh', 'region', 'sort_order', 'version'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return c.json(rows.map((r) => ({ id: r.id, nameEn: r.name_en, nameZh: r.name_zh, region: r.region, sortOrder: r.sort_order, version: r.version })));
  });

  return routes;
}

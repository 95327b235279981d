import { Hono } from 'hono';
import * as z from 'zod';
import { REMINDER_KINDS, REMINDER_STATES, ReminderLog, ReminderSettingsReply, SendOverdueReply } from '../../contract/reminders';
import { INT_MAX } from '../db/limits';
import type { AppEnv } from '../http/env';
import { errorReply } from '../http/errors';
import { failureReplies } from '../http/failure';
import { versionField } from '../http/fields';
import { requirePermission } from '../http/permissions';
import { parseQuery } from '../http/query';
import { replies } from '../http/reply';
import { parseJsonBody } from '../http/validate';
import { sendLimitReply } from '../mail/replies';
import { serviceContext } from '../service/context';
import { reminderLog, reminderSettings, saveReminderSettings, sendOverdueNow, type ReminderFailure } from './service';

const days = (max: number) => z.number().int().min(1).max(max);

const SettingsBody = z.object({
  dayBeforeEnabled: z.boolean(),
  overdueEnabled: z.boolean(),
  overdueAfterDays: days(365),
  overdueEveryDays: days(365),
  overdueMaxCount: days(20),
  /** Hong Kong time, HH:MM. */
  sendTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  version: versionField,
});

const LogQuery = z.object({
  kind: z.enum(REMINDER_KINDS).optional(),
  state: z.enum(REMINDER_STATES).optional(),
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

const OverdueBody = z.object({ clientIds: z.array(z.number().int().positive().max(INT_MAX)).min(1).max(200) });

const failureReply = failureReplies<ReminderFailure>({
  mailNotConfigured: (c, failure) => errorReply(c, 422, 'mail.notConfigured', { reason: failure.code, details: {} }),
  siteUrlNotSet: (c, failure) => errorReply(c, 422, 'mail.siteUrlNotSet', { reason: failure.code, details: {} }),
  sendLimit: sendLimitReply,
});

/**
 * Reminders to customers (HTTP only): Settings → Customer reminders and the send log (setting_view /
 * setting_edit), and "send the overdue reminder now" to chosen clients (order_edit, as sending an
 * invoice by e-mail).
 */
export function reminderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const settings = replies(ReminderSettingsReply);
  const log = replies(ReminderLog);
  const sent = replies(SendOverdueReply, 202);

  routes.get('/settings/reminders', settings, ...requirePermission('setting_view'), async (c) => settings.send(c, await reminderSettings(c.var.deps)));
  routes.put('/settings/reminders', settings, ...requirePermission('setting_edit'), async (c) => {
    const input = await parseJsonBody(c, SettingsBody);
    if (input.isErr()) return input.error;
    const saved = await saveReminderSettings(serviceContext(c), input.value);
    return saved.isErr() ? failureReply(c, saved.error) : settings.send(c, saved.value);
  });
  routes.get('/reminders', log, ...requirePermission('setting_view'), async (c) => {
    const query = parseQuery(c, LogQuery);
    if (query.isErr()) return query.error;
    const { kind, state, page, per_page } = query.value;
    return log.send(c, await reminderLog(c.var.deps, { kind, state, page, perPage: per_page }));
  });
  routes.post('/reminders/overdue', sent, ...requirePermission('order_edit', 'update'), async (c) => {
    const input = await parseJsonBody(c, OverdueBody);
    if (input.isErr()) return input.error;
    const results = await sendOverdueNow(serviceContext(c), input.value.clientIds);
    return results.isErr() ? failureReply(c, results.error) : sent.send(c, { results: results.value });
  });
  return routes;
}

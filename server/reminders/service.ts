import { err, ok, type Result } from 'neverthrow';
import type { OverdueOutcome, Reminder, ReminderLog, ReminderSettings, ReminderSettingsReply } from '../../contract/reminders';
import { hongKongDate, minuteToTime, timeToMinute } from '../../domain/time/dates';
import type { ReminderKind, ReminderStatus } from '../db/schema';
import { clientCode } from '../clients/repository';
import { settingsRow as mailSettingsRow } from '../mail/repository';
import { readyToMail } from '../mail/service';
import { giveBackSends, takeSends, type SendLimitFailure } from '../mail/sendLimit';
import type { ServiceContext } from '../service/context';
import { conflict, invalid, type Failure } from '../service/failure';
import { putReminder, reminderClients } from './queue';
import * as repo from './repository';
import { ensureDailyScan, rescheduleScans } from './scan';

/** Settings → Customer reminders, the send log, and "send the overdue reminder now" (issue 21 item 7). */

export type ReminderFailure = Failure<'mailNotConfigured' | 'siteUrlNotSet'> | SendLimitFailure;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function settingsView(row: repo.ReminderSettingRow): ReminderSettings {
  return {
    dayBeforeEnabled: row.day_before_enabled,
    overdueEnabled: row.overdue_enabled,
    overdueAfterDays: row.overdue_after_days,
    overdueEveryDays: row.overdue_every_days,
    overdueMaxCount: row.overdue_max_count,
    sendTime: minuteToTime(row.send_minute),
    version: row.version,
  };
}

export async function reminderSettings(ctx: Pick<ServiceContext, 'db'>): Promise<ReminderSettingsReply> {
  const [row, mail, next] = await Promise.all([repo.settingsRow(ctx.db), mailSettingsRow(ctx.db), repo.nextScanAt(ctx.db)]);
  return { settings: settingsView(row), mailConfigured: mail.host !== '', nextRunAt: iso(next) };
}

export interface ReminderSettingsInput {
  readonly dayBeforeEnabled: boolean;
  readonly overdueEnabled: boolean;
  readonly overdueAfterDays: number;
  readonly overdueEveryDays: number;
  readonly overdueMaxCount: number;
  readonly sendTime: string;
  readonly version: number;
}

/** Saves Settings → Customer reminders (audited, field by field); the queued daily runs move to the new send time. */
export async function saveReminderSettings(ctx: ServiceContext, input: ReminderSettingsInput): Promise<Result<ReminderSettingsReply, Failure>> {
  const minute = timeToMinute(input.sendTime);
  if (minute === null || minute >= 24 * 60) return err(invalid({ sendTime: 'validation.invalid' }));
  const before = await repo.settingsRow(ctx.db);
  const saved = await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.updateSettings(
      tx,
      {
        day_before_enabled: input.dayBeforeEnabled,
        overdue_enabled: input.overdueEnabled,
        overdue_after_days: input.overdueAfterDays,
        overdue_every_days: input.overdueEveryDays,
        overdue_max_count: input.overdueMaxCount,
        send_minute: minute,
      },
      input.version,
      ctx.now(),
    );
    if (!row) return null;
    const from = settingsView(before);
    const to = settingsView(row);
    const changes: Record<string, unknown> = {};
    for (const key of ['dayBeforeEnabled', 'overdueEnabled', 'overdueAfterDays', 'overdueEveryDays', 'overdueMaxCount', 'sendTime'] as const) {
      if (from[key] !== to[key]) changes[key] = { from: from[key], to: to[key] };
    }
    await ctx.audit({ action: 'update', entityType: 'reminder_settings', entityId: 1, changes }, tx);
    return row;
  });
  if (!saved) return err(conflict);
  await rescheduleScans(ctx.deps, saved.send_minute);
  await ensureDailyScan(ctx.deps);
  return ok(await reminderSettings(ctx));
}

export interface LogQuery {
  readonly kind?: ReminderKind;
  readonly state?: ReminderStatus;
  readonly page: number;
  readonly perPage: number;
}

/** A page of the send log, newest first. */
export async function reminderLog(ctx: Pick<ServiceContext, 'db'>, query: LogQuery): Promise<ReminderLog> {
  const { items, total } = await repo.reminderPage(ctx.db, { kind: query.kind, status: query.state, page: query.page, perPage: query.perPage });
  const invoices = await repo.invoicesOf(
    ctx.db,
    items.map((r) => r.id),
  );
  const rows: Reminder[] = items.map((r) => ({
    id: r.id,
    kind: r.kind,
    day: r.day,
    createdAt: iso(r.created_at)!,
    sentAt: iso(r.sent_at),
    client: { id: r.client_id, code: clientCode(r.client_id), nameEn: r.name_en, nameZh: r.name_zh },
    recipient: r.recipient,
    appointmentId: r.appointment_id,
    visitDate: r.visit_date,
    visitStart: iso(r.visit_start),
    visitEnd: iso(r.visit_end),
    allDay: r.all_day,
    address: r.address,
    invoices: invoices.filter((i) => i.reminder_id === r.id).map((i) => ({ id: i.id, number: i.number, dueDate: i.due_date, outstanding: i.outstanding })),
    state: r.status,
    reason: r.reason,
    manual: r.manual,
  }));
  return { items: rows, total, page: query.page, perPage: query.perPage };
}

/**
 * "Send payment reminder": the overdue reminder to each client now, listing all its overdue invoices
 * (whatever the daily rules say), one job each; per client, queued or skipped with the reason. A
 * client reminded today already (by hand or by the daily run) is not reminded twice.
 */
export async function sendOverdueNow(ctx: ServiceContext, clientIds: readonly number[]): Promise<Result<OverdueOutcome[], ReminderFailure>> {
  const ready = await readyToMail(ctx);
  if (ready.isErr()) return err(ready.error);
  const ids = [...new Set(clientIds)];
  const today = hongKongDate(ctx.now());
  const [clients, invoices] = await Promise.all([reminderClients(ctx.db, ids), repo.overdueInvoices(ctx.db, today, ids)]);
  // The e-mails this may send count against the sender's e-mails of the hour, all together; those
  // that turn out sent today already are given back.
  const mailable = ids.filter((id) => {
    const client = clients.get(id);
    return client && !client.optedOut && client.contact && invoices.some((i) => i.client_id === id);
  }).length;
  const allowed = await takeSends(ctx, mailable);
  if (allowed.isErr()) return err(allowed.error);
  const results: OverdueOutcome[] = [];
  let queued = 0;
  for (const clientId of ids) {
    const client = clients.get(clientId);
    const owed = invoices.filter((i) => i.client_id === clientId);
    if (!client || owed.length === 0) {
      results.push({ clientId, outcome: 'skipped', reason: client ? 'nothingOverdue' : 'notFound', reminderId: null });
      continue;
    }
    const outcome = await putReminder(
      ctx,
      {
        kind: 'overdue',
        key: `overdue:${clientId}:${today}`,
        day: today,
        client,
        invoices: owed.map((i) => ({ orderId: i.id, number: i.number, outstanding: Number(i.outstanding) })),
        manual: true,
        userId: ctx.actor.id,
      },
      (entry, tx) => ctx.audit(entry, tx),
    );
    if (outcome.outcome === 'queued') queued++;
    results.push(
      outcome.outcome === 'queued'
        ? { clientId, outcome: 'queued', reason: null, reminderId: outcome.reminderId }
        : outcome.outcome === 'skipped'
          ? { clientId, outcome: 'skipped', reason: outcome.reason, reminderId: outcome.reminderId }
          : { clientId, outcome: 'skipped', reason: 'alreadyToday', reminderId: null },
    );
  }
  await giveBackSends(ctx, mailable - queued);
  if (queued > 0) ctx.deps.jobs?.notify();
  return ok(results);
}

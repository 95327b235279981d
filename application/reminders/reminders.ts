import { err, ok, type Result, type ResultAsync } from 'neverthrow';
import { hasPermission, type PermissionHolder } from '../../domain/auth/permissions';
import type { ApiError } from '../api/ApiError';
import { invalid, isValid, type Invalid } from '../forms/Invalid';
import { toHongKongIso } from '../../domain/time/dates';
import type { ClientActionOutcome } from '../ports/StatementDesk';
import { onChosenClients, type ListedClient } from '../statements/statements';
import type { CustomerReminders, OverdueOutcome, ReminderSettings, ReminderSettingsData, SentReminder, SkipReason } from '../ports/CustomerReminders';

/**
 * The use-cases of reminders to customers: Settings → Customer reminders' form (what it starts from,
 * what it checks, what it sends), what the screens offer the user, and "Send payment reminder" to
 * chosen clients with a summary of what happened.
 */

/** The form as typed: the numbers as text. */
export interface ReminderSettingsDraft {
  readonly dayBeforeEnabled: boolean;
  readonly overdueEnabled: boolean;
  readonly overdueAfterDays: string;
  readonly overdueEveryDays: string;
  readonly overdueMaxCount: string;
  readonly sendTime: string;
}

export const reminderSettingsDraft = (settings: ReminderSettings): ReminderSettingsDraft => ({
  dayBeforeEnabled: settings.dayBeforeEnabled,
  overdueEnabled: settings.overdueEnabled,
  overdueAfterDays: String(settings.overdueAfterDays),
  overdueEveryDays: String(settings.overdueEveryDays),
  overdueMaxCount: String(settings.overdueMaxCount),
  sendTime: settings.sendTime,
});

/** The limits the server keeps (server/reminders/routes.ts). */
export const REMINDER_LIMITS = { days: 365, count: 20 } as const;

const wholeNumber = (text: string): number => (/^[0-9]{1,4}$/.test(text.trim()) ? Number(text.trim()) : NaN);

function settingsChange(draft: ReminderSettingsDraft, version: number): Result<ReminderSettings, Invalid> {
  const after = wholeNumber(draft.overdueAfterDays);
  const every = wholeNumber(draft.overdueEveryDays);
  const count = wholeNumber(draft.overdueMaxCount);
  const days = (n: number) => (n >= 1 && n <= REMINDER_LIMITS.days ? [] : [{ key: 'reminders:settings.daysRange', values: { max: REMINDER_LIMITS.days } }]);
  const sendTime = draft.sendTime.trim();
  const problems = invalid({
    overdueAfterDays: days(after),
    overdueEveryDays: days(every),
    overdueMaxCount: count >= 1 && count <= REMINDER_LIMITS.count ? [] : [{ key: 'reminders:settings.countRange', values: { max: REMINDER_LIMITS.count } }],
    sendTime: /^([01]\d|2[0-3]):[0-5]\d$/.test(sendTime) ? [] : [{ key: 'reminders:settings.timeFormat' }],
  });
  if (!isValid(problems)) return err(problems);
  return ok({ dayBeforeEnabled: draft.dayBeforeEnabled, overdueEnabled: draft.overdueEnabled, overdueAfterDays: after, overdueEveryDays: every, overdueMaxCount: count, sendTime, version });
}

/** Saves Settings → Customer reminders once the draft is right; nothing is sent otherwise. */
export function saveReminderSettings(reminders: CustomerReminders, draft: ReminderSettingsDraft, version: number): ResultAsync<ReminderSettingsData, ApiError | Invalid> {
  return settingsChange(draft, version).asyncAndThen((change) => reminders.saveSettings(change));
}

/** What the reminder screens offer the user: saving the settings needs setting_edit; sending a payment reminder, order_edit (as e-mailing an invoice). */
export const reminderOffers = (user: PermissionHolder | null): { readonly edit: boolean; readonly sendPaymentReminder: boolean } => ({
  edit: hasPermission(user, 'setting_edit'),
  sendPaymentReminder: hasPermission(user, 'order_edit'),
});

/** What "Send payment reminder" did: the clients queued, and those skipped by reason. */
export interface PaymentReminderSummary {
  readonly queued: readonly number[];
  readonly skipped: Readonly<Partial<Record<SkipReason, readonly number[]>>>;
  readonly outcomes: readonly OverdueOutcome[];
}

export function summarise(outcomes: readonly OverdueOutcome[]): PaymentReminderSummary {
  const skipped: Partial<Record<SkipReason, number[]>> = {};
  for (const o of outcomes) if (o.outcome === 'skipped' && o.reason) (skipped[o.reason] ??= []).push(o.clientId);
  return { queued: outcomes.filter((o) => o.outcome === 'queued').map((o) => o.clientId), skipped, outcomes };
}

/**
 * "Send payment reminder" (the outstanding reminders screen's selection): the overdue reminder to
 * each chosen client now; at least one client is needed, each named once.
 */
export function sendPaymentReminders(reminders: CustomerReminders, clientIds: readonly number[]): ResultAsync<PaymentReminderSummary, ApiError | Invalid> {
  const ids = [...new Set(clientIds)];
  const problems = invalid({ clientIds: ids.length === 0 ? [{ key: 'reminders:send.noneChosen' }] : ids.length > 200 ? [{ key: 'reminders:send.tooMany', values: { count: 200 } }] : [] });
  return (isValid(problems) ? ok(ids) : err(problems)).asyncAndThen((chosen) => reminders.sendOverdue(chosen).map(summarise));
}

/** A day-before reminder's visit as the log shows it: its day and, unless all day, its time window (Hong Kong). */
export function visitWindow(reminder: Pick<SentReminder, 'visitDate' | 'visitStart' | 'visitEnd' | 'allDay'>): { readonly date: string; readonly from: string | null; readonly to: string | null } | null {
  if (!reminder.visitDate) return null;
  const time = (iso: string | null) => (iso === null || reminder.allDay ? null : toHongKongIso(new Date(iso)).slice(11, 16));
  return { date: reminder.visitDate, from: time(reminder.visitStart), to: time(reminder.visitEnd) };
}

/**
 * "Send payment reminder" beside "Send statements" on the outstanding reminders' choice of clients:
 * each chosen client's outcome as the choice shows it (its names from the list; the address is the
 * client's first contact with one, chosen when the job runs, so none is given here).
 */
export function paymentRemindersTo(reminders: CustomerReminders, clients: readonly ListedClient[], clientIds: readonly number[]): ResultAsync<readonly ClientActionOutcome[], ApiError | Invalid> {
  const listed = new Map(clients.map((c) => [c.id, c]));
  return onChosenClients(clientIds, (ids) =>
    sendPaymentReminders(reminders, ids).map((summary) =>
      summary.outcomes.map((o): ClientActionOutcome => ({ clientId: o.clientId, nameEn: listed.get(o.clientId)?.nameEn ?? '', nameZh: listed.get(o.clientId)?.nameZh ?? '', status: o.outcome, recipient: null, reason: o.reason })),
    ),
  );
}

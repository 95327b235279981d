import type { ResultAsync } from 'neverthrow';
import type { ApiError } from '../api/ApiError';
import { token } from '../di/token';

/**
 * Reminders to customers as the application needs them (issue 21 item 7): Settings → Customer
 * reminders (the day-before and overdue e-mails, the overdue rules, the send time), the send log,
 * and "Send payment reminder" to chosen clients now.
 */

export type ReminderKind = 'dayBefore' | 'overdue';
export type ReminderState = 'queued' | 'sent' | 'failed' | 'skipped';
/** Why a client got no reminder. */
export type SkipReason = 'optedOut' | 'noEmail' | 'nothingOverdue' | 'notFound' | 'alreadyToday';

export interface ReminderSettings {
  readonly dayBeforeEnabled: boolean;
  readonly overdueEnabled: boolean;
  readonly overdueAfterDays: number;
  readonly overdueEveryDays: number;
  readonly overdueMaxCount: number;
  /** Hong Kong time, HH:MM. */
  readonly sendTime: string;
  readonly version: number;
}

/** Settings → Customer reminders' screen data (and the reply of a save). */
export interface ReminderSettingsData {
  readonly settings: ReminderSettings;
  /** Whether Settings → E-mail names an SMTP server. */
  readonly mailConfigured: boolean;
  /** When the next daily run is due. */
  readonly nextRunAt: string | null;
}

/** One reminder of the send log. */
export interface SentReminder {
  readonly id: number;
  readonly kind: ReminderKind;
  readonly day: string;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly client: { readonly id: number; readonly code: string; readonly nameEn: string; readonly nameZh: string };
  readonly recipient: string;
  readonly appointmentId: number | null;
  readonly visitDate: string | null;
  readonly visitStart: string | null;
  readonly visitEnd: string | null;
  readonly allDay: boolean;
  readonly address: string;
  readonly invoices: readonly { readonly id: number; readonly number: string; readonly dueDate: string; readonly outstanding: number }[];
  readonly state: ReminderState;
  /** A skip's reason (a SkipReason) or a failure's words; '' otherwise. */
  readonly reason: string;
  readonly manual: boolean;
}

export interface ReminderLogData {
  readonly items: readonly SentReminder[];
  readonly total: number;
  readonly page: number;
  readonly perPage: number;
}

/** What "Send payment reminder" did for one client. */
export interface OverdueOutcome {
  readonly clientId: number;
  readonly outcome: 'queued' | 'skipped';
  readonly reason: SkipReason | null;
  readonly reminderId: number | null;
}

export interface CustomerReminders {
  saveSettings(change: ReminderSettings): ResultAsync<ReminderSettingsData, ApiError>;
  /** The overdue reminder to each client now (one job each). */
  sendOverdue(clientIds: readonly number[]): ResultAsync<readonly OverdueOutcome[], ApiError>;
}

export const CustomerReminders = token<CustomerReminders>('CustomerReminders');

declare module '../navigation/screenData' {
  interface ScreenDataTypes {
    reminderSettings: ReminderSettingsData;
    reminderLog: ReminderLogData;
  }
}
